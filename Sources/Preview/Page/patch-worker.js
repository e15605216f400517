onmessage = async (e) => {
  const { id, url } = e.data;
  try {
    const r = await fetch(url);
    if (!r.ok) { postMessage({ id, error: await r.text() }); return; }
    const header = r.headers.get("X-Forkrender-Patch"), bytes = await r.arrayBuffer();
    postMessage({ id, header, bytes }, [bytes]);
  } catch (err) { postMessage({ id, error: String(err) }); }
};

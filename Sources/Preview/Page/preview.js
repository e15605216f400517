"use strict";
const $ = (id) => document.getElementById(id);
// safeArea: null shows the scene's own guides ("canvas": {"safeArea": true}); true or false, the switch's.
const state = { frame: 0, tilt: null, appearance: "", tier: "", rt: false, safeArea: null, playing: false, noAhead: false };
// When each frame was drawn (`frames`; while dragging also `drag`, with each one's drag-to-pixels latency in ms
// in `latency`: from the pointer event whose tilt it shows to the animation frame that drew it), playback's
// frames, and the decoded answers dropped because a newer one came first.
const stats = { frames: [], drag: [], latency: [], play: [], dropped: 0, dragging: false };
let scene = null, version = 0, lintTimer = 0, lintData = null, lastReadout = 0;
let overlapImage = null, overlapKey = "", layersInflight = false, layersPending = null;
// Frame requests: at most MAX_INFLIGHT in flight (the server draws the next tilt while the page takes in the last),
// a wish made while they are all out sent when one comes back. Each has a number; an answer older than the one
// drawn is dropped.
// Requests start on animation frames, one a frame at most, for the state at that frame: the display shows one
// update a frame, so a second start within one frame costs a render and a transfer for an answer that is dropped.
const MAX_INFLIGHT = 2;
let sequence = 0, inflight = 0, pending = false, lastInput = 0, idleWaiters = [], startRequested = false;
// What the canvas holds (frame index, switches and scene version: `key`), and the key of the last whole frame
// asked for: a new tilt of it is asked as a patch (/patch), put over that frame.
let canvasKey = null, baseKey = null, drawnSequence = 0;
// Decoded answers waiting for an animation frame: the newest whole frame, and patches oldest first. Each frame
// draws the oldest patch and holds at most one newer for the next: answers come at the display's rate but
// unevenly (the browser's fetch turnaround spreads over about a frame), and one frame of slack shows two that
// came within one frame on two frames instead of dropping one. A third waiting is stale: the oldest is dropped.
const PATCH_SLACK = 2;
let readyFrame = null, readyPatches = [], drawRequested = false;
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
// The export token of this server process: /export refuses a request without it (docs/preview.md).
const token = document.querySelector('meta[name="forkrender-token"]').content;
const busy = () => inflight > 0 || pending || readyFrame !== null || readyPatches.length > 0;
window.preview = { state, stats, busy, scene: () => scene, overlapKey: () => overlapKey };

// The frame and switches; the tilt too unless `glassOnly` (the overlap view: tilt does not move glass).
function query(glassOnly) {
  const q = new URLSearchParams({ frame: String(state.frame) });
  if (state.tilt && !glassOnly) { q.set("pitch", state.tilt.pitch.toFixed(4)); q.set("roll", state.tilt.roll.toFixed(4)); }
  if (state.appearance) q.set("appearance", state.appearance);
  if (state.tier) q.set("tier", state.tier);
  if (state.rt) q.set("reduceTransparency", "true");
  if (state.safeArea !== null) q.set("safeArea", String(state.safeArea));
  return q.toString();
}

function showError(text) { const e = $("error"); e.textContent = text || ""; e.style.display = text ? "block" : "none"; }

// Asks for the state on screen; resolves once nothing is in flight or waiting to be drawn.
function render() {
  pending = true;
  if (!startRequested) { startRequested = true; requestAnimationFrame(start); }
  return idle();
}

// Starts the wished request on this animation frame when a slot is free; otherwise the next answer asks again.
function start() {
  startRequested = false;
  if (pending && inflight < MAX_INFLIGHT) request();
}

function idle() { return busy() ? new Promise((ok) => idleWaiters.push(ok)) : Promise.resolve(); }
function checkIdle() { if (!busy()) { const w = idleWaiters; idleWaiters = []; for (const ok of w) ok(); } }

// One request: a patch when only the tilt changed since the last whole frame asked for, else the whole frame.
// A frame is decoded off the main thread (createImageBitmap), with no colour conversion: the canvas gets the
// PNG's bytes; a patch's rows are the frame's bytes already.
async function request() {
  pending = false;
  const key = query(true) + "&v=" + version, q = query(), playing = state.playing;
  const item = { id: ++sequence, key, q, input: lastInput, playing, frame: state.frame, rects: null, bitmap: null };
  const patch = state.tilt !== null && key === baseKey;
  if (!patch) baseKey = key;
  inflight++;
  try {
    if (patch) {
      const a = await fetchPatch("/patch?" + q);
      if (a.error !== undefined) showError(a.error);
      else { item.rects = patchRects(a.header, a.bytes); offer(item); }
    } else {
      // state.noAhead: the browser test's peer, playing without rendering ahead.
      const r = await fetch("/frame.png?" + q + (playing && !state.noAhead ? "&play=true" : ""));
      if (!r.ok) { showError(await r.text()); baseKey = canvasKey; }
      else {
        item.bitmap = await createImageBitmap(await r.blob(), { premultiplyAlpha: "premultiply", colorSpaceConversion: "none" });
        offer(item);
      }
    }
  } catch (e) { showError(String(e)); }
  inflight--;
  // The legibility report (a whole render on the server) waits for the end of a drag: it would take the cores
  // the drag's patches need.
  if (pending) render(); else if (!stats.dragging) scheduleLint();
  checkIdle();
}

// Patches are fetched by a worker, which hands their bytes over without a copy, so the main thread only draws:
// taking in 1.36 MB a patch at scale 3 there cost the drag up to a fifth of its updates (docs/performance.md).
const patchWorker = new Worker(URL.createObjectURL(new Blob([`
@PATCH_WORKER@`], { type: "text/javascript" })));
const patchWaiters = new Map();
let patchAsks = 0;
patchWorker.onmessage = (e) => { const ok = patchWaiters.get(e.data.id); patchWaiters.delete(e.data.id); ok(e.data); };
patchWorker.onerror = (e) => { for (const ok of patchWaiters.values()) ok({ error: "patch worker: " + e.message }); patchWaiters.clear(); };

// `{ header, bytes }` of a /patch answer, or `{ error }` with the server's message. The path is made absolute
// here: the worker's own address is a blob: URL, against which a path does not resolve.
function fetchPatch(path) {
  const id = ++patchAsks;
  return new Promise((ok) => { patchWaiters.set(id, ok); patchWorker.postMessage({ id, url: new URL(path, location.href).href }); });
}

// A patch's rectangles (`x,y,width,height;...`) with their raw RGBA rows, which follow one another in `bytes`.
function patchRects(header, bytes) {
  let offset = 0;
  return header.split(";").filter((s) => s).map((s) => {
    const [x, y, w, h] = s.split(",").map(Number);
    const image = new ImageData(new Uint8ClampedArray(bytes, offset, w * h * 4), w, h);
    offset += w * h * 4;
    return { x, y, image };
  });
}

// Keeps a decoded answer for an animation frame unless it is older than what was drawn: a whole frame unless a
// newer one is there, a patch in order among at most PATCH_SLACK waiting.
function offer(item) {
  if (item.id < drawnSequence) { drop(item); return; }
  if (item.rects) {
    readyPatches.push(item);
    readyPatches.sort((a, b) => a.id - b.id);
    while (readyPatches.length > PATCH_SLACK) drop(readyPatches.shift());
  } else {
    if (readyFrame && readyFrame.id > item.id) { drop(item); return; }
    if (readyFrame) drop(readyFrame);
    readyFrame = item;
  }
  askDraw();
}

function askDraw() { if (!drawRequested) { drawRequested = true; requestAnimationFrame(draw); } }

function drop(item) { if (item.bitmap) item.bitmap.close(); stats.dropped++; }

// Draws what came since the last animation frame: the newest whole frame, then the oldest waiting patch of what
// the canvas holds (each rectangle's rows put in place as they are: the canvas holds the frame's bytes); a newer
// patch waits for the next frame.
function draw() {
  drawRequested = false;
  const c = $("frame"), g = c.getContext("2d");
  let shown = null, again = false;
  const f = readyFrame;
  readyFrame = null;
  if (f) while (readyPatches.length > 0 && readyPatches[0].id < f.id) drop(readyPatches.shift());
  const p = readyPatches.shift() || null;
  if (readyPatches.length > 0) askDraw();
  if (f && f.id > drawnSequence) {
    if (c.width !== f.bitmap.width || c.height !== f.bitmap.height) { c.width = f.bitmap.width; c.height = f.bitmap.height; }
    g.clearRect(0, 0, c.width, c.height);
    g.drawImage(f.bitmap, 0, 0);
    f.bitmap.close();
    canvasKey = f.key; drawnSequence = f.id; shown = f;
  } else if (f) drop(f);
  if (p && p.id > drawnSequence && p.key === canvasKey) {
    for (const { x, y, image } of p.rects) g.putImageData(image, x, y);
    drawnSequence = p.id; shown = p;
  } else if (p) { again = p.id > drawnSequence; drop(p); }
  if (shown) drawn(shown);
  // A patch whose frame is not on the canvas (its whole frame failed): ask again.
  if (again) render();
  checkIdle();
}

// Records a drawn answer and updates what depends on it.
function drawn(item) {
  const now = performance.now();
  $("frame").dataset.query = item.q; $("frame").dataset.sequence = String(item.id);
  stats.frames.push(now);
  if (stats.dragging) { stats.drag.push(now); if (item.input) stats.latency.push(now - item.input); }
  if (item.playing) stats.play.push([now, item.frame]);
  // While dragging, the readouts change four times a second: text set on every update is laid out and painted
  // on every frame, on the cores the drag's patches need.
  if (!stats.dragging || now - lastReadout >= 250) { lastReadout = now; info(); pace(now); }
  // The overlay is drawn again only when it changed (a tilt changes no outline; clearing it costs a frame's pixels).
  loadOverlap().then((changed) => { if (changed) drawOverlay(); });
}

// The page's own pace while dragging: updates drawn in the last second and the 95th percentile of their
// drag-to-pixels latency.
function pace(now) {
  if (!stats.dragging) return;
  let n = 0;
  while (n < stats.drag.length && stats.drag[stats.drag.length - 1 - n] > now - 1000) n++;
  const recent = stats.latency.slice(-Math.max(1, n)).sort((a, b) => a - b);
  const p95 = recent[Math.min(recent.length - 1, Math.floor(recent.length * 0.95))];
  $("pace").textContent = `${n} updates/s · latency p95 ${p95 === undefined ? "–" : Math.round(p95)} ms`;
}

function info() {
  if (!scene) return;
  $("info").textContent = `frame ${state.frame} of ${scene.frameCount - 1} · ${(state.frame / scene.fps).toFixed(2)} s`;
  $("tilt").textContent = state.tilt ? `pitch ${state.tilt.pitch.toFixed(2)} · roll ${state.tilt.roll.toFixed(2)}` : "scene tilt";
}

function scheduleLint() { clearTimeout(lintTimer); lintTimer = setTimeout(lint, 250); }
async function lint() {
  const r = await fetch("/lint?" + query());
  if (!r.ok) return;
  lintData = await r.json();
  // Rule breaks: the scene decoded and renders; the command line would refuse it with these messages.
  const rules = $("ruleList"); rules.textContent = "";
  for (const m of lintData.ruleBreaks) { const li = document.createElement("li"); li.textContent = m; rules.appendChild(li); }
  $("rules").style.display = lintData.ruleBreaks.length ? "block" : "none";
  const ul = $("lint"); ul.textContent = "";
  for (const e of lintData.entries) {
    const li = document.createElement("li");
    const fmt = (v) => v === null ? "-" : v.toFixed(1);
    const floor = (v) => v === null ? "-" : (Math.floor(v * 10) / 10).toFixed(1);
    li.textContent = `${e.id || e.path} ${e.text ? "“" + e.text + "”" : ""} WCAG ${floor(e.wcag)} (min ${fmt(e.wcagMin)}) · APCA ${floor(e.apca)} (min ${fmt(e.apcaMin)})` +
                     (e.flags.length ? " · " + e.flags.map((f) => f.message).join("; ") : "");
    if (e.flags.length) li.className = "flagged";
    ul.appendChild(li);
  }
  drawOverlay();
}

// The server's overlap overlay for the current frame and switches, fetched when they change; true when it did.
async function loadOverlap() {
  if (!$("overlap").checked) return false;
  const key = query(true) + "&v=" + version;
  if (key === overlapKey) return false;
  const r = await fetch("/overlap.png?" + query(true));
  if (!r.ok) { showError(await r.text()); return; }
  const url = URL.createObjectURL(await r.blob());
  const img = new Image();
  await new Promise((ok) => { img.onload = ok; img.onerror = ok; img.src = url; });
  URL.revokeObjectURL(url);
  overlapImage = img; overlapKey = key;
  return true;
}

// The overlap overlay (member outlines blue, a container's joined outline and its merges purple, glass on glass
// orange, more layers than the rule allows red) and flagged labels circled. Hidden when it holds nothing, so the
// browser does not composite an empty frame-sized layer over every update.
function drawOverlay() {
  const c = $("overlay"), g = c.getContext("2d");
  g.clearRect(0, 0, c.width, c.height);
  let painted = false;
  if (scene) {
    const s = scene.scale;
    if ($("overlap").checked && overlapImage) { g.drawImage(overlapImage, 0, 0); painted = true; }
    if (lintData) for (const e of lintData.entries) if (e.flags.length && e.point) {
      g.strokeStyle = "#ff3b30"; g.lineWidth = 2; g.beginPath(); g.arc(e.point[0] * s, e.point[1] * s, 10, 0, 7); g.stroke();
      painted = true;
    }
  }
  c.style.visibility = painted ? "visible" : "hidden";
}

// The glass layers under the pointer, counted by the server; one request in flight, the latest position next.
async function probe(p) {
  if (!$("overlap").checked || !scene) { $("layers").textContent = ""; return; }
  if (layersInflight) { layersPending = p; return; }
  layersInflight = true;
  const x = Math.floor(p.x), y = Math.floor(p.y);
  if (x >= 0 && y >= 0 && x < scene.width && y < scene.height) {
    const r = await fetch(`/layers?${query(true)}&x=${x}&y=${y}`);
    if (r.ok) {
      const l = await r.json();
      let text = `glass layers here: ${l.layers}`;
      if (l.breaksLayerRule) text += ` (breaks the three-layer rule: at most ${l.maxLayers})`;
      else if (l.glassOnGlass) text += " (glass on glass)";
      if (l.merge) text += " (container merge)";
      if (l.surfaces.length) text += ": " + l.surfaces.map((names) => names.join(" + ")).join(", ");
      $("layers").textContent = text;
    }
  }
  layersInflight = false;
  if (layersPending) { const q = layersPending; layersPending = null; probe(q); }
}

async function loadScene() {
  scene = await (await fetch("/scene")).json();
  version = scene.version;
  const scrub = $("scrub"); scrub.max = String(scene.frameCount - 1);
  state.frame = Math.min(state.frame, scene.frameCount - 1); scrub.value = String(state.frame);
  for (const id of ["frame", "overlay"]) { const c = $(id); if (c.width !== scene.width || c.height !== scene.height) { c.width = scene.width; c.height = scene.height; } }
  const tier = $("tier");
  if (tier.options.length === 1) for (const t of scene.tiers) { const o = document.createElement("option"); o.textContent = t; tier.appendChild(o); }
  // The guides are a device's: the switch is off and disabled for a scene without one.
  const guides = $("safeArea");
  guides.disabled = !scene.device;
  guides.checked = state.safeArea ?? (scene.device ? scene.device.safeArea : false);
  info();
}

async function poll() {
  try {
    const v = await (await fetch("/version")).json();
    showError(v.error);
    if (v.version !== version) { await loadScene(); overlapKey = ""; render(); }
  } catch (e) { /* the server stopped; keep the last frame */ }
  setTimeout(poll, 400);
}

$("scrub").addEventListener("input", (e) => { state.frame = Number(e.target.value); render(); });
$("play").addEventListener("click", () => {
  state.playing = !state.playing; $("play").textContent = state.playing ? "Pause" : "Play";
  if (state.playing) play();
});
// Each frame is shown at its time or, when the renderer is slower than the scene's fps, as soon as it comes.
async function play() {
  let due = performance.now();
  while (state.playing && scene) {
    await idle();
    state.frame = (state.frame + 1) % scene.frameCount; $("scrub").value = String(state.frame);
    await render();
    due += 1000 / scene.fps;
    const now = performance.now();
    if (due < now) due = now; else await sleep(due - now);
  }
}
const pad = $("pad"), knob = $("knob");
function padMove(e) {
  const r = pad.getBoundingClientRect();
  const fx = Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)), fy = Math.min(1, Math.max(0, (e.clientY - r.top) / r.height));
  knob.style.left = (fx * 100) + "%"; knob.style.top = (fy * 100) + "%";
  // Up tips the top edge away (positive pitch); right tips the right edge down (positive roll). Range ±1.2 rad.
  state.tilt = { pitch: (0.5 - fy) * 2.4, roll: (fx - 0.5) * 2.4 };
  lastInput = e.timeStamp;
  render();
}
pad.addEventListener("pointerdown", (e) => { pad.setPointerCapture(e.pointerId); stats.dragging = true; padMove(e); });
pad.addEventListener("pointermove", (e) => { if (stats.dragging) padMove(e); });
pad.addEventListener("pointerup", () => { stats.dragging = false; info(); scheduleLint(); });
pad.addEventListener("pointercancel", () => { stats.dragging = false; info(); scheduleLint(); });
knob.style.left = "50%"; knob.style.top = "50%";
$("sceneTilt").addEventListener("click", () => { state.tilt = null; knob.style.left = "50%"; knob.style.top = "50%"; render(); });
$("appearance").addEventListener("change", (e) => { state.appearance = e.target.value; render(); });
$("tier").addEventListener("change", (e) => { state.tier = e.target.value; render(); });
$("rt").addEventListener("change", (e) => { state.rt = e.target.checked; render(); });
$("safeArea").addEventListener("change", (e) => { state.safeArea = e.target.checked; render(); });
$("overlap").addEventListener("change", async () => { await loadOverlap(); drawOverlay(); probe({ x: -1, y: -1 }); });
$("export").addEventListener("click", async () => {
  $("exported").textContent = "exporting…";
  const r = await fetch("/export?" + query(), { method: "POST", headers: { "X-Forkrender-Token": token } });
  $("exported").textContent = r.ok ? "wrote " + (await r.json()).written.join(", ") : await r.text();
});
$("stage").addEventListener("pointermove", (e) => {
  const r = $("frame").getBoundingClientRect(); probe({ x: e.clientX - r.left, y: e.clientY - r.top });
});

loadScene().then(() => { render(); poll(); });

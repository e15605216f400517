#!/usr/bin/env python3
"""Drives `forkrender preview`'s page in headless Chromium through Selenium (chromedriver).

    preview_page.py test <url> <scene.json> <forkrender> <export folder>
                                                            the browser test (PreviewBrowserTests runs it)
    preview_page.py screenshot <url> <out.png>              the picture for docs/ (scripts/preview-screenshot.sh)
    preview_page.py playback <url> <seconds>                playback frames/s with and without rendering ahead
    preview_page.py safearea <url>                          the safe-area switch over a device's scene
                                                            (SafeAreaSwitchTests runs it)
    preview_page.py pace <url> [seconds] [moves a second]   a tilt drag at the display's pace: the page's updates/s
                                                            and drag-to-pixels latency, the load average before the
                                                            drag and the browser's CPU during it, and the canvas
                                                            against the renderer's frame (docs/performance.md)

The test prints one JSON line of measurements and exits 0, or prints what failed and exits 1. Exit 77: Selenium
or the browser is missing (the caller skips). Every wait has a deadline and the whole run an alarm, so it never hangs.
"""
import functools
import http.server
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import zlib

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError as e:
    print(f"skip: selenium is not installed ({e})")
    sys.exit(77)

signal.signal(signal.SIGALRM, lambda *_: (print("fail: the browser run took over 140 s"), sys.exit(1)))
signal.alarm(140)


def browser(width=900):
    import shutil
    options = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              f"--window-size={width},1060", "--force-device-scale-factor=1", "--no-first-run"):
        options.add_argument(a)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        print("skip: chromium or chromedriver is not installed")
        sys.exit(77)
    options.binary_location = chromium
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(driver_path), options=options)
    d.set_page_load_timeout(20)
    d.set_script_timeout(20)
    return d


def wait(d, what, condition, seconds=10):
    try:
        return WebDriverWait(d, seconds, poll_frequency=0.05).until(lambda _: condition())
    except Exception:
        fail(f"timed out after {seconds} s waiting for {what}")


def fail(message):
    print("fail: " + message)
    sys.exit(1)


def settled(d):
    """The page has no frame request in flight and has shown at least one frame."""
    return d.execute_script("return window.preview && window.preview.stats.frames.length > 0 && !window.previewBusy()")


# Pixels of the shown frame (the canvas the page composites), kept in the page; compared there (a 390 x 844 frame
# is too big to ship as JSON).
PIXELS_JS = """
window.previewBusy = window.previewBusy || (() => false);
window.framePixels = () => {
  const c = document.getElementById('frame');
  return c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
};
window.diffCounts = (a, b, rects, margin) => {
  const w = document.getElementById('frame').width;
  let inside = 0, outside = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2]) continue;
    const x = (i / 4) % w, y = Math.floor(i / 4 / w);
    const hit = rects.some(([rx, ry, rw, rh]) => x >= rx - margin && x < rx + rw + margin && y >= ry - margin && y < ry + rh + margin);
    if (hit) inside++; else outside++;
  }
  return [inside, outside];
};
"""


def canvas_digest(d):
    """SHA-256 (hex) of the canvas's RGBA bytes as getImageData reads them, and its size."""
    return d.execute_async_script(
        "const done = arguments[arguments.length - 1], c = document.getElementById('frame');"
        "const a = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        "crypto.subtle.digest('SHA-256', a).then((h) => done([Array.from(new Uint8Array(h), (b) => b.toString(16).padStart(2, '0')).join(''), c.width, c.height]));")


def png_rgba(data):
    """The RGBA bytes of an 8-bit RGBA, non-interlaced PNG with rows filtered by none or up (what the renderer
    writes), decoded here with zlib and numpy: no browser code on this side of the comparison."""
    import numpy as np
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("the renderer's answer is not a PNG")
    pos, idat, width, height = 8, [], 0, 0
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height = int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big")
            if body[8] != 8 or body[9] != 6 or body[12] != 0:
                fail(f"the renderer's PNG is not 8-bit RGBA without interlace: {list(body[8:13])}")
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + n
    raw = np.frombuffer(zlib.decompress(b"".join(idat)), dtype=np.uint8).reshape(height, 1 + width * 4)
    out, prev = np.zeros((height, width * 4), dtype=np.uint8), np.zeros(width * 4, dtype=np.int32)
    for y in range(height):
        f, row = raw[y, 0], raw[y, 1:].astype(np.int32)
        if f == 2:
            row = (row + prev) & 255
        elif f != 0:
            fail(f"row {y} of the renderer's PNG has filter {f}; it writes none (0) or up (2)")
        out[y], prev = row, row
    return width, height, out.tobytes()


def expect_canvas_is_renderer_frame(d, url):
    """The composited canvas equals, byte for byte, the renderer's frame for the query it shows (`/frame.png`,
    fetched here and decoded in Python). Returns the query compared."""
    query = d.find_element(By.ID, "frame").get_attribute("data-query")
    import hashlib
    with urllib.request.urlopen(url.rstrip("/") + "/frame.png?" + query, timeout=30) as r:
        width, height, rgba = png_rgba(r.read())
    digest, cw, ch = canvas_digest(d)
    if (cw, ch) != (width, height) or digest != hashlib.sha256(rgba).hexdigest():
        fail(f"the canvas ({cw} x {ch}) is not the renderer's frame ({width} x {height}) for {query}")
    return query


def overlay_pixels(d):
    """Painted pixels of the overlay canvas, and of them the member outline's blue."""
    return d.execute_script(
        "const c = document.getElementById('overlay'); const a = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        "let n = 0, blue = 0; for (let i = 0; i < a.length; i += 4) { if (a[i + 3]) n++;"
        " if (a[i] === 10 && a[i + 1] === 132 && a[i + 2] === 255 && a[i + 3] === 255) blue++; } return [n, blue];")


def open_page(d, url):
    """Loads the page, adds the pixel helpers and waits for its first frame."""
    d.get(url)
    d.execute_script(PIXELS_JS + "window.previewBusy = () => window.preview.busy();")
    wait(d, "the first frame", lambda: settled(d))


def play_run(d, ahead, seconds=2):
    """Plays from frame 0 for `seconds`; the frames shown a second. Fails unless frames advance one at a time."""
    scrub = d.find_element(By.ID, "scrub")
    scrub.send_keys(Keys.HOME)
    wait(d, "frame 0", lambda: settled(d) and "frame=0&" in d.find_element(By.ID, "frame").get_attribute("data-query") + "&")
    d.execute_script(f"window.preview.state.noAhead = {'false' if ahead else 'true'}; window.preview.stats.play.length = 0;")
    d.find_element(By.ID, "play").click()
    time.sleep(seconds)
    d.find_element(By.ID, "play").click()
    wait(d, "playback to stop", lambda: settled(d))
    play = d.execute_script("return window.preview.stats.play")
    if len(play) < 10:
        fail(f"playing showed {len(play)} frames in {seconds} s")
    frames = [f for _, f in play]
    if any(b != a + 1 for a, b in zip(frames, frames[1:])):
        fail(f"playback did not advance one frame at a time: {frames}")
    span = (play[-1][0] - play[0][0]) / 1000
    return round((len(play) - 1) / span, 1) if span > 0 else None


def play_both(d, seconds=2):
    """Playback rendered ahead, and its peer in the same run: the same frames played without rendering ahead
    (no `play=true`; the tier switch set to liquid, which the showcase is already, so no frame is cached)."""
    scrub = d.find_element(By.ID, "scrub")
    scrub.click()
    with_ahead = play_run(d, True, seconds)
    Select(d.find_element(By.ID, "tier")).select_by_visible_text("liquid")
    without = play_run(d, False, seconds)
    Select(d.find_element(By.ID, "tier")).select_by_visible_text("scene")
    d.execute_script("window.preview.state.noAhead = false;")
    wait(d, "the scene's tier", lambda: settled(d) and "tier=" not in d.find_element(By.ID, "frame").get_attribute("data-query"))
    return with_ahead, without


def playback(url, seconds):
    d = browser()
    try:
        open_page(d, url)
        a, b = play_both(d, seconds)
        print(json.dumps({"playRate": a, "playRateWithoutAhead": b, "sceneFps": d.execute_script("return window.preview.scene().fps")}))
    finally:
        d.quit()


def forged_from_another_port(d, url, export_folder):
    """A page on another port of 127.0.0.1 (same-site but cross-origin, like a dev server beside the preview)
    tries to drive the preview in a real browser: an <img> GET of /export, a form POST of /export into an iframe,
    a no-cors fetch POST of /export, and a fetch reading /scene. Nothing may be written and /scene must not be
    readable. Returns what the page saw."""
    folder = tempfile.mkdtemp()
    target = url.rstrip("/")
    page = f"""<!doctype html><html><body>
<img src="{target}/export?frame=0"><iframe name="sink"></iframe>
<form id="f" method="POST" action="{target}/export?frame=1" target="sink"></form>
<script>
window.results = {{}};
document.getElementById("f").submit();
fetch("{target}/export?frame=2", {{method: "POST", mode: "no-cors"}}).then((r) => results.noCors = r.type, (e) => results.noCors = String(e));
fetch("{target}/scene").then((r) => r.text()).then((t) => results.scene = t, (e) => results.scene = "blocked: " + e);
</script></body></html>"""
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write(page)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        d.get(f"http://127.0.0.1:{server.server_address[1]}/")
        wait(d, "the forged requests", lambda: d.execute_script(
            "return window.results && 'scene' in window.results && 'noCors' in window.results"), 10)
        time.sleep(1.5)  # the <img> and the form post, which report nothing to the page
        seen = d.execute_script("return window.results")
    finally:
        server.shutdown()
    d.get_log("browser")  # that page's console errors (refused requests) are expected; the checks below read the preview's
    if os.path.isdir(export_folder) and os.listdir(export_folder):
        fail(f"a page on another port made the preview write {sorted(os.listdir(export_folder))}")
    if not str(seen.get("scene", "")).startswith("blocked"):
        fail(f"a page on another port read /scene: {str(seen.get('scene'))[:200]}")
    return seen


def test(url, scene_file, forkrender, export_folder):
    d = browser()
    try:
        results = {"forgedFromAnotherPort": forged_from_another_port(d, url, export_folder)}
        open_page(d, url)

        # Tilt pad: a drag of about 2 s with a pointer move every 20 ms (50 a second, faster than frames come, so
        # the rate measured is the renderer's); the image changes inside the glass and nowhere else.
        pad = d.find_element(By.ID, "pad")
        ActionChains(d, duration=0).move_to_element_with_offset(pad, -80, -70).click_and_hold().perform()
        wait(d, "the frame at the drag's start", lambda: settled(d))
        d.execute_script("window.before = window.framePixels(); window.preview.stats.drag.length = 0;")
        chain = ActionChains(d, duration=0)
        for _ in range(80):
            chain.move_by_offset(2, 2).pause(0.02)
        chain.release()
        chain.perform()
        wait(d, "the drag's last frame", lambda: settled(d))
        drag = d.execute_script("return window.preview.stats.drag")
        if len(drag) < 2:
            fail(f"the tilt drag updated the image {len(drag)} times")
        span = (drag[-1] - drag[0]) / 1000
        results["dragUpdates"] = len(drag)
        results["dragSeconds"] = round(span, 3)
        results["dragRate"] = round((len(drag) - 1) / span, 1) if span > 0 else None
        results["dragLatencyP95"] = percentile(d.execute_script("return window.preview.stats.latency"), 95)
        # The canvas, composited from the drag's start frame and the patches after it, is the renderer's frame.
        results["dragCanvasIsRendererFrame"] = expect_canvas_is_renderer_frame(d, url)
        inside, outside = d.execute_script(
            "const s = window.preview.scene(); const k = s.scale;"
            "return window.diffCounts(window.before, window.framePixels(), s.panels.map(p => p.frames[window.preview.state.frame].map(v => v * k)), 24);")
        results["tiltChangedInside"], results["tiltChangedOutside"] = inside, outside
        if inside < 50:
            fail(f"dragging the tilt changed only {inside} pixels inside the glass")
        if outside != 0:
            fail(f"dragging the tilt changed {outside} pixels outside the glass")
        if "pitch=" not in d.find_element(By.ID, "frame").get_attribute("data-query"):
            fail("the frame after the drag was not rendered with a tilt override")
        d.find_element(By.ID, "sceneTilt").click()
        wait(d, "the scene's own tilt", lambda: settled(d) and "pitch=" not in d.find_element(By.ID, "frame").get_attribute("data-query"))

        # Timeline: the End key moves the scrubber to the last frame.
        last = d.execute_script("return window.preview.scene().frameCount - 1")
        scrub = d.find_element(By.ID, "scrub")
        scrub.click()
        scrub.send_keys(Keys.END)
        wait(d, "the last frame", lambda: settled(d) and f"frame={last}&" in d.find_element(By.ID, "frame").get_attribute("data-query") + "&")
        if f"frame {last} of {last}" not in d.find_element(By.ID, "info").text:
            fail("the frame label did not follow the scrubber: " + d.find_element(By.ID, "info").text)

        # Playback from frame 0 for 2 s: frames advance one by one, at a rate reported here (the scene's fps at
        # most). The peer in the same run: playing the same frames without rendering ahead (no `play=true`; the
        # tier switch set to liquid, which the showcase is already, so that no frame comes from the cache).
        results["sceneFps"] = d.execute_script("return window.preview.scene().fps")
        results["playRate"], results["playRateWithoutAhead"] = play_both(d)

        # Overlap view: the server's overlay (outlines in the members' blue) and the layer count under the pointer,
        # over the first panel's center.
        d.find_element(By.ID, "overlap").click()
        wait(d, "the overlap overlay", lambda: overlay_pixels(d)[1] > 100)
        results["overlapPainted"], results["overlapOutline"] = overlay_pixels(d)
        frame_el = d.find_element(By.ID, "frame")
        dx, dy = d.execute_script(
            "const s = window.preview.scene(), f = s.panels[0].frames[window.preview.state.frame], img = document.getElementById('frame');"
            "return [(f[0] + f[2] / 2) * s.scale - img.width / 2, (f[1] + f[3] / 2) * s.scale - img.height / 2];")
        ActionChains(d, duration=0).move_to_element_with_offset(frame_el, int(dx), int(dy)).perform()
        wait(d, "the layer count", lambda: d.find_element(By.ID, "layers").text.startswith("glass layers here: "))
        layers = d.find_element(By.ID, "layers").text
        results["layersText"] = layers
        if not layers.startswith("glass layers here: 1") and not layers.startswith("glass layers here: 2") and not layers.startswith("glass layers here: 3"):
            fail(f"over a panel the page says {layers!r}")
        d.find_element(By.ID, "overlap").click()
        if overlay_pixels(d)[1] != 0:
            fail("the outlines stayed after the overlap view was turned off")

        # Export: the frame and both videos land in --export's folder.
        d.find_element(By.ID, "export").click()
        start = time.time()
        wait(d, "the export", lambda: d.find_element(By.ID, "exported").text.startswith("wrote"), 90)
        results["exportSeconds"] = round(time.time() - start, 1)
        shown = d.execute_script("return window.preview.state.frame")
        for name in (f"frame-{shown:04d}.png", "timeline.mp4", "tilt-sweep.mp4"):
            path = os.path.join(export_folder, name)
            if not os.path.isfile(path) or os.path.getsize(path) < 1000:
                fail(f"the export did not write {path}")

        # Live reload: a saved change shows within a second or so (reported), a broken file shows the CLI's error.
        with open(scene_file) as f:
            text = f.read()
        d.execute_script("window.before = window.framePixels(); window.shown = window.preview.stats.frames.length;")
        start = time.time()
        with open(scene_file, "w") as f:
            f.write(text.replace('"appearance": "light"', '"appearance": "dark"'))
        wait(d, "the saved scene's frame", lambda: settled(d) and d.execute_script(
            "return window.preview.stats.frames.length > window.shown && window.diffCounts(window.before, window.framePixels(), [], 0)[1] > 10000"), 5)
        results["reloadSeconds"] = round(time.time() - start, 2)
        good = d.execute_script("return document.getElementById('frame').dataset.sequence")
        broken = '{\n  "canvas": {"width": 390, "height": "tall"}\n}\n'
        with open(scene_file, "w") as f:
            f.write(broken)
        cli = subprocess.run([forkrender, "lint", scene_file], capture_output=True, text=True, timeout=30).stderr.strip()
        wait(d, "the error banner", lambda: d.find_element(By.ID, "error").is_displayed(), 5)
        banner = d.find_element(By.ID, "error").text.strip()
        if banner != cli:
            fail(f"the banner says {banner!r}, the command line {cli!r}")
        if d.execute_script("return document.getElementById('frame').dataset.sequence") != good:
            fail("the last good frame was replaced while the scene was broken")
        with open(scene_file, "w") as f:
            f.write(text)
        wait(d, "the banner to go", lambda: not d.find_element(By.ID, "error").is_displayed(), 5)

        errors = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
        if errors:
            fail("console errors: " + json.dumps(errors))
        print(json.dumps(results))
    finally:
        d.quit()


def percentile(values, p):
    """The p-th percentile (nearest rank) of `values`, rounded to 0.1; None when empty."""
    if not values:
        return None
    v = sorted(values)
    return round(v[min(len(v) - 1, max(0, -(-len(v) * p // 100) - 1))], 1)


def dispatch_drag(d, points, rate):
    """Presses at `points[0]`, moves through the rest one every 1/`rate` s, on its own schedule (a late move is
    not followed by a burst), and releases: mouse events sent over the page's DevTools socket without waiting
    for each to be handled (chromedriver's actions and `execute_cdp_cmd` wait for each, which holds them to one
    an animation frame). Coordinates in CSS pixels of the viewport. Returns the seconds the moves took."""
    import trio
    import trio_websocket
    address = d.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json", timeout=10) as r:
        target = next(t for t in json.load(r) if t.get("type") == "page")
    took = []

    async def run():
        async with trio_websocket.open_websocket_url(target["webSocketDebuggerUrl"]) as ws:
            async def drain():
                while True:
                    await ws.get_message()

            async def mouse(i, kind, x, y, buttons):
                await ws.send_message(json.dumps({"id": i, "method": "Input.dispatchMouseEvent", "params": {
                    "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 0 if kind == "mouseMoved" else 1}}))
            async with trio.open_nursery() as nursery:
                nursery.start_soon(drain)
                await mouse(1, "mousePressed", *points[0], 1)
                await trio.sleep(1.0)  # the frame at the drag's start
                start = trio.current_time()
                for i, (x, y) in enumerate(points[1:], 1):
                    await trio.sleep_until(start + i / rate)
                    await mouse(i + 1, "mouseMoved", x, y, 1)
                took.append(trio.current_time() - start)
                await mouse(len(points) + 1, "mouseReleased", *points[-1], 0)
                await trio.sleep(0.2)
                nursery.cancel_scope.cancel()
    trio.run(run)
    return took[0]


def browser_cpu(d):
    """CPU seconds (user + system) so far of the browser's processes, by Chromium's process type (`browser` for
    the main one): the processes under chromedriver's."""
    tick, children = os.sysconf("SC_CLK_TCK"), {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args = f.read().replace(b"\0", b" ").split()  # Chromium rewrites its title: spaces
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append((int(pid), args, (int(fields[11]) + int(fields[12])) / tick))
    out, todo = {}, [d.service.process.pid]
    while todo:
        for pid, args, cpu in children.get(todo.pop(), []):
            kind = next((a[7:].decode() for a in args if a.startswith(b"--type=")), "browser")
            if args and b"chromedriver" not in args[0]:
                out[kind] = out.get(kind, 0) + cpu
            todo.append(pid)
    return out


def pace(url, seconds=5.0, rate=120.0):
    """A tilt drag at the display's pace: `seconds` of pointer moves at `rate` a second (a circle over the pad, a
    turn every 1.25 s; `dispatch_drag`), then the page's own counters: updates drawn while dragging and the
    drag-to-pixels latency (`window.preview.stats.latency`), read before the release. Ends with the canvas
    against the renderer's frame for the last tilt. The window is wide enough for the pad beside a 1170 px
    frame. Prints one JSON line, with the 1-minute load average read just before the drag (`load`: the caller
    judges the figures only on a quiet machine) and the browser's CPU seconds during it by process type."""
    import math
    d = browser(width=1700)
    try:
        open_page(d, url)
        d.execute_script("window.moves = 0; const pad = document.getElementById('pad');"
                         "pad.addEventListener('pointermove', (e) => window.moves += e.getCoalescedEvents().length || 1);"
                         "pad.addEventListener('pointerdown', () => { const s = window.preview.stats;"
                         " setTimeout(() => { s.drag.length = 0; s.latency.length = 0; s.dropped = 0; window.moves = 0; }, 900); });"
                         "pad.addEventListener('pointerup', () => { const s = window.preview.stats;"
                         " window.atRelease = [s.drag.slice(), s.latency.slice(), s.dropped, window.moves, document.getElementById('pace').textContent]; });")
        box = d.execute_script("const r = document.getElementById('pad').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
        cx, cy, radius, count = box[0] + box[2] / 2, box[1] + box[3] / 2, box[2] * 0.35, int(seconds * rate)
        points = [(cx + radius * math.cos(2 * math.pi * i / (rate * 1.25)), cy + radius * math.sin(2 * math.pi * i / (rate * 1.25)))
                  for i in range(count + 1)]
        load, cpu = os.getloadavg()[0], browser_cpu(d)
        dispatched = dispatch_drag(d, points, rate)
        cpu = {k: round(v - cpu.get(k, 0), 2) for k, v in browser_cpu(d).items()}
        wait(d, "the release", lambda: d.execute_script("return window.atRelease !== undefined"), 10)
        wait(d, "the drag's last frame", lambda: settled(d), 20)
        drag, latency, dropped, moves, shown = d.execute_script("return window.atRelease")
        frame = d.execute_script("const c = document.getElementById('frame'); return [c.width, c.height];")
        query = expect_canvas_is_renderer_frame(d, url)
        print(json.dumps({
            "frame": frame, "seconds": round(dispatched, 2), "movesDispatched": count,
            "movesPerSecond": round(count / dispatched, 1), "pointerMovesSeen": moves,
            "updates": len(drag), "updatesPerSecond": round(len(drag) / dispatched, 1),
            "latencyP50": percentile(latency, 50), "latencyP95": percentile(latency, 95), "latencyMax": percentile(latency, 100),
            "dropped": dropped, "pageShowed": shown, "canvasIsRendererFrame": query,
            "load": round(load, 2), "cores": os.cpu_count(), "browserCpuSeconds": cpu}))
    finally:
        d.quit()


def screenshot(url, out):
    d = browser()
    try:
        open_page(d, url)
        d.execute_script("const s = document.getElementById('scrub'); s.value = '60'; s.dispatchEvent(new Event('input'));")
        pad = d.find_element(By.ID, "pad")
        ActionChains(d).move_to_element_with_offset(pad, 50, -40).click().perform()
        d.find_element(By.ID, "overlap").click()
        wait(d, "the tilted frame and the legibility list", lambda: settled(d) and d.execute_script(
            "return document.querySelectorAll('#lint li').length > 0"))
        # The pointer over the merged pair of controls (the showcase's container), for the layer count.
        frame_el = d.find_element(By.ID, "frame")
        dx, dy = d.execute_script(
            "const s = window.preview.scene(), ps = s.panels.filter(p => p.container), img = document.getElementById('frame');"
            "const f = (ps[0] || s.panels[0]).frames[window.preview.state.frame];"
            "return [(f[0] + f[2] / 2) * s.scale - img.width / 2, (f[1] + f[3] / 2) * s.scale - img.height / 2];")
        ActionChains(d, duration=0).move_to_element_with_offset(frame_el, int(dx), int(dy)).perform()
        wait(d, "the layer count", lambda: d.find_element(By.ID, "layers").text.startswith("glass layers here: "))
        time.sleep(0.5)
        d.save_screenshot(out)
    finally:
        d.quit()


def safe_area(url):
    """The safe-area switch: checking it overlays the device's guides (pixels change only in the unsafe bands,
    top and bottom, and do there; the line under the status bar turns blue) and the canvas is the renderer's frame
    for `safeArea=true`; unchecking it gives back the frame without them, byte for byte."""
    d = browser()
    try:
        open_page(d, url)
        device = d.execute_script("return window.preview.scene().device")
        if not device:
            fail("the scene info names no device")
        box = d.find_element(By.ID, "safeArea")
        if box.get_attribute("disabled") or box.is_selected():
            fail("the safe-area switch is disabled, or on for a scene that does not ask for its guides")
        before = canvas_digest(d)
        d.execute_script("window.before = window.framePixels();")
        box.click()
        wait(d, "the frame with the guides", lambda: settled(d) and "safeArea=true" in d.find_element(By.ID, "frame").get_attribute("data-query"))
        expect_canvas_is_renderer_frame(d, url)
        scale, height = d.execute_script("const s = window.preview.scene(); return [s.scale, s.points[1]]")
        top, bottom = device["insets"][0], device["insets"][2]
        # Changed pixels per band: above the top inset's line, below the bottom one's, and between (none allowed).
        counts = d.execute_script(
            "const a = window.before, b = window.framePixels(), w = document.getElementById('frame').width;"
            "const top = arguments[0], bottom = arguments[1]; let t = 0, m = 0, o = 0;"
            "for (let i = 0; i < a.length; i += 4) { if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2]) continue;"
            " const y = Math.floor(i / 4 / w); if (y < top) t++; else if (y >= bottom) o++; else m++; } return [t, m, o];",
            math.ceil((top + 0.5) * scale), math.floor((height - bottom - 0.5) * scale))
        if counts[1] != 0:
            fail(f"the guides changed {counts[1]} pixels inside the safe area")
        if counts[0] < 100 or counts[2] < 100:
            fail(f"the guides changed only {counts[0]} pixels in the status bar's band and {counts[2]} in the home indicator's")
        # The line under the status bar, across the width: blue over what lay there.
        blue = d.execute_script(
            "const c = document.getElementById('frame'), y = Math.floor(arguments[0]);"
            "const a = c.getContext('2d').getImageData(0, y, c.width, 1).data; let n = 0;"
            "for (let i = 0; i < a.length; i += 4) if (a[i + 2] - a[i] > 60) n++; return n / (a.length / 4);", top * scale)
        if blue < 0.9:
            fail(f"only {blue:.2f} of the row under the status bar is the guides' blue")
        box.click()
        wait(d, "the frame without the guides", lambda: settled(d) and "safeArea=false" in d.find_element(By.ID, "frame").get_attribute("data-query"))
        if canvas_digest(d) != before:
            fail("switching the guides off did not give back the frame without them")
        print(json.dumps({"topBandPixels": counts[0], "bottomBandPixels": counts[2], "lineBlueShare": round(blue, 3)}))
    finally:
        d.quit()


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "test":
        test(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
    elif 3 <= len(sys.argv) <= 5 and sys.argv[1] == "pace":
        pace(sys.argv[2], *(float(a) for a in sys.argv[3:]))
    elif len(sys.argv) == 4 and sys.argv[1] == "playback":
        playback(sys.argv[2], float(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "screenshot":
        screenshot(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "safearea":
        safe_area(sys.argv[2])
    else:
        print(__doc__)
        sys.exit(2)

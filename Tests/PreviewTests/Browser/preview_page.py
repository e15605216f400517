#!/usr/bin/env python3
"""Drives `forkrender preview`'s page in headless Chromium through Selenium (chromedriver).

    preview_page.py test <url> <scene.json> <forkrender>   the browser test (PreviewBrowserTests runs it)
    preview_page.py screenshot <url> <out.png>              the picture for docs/ (scripts/preview-screenshot.sh)

The test prints one JSON line of measurements and exits 0, or prints what failed and exits 1. Exit 77: Selenium
or the browser is missing (the caller skips). Every wait has a deadline and the whole run an alarm, so it never hangs.
"""
import json
import signal
import subprocess
import sys
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError as e:
    print(f"skip: selenium is not installed ({e})")
    sys.exit(77)

signal.signal(signal.SIGALRM, lambda *_: (print("fail: the browser run took over 100 s"), sys.exit(1)))
signal.alarm(100)


def browser():
    import shutil
    options = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=900,1060", "--force-device-scale-factor=1", "--no-first-run"):
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


# Pixels of the shown frame, kept in the page; compared there (a 390 x 844 frame is too big to ship as JSON).
PIXELS_JS = """
window.previewBusy = window.previewBusy || (() => false);
window.framePixels = () => {
  const img = document.getElementById('frame'), c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  return g.getImageData(0, 0, c.width, c.height).data;
};
window.diffCounts = (a, b, rects, margin) => {
  const w = document.getElementById('frame').naturalWidth;
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


def test(url, scene_file, forkrender):
    d = browser()
    try:
        d.get(url)
        d.execute_script(PIXELS_JS + "window.previewBusy = () => window.preview.busy();")
        wait(d, "the first frame", lambda: settled(d))
        results = {}

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

        # Overlap view: outlines appear on the overlay.
        d.find_element(By.ID, "overlap").click()
        painted = d.execute_script("const c = document.getElementById('overlay'); const a = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                                   "let n = 0; for (let i = 3; i < a.length; i += 4) if (a[i]) n++; return n;")
        if painted < 100:
            fail(f"the overlap view drew {painted} pixels")
        d.find_element(By.ID, "overlap").click()

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
        good = d.execute_script("return document.getElementById('frame').src")
        broken = '{\n  "canvas": {"width": 390, "height": "tall"}\n}\n'
        with open(scene_file, "w") as f:
            f.write(broken)
        cli = subprocess.run([forkrender, "lint", scene_file], capture_output=True, text=True, timeout=30).stderr.strip()
        wait(d, "the error banner", lambda: d.find_element(By.ID, "error").is_displayed(), 5)
        banner = d.find_element(By.ID, "error").text.strip()
        if banner != cli:
            fail(f"the banner says {banner!r}, the command line {cli!r}")
        if d.execute_script("return document.getElementById('frame').src") != good:
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


def screenshot(url, out):
    d = browser()
    try:
        d.get(url)
        d.execute_script(PIXELS_JS + "window.previewBusy = () => window.preview.busy();")
        wait(d, "the first frame", lambda: settled(d))
        d.execute_script("const s = document.getElementById('scrub'); s.value = '60'; s.dispatchEvent(new Event('input'));")
        pad = d.find_element(By.ID, "pad")
        ActionChains(d).move_to_element_with_offset(pad, 50, -40).click().perform()
        d.find_element(By.ID, "overlap").click()
        wait(d, "the tilted frame and the legibility list", lambda: settled(d) and d.execute_script(
            "return document.querySelectorAll('#lint li').length > 0"))
        time.sleep(0.5)
        d.save_screenshot(out)
    finally:
        d.quit()


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "test":
        test(sys.argv[2], sys.argv[3], sys.argv[4])
    elif len(sys.argv) == 4 and sys.argv[1] == "screenshot":
        screenshot(sys.argv[2], sys.argv[3])
    else:
        print(__doc__)
        sys.exit(2)

#!/usr/bin/env python3
"""Chromium as a video reader: each video drawn by a <video> element onto a canvas, the canvas's pixels saved.

    python3 chromium_video.py <folder> <video> [<video> ...]

For each video (a file name in <folder>) it writes <video>.chromium.rgba: the first frame's 8-bit RGBA, row after
row, as `getImageData` of a 2D canvas (sRGB) the size of the video gives it after `drawImage(video)`. Headless,
with the sRGB colour profile forced, so the conversion is Chromium's own YUV -> RGB for the stream's tags (its
software path: the test machines have no GPU). Prints Chromium's version first. Used by
Tests/MediaTests/Color/VideoColorTests.swift; needs Selenium and chromedriver (scripts/setup.sh --dev).
"""
import base64, os, shutil, sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

folder, names = sys.argv[1], sys.argv[2:]

# Seeks to the first frame (a seek makes `seeked` fire once the frame is ready to draw), draws it, and returns
# its pixels in base64, built in chunks (String.fromCharCode takes a bounded number of arguments).
SCRIPT = """
const done = arguments[arguments.length - 1];
const v = document.createElement('video');
v.muted = true; v.preload = 'auto';
v.onerror = () => done({error: 'cannot play it: ' + (v.error ? v.error.code + ' ' + v.error.message : '?')});
v.addEventListener('loadeddata', () => { v.currentTime = 0.001; }, {once: true});
v.addEventListener('seeked', () => {
  const c = document.createElement('canvas'); c.width = v.videoWidth; c.height = v.videoHeight;
  const g = c.getContext('2d', {colorSpace: 'srgb'}); g.drawImage(v, 0, 0);
  const px = g.getImageData(0, 0, c.width, c.height).data;
  let s = '';
  for (let i = 0; i < px.length; i += 0x8000) s += String.fromCharCode.apply(null, px.subarray(i, i + 0x8000));
  done({width: c.width, height: c.height, rgba: btoa(s)});
}, {once: true});
v.src = arguments[0];
"""

options = Options()
for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--force-color-profile=srgb", "--allow-file-access-from-files",
          "--disable-dev-shm-usage"]:
    options.add_argument(a)
driver_path = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")
if not driver_path:
    sys.exit("chromedriver is not installed (scripts/setup.sh --dev)")
driver = webdriver.Chrome(options=options, service=Service(os.path.abspath(driver_path)))
try:
    print("chromium", driver.capabilities.get("browserVersion", "?"))
    page = os.path.join(folder, "page.html")
    open(page, "w").write("<!doctype html><html><body></body></html>")
    driver.get("file://" + os.path.abspath(page))
    driver.set_script_timeout(120)
    for name in names:
        r = driver.execute_async_script(SCRIPT, name)
        if "error" in r:
            sys.exit("%s: %s" % (name, r["error"]))
        open(os.path.join(folder, name + ".chromium.rgba"), "wb").write(base64.b64decode(r["rgba"]))
        print(name, r["width"], r["height"])
finally:
    driver.quit()

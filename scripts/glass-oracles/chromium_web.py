#!/usr/bin/env python3
"""The web tier's oracle: headless Chromium drawing the seed's CSS over each case's backdrop.

    python3 chromium_web.py <folder>

<folder>/cases.json lists the cases (written by the test GlassOracleTests.chromiumMatchesTheWebTier); each case's
folder holds plane.png, the backdrop forkrender rendered. The page shows it as the body's background at one device
pixel per image pixel (CSS size = pixels / scale, device scale factor = scale). A case with a "photo" (a backdrop
image the scene places with fit "none": one image pixel per point) shows photo.png, the image file's samples,
instead: the body's background at its natural size, background-position at the scene's position fractions as
percentages (CSS places it at (viewport - image) x fraction, as object-position does). The page puts one element
per panel over it with the CSS of docs/glass.md ("The web tier"), written out here from the seed, not read from
forkrender:

    border-radius: R; background: rgba(255,255,255,0.45) (dark 0.06); border: 1px solid rgba(255,255,255,0.35);
    backdrop-filter: blur(20px) saturate(1.4); ::before: linear-gradient(to bottom, white 0.25, transparent 50%)

For each variant (the right CSS, then deliberately wrong blur and saturation) it writes
<case>/chromium-<variant>.png, the screenshot in device pixels. One browser session serves every case of one
scale.
Needs Selenium and chromedriver (scripts/setup.sh --dev).
"""
import base64, json, os, shutil, sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

folder = sys.argv[1]
spec = json.load(open(os.path.join(folder, "cases.json")))


def background(case):
    """The body's background: the rendered plane stretched over the viewport, or the photo where the scene put it."""
    photo = case.get("photo")
    if photo is None:
        return "url(plane.png) 0 0/%gpx %gpx no-repeat" % (case["width"] / case["scale"], case["height"] / case["scale"])
    assert photo["fit"] == "none", "the oracle places photos with fit none only"
    x, y = photo["position"]
    return "url(photo.png) %g%% %g%%/auto no-repeat" % (x * 100, y * 100)


def page(case, blur_px, saturate):
    s = case["scale"]
    w, h = case["width"] / s, case["height"] / s
    dark = case["appearance"] == "dark"
    bg = "rgba(255,255,255,0.06)" if dark else "rgba(255,255,255,0.45)"
    panels = []
    for p in case["panels"]:
        box = p["css"]                               # CSS px (points)
        layers = ""
        if p.get("tint"):
            r, g, b, a = p["tint"]
            t = "rgba(%d,%d,%d,%.6f)" % (round(r * 255), round(g * 255), round(b * 255), a)
            layers = "background-image:linear-gradient(%s,%s);" % (t, t)   # the tint: a further background layer
        panels.append(
            '<div class="glass" style="left:%gpx;top:%gpx;width:%gpx;height:%gpx;border-radius:%gpx;%s"></div>'
            % (box["x"], box["y"], box["width"], box["height"], box["radius"], layers))
    return """<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;width:%gpx;height:%gpx;overflow:hidden}
body{background:%s}
.glass{position:absolute;box-sizing:border-box;background-color:%s;border:1px solid rgba(255,255,255,0.35);
 backdrop-filter:blur(%gpx) saturate(%g);-webkit-backdrop-filter:blur(%gpx) saturate(%g)}
.glass::before{content:"";position:absolute;inset:0;border-radius:inherit;
 background:linear-gradient(to bottom,rgba(255,255,255,0.25) 0%%,rgba(255,255,255,0) 50%%)}
</style></head><body>%s</body></html>""" % (w, h, background(case), bg, blur_px, saturate, blur_px, saturate, "".join(panels))


def chromedriver():
    """The driver's full path ($CHROMEDRIVER, as the Swift side found it, else PATH's): Selenium 4.11 and later
    refuse a bare name ("The path is not a valid file: chromedriver")."""
    path = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")
    return os.path.abspath(path) if path else sys.exit("chromedriver is not installed (scripts/setup.sh --dev)")


def browser(scale):
    """A headless Chromium at device scale factor `scale`, set by --force-device-scale-factor: emulating the
    factor instead (DevTools' Emulation.setDeviceMetricsOverride) left each element's bottom and right band of
    about 1.5 sigma unfiltered above factor 1, raw dots showing through the backdrop filter."""
    options = Options()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
              "--allow-file-access-from-files", "--disable-dev-shm-usage", "--force-device-scale-factor=%g" % scale]:
        options.add_argument(a)
    return webdriver.Chrome(options=options, service=Service(chromedriver()))


# One browser session per device scale factor (the factor is a launch flag), every case of that scale in it.
for scale in sorted({c["scale"] for c in spec["cases"]}):
    driver = browser(scale)
    try:
        print("chromium", driver.capabilities.get("browserVersion", "?"), "scale %g" % scale)
        for case in [c for c in spec["cases"] if c["scale"] == scale]:
            d = os.path.join(folder, case["name"])
            w, h = round(case["width"] / scale), round(case["height"] / scale)
            # The viewport, in CSS px, at the forced factor (no emulated factor: 0 keeps the real one).
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": w, "height": h, "deviceScaleFactor": 0, "mobile": False})
            for v in spec["variants"]:
                blur = 20 * v.get("blur", 1)
                sat = v["saturation"] if v.get("saturation") is not None else 1.4
                html = os.path.join(d, "page-%s.html" % v["name"])
                open(html, "w").write(page(case, blur, sat))
                driver.get("file://" + os.path.abspath(html))
                shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "fromSurface": True})
                open(os.path.join(d, "chromium-%s.png" % v["name"]), "wb").write(base64.b64decode(shot["data"]))
    finally:
        driver.quit()

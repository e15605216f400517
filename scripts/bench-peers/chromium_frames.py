#!/usr/bin/env python3
"""The browser peer of `forkrender-bench --peers`: headless Chromium capturing the web twin frame by frame.

    python3 chromium_frames.py <spec.json> <folder>

forkrender-bench writes spec.json from the scene it measures (the decoded document: canvas, device scale, frames,
fps, the plane's grid, colors and taps, the panels' frames, radii and tints) and reads the one JSON line this
prints. The page is what a web build of the scene would be: a <canvas> of the canvas's device pixels under one
element per panel with the web tier's CSS from docs/glass.md,

    background: rgba(255,255,255,0.45) (dark 0.06); border: 1px solid rgba(255,255,255,0.35);
    backdrop-filter: blur(20px) saturate(1.4); ::before: linear-gradient(to bottom, white 0.25, transparent 50%)

and for each frame: set the frame's time, draw(t) redraws the whole dot grid on the canvas (every dot, as our
plane is redrawn; the taps' ripple is approximated: an outward push and the tap tint on a ring moving at the
ripple's speed, fading over its life), then DevTools' Page.captureScreenshot in PNG, decoded from base64 and
written to <folder>/NNNN.png, the same output as forkrender's PNG folder.

Timing: "startup" is launching Chromium and chromedriver and loading the page, reported apart; "wall" runs from
the first frame's draw to the last file written; "cpu" is the user + system seconds over that interval of this
script and every process under it (chromedriver and Chromium's browser, GPU and renderer processes), read from
/proc (a process that starts and ends inside the interval is missed; Chromium keeps its processes for the page).
Needs Selenium and chromedriver (scripts/setup.sh --dev); the device scale factor is set as chromium_web.py does
(scripts/glass-oracles).
"""
import base64, json, os, shutil, sys, time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu():
    """CPU seconds so far of this process and every process under it (Linux /proc)."""
    parent, cpu = {}, {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(name)
        parent[pid] = int(fields[1])
        cpu[pid] = (int(fields[11]) + int(fields[12])) / TICK   # utime, stime
    me = os.getpid()
    total = 0.0
    for pid in cpu:
        p = pid
        while p > 1 and p != me:
            p = parent.get(p, 0)
        if p == me:
            total += cpu[pid]
    return total


def rgba(c, alpha=None):
    r, g, b, a = c
    return "rgba(%d,%d,%d,%.6f)" % (round(r * 255), round(g * 255), round(b * 255), a if alpha is None else alpha)


def page(spec):
    s = spec["scale"]
    dark = spec["appearance"] == "dark"
    fill = "rgba(255,255,255,0.06)" if dark else "rgba(255,255,255,0.45)"
    panels = []
    for p in spec["panels"]:
        layers = ""
        if p.get("tint"):
            t = rgba(p["tint"])
            layers = "background-image:linear-gradient(%s,%s);" % (t, t)
        panels.append('<div class="glass" style="left:%gpx;top:%gpx;width:%gpx;height:%gpx;border-radius:%gpx;%s"></div>'
                      % (p["x"], p["y"], p["width"], p["height"], p["radius"], layers))
    return """<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;width:%(w)gpx;height:%(h)gpx;overflow:hidden}
canvas{position:absolute;left:0;top:0;width:%(w)gpx;height:%(h)gpx}
.glass{position:absolute;box-sizing:border-box;background-color:%(fill)s;border:1px solid rgba(255,255,255,0.35);
 backdrop-filter:blur(20px) saturate(1.4);-webkit-backdrop-filter:blur(20px) saturate(1.4)}
.glass::before{content:"";position:absolute;inset:0;border-radius:inherit;
 background:linear-gradient(to bottom,rgba(255,255,255,0.25) 0%%,rgba(255,255,255,0) 50%%)}
</style></head><body><canvas id="plane" width="%(pw)d" height="%(ph)d"></canvas>%(panels)s
<script>
const S = %(spec)s;
const ctx = document.getElementById("plane").getContext("2d");
const k = S.scale, pitch = S.spacing, r = S.dotSize / 2 * k;
const c0 = Math.ceil(-S.overflow / pitch), c1 = Math.floor((S.width + S.overflow) / pitch);
const r0 = Math.ceil(-S.overflow / pitch), r1 = Math.floor((S.height + S.overflow) / pitch);
const css = (c, a) => "rgba(" + Math.round(c[0] * 255) + "," + Math.round(c[1] * 255) + "," + Math.round(c[2] * 255) + "," + a + ")";
function draw(t) {
  ctx.fillStyle = css(S.background, S.background[3]);
  ctx.fillRect(0, 0, S.pixelWidth, S.pixelHeight);
  for (let j = r0; j <= r1; j++) {
    for (let i = c0; i <= c1; i++) {
      let x = i * pitch, y = j * pitch, alpha = S.dotIdle, tint = 0;
      for (const tap of S.taps) {
        const age = t - tap.t;
        if (age < 0 || age > S.ripple.life) continue;
        const dx = x - tap.x, dy = y - tap.y, d = Math.hypot(dx, dy) || 1;
        const u = Math.abs(d - S.ripple.speed * age) / (S.ripple.width * 3);
        if (u >= 1) continue;
        const e = (1 - age / S.ripple.life) * (1 - u) * (1 - u);
        x += dx / d * 4 * e; y += dy / d * 4 * e;
        alpha = Math.max(alpha, S.dotIdle + (S.dotTap - S.dotIdle) * e);
        tint = Math.max(tint, e);
      }
      const c = [0, 1, 2].map(n => S.label[n] + (S.accent[n] - S.label[n]) * tint);
      ctx.fillStyle = css(c, S.label[3] * alpha);
      ctx.beginPath();
      ctx.arc(x * k, y * k, r, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
}
draw(0);
</script></body></html>""" % {"w": spec["width"], "h": spec["height"], "pw": spec["pixelWidth"], "ph": spec["pixelHeight"],
                              "fill": fill, "panels": "".join(panels), "spec": json.dumps(spec)}


def chromedriver():
    """The driver's full path ($CHROMEDRIVER, as the Swift side found it, else PATH's): Selenium 4.11 and later
    refuse a bare name ("The path is not a valid file: chromedriver")."""
    path = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")
    return os.path.abspath(path) if path else sys.exit("chromedriver is not installed (scripts/setup.sh --dev)")


def main():
    spec = json.load(open(sys.argv[1]))
    folder = sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    html = os.path.join(folder, "page.html")
    open(html, "w").write(page(spec))
    t0 = time.perf_counter()
    options = Options()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
              "--disable-dev-shm-usage", "--force-device-scale-factor=%g" % spec["scale"]]:
        options.add_argument(a)
    driver = webdriver.Chrome(options=options, service=Service(chromedriver()))
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": round(spec["width"]), "height": round(spec["height"]), "deviceScaleFactor": 0, "mobile": False})
        driver.get("file://" + os.path.abspath(html))
        startup = time.perf_counter() - t0
        c0, w0 = tree_cpu(), time.perf_counter()
        for i in range(spec["frames"]):
            driver.execute_script("draw(arguments[0])", i / spec["fps"])
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "fromSurface": True})
            with open(os.path.join(folder, "%04d.png" % i), "wb") as f:
                f.write(base64.b64decode(shot["data"]))
        wall, cpu = time.perf_counter() - w0, tree_cpu() - c0
        version = driver.capabilities.get("browserVersion", "?")
    finally:
        driver.quit()
    first = open(os.path.join(folder, "0000.png"), "rb").read(24)
    width, height = int.from_bytes(first[16:20], "big"), int.from_bytes(first[20:24], "big")
    print(json.dumps({"browser": version, "startup": startup, "wall": wall, "cpu": cpu, "frames": spec["frames"],
                      "width": width, "height": height}))


main()

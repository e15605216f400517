#!/usr/bin/env python3
"""The frosted tier's oracle: the operation docs/glass.md states, computed from its definitions with NumPy,
sharing no code with forkrender.

    python3 numpy_frosted.py <folder>

For each case of <folder>/cases.json (written by GlassOracleTests.numpyMatchesTheFrostedTier) and each panel:
  1. Gaussian blur of the whole backdrop, standard deviation sigma pixels: the sampled kernel
     exp(-k^2 / (2 sigma^2)) for |k| <= ceil(4 sigma), normalized to sum 1, applied along rows then columns, the
     backdrop mirrored beyond its edges half-sample symmetrically (... 1 0 | 0 1 ... n-1 | n-1 n-2 ...);
  2. the feColorMatrix saturate matrix (Filter Effects 1) on the sRGB-encoded values, clamped to 0...1;
  3. each fill (material overlay, then tint) source-over, premultiplied, in sRGB-encoded values.
Only the panel's box is computed, without border or corners: the comparison reads the panel's core. Writes
<case>/numpy-<variant>.rgba (8-bit RGBA: the backdrop outside the boxes).
The backdrop is plane.rgba, forkrender's plane; for a case with a "photo" it is photo.rgba (the image file's
samples) placed here instead: one image pixel per canvas pixel (fit "none" at scale 1) at
(canvas - image) x position, which must be a whole pixel, the image covering the canvas.
"""
import json, math, os, sys

import numpy as np

folder = sys.argv[1]
spec = json.load(open(os.path.join(folder, "cases.json")))


def mirror(i, n):
    i = np.mod(i, 2 * n)
    return np.where(i < n, i, 2 * n - 1 - i)


def blur_box(img, sigma, x0, y0, x1, y1):
    """The blurred image over rows y0..<y1, columns x0..<x1 (float64)."""
    h, w, _ = img.shape
    r = int(math.ceil(4 * sigma))
    k = np.exp(-np.arange(-r, r + 1) ** 2 / (2.0 * sigma * sigma))
    k /= k.sum()
    rows = img[mirror(np.arange(y0 - r, y1 + r), h)]                   # (y1 - y0 + 2r) x w
    cols = mirror(np.arange(x0 - r, x1 + r), w)
    src = rows[:, cols]                                                # padded block
    tmp = np.zeros((src.shape[0], x1 - x0, 3))
    for i, kv in enumerate(k):
        tmp += kv * src[:, i:i + x1 - x0]
    out = np.zeros((y1 - y0, x1 - x0, 3))
    for i, kv in enumerate(k):
        out += kv * tmp[i:i + y1 - y0]
    return out


def saturate(v, s):
    m = np.array([[0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
                  [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
                  [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]])
    return np.clip(v @ m.T, 0, 1)


def placed_photo(case, d):
    """The canvas covered by the case's photo, placed with fit none at scale 1."""
    photo, w, h = case["photo"], case["width"], case["height"]
    assert photo["fit"] == "none" and case["scale"] == 1, "the oracle places photos with fit none at scale 1 only"
    iw, ih = photo["width"], photo["height"]
    image = np.fromfile(os.path.join(d, "photo.rgba"), np.uint8).reshape(ih, iw, 4)
    ox, oy = (w - iw) * photo["position"][0], (h - ih) * photo["position"][1]
    assert ox == int(ox) and oy == int(oy) and ox <= 0 and oy <= 0 and iw + ox >= w and ih + oy >= h
    return image[-int(oy):-int(oy) + h, -int(ox):-int(ox) + w].copy()


for case in spec["cases"]:
    d = os.path.join(folder, case["name"])
    w, h = case["width"], case["height"]
    plane8 = np.fromfile(os.path.join(d, "plane.rgba"), np.uint8).reshape(h, w, 4)
    if case.get("photo"):
        plane8 = placed_photo(case, d)
    plane = plane8[..., :3] / 255.0                                    # opaque: premultiplied = straight
    for v in spec["variants"]:
        out = plane8.copy()
        for p in case["panels"]:
            x0, y0 = int(math.floor(p["x"])), int(math.floor(p["y"]))
            x1, y1 = int(math.ceil(p["x"] + p["width"])), int(math.ceil(p["y"] + p["height"]))
            px = blur_box(plane, p["sigma"] * v.get("blur", 1), x0, y0, x1, y1)
            px = saturate(px, v["saturation"] if v.get("saturation") is not None else p["saturation"])
            for f in p["fills"]:
                px = np.array(f[:3]) * f[3] + px * (1 - f[3])
            out[y0:y1, x0:x1, :3] = np.clip(np.rint(px * 255), 0, 255).astype(np.uint8)
        out.tofile(os.path.join(d, "numpy-%s.rgba" % v["name"]))
print("numpy", np.__version__)

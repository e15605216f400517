#!/usr/bin/env python3
"""Transparent frames' oracle: what their alpha must be, and what they give over a colour, computed with NumPy
and Pillow, sharing no code with forkrender. TransparentOutputTests reads it outside the glass, and
TransparentMatteTests inside a matted Liquid Glass bar.

    python3 pillow_transparent.py <folder>

For each case of <folder>/cases.json, with <case>/transparent.png (forkrender's 8-bit PNG, straight alpha) and
<case>/mask.png (255 where the comparison is made):
  - alpha, when the case has <case>/over-black.f32 and over-white.f32 (forkrender's frames of the same scene over
    an opaque black and an opaque white background: height x width x 4 float32, sRGB-encoded, the blend space of
    the scene): compositing a layer of alpha a over a background b gives c + b (1 - a), so white minus black is
    1 - a in each channel; NumPy takes a = 1 - mean(white - black) over R, G, B and compares a x 255 with the
    PNG's alpha.
  - over a colour: Pillow's Image.alpha_composite of transparent.png over each colour of "colors", written as
    <case>/composite-<i>.rgb (height x width x 3 bytes, for forkrender to measure in CIEDE2000), against
    forkrender's own frame over that colour (over-<i>.png): the largest channel difference per pixel, R, G, B.
Writes <folder>/results.json: per case the compared pixels, how many of them are neither transparent nor opaque
and how many transparent, per colour the mean and largest level difference ("levels") and the largest alone
("overMax"), and "alphaMax", the largest alpha difference in levels, when the case has the two float frames.
"""
import json, os, sys

import numpy as np
from PIL import Image


def alpha_error(d, h, w, alpha, mask):
    """The largest difference, in levels, between the PNG's alpha and the coverage the two float frames give."""
    frames = [np.fromfile(os.path.join(d, "over-%s.f32" % n), dtype=np.float32).reshape(h, w, 4).astype(np.float64)
              for n in ("black", "white")]
    coverage = 1.0 - (frames[1][..., :3] - frames[0][..., :3]).mean(axis=2)
    return float(np.abs(coverage * 255.0 - alpha)[mask].max())


def over_colours(d, h, w, transparent, colours, mask):
    """Per colour: the composite's mean and largest difference from forkrender's own frame over it, in levels."""
    levels = []
    for i, colour in enumerate(colours):
        background = Image.new("RGBA", (w, h), tuple(colour) + (255,))
        composite = np.asarray(Image.alpha_composite(background, transparent))[..., :3]
        composite.astype(np.uint8).tofile(os.path.join(d, "composite-%d.rgb" % i))
        own = np.asarray(Image.open(os.path.join(d, "over-%d.png" % i)).convert("RGBA"))[..., :3].astype(np.int32)
        diff = np.abs(composite.astype(np.int32) - own).max(axis=2)[mask]
        levels.append({"mean": float(diff.mean()), "max": int(diff.max())})
    return levels


folder = sys.argv[1]
spec = json.load(open(os.path.join(folder, "cases.json")))
results = {}
for case in spec["cases"]:
    d = os.path.join(folder, case["name"])
    h, w = case["height"], case["width"]
    mask = np.asarray(Image.open(os.path.join(d, "mask.png")).convert("L")) == 255
    transparent = Image.open(os.path.join(d, "transparent.png"))
    assert transparent.mode == "RGBA", transparent.mode
    alpha = np.asarray(transparent)[..., 3].astype(np.float64)
    levels = over_colours(d, h, w, transparent, case["colors"], mask)
    r = {"pixels": int(mask.sum()), "translucent": int(((alpha > 0) & (alpha < 255))[mask].sum()),
         "transparent": int((alpha == 0)[mask].sum()), "levels": levels, "overMax": [l["max"] for l in levels]}
    if os.path.exists(os.path.join(d, "over-black.f32")):
        r["alphaMax"] = alpha_error(d, h, w, alpha, mask)
    results[case["name"]] = r
json.dump(results, open(os.path.join(folder, "results.json"), "w"), indent=1)
print("pillow_transparent: %s" % json.dumps(results))

#!/usr/bin/env python3
"""Transparent frames' oracle: what their alpha must be, and what they give over a colour, computed with NumPy
and Pillow, sharing no code with forkrender.

    python3 pillow_transparent.py <folder>

For each case of <folder>/cases.json (written by TransparentOutputTests):
  - alpha: <case>/over-black.f32 and over-white.f32 are forkrender's frames of the same scene over an opaque black
    and an opaque white background (height x width x 4 float32, sRGB-encoded, the blend space of the scene).
    Compositing a layer of alpha a over a background b gives c + b (1 - a), so white minus black is 1 - a in each
    channel: NumPy takes a = 1 - mean(white - black) over R, G, B, and compares a x 255 with the alpha of
    <case>/transparent.png (forkrender's 8-bit PNG, straight alpha) where <case>/mask.png is 255.
  - over a colour: Pillow's Image.alpha_composite of transparent.png over each colour of "colors", against
    forkrender's own frame over that colour (over-<i>.png), R, G, B where the mask is 255.
Writes <folder>/results.json: per case the largest differences in 8-bit levels, the compared pixels, and how many
of them are neither transparent nor opaque.
"""
import json, os, sys

import numpy as np
from PIL import Image

folder = sys.argv[1]
spec = json.load(open(os.path.join(folder, "cases.json")))
results = {}
for case in spec["cases"]:
    d = os.path.join(folder, case["name"])
    h, w = case["height"], case["width"]
    mask = np.asarray(Image.open(os.path.join(d, "mask.png")).convert("L")) == 255
    black = np.fromfile(os.path.join(d, "over-black.f32"), dtype=np.float32).reshape(h, w, 4).astype(np.float64)
    white = np.fromfile(os.path.join(d, "over-white.f32"), dtype=np.float32).reshape(h, w, 4).astype(np.float64)
    coverage = 1.0 - (white[..., :3] - black[..., :3]).mean(axis=2)
    transparent = Image.open(os.path.join(d, "transparent.png"))
    assert transparent.mode == "RGBA", transparent.mode
    alpha = np.asarray(transparent)[..., 3].astype(np.float64)
    alpha_error = np.abs(coverage * 255.0 - alpha)[mask]
    over = []
    for i, colour in enumerate(case["colors"]):
        background = Image.new("RGBA", (w, h), tuple(colour) + (255,))
        composite = np.asarray(Image.alpha_composite(background, transparent))[..., :3].astype(np.int32)
        own = np.asarray(Image.open(os.path.join(d, "over-%d.png" % i)).convert("RGBA"))[..., :3].astype(np.int32)
        over.append(int(np.abs(composite - own).max(axis=2)[mask].max()))
    results[case["name"]] = {
        "alphaMax": float(alpha_error.max()), "pixels": int(mask.sum()),
        "translucent": int(((alpha > 0) & (alpha < 255))[mask].sum()),
        "transparent": int((alpha == 0)[mask].sum()), "overMax": over,
    }
json.dump(results, open(os.path.join(folder, "results.json"), "w"), indent=1)
print("pillow_transparent: %s" % json.dumps(results))

#!/usr/bin/env python3
"""Matted Liquid Glass's oracle: a transparent frame composited by Pillow over a colour, against forkrender's own
frame with that colour as its background, inside the glass.

    python3 pillow_matte.py <folder>

For each case of <folder>/cases.json (written by TransparentMatteTests): <case>/transparent.png (forkrender's
8-bit PNG, straight alpha), <case>/over-<i>.png (forkrender's opaque frame over colour i of "colors") and
<case>/glass.png (255 where the comparison is made). Pillow's Image.alpha_composite of transparent.png over each
colour is written as <case>/composite-<i>.rgb (height x width x 3 bytes) for forkrender to measure in CIEDE2000,
and compared here in 8-bit levels (largest channel difference per pixel).
Writes <folder>/results.json: per case and colour the mean and largest level difference over the mask, and the
mask's pixel count.
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
    mask = np.asarray(Image.open(os.path.join(d, "glass.png")).convert("L")) == 255
    transparent = Image.open(os.path.join(d, "transparent.png"))
    assert transparent.mode == "RGBA", transparent.mode
    levels = []
    for i, colour in enumerate(case["colors"]):
        background = Image.new("RGBA", (w, h), tuple(colour) + (255,))
        composite = np.asarray(Image.alpha_composite(background, transparent))[..., :3]
        composite.astype(np.uint8).tofile(os.path.join(d, "composite-%d.rgb" % i))
        own = np.asarray(Image.open(os.path.join(d, "over-%d.png" % i)).convert("RGBA"))[..., :3].astype(np.int32)
        diff = np.abs(composite.astype(np.int32) - own).max(axis=2)[mask]
        levels.append({"mean": float(diff.mean()), "max": int(diff.max())})
    results[case["name"]] = {"pixels": int(mask.sum()), "levels": levels}
json.dump(results, open(os.path.join(folder, "results.json"), "w"), indent=1)
print("pillow_matte: %s" % json.dumps(results))

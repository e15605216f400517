#!/usr/bin/env python3
"""The soft scroll edge effect's oracle: the operation docs/liquid-glass.md ("The scroll edge effect") states,
computed from its definition with NumPy, sharing no code with forkrender.

    python3 numpy_scroll_edge.py <folder>

For each case of <folder>/cases.json (written by ScrollEdgeOracleTests) and each variant:
  - reads <case>/plane.f32, forkrender's plane before the effect (height x width x 4 float32, premultiplied,
    opaque, in the scene's blend space);
  - for every row y of the band [y0, y0 + H): d = the distance from the edge to the row's center (top: y + 0.5 -
    y0; bottom: y0 + H - y - 0.5), s = clamp(1 - d / H, 0, 1), r = radius x s, k = floor(r), f = r - k;
  - box(k) at (x, y) = the plain mean of the plane's pixels with |x' - x| <= k and |y' - y| <= k that lie on the
    canvas, summed directly in float64 (a slice per pixel row, no prefix sums);
  - blurred = (1 - f) box(k) + f box(k + 1); out = blurred (1 - a) + background a, a = fade x s^2;
  - writes <case>/numpy-<variant>.f32: the band's rows (H x width x 4 float32).
A variant multiplies the radius (`radius`), or takes the fade linear in s (`linearFade`): the comparison must
fail for every one but "right".
"""
import json, os, sys

import numpy as np

folder = sys.argv[1]
spec = json.load(open(os.path.join(folder, "cases.json")))


def box_row(plane, y, k):
    """Row y's box means of radius k, the box clipped to the canvas: a direct sum of each window."""
    h, w, _ = plane.shape
    rows = plane[max(0, y - k):min(h, y + k + 1)].astype(np.float64)
    column_sums = rows.sum(axis=0)                                # w x 4
    out = np.empty((w, 4))
    for x in range(w):
        x0, x1 = max(0, x - k), min(w, x + k + 1)
        out[x] = column_sums[x0:x1].sum(axis=0) / (rows.shape[0] * (x1 - x0))
    return out


def effect(plane, case, variant):
    y0, height = case["band"]
    radius = case["radius"] * variant.get("radius", 1.0)
    fade = case["fade"]
    background = np.array(case["background"], dtype=np.float64)
    out = np.empty((height, plane.shape[1], 4))
    for i in range(height):
        y = y0 + i
        d = (y + 0.5 - y0) if case["edge"] == "top" else (y0 + height - y - 0.5)
        s = min(1.0, max(0.0, 1.0 - d / height))
        r = radius * s
        k = int(np.floor(r))
        f = r - k
        blurred = (1 - f) * box_row(plane, y, k)
        if f > 0:
            blurred += f * box_row(plane, y, k + 1)
        a = fade * (s if variant.get("linearFade") else s * s)
        out[i] = blurred * (1 - a) + background * a
    return out


for case in spec["cases"]:
    d = os.path.join(folder, case["name"])
    h, w = case["height"], case["width"]
    plane = np.fromfile(os.path.join(d, "plane.f32"), dtype=np.float32).reshape(h, w, 4)
    for variant in spec["variants"]:
        effect(plane, case, variant).astype(np.float32).tofile(os.path.join(d, "numpy-%s.f32" % variant["name"]))
print("numpy_scroll_edge: %d cases x %d variants" % (len(spec["cases"]), len(spec["variants"])))

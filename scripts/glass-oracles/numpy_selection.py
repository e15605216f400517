#!/usr/bin/env python3
"""The selection lens's oracle: its shape at given instants, from the model docs/liquid-glass.md states ("The
selection lens"), computed from that text with NumPy, sharing no code or tables with forkrender.

    python3 numpy_selection.py <folder>

<folder>/cases.json (written by Tests/ComposeTests/GlassOracles/SelectionLensOracleTests.swift) holds `cases`
and `variants`. A case: the canvas in pixels (width, height) and its scale, the tabs' frames in points, the tab
selected at 0, the selection events ({t, tab}), whether they press the lens, and the instants to draw. A variant is
the right model ("right") or a deliberately wrong one: `damping` (the spring's damping fraction instead of
0.7), `response` (a factor on its 0.35 s), `noSquash` (no stretch or thinning). Writes per case, variant and
instant <case>-<variant>-<i>.f32: the lens's coverage, float32, height x width, and prints one JSON line per
instant with the lens's box in points.

The model, in the doc's words (pixel centres at +0.5, top-left origin):
  spring    a step taken tau seconds ago has gone x(tau) = 1 - e^(-z w tau) (cos(wd tau) + (z w / wd) sin(wd tau)),
            at rate x'(tau) = e^(-z w tau) (w^2 / wd) sin(wd tau); w = 2 pi / 0.35 s, z = 0.7, wd = w sqrt(1 - z^2);
  motion    centre and size start at the initial tab's; each event before t adds (its tab - the previous
            event's tab, or the initial one) x x(t - event), the velocity the same with x';
  squash    v = |velocity| / size / 40 per axis; along x: 1 / (1 - min(0.75 vx, 0.2)) x (1 - min(0.25 vy, 0.15)),
            along y the same with the axes swapped; the box scaled about its centre;
  press     each event presses the lens from t to t + 0.25 s: the press's spring (response 0.35 s, damping 0.6)
            toward 1.08 on touch-down and back on release, superposed; the box scaled about its centre;
  shape     a capsule in the box (radius half the shorter side), coverage clamp(1/2 - sdf, 0, 1) in pixels.
"""
import json, math, os, sys

import numpy as np


def step(tau, response, z):
    """Progress of a unit step and its rate, tau seconds after it (0 before)."""
    if tau <= 0:
        return 0.0, 0.0
    w = 2 * math.pi / response
    wd = w * math.sqrt(1 - z * z)
    e = math.exp(-z * w * tau)
    return 1 - e * (math.cos(wd * tau) + z * w / wd * math.sin(wd * tau)), e * (w * w / wd) * math.sin(wd * tau)


def lens_box(case, t, variant):
    response = 0.35 * variant.get("response", 1.0)
    z = variant.get("damping", 0.7)
    tabs = [np.array(r, dtype=np.float64) for r in case["tabs"]]
    def centre_size(r):
        return np.array([r[0] + r[2] / 2, r[1] + r[3] / 2, r[2], r[3]])
    state = centre_size(tabs[case["initial"]])
    velocity = np.zeros(2)
    previous = state.copy()
    for e in case["events"]:
        if e["t"] >= t:
            continue
        target = centre_size(tabs[e["tab"]])
        x, rate = step(t - e["t"], response, z)
        state = state + (target - previous) * x
        velocity = velocity + (target[:2] - previous[:2]) * rate
        previous = target
    cx, cy, w, h = state
    sx = sy = 1.0
    if not variant.get("noSquash"):
        vx, vy = abs(velocity[0]) / w / 40, abs(velocity[1]) / h / 40
        stretch = lambda v: 1 / (1 - min(0.75 * v, 0.2))
        thin = lambda v: 1 - min(0.25 * v, 0.15)
        sx, sy = stretch(vx) * thin(vy), stretch(vy) * thin(vx)
    w, h = w * sx, h * sy
    if case.get("press", True):
        k = 1.0
        for e in case["events"]:
            down, _ = step(t - e["t"], 0.35, 0.6)
            up, _ = step(t - e["t"] - 0.25, 0.35, 0.6)
            k *= 1 + 0.08 * (down - up)
        w, h = w * k, h * k
    return cx - w / 2, cy - h / 2, w, h


def capsule_coverage(box, scale, width, height):
    x, y, w, h = (v * scale for v in box)
    r = min(w, h) / 2
    px = np.arange(width) + 0.5
    py = np.arange(height) + 0.5
    X, Y = np.meshgrid(px, py)
    qx = np.abs(X - (x + w / 2)) - (w / 2 - r)
    qy = np.abs(Y - (y + h / 2)) - (h / 2 - r)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    inside = np.minimum(np.maximum(qx, qy), 0)
    sdf = outside + inside - r
    return np.clip(0.5 - sdf, 0, 1).astype(np.float32)


def main():
    folder = sys.argv[1]
    spec = json.load(open(os.path.join(folder, "cases.json")))
    for case in spec["cases"]:
        for variant in spec["variants"]:
            for i, t in enumerate(case["times"]):
                box = lens_box(case, t, variant)
                cov = capsule_coverage(box, case["scale"], case["width"], case["height"])
                cov.tofile(os.path.join(folder, f"{case['name']}-{variant['name']}-{i}.f32"))
                print(json.dumps({"case": case["name"], "variant": variant["name"], "t": t, "box": box}))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How far renders of one scene set drift between renderer fingerprints: the measurement behind
CheckDefaults' cross-fingerprint tolerance (docs/regression.md, "Across fingerprints").

    scripts/fingerprint-spread.py BASE OTHER [OTHER...]

Each argument is a references folder written by `forkrender check scenes/ --references DIR --update all
--scale 1` under one fingerprint (scripts/fingerprint-spread.sh makes them: another FreeType or HarfBuzz through
LD_PRELOAD). For every frame in BASE and OTHER it prints the pixels whose bytes changed, the largest YIQ
difference (pixelmatch's measure, as a threshold), and, at thresholds 0, 0.05 and 0.1, the different pixels
pixelmatch counts with anti-aliasing ignored and with it counted, and the densest 8, 16 and 32 px squares of the
ignored-anti-aliasing count. Independent of forkrender: NumPy for the YIQ distance and the summed-area tables,
and the Python port of pixelmatch (PyPI `pixelmatch` 0.4.0) for its anti-aliasing detector.
"""
import os
import sys

import numpy as np
from PIL import Image
from pixelmatch import pixelmatch

THRESHOLDS = (0.0, 0.05, 0.1)
WINDOWS = (8, 16, 32)


def load(path):
    return np.asarray(Image.open(path).convert("RGBA"), dtype=np.uint8)


def yiq_threshold(a, b):
    """sqrt(max delta / 35215), pixels blended over white first (pixelmatch 5)."""
    def blend(img):
        f = img[..., :3].astype(np.float64)
        al = img[..., 3:4].astype(np.float64) / 255
        return 255 + (f - 255) * al
    x, y = blend(a), blend(b)
    def yiq(c):
        r, g, bl = c[..., 0], c[..., 1], c[..., 2]
        return (r * 0.29889531 + g * 0.58662247 + bl * 0.11448223,
                r * 0.59597799 - g * 0.27417610 - bl * 0.32180189,
                r * 0.21147017 - g * 0.52261711 + bl * 0.31114694)
    (y1, i1, q1), (y2, i2, q2) = yiq(x), yiq(y)
    d = 0.5053 * (y1 - y2) ** 2 + 0.299 * (i1 - i2) ** 2 + 0.1957 * (q1 - q2) ** 2
    return float(np.sqrt(d.max() / 35215))


def counted(a, b, threshold, include_aa):
    """pixelmatch's own verdict per pixel: the red pixels of its diff output."""
    h, w = a.shape[:2]
    out = bytearray(w * h * 4)
    pixelmatch(a.tobytes(), b.tobytes(), w, h, out, threshold=threshold, includeAA=include_aa)
    o = np.frombuffer(bytes(out), dtype=np.uint8).reshape(h, w, 4)
    return (o[..., 0] == 255) & (o[..., 1] == 0) & (o[..., 2] == 0)


def densest(mask, window):
    h, w = mask.shape
    ww, wh = min(window, w), min(window, h)
    s = np.zeros((h + 1, w + 1), dtype=np.int64)
    s[1:, 1:] = mask.astype(np.int64).cumsum(0).cumsum(1)
    n = s[wh:, ww:] - s[:-wh, ww:] - s[wh:, :-ww] + s[:-wh, :-ww]
    return int(n.max())


def frames(folder):
    for scene in sorted(os.listdir(folder)):
        d = os.path.join(folder, scene)
        if os.path.isdir(d):
            for f in sorted(os.listdir(d)):
                if f.endswith(".png"):
                    yield os.path.join(scene, f)


def main(base, others):
    for other in others:
        total = changed_frames = 0
        worst = {}
        print(f"# {base} vs {other}")
        for rel in frames(base):
            p = os.path.join(other, rel)
            if not os.path.exists(p):
                continue
            a, b = load(os.path.join(base, rel)), load(p)
            total += 1
            if a.shape != b.shape or np.array_equal(a, b):
                continue
            changed_frames += 1
            changed = int(np.any(a != b, axis=2).sum())
            row = [rel, f"changed {changed}", f"largest {yiq_threshold(a, b):.3f}"]
            for t in THRESHOLDS:
                ign = counted(a, b, t, False)
                inc = int(counted(a, b, t, True).sum())
                dens = [densest(ign, w) for w in WINDOWS]
                row.append(f"t{t}: aa-ignored {int(ign.sum())} aa-counted {inc} densest " + "/".join(map(str, dens)))
                for k, v in zip(WINDOWS, dens):
                    worst[(t, k)] = max(worst.get((t, k), 0), v)
                worst[(t, "ign")] = max(worst.get((t, "ign"), 0), int(ign.sum()))
            print("  ".join(row))
        print(f"{changed_frames} of {total} frames changed; worst: " +
              ", ".join(f"{k}={v}" for k, v in sorted(worst.items(), key=str)))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])

#!/usr/bin/env python3
"""Counts of an independent pixelmatch implementation on a synthetic image pair, for RegressionTests.

The pair is built with integer arithmetic only, so Tests/RegressionTests/Comparison/OracleTests.swift builds the very
same bytes. The counts come from the Python port of pixelmatch (PyPI `pixelmatch` 0.4.0, a line-by-line port
of mapbox/pixelmatch 5), not from forkrender. Regenerate with:

    pip install pixelmatch==0.4.0 && python3 scripts/pixelmatch-oracle.py
"""
from pixelmatch import pixelmatch

W, H = 64, 48
MASK = (1 << 64) - 1


class LCG:
    def __init__(self, seed):
        self.s = seed & MASK

    def next(self):
        self.s = (self.s * 6364136223846793005 + 1442695040888963407) & MASK
        return self.s >> 33


def disc(img, cx8, cy8, r8, color):
    """An 8x8-supersampled disc, center and radius in 1/8 pixel: coverage k/64 blends color over the image."""
    for y in range(H):
        for x in range(W):
            k = 0
            for sy in range(8):
                for sx in range(8):
                    dx = x * 8 + sx - cx8
                    dy = y * 8 + sy - cy8
                    if dx * dx + dy * dy <= r8 * r8:
                        k += 1
            if k:
                o = (y * W + x) * 4
                for c in range(3):
                    img[o + c] = (img[o + c] * (64 - k) + color[c] * k) // 64


def image(shift):
    img = [0] * (W * H * 4)
    for i in range(W * H):
        img[4 * i:4 * i + 4] = [242, 242, 247, 255]
    disc(img, 8 * 20 + 3 + shift, 8 * 22 + 5, 8 * 11 + 2, (0, 122, 255))
    disc(img, 8 * 45 + shift, 8 * 25 + 1, 8 * 9 + 5, (28, 28, 30))
    return img


a = image(0)
b = image(3)
# Planted changes on b: isolated pixels far from the discs, of various strengths, and a few translucent ones.
rng = LCG(2024)
for n in range(40):
    x = rng.next() % W
    y = rng.next() % H
    o = (y * W + x) * 4
    for c in range(3):
        b[o + c] = rng.next() % 256
    if n % 5 == 0:
        b[o + 3] = rng.next() % 256

for include_aa in (True, False):
    for t in (0.0, 0.05, 0.1, 0.2, 0.5):
        print(f"includeAA={include_aa} threshold={t}: {pixelmatch(a, b, W, H, threshold=t, includeAA=include_aa)}")

#!/usr/bin/env python3
"""Writes list.png and list-dark.png: a settings-style list in iOS's light and dark grouped colours, at a phone's
3 pixels per point (1170 x 4500 px for 390 x 1500 pt), the content under the Liquid Glass bars of
scenes/backdrop-scroll.json and scenes/backdrop-list-{light,dark}.json. Drawn at the device's pixels, as a
designer's screenshot is, so the scene shows the glass over sharp content rather than over a magnified image.
Each pixel's coverage of a round icon is counted over 4 x 4 samples (integers: the same bytes on every run);
bars and the hairline separators lie on whole pixels. Standard library only."""
import struct
import zlib

S = 3                                   # pixels per point
W, H, ROW, TOP = 390 * S, 1500 * S, 72 * S, 120 * S
COLORS = [(255, 59, 48), (255, 149, 0), (52, 199, 89), (0, 122, 255), (175, 82, 222), (255, 45, 85)]
# UIKit's system colours: grouped background, cell, separator, label and secondary label (light, then dark).
PALETTES = {
    "list.png": ((242, 242, 247), (255, 255, 255), (198, 198, 200), (28, 28, 30), (142, 142, 147)),
    "list-dark.png": ((0, 0, 0), (28, 28, 30), (56, 56, 58), (255, 255, 255), (142, 142, 147)),
}
ICON_X, ICON_R = 40 * S, 20 * S         # icon centre column and radius, pixels
N = 4                                   # samples per pixel side


def icon_coverage(x, r):
    """Samples of pixel (x, r) (r: the row within a list row) inside the icon's disc, out of N * N."""
    cx2, cy2, r2 = 2 * N * ICON_X, 2 * N * (ROW // 2), (2 * N * ICON_R) ** 2
    inside = 0
    for j in range(N):
        for i in range(N):
            dx = 2 * N * x + 2 * i + 1 - cx2
            dy = 2 * N * r + 2 * j + 1 - cy2
            inside += dx * dx + dy * dy <= r2
    return inside


def mix(fg, bg, k):
    """fg over bg with coverage k / (N * N), rounded to the nearest 8-bit value."""
    n = N * N
    return tuple((f * k + b * (n - k) + n // 2) // n for f, b in zip(fg, bg))


def row_pixels(y, palette):
    grouped, cell, hairline, label, secondary = palette
    if y < TOP:
        return bytes(grouped) * W
    r, k = (y - TOP) % ROW, (y - TOP) // ROW
    line = [cell] * W
    if r == ROW - 1:                    # a 1 px hairline, inset past the icon
        line[72 * S:] = [hairline] * (W - 72 * S)
    if 22 * S <= r < 34 * S:            # title
        line[72 * S:(72 + 120 + (k * 37) % 140) * S] = [label] * ((120 + (k * 37) % 140) * S)
    if 42 * S <= r < 50 * S:            # subtitle
        line[72 * S:(72 + 90 + (k * 53) % 120) * S] = [secondary] * ((90 + (k * 53) % 120) * S)
    if abs(r - ROW // 2) <= ICON_R + 1:
        for x in range(ICON_X - ICON_R - 1, ICON_X + ICON_R + 2):
            c = icon_coverage(x, r)
            if c:
                line[x] = mix(COLORS[k % len(COLORS)], cell, c)
    return b"".join(bytes(p) for p in line)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


for name, palette in PALETTES.items():
    raw = b"".join(b"\0" + row_pixels(y, palette) for y in range(H))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(__file__.replace("make-list.py", name), "wb").write(png)

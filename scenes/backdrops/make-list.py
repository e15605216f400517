#!/usr/bin/env python3
"""Writes list.png: a settings-style list at a phone's 3 pixels per point (1170 x 4500 px for 390 x 1500 pt), the
content that scrolls under the Liquid Glass bar in scenes/backdrop-scroll.json. Drawn at the device's pixels, as a
designer's screenshot is, so the scene shows the glass over sharp content rather than over a magnified image.
Each pixel's coverage of a round icon is counted over 4 x 4 samples (integers: the same bytes on every run);
bars and the hairline separators lie on whole pixels. Standard library only."""
import struct
import zlib

S = 3                                   # pixels per point
W, H, ROW, TOP = 390 * S, 1500 * S, 72 * S, 120 * S
COLORS = [(255, 59, 48), (255, 149, 0), (52, 199, 89), (0, 122, 255), (175, 82, 222), (255, 45, 85)]
WHITE, GROUPED, HAIRLINE = (255, 255, 255), (242, 242, 247), (198, 198, 200)
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


def row_pixels(y):
    if y < TOP:
        return bytes(GROUPED) * W
    r, k = (y - TOP) % ROW, (y - TOP) // ROW
    line = [WHITE] * W
    if r == ROW - 1:                    # a 1 px hairline, inset past the icon
        line[72 * S:] = [HAIRLINE] * (W - 72 * S)
    if 22 * S <= r < 34 * S:            # title
        line[72 * S:(72 + 120 + (k * 37) % 140) * S] = [(28, 28, 30)] * ((120 + (k * 37) % 140) * S)
    if 42 * S <= r < 50 * S:            # subtitle
        line[72 * S:(72 + 90 + (k * 53) % 120) * S] = [(142, 142, 147)] * ((90 + (k * 53) % 120) * S)
    if abs(r - ROW // 2) <= ICON_R + 1:
        for x in range(ICON_X - ICON_R - 1, ICON_X + ICON_R + 2):
            c = icon_coverage(x, r)
            if c:
                line[x] = mix(COLORS[k % len(COLORS)], WHITE, c)
    return b"".join(bytes(p) for p in line)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


raw = b"".join(b"\0" + row_pixels(y) for y in range(H))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
open(__file__.replace("make-list.py", "list.png"), "wb").write(png)

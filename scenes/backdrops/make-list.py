#!/usr/bin/env python3
"""Writes list.png: a settings-style list (390 x 1500 px, one pixel per point), the content that scrolls under
the Liquid Glass bar in scenes/backdrop-scroll.json. Standard library only; the same bytes on every run."""
import struct
import zlib

W, H, ROW, TOP = 390, 1500, 72, 120
COLORS = [(255, 59, 48), (255, 149, 0), (52, 199, 89), (0, 122, 255), (175, 82, 222), (255, 45, 85)]


def pixel(x, y):
    if y < TOP:
        return (242, 242, 247)
    r, k = (y - TOP) % ROW, (y - TOP) // ROW
    if r == ROW - 1 and x >= 72:
        return (198, 198, 200)  # separator
    cx, cy = 40, ROW // 2
    if (x - cx) ** 2 + (r - cy) ** 2 <= 20 ** 2:
        return COLORS[k % len(COLORS)]
    if 72 <= x < 72 + 120 + (k * 37) % 140 and 22 <= r < 34:
        return (28, 28, 30)  # title
    if 72 <= x < 72 + 90 + (k * 53) % 120 and 42 <= r < 50:
        return (142, 142, 147)  # subtitle
    return (255, 255, 255)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


raw = b"".join(b"\0" + bytes(c for x in range(W) for c in pixel(x, y)) for y in range(H))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
open(__file__.replace("make-list.py", "list.png"), "wb").write(png)

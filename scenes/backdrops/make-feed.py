#!/usr/bin/env python3
"""Writes feed.png: a photo feed of 390 x 1600 pt at 1 pixel per point, alternating night and sunlit "photos",
the content that scrolls under the Liquid Glass bar in scenes/foreground-adaptive-dark.json and -light.json. Each
photo is a smooth gradient with a disc (a moon, a sun), so the mean luma behind a bar crosses the glass's styling
threshold (0.5) four times in a scroll: night photos have a mean luma near 0.1, sunlit ones near 0.85. Integer
arithmetic only (the same bytes on every run); standard library only."""
import struct
import zlib

W, H, PHOTO = 390, 1600, 400
# Per photo: the sky's top and bottom colours and the disc's colour, centre and radius (pixels).
PHOTOS = [
    ((8, 12, 40), (30, 24, 60), (226, 226, 210), (300, 110, 34)),      # night, a moon
    ((255, 236, 170), (250, 250, 240), (255, 255, 235), (110, 120, 70)),  # sunlit, the sun
    ((12, 20, 34), (40, 30, 28), (250, 190, 90), (90, 260, 16)),        # night, a lamp
    ((190, 225, 255), (255, 250, 235), (255, 255, 245), (280, 90, 60)),   # sunlit sky
]


def pixel(x, y):
    top, bottom, disc, (cx, cy, r) = PHOTOS[(y // PHOTO) % len(PHOTOS)]
    v = y % PHOTO
    if (x - cx) ** 2 + (v - cy) ** 2 <= r * r:
        return disc
    return tuple((t * (PHOTO - v) + b * v + PHOTO // 2) // PHOTO for t, b in zip(top, bottom))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


raw = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(W)) for y in range(H))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
open(__file__.replace("make-feed.py", "feed.png"), "wb").write(png)

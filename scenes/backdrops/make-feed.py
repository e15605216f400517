#!/usr/bin/env python3
"""Writes feed.png: a photo feed of 390 x 1600 pt at 1 pixel per point, alternating night and sunlit "photos",
the content that scrolls under the Liquid Glass bar in scenes/foreground-adaptive-dark.json and -light.json. Each
photo is a smooth gradient with a disc (a moon, a sun), so the mean luma behind a bar crosses the glass's styling
threshold (0.5) in a scroll: night photos have a mean luma near 0.1, sunlit ones near 0.85, each fading into the
next over its last 48 px (a hard edge would make the frame a bar crosses it depend on the render scale's whole
pixels). Integer arithmetic only (the same bytes on every run); standard library only."""
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


BLEND = 48  # the last pixels of each photo fade into the next, as a feed's photos meet under a soft shadow


def photo(k, x, v):
    top, bottom, disc, (cx, cy, r) = PHOTOS[k % len(PHOTOS)]
    if (x - cx) ** 2 + (v - cy) ** 2 <= r * r:
        return disc
    return tuple((t * (PHOTO - v) + b * v + PHOTO // 2) // PHOTO for t, b in zip(top, bottom))


def pixel(x, y):
    k, v = y // PHOTO, y % PHOTO
    here = photo(k, x, v)
    if v < PHOTO - BLEND or k + 1 >= H // PHOTO:
        return here
    w = v - (PHOTO - BLEND) + 1   # 1 ... BLEND of the next photo's first row
    after = photo(k + 1, x, 0)
    return tuple((a * (BLEND + 1 - w) + b * w + (BLEND + 1) // 2) // (BLEND + 1) for a, b in zip(here, after))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


raw = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(W)) for y in range(H))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
open(__file__.replace("make-feed.py", "feed.png"), "wb").write(png)

#!/usr/bin/env python3
"""Times the Python port of pixelmatch (PyPI `pixelmatch` 0.4.0) on two PNGs, for docs/regression.md.

    pip install pixelmatch==0.4.0
    python3 scripts/pixelmatch-bench.py expected.png actual.png [threshold] [includeAA]

Reads 8-bit RGBA / RGB PNGs (non-interlaced, as forkrender writes them) with zlib only, so no imaging library
is needed; decoding is not timed. Prints the count of different pixels and the seconds pixelmatch took.
"""
import struct
import sys
import time
import zlib

from pixelmatch import pixelmatch


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, "only 8-bit RGB/RGBA, not interlaced"
            bpp = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    out = bytearray(height * stride)
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    if bpp == 3:
        rgba = bytearray(width * height * 4)
        for i in range(width * height):
            rgba[4 * i:4 * i + 3] = out[3 * i:3 * i + 3]
            rgba[4 * i + 3] = 255
        out = rgba
    return width, height, list(out)


w1, h1, a = read_png(sys.argv[1])
w2, h2, b = read_png(sys.argv[2])
assert (w1, h1) == (w2, h2), "sizes differ"
threshold = float(sys.argv[3]) if len(sys.argv) > 3 else 0.1
include_aa = len(sys.argv) > 4 and sys.argv[4].lower() in ("1", "true", "yes")
t0 = time.perf_counter()
n = pixelmatch(a, b, w1, h1, threshold=threshold, includeAA=include_aa)
print(f"{n} different pixels, {time.perf_counter() - t0:.2f} s (pixelmatch 0.4.0, Python {sys.version.split()[0]})")

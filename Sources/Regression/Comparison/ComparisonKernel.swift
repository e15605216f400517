// The optimized comparison kernel: raw pointers, 32-bit equality as the fast path, run per band of rows.
// `ComparisonKernelReference.swift` holds the plain scalar version a test checks it against, pixel for pixel.
//
// Anti-aliasing detection follows pixelmatch, after V. Vysniauskas, "Anti-aliased Pixel and Intensity Slope
// Detector" (2009): a pixel is anti-aliasing when, among its 8 neighbours, at most 2 equal it, some are
// darker and some brighter, and the darkest or the brightest neighbour has 3 or more equal neighbours of its
// own in both images (it lies in a flat region on one side of an edge). Neighbours are visited column by
// column (x outer, y inner) and ties keep the first, as pixelmatch does, because which darkest or brightest
// pixel is chosen changes the answer. Pixels on the image border start with one "equal" neighbour.

/// Read-only access to an RGBA8 image's bytes. Valid only inside the `withUnsafeBufferPointer` that made it.
struct PixelView {
    let base: UnsafePointer<UInt8>
    let width: Int
    let height: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int) {
        precondition(buffer.count == width * height * 4)
        base = buffer.baseAddress!
        self.width = width
        self.height = height
    }

    @inline(__always) func word(_ i: Int) -> UInt32 {
        UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
    }

    @inline(__always) func pixel(_ i: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let o = i &* 4
        return (base[o], base[o &+ 1], base[o &+ 2], base[o &+ 3])
    }
}

struct Kernel {
    let a: PixelView
    let b: PixelView
    let mask: UnsafeBufferPointer<UInt8>?
    let out: UnsafeMutableBufferPointer<UInt8>?
    let maxDelta: Double
    let ignoreAntialiasing: Bool

    /// Compares rows `rows`, writes their diff pixels, and returns their counts.
    func run(rows: Range<Int>) -> Tally {
        var t = Tally()
        let w = a.width
        for y in rows {
            for x in 0..<w {
                let i = y &* w &+ x
                if let mask, mask[i] != 0 {
                    t.masked &+= 1
                    if let out { store(out, i, DiffColor.masked(YIQ.fadedGray(a.pixel(i), alpha: Comparison.backgroundAlpha))) }
                    continue
                }
                if a.word(i) == b.word(i) {
                    if let out { gray(out, i) }
                    continue
                }
                t.changed &+= 1
                let delta = YIQ.delta(a.pixel(i), b.pixel(i), at: i &* 4)
                if delta > t.largest { t.largest = delta }
                // Threshold 0 counts every changed byte, also where the blended colours agree (delta 0).
                if delta > maxDelta || maxDelta == 0 {
                    if ignoreAntialiasing && (antialiased(a, b, x, y) || antialiased(b, a, x, y)) {
                        t.antialiased &+= 1
                        if let out { store(out, i, DiffColor.antialiased) }
                    } else {
                        t.different &+= 1
                        if let out { store(out, i, DiffColor.different) }
                    }
                } else if let out {
                    gray(out, i)
                }
            }
        }
        return t
    }

    @inline(__always) func gray(_ out: UnsafeMutableBufferPointer<UInt8>, _ i: Int) {
        let v = YIQ.fadedGray(a.pixel(i), alpha: Comparison.backgroundAlpha)
        store(out, i, (v, v, v, 255))
    }

    @inline(__always) func store(_ out: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ p: (UInt8, UInt8, UInt8, UInt8)) {
        let o = i &* 4
        out[o] = p.0
        out[o &+ 1] = p.1
        out[o &+ 2] = p.2
        out[o &+ 3] = p.3
    }

    /// Whether pixel (x1, y1) of `img` looks like anti-aliasing; `other` is the image it is compared with.
    @inline(__always) func antialiased(_ img: PixelView, _ other: PixelView, _ x1: Int, _ y1: Int) -> Bool {
        let w = img.width, h = img.height
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        // pixelmatch 7.2's `brightnessDelta` per neighbour, from the channel differences (not a difference of
        // two lumas: the same Double pixelmatch computes), over the background at the center's byte offset.
        let ci = y1 * w + x1, cw = img.word(ci), cp = img.pixel(ci), k = ci &* 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if x != x1 || y != y1 {
                    let n = y * w + x
                    let d = img.word(n) == cw ? 0 : YIQ.brightnessDelta(cp, img.pixel(n), at: k)
                    if d == 0 {
                        zeroes += 1
                        if zeroes > 2 { return false }
                    } else if d < minDelta {
                        minDelta = d; minX = x; minY = y
                    } else if d > maxDelta {
                        maxDelta = d; maxX = x; maxY = y
                    }
                }
                y += 1
            }
            x += 1
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(img, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// Whether pixel (x1, y1) has 3 or more neighbours of exactly its color (border pixels start at one).
    @inline(__always) func hasManySiblings(_ img: PixelView, _ x1: Int, _ y1: Int) -> Bool {
        let w = img.width, h = img.height
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let v = img.word(y1 * w + x1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if (x != x1 || y != y1) && img.word(y * w + x) == v {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
                y += 1
            }
            x += 1
        }
        return false
    }
}

/// The plain scalar reference of `Comparison.apply`: one pixel at a time, array subscripts, one thread, no
/// fast paths, written to read like pixelmatch 7.2 (`YIQ`); threshold 0 counts every changed pixel. Tests check the optimized kernel against it pixel for pixel
/// (counts and diff image). Not for production use: it is several times slower.
package enum ComparisonReference {
    package static func apply(_ c: Comparison, expected img1: RGBAImage, actual img2: RGBAImage) -> ComparisonOutcome? {
        guard img1.width == img2.width, img1.height == img2.height else { return nil }
        let width = img1.width, height = img1.height
        var tally = Tally()
        var out = RGBAImage(width: width, height: height, fill: (0, 0, 0, 0))
        for y in 0..<height {
            for x in 0..<width {
                let gray = YIQ.fadedGray(img1[x, y], alpha: Comparison.backgroundAlpha)
                if c.masks.contains(where: { $0.contains(x: x, y: y) }) {
                    tally.masked += 1
                    out[x, y] = DiffColor.masked(gray)
                    continue
                }
                let delta = YIQ.delta(img1[x, y], img2[x, y], at: (y * width + x) * 4)
                let changed = img1[x, y] != img2[x, y]
                if changed { tally.changed += 1 }
                tally.largest = max(tally.largest, delta)
                if delta > c.maxDelta || (c.maxDelta == 0 && changed) {
                    if c.ignoreAntialiasing && (antialiased(img1, x, y, img2) || antialiased(img2, x, y, img1)) {
                        tally.antialiased += 1
                        out[x, y] = DiffColor.antialiased
                    } else {
                        tally.different += 1
                        out[x, y] = DiffColor.different
                    }
                } else {
                    out[x, y] = (gray, gray, gray, 255)
                }
            }
        }
        return ComparisonOutcome(width: width, height: height, tally: tally, diff: out)
    }

    /// pixelmatch 7.2's `antialiased(img, x1, y1, width, height, a32, b32)`.
    package static func antialiased(_ img: RGBAImage, _ x1: Int, _ y1: Int, _ img2: RGBAImage) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, img.width - 1), y2 = min(y1 + 1, img.height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let delta = YIQ.brightnessDelta(img[x1, y1], img[x, y], at: (y1 * img.width + x1) * 4)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    minX = x
                    minY = y
                } else if delta > maxDelta {
                    maxDelta = delta
                    maxX = x
                    maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY) && hasManySiblings(img2, minX, minY))
            || (hasManySiblings(img, maxX, maxY) && hasManySiblings(img2, maxX, maxY))
    }

    /// pixelmatch's `hasManySiblings`.
    package static func hasManySiblings(_ img: RGBAImage, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, img.width - 1), y2 = min(y1 + 1, img.height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                if img[x1, y1] == img[x, y] { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}

import Testing
import Raster
@testable import Regression

/// The comparison measured against independent expectations: planted pixels, hand-computed YIQ distances,
/// rendered shapes of known coverage, and the plain scalar reference.
@Suite struct ComparisonTests {
    @Test func identicalImagesGiveZeroDifferentPixels() throws {
        let a = Fixtures.busy(width: 97, height: 61, seed: 1)
        for aa in [false, true] {
            let r = try Comparison(threshold: 0, ignoreAntialiasing: aa).apply(expected: a, actual: a, workers: Workers(3))
            #expect(r.differentPixels == 0 && r.changedPixels == 0 && r.antialiasedPixels == 0 && r.largestDelta == 0)
            #expect(r.isIdentical)
        }
    }

    @Test func plantedDifferencesAreCountedExactly() throws {
        let a = RGBAImage(width: 80, height: 50, fill: (242, 242, 247, 255))
        var b = a
        // 37 strong changes at isolated positions (every 7th column and 5th row: never neighbours), and 11
        // one-level changes that stay under any threshold above 0.0017 (a one-level blue change is delta 0.0037).
        var planted = 0, faint = 0
        for y in stride(from: 1, to: 50, by: 5) {
            for x in stride(from: 2, to: 80, by: 7) {
                if planted < 37 {
                    b[x, y] = (255, 59, 48, 255)
                    planted += 1
                } else if faint < 11 {
                    b[x, y] = (242, 242, 246, 255)
                    faint += 1
                }
            }
        }
        #expect(planted == 37 && faint == 11)
        for workers in [1, 2, 5] {
            for aa in [false, true] {
                let r = try Comparison(ignoreAntialiasing: aa).apply(expected: a, actual: b, workers: Workers(workers))
                #expect(r.differentPixels == 37, "workers \(workers), ignoreAntialiasing \(aa)")
                #expect(r.changedPixels == 48)
                #expect(r.antialiasedPixels == 0)
            }
        }
        // Threshold 0 counts the faint ones too.
        #expect(try Comparison(threshold: 0).apply(expected: a, actual: b).differentPixels == 48)
    }

    /// Black against white: dY = 255 x (sum of the Y weights) ~ 255, dI = dQ ~ 0 (their weights sum to 0), so
    /// delta = 0.5053 x 255^2 = 32857.1, and the pixel counts exactly while 35215 t^2 < 32857.1, t < 0.96594.
    @Test func thresholdSemanticsMatchTheDocumentation() throws {
        let black = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 255))
        let white = RGBAImage(width: 1, height: 1, fill: (255, 255, 255, 255))
        let expectedDelta = 0.5053 * 255 * 255
        let r = try Comparison().apply(expected: black, actual: white)
        // Tolerance: the Y weights sum to 1.00000001 and the I, Q weights to 0 +- 1e-8; 1e-3 covers both.
        #expect(abs(r.largestDelta - expectedDelta) < 1e-3)
        #expect(try Comparison(threshold: 0.965).apply(expected: black, actual: white).differentPixels == 1)
        #expect(try Comparison(threshold: 0.967).apply(expected: black, actual: white).differentPixels == 0)
        // 1 accepts everything: no pair of 8-bit colors exceeds 35215 (checked on every corner pair below).
        #expect(try Comparison(threshold: 1).apply(expected: black, actual: white).differentPixels == 0)
        // 0 counts any change, even one level of one channel.
        let almost = RGBAImage(width: 1, height: 1, fill: (0, 0, 1, 255))
        #expect(try Comparison(threshold: 0).apply(expected: black, actual: almost).differentPixels == 1)

        // The distance is a convex quadratic of the difference, so its maximum over the RGB cube is at a pair
        // of corners; 35215 is that maximum rounded up (red against cyan: 35214.7).
        var largest = 0.0
        let corners: [(UInt8, UInt8, UInt8, UInt8)] = [0, 255].flatMap { r in [0, 255].flatMap { g in [0, 255].map { b in (r, g, b, 255) } } }
        for p in corners { for q in corners { largest = max(largest, YIQ.delta(p, q, at: 0)) } }
        #expect(largest <= 35215 && largest > 35214)

        // A translucent pixel is blended over pixelmatch 7.2's background, which is 48 grey at pixel 0 (byte
        // offset 0): half-transparent black is 48 x 127/255 = 23.9 there, white stays 255.
        #expect(YIQ.background(0) == (48, 48, 48) && YIQ.background(4) == (48, 48, 207) && YIQ.background(12) == (48, 207, 48))
        let halfBlack = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 128))
        let dr = (0 - 255.0 * 255 - 48 * (128 - 255)) / 255
        let d = try Comparison().apply(expected: halfBlack, actual: white).largestDelta
        #expect(abs(d - 0.5053 * dr * dr) < 1e-2)
    }

    /// A disc rendered by forkrender's own rasterizer, then the same disc moved by a fifth of a pixel: every
    /// pixel that changed lies on the anti-aliased rim, so with detection on nothing counts, and off it does.
    @Test func antialiasedEdgePixelsOfARenderedShapeAreRecognised() throws {
        func render(_ dx: Float) -> RGBAImage {
            var fb = Framebuffer(width: 64, height: 64, color: Color(hex: "#F2F2F7")!)
            fb.fill(Circle(center: Point(31.3 + dx, 32.6), radius: 17.4), color: Color(hex: "#1C1C1E")!)
            return RGBAImage(fb, dither: false)
        }
        let a = render(0), b = render(0.2)
        let strict = try Comparison(threshold: 0).apply(expected: a, actual: b)
        #expect(strict.differentPixels > 20, "the move changes the rim")
        let lenient = try Comparison(threshold: 0, ignoreAntialiasing: true).apply(expected: a, actual: b)
        #expect(lenient.differentPixels == 0)
        #expect(lenient.antialiasedPixels == strict.differentPixels)

        // Every rim pixel (neither background nor fill) of the disc is recognised as anti-aliasing, and no
        // pixel of the flat inside or outside is.
        let bg = a[0, 0], fill = a[31, 32]
        var rim = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let p = a[x, y]
                let isRim = p != bg && p != fill
                if isRim { rim += 1 }
                #expect(ComparisonReference.antialiased(a, x, y, a) == isRim, "pixel \(x),\(y)")
            }
        }
        #expect(rim > 100)
    }

    @Test func masksLeaveRegionsOut() throws {
        let a = RGBAImage(width: 40, height: 30, fill: (255, 255, 255, 255))
        var b = a
        for y in 5..<10 { for x in 5..<15 { b[x, y] = (0, 0, 0, 255) } }  // 50 pixels
        b[30, 20] = (0, 0, 0, 255)
        let masked = try Comparison(masks: [PixelRect(x: 4, y: 4, width: 12, height: 7)]).apply(expected: a, actual: b, diffImage: true)
        #expect(masked.differentPixels == 1)
        #expect(masked.maskedPixels == 84)
        // A mask reaching past the edge is clipped.
        let edge = try Comparison(masks: [PixelRect(x: 25, y: 15, width: 100, height: 100)]).apply(expected: a, actual: b)
        #expect(edge.differentPixels == 50 && edge.maskedPixels == 15 * 15)
        // Masked pixels are tinted in the diff image; the planted pixel is red.
        let d = try #require(masked.diff)
        #expect(d[30, 20] == (255, 0, 0, 255))
        #expect(d[6, 6].2 == 255 && d[6, 6].0 < d[6, 6].2)
    }

    @Test func pointMasksRoundOutwardToWholePixels() {
        let r = PixelRect(points: Rect(x: 10.2, y: 3, width: 5, height: 1.1), scale: 3)
        #expect(r == PixelRect(x: 30, y: 9, width: 16, height: 4))  // 30.6 ... 45.6 -> 30 ..< 46; 9 ... 12.3 -> 9 ..< 13
        #expect(PixelRect.parse("1,2,3,4") == PixelRect(x: 1, y: 2, width: 3, height: 4))
        for bad in ["1,2,3", "1,2,0,4", "-1,0,2,2", "a,b,c,d", "1,2,3,4,5", ""] { #expect(PixelRect.parse(bad) == nil, "\(bad)") }
    }

    @Test func sizeMismatchIsReportedNotCompared() {
        let a = RGBAImage(width: 4, height: 3, fill: (0, 0, 0, 255)), b = RGBAImage(width: 3, height: 4, fill: (0, 0, 0, 255))
        #expect(throws: SizeMismatch.self) { try Comparison().apply(expected: a, actual: b) }
        #expect(ComparisonReference.apply(Comparison(), expected: a, actual: b) == nil)
    }

    /// The optimized kernel equals the scalar reference, counts and diff image, for any worker count.
    @Test(arguments: [(1 as UInt64, 0.1, false), (2, 0.1, true), (3, 0.0, true), (4, 0.05, false), (5, 0.3, true)])
    func kernelMatchesScalarReference(seed: UInt64, threshold: Double, ignoreAA: Bool) throws {
        let a = Fixtures.busy(width: 131, height: 77, seed: seed)
        // b: different discs (another seed's image blended in by noise) and noise of every strength.
        let b = Fixtures.perturbed(a, seed: seed &+ 100)
        let masks = seed % 2 == 0 ? [PixelRect(x: 10, y: 10, width: 30, height: 20), PixelRect(x: 120, y: 70, width: 50, height: 50)] : []
        let c = Comparison(threshold: threshold, ignoreAntialiasing: ignoreAA, masks: masks)
        let ref = try #require(ComparisonReference.apply(c, expected: a, actual: b))
        #expect(ref.differentPixels > 0)
        if ignoreAA { #expect(ref.antialiasedPixels > 0) }
        for w in [1, 2, 3, 8] {
            let fast = try c.apply(expected: a, actual: b, workers: Workers(w), diffImage: true)
            #expect(fast.differentPixels == ref.differentPixels, "workers \(w)")
            #expect(fast.antialiasedPixels == ref.antialiasedPixels)
            #expect(fast.changedPixels == ref.changedPixels)
            #expect(fast.maskedPixels == ref.maskedPixels)
            #expect(fast.largestDelta == ref.largestDelta)
            #expect(fast.diff == ref.diff)
        }
    }

    @Test func threePanelImageLaysOutExpectedDiffActual() {
        let a = RGBAImage(width: 3, height: 2, fill: (1, 1, 1, 255))
        let b = RGBAImage(width: 2, height: 4, fill: (2, 2, 2, 255))
        let c = RGBAImage(width: 1, height: 1, fill: (3, 3, 3, 255))
        let p = DiffImage.panels([a, b, c], gap: 2)
        #expect(p.width == 3 + 2 + 2 + 2 + 1 && p.height == 4)
        #expect(p[0, 0] == (1, 1, 1, 255) && p[2, 1] == (1, 1, 1, 255) && p[0, 3] == (128, 128, 128, 255))
        #expect(p[3, 0] == (128, 128, 128, 255) && p[5, 3] == (2, 2, 2, 255) && p[9, 0] == (3, 3, 3, 255))
    }
}

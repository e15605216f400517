import Testing
@testable import Raster

/// sRGB reference values computed from the IEC 61966-2-1 formula by hand (and cross-checked with Python's
/// colour-science definitions): tolerance 1e-6 absolute, about 8 ULPs of a Float near 1.
@Suite struct SRGBTests {
    @Test(arguments: [
        (0.0, 0.0), (1.0, 1.0), (0.04045, 0.0031308049), (0.5, 0.21404114), (0.2, 0.033104767),
        (0.8, 0.60382736), (188.0 / 255.0, 0.50288646),
    ])
    func decode(encoded: Double, linear: Double) {
        #expect(abs(Double(srgbToLinear(Float(encoded))) - linear) < 1e-6)
        #expect(abs(Double(linearToSRGB(Float(linear))) - encoded) < 1e-6)
    }

    @Test func everyByteRoundTrips() {
        for b in 0...255 {
            let v = Float(b) / 255
            let back = (linearToSRGB(srgbToLinear(v)) * 255).rounded()
            #expect(Int(back) == b)
        }
    }

    @Test func hexParsing() {
        #expect(Color(hex: "#F2F2F7") == Color(242, 242, 247))
        #expect(Color(hex: "#fff") == Color(255, 255, 255))
        #expect(Color(hex: "#00000080")?.alpha == Float(128) / 255)
        #expect(Color(hex: "F2F2F7") == nil)
        #expect(Color(hex: "#GG0000") == nil)
        #expect(Color(hex: "#12345") == nil)
    }

    @Test func linearSpaceRoundTripsThroughPremultiply() {
        let c = Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.5)
        for space in BlendSpace.allCases {
            let back = space.color(space.premultiply(c))
            #expect(abs(back.red - c.red) < 1e-6 && abs(back.green - c.green) < 1e-6 && abs(back.blue - c.blue) < 1e-6)
            #expect(back.alpha == c.alpha)
        }
    }

    @Test func sourceOverIsPorterDuff() {
        let dst = SIMD4<Float>(0.2, 0.4, 0.6, 1)
        let src = SIMD4<Float>(0.25, 0, 0, 0.5) // 50% of pure red 0.5, premultiplied
        let out = sourceOver(dst, src)
        let expected = SIMD4<Float>(0.35, 0.2, 0.3, 1)
        #expect(((out - expected) * (out - expected)).sum() < 1e-12)
    }
}

@Suite struct QuantizeTests {
    @Test func roundsToNearest() {
        // 0.5/255 and just above/below it: the boundary between 0 and 1.
        var fb = Framebuffer(width: 4, height: 1)
        fb[0, 0] = SIMD4(0.4999 / 255, 0.5001 / 255, 254.4999 / 255, 1)
        fb[1, 0] = SIMD4(1, 0, 0.5, 1)
        fb[2, 0] = SIMD4(2, -1, 0, 1) // out of range clamps
        fb[3, 0] = SIMD4(0.25, 0.25, 0.25, 0.5) // premultiplied half alpha -> straight 0.5
        let b = fb.rgba8()
        #expect(Array(b[0..<4]) == [0, 1, 254, 255])
        #expect(Array(b[4..<8]) == [255, 0, 128, 255])
        #expect(Array(b[8..<12]) == [255, 0, 0, 255])
        #expect(Array(b[12..<16]) == [128, 128, 128, 128])
        let w = fb.rgba16()
        #expect(Array(w[4..<8]) == [65535, 0, 32768, 65535])
    }

    @Test func bayerIsAPermutation() {
        #expect(Set(Quantize.bayer8.map { Int($0) }) == Set(0..<64))
        // Adjacent cells differ by a lot: the defining property of an ordered dither.
        #expect(Quantize.bayer8[0] == 0 && Quantize.bayer8[1] == 32)
    }

    @Test func ditherPreservesTheMeanAndOpaqueAlpha() {
        // A flat value between two 8-bit levels: the dithered mean must approach it, the plain one must not.
        let v: Float = 100.3 / 255
        let fb = Framebuffer(width: 64, height: 64, fill: SIMD4(v, v, v, 1))
        let plain = fb.rgba8()
        let dithered = fb.rgba8(dither: true)
        func mean(_ b: [UInt8]) -> Double { stride(from: 0, to: b.count, by: 4).reduce(0.0) { $0 + Double(b[$1]) } / Double(b.count / 4) }
        #expect(mean(plain) == 100)
        #expect(abs(mean(dithered) - 100.3) < 0.02)
        #expect(stride(from: 3, to: dithered.count, by: 4).allSatisfy { dithered[$0] == 255 })
    }

    @Test func workerCountDoesNotChangeBytes() {
        var fb = Framebuffer(width: 97, height: 61)
        for y in 0..<61 { for x in 0..<97 { fb[x, y] = SIMD4(Float(x) / 97, Float(y) / 61, 0.5, 1) } }
        #expect(fb.rgba8(dither: true, workers: .single) == fb.rgba8(dither: true, workers: Workers(3)))
    }
}

import Foundation
import Testing
import Raster
@testable import Glass

/// A deterministic test image: SplitMix64 noise in premultiplied RGBA (alpha 1).
func noiseImage(width: Int, height: Int, seed: UInt64 = 1) -> Framebuffer {
    var fb = Framebuffer(width: width, height: height)
    var state = seed
    func next() -> Float {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Float(z >> 40) / Float(1 << 24)
    }
    for y in 0..<height { for x in 0..<width { fb[x, y] = SIMD4(next(), next(), next(), 1) } }
    return fb
}

@Suite("Gaussian blur")
struct BlurTests {
    /// An impulse far from every edge: the blurred image is the 2-D kernel. Its mass must be 1 and its standard
    /// deviation along each axis sigma. Tolerances: mass to 1e-5 (Float rounding of ~1e5 summed values of
    /// order 1e-4); sigma within 2% (the bound; the extended box makes the variance exact, so the
    /// measured error is Float rounding only).
    @Test(arguments: [0.8, 2.0, 6.5, 13.0, 40.0] as [Float])
    func impulseHasUnitMassAndSigma(sigma: Float) {
        let size = Int(sigma * 12) + 21, c = size / 2
        var fb = Framebuffer(width: size, height: size)
        fb[c, c] = SIMD4(1, 1, 1, 1)
        let blur = GaussianBlur(sigma: sigma)
        let all = PixelRect(fb)
        let out = blur.apply(fb, region: all, backdrop: all, workers: Workers(2))
        var mass = 0.0, mx = 0.0, my = 0.0
        for y in 0..<size { for x in 0..<size {
            let v = Double(out[y * size + x].w)
            mass += v; mx += v * Double(x); my += v * Double(y)
        } }
        mx /= mass; my /= mass
        var vx = 0.0, vy = 0.0
        for y in 0..<size { for x in 0..<size {
            let v = Double(out[y * size + x].w)
            vx += v * (Double(x) - mx) * (Double(x) - mx); vy += v * (Double(y) - my) * (Double(y) - my)
        } }
        #expect(abs(mass - 1) < 1e-5)
        #expect(abs(mx - Double(c)) < 1e-3 && abs(my - Double(c)) < 1e-3)
        #expect(abs((vx / mass).squareRoot() / Double(sigma) - 1) < 0.02)
        #expect(abs((vy / mass).squareRoot() / Double(sigma) - 1) < 0.02)
    }

    /// The recursive filter's kernel has exactly the variance asked of it, and unit mass.
    @Test(arguments: [0.8, 1.0, 2.5, 7.0, 30.0] as [Double])
    func recursiveKernelVarianceIsExact(sigma: Double) {
        let k = RecursiveGaussian(sigma: sigma).kernel
        let n = (k.count - 1) / 2
        var mass = 0.0, v = 0.0
        for (i, w) in k.enumerated() { mass += w; v += w * Double((i - n) * (i - n)) }
        #expect(abs(mass - 1) < 1e-9)
        #expect(abs(v / mass - sigma * sigma) < 1e-6 * sigma * sigma)
    }

    /// The kernel is close to the true Gaussian: within 0.5% of the Gaussian's peak everywhere (measured:
    /// 0.27%, most of it from making the variance exact), and it never rises by more than 2e-4 of the peak as
    /// it moves out from the center (Deriche's fit is that smooth; a box cascade ripples by 1% and more).
    @Test(arguments: [3.0, 10.0, 60.0] as [Double])
    func kernelApproximatesGaussian(sigma: Double) {
        let k = GaussianBlur(sigma: Float(sigma)).kernel
        let reach = (k.count - 1) / 2
        let peak = 1 / (sigma * (2 * Double.pi).squareRoot())
        var worst = 0.0
        for i in -reach...reach {
            let g = peak * exp(-Double(i * i) / (2 * sigma * sigma))
            worst = max(worst, abs(k[i + reach] - g) / peak)
        }
        #expect(worst < 0.005, "max deviation \(worst) of the peak")
        for i in 0..<reach { #expect(k[reach + i + 1] <= k[reach + i] + 2e-4 * k[reach]) }
        for i in 0..<reach { #expect(k[reach + i] > -2e-4 * k[reach]) }
    }

    /// The recursive kernel equals direct convolution with its own impulse response, for regions inside and at
    /// the edges of a backdrop smaller than the image. Tolerance 2e-6: the warm-up truncates less than 1e-7 of
    /// the kernel, and results are rounded to Float (values in 0...1, half an ulp is 6e-8).
    @Test(arguments: [(0.5 as Float), 1.7, 4.0, 9.3, 30.0])
    func matchesDirectConvolution(sigma: Float) {
        let fb = noiseImage(width: 53, height: 41)
        let blur = GaussianBlur(sigma: sigma)
        let backdrop = PixelRect(x: 5, y: 3, width: 40, height: 33)
        for region in [backdrop, PixelRect(x: 5, y: 3, width: 9, height: 7), PixelRect(x: 20, y: 14, width: 11, height: 5),
                       PixelRect(x: 36, y: 30, width: 9, height: 6)] {
            let fast = blur.apply(fb, region: region, backdrop: backdrop, workers: Workers(3))
            let slow = blur.reference(fb, region: region, backdrop: backdrop)
            var worst: Float = 0
            for i in fast.indices { worst = max(worst, maxDifference(fast[i], slow[i])) }
            #expect(worst < 2e-6, "sigma \(sigma) region \(region): \(worst)")
        }
    }

    /// Same bytes for 1, 2, 3 and 7 workers.
    @Test func deterministicForAnyWorkerCount() {
        let fb = noiseImage(width: 97, height: 83, seed: 7)
        let blur = GaussianBlur(sigma: 11)
        let region = PixelRect(x: 10, y: 4, width: 70, height: 75)
        let one = blur.apply(fb, region: region, backdrop: PixelRect(fb), workers: .single)
        for n in [2, 3, 7] {
            #expect(blur.apply(fb, region: region, backdrop: PixelRect(fb), workers: Workers(n)) == one)
        }
    }

    /// Mirror edges: a uniform image stays uniform (no darkening at the edges), at any sigma, even one larger
    /// than the image. Tolerance: 1e-6, Double sums rounded to Float.
    @Test func uniformStaysUniform() {
        let fb = Framebuffer(width: 30, height: 20, color: Color(red: 0.3, green: 0.6, blue: 0.9))
        for sigma: Float in [1, 8, 50] {
            let out = GaussianBlur(sigma: sigma).apply(fb, region: PixelRect(fb), backdrop: PixelRect(fb))
            for p in out { #expect(maxDifference(p, fb[0, 0]) < 1e-6) }
        }
    }

    /// The mirror map repeats the edge pixel: ... 1 0 | 0 1 2 3 | 3 2 ...
    @Test func mirrorRepeatsTheEdgePixel() {
        #expect((-3...6).map { mirror($0, 4) } == [2, 1, 0, 0, 1, 2, 3, 3, 2, 1])
        #expect(mirror(-9, 4) == 0 && mirror(13, 4) == 2)
    }
}

/// The largest component difference of two pixels.
func maxDifference(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
    let d = a - b
    return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
}

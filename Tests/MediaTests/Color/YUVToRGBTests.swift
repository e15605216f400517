import ChildProcess
import Foundation
import Testing
@testable import Raster
@testable import Media

/// The yuv420p -> RGB rule (`YUVToRGB`): the kernel against its plain reference, against an independent NumPy
/// computation written from the rule as docs/scene-format.md states it, and against the real-valued matrices.
@Suite struct YUVToRGBTests {
    static let variants = [YUVToRGB(matrix: .bt601, fullRange: false), YUVToRGB(matrix: .bt709, fullRange: false),
                           YUVToRGB(matrix: .bt601, fullRange: true), YUVToRGB(matrix: .bt709, fullRange: true)]

    /// Planes of a `w` x `h` frame: random samples, with every extreme (0, 16, 128, 235, 240, 255) on the
    /// first row and chroma row, where clamping and the range offsets show.
    static func planes(width w: Int, height h: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var out = (0..<YUV420.byteCount(width: w, height: h)).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let extremes: [UInt8] = [0, 16, 128, 235, 240, 255]
        for (i, v) in extremes.enumerated() {
            out[i] = v
            out[w * h + i] = extremes[(i + 2) % 6]
            out[w * h + (w / 2) * (h / 2) + i] = extremes[(i + 4) % 6]
        }
        return out
    }

    static func apply(_ c: YUVToRGB, _ yuv: [UInt8], width w: Int, height h: Int) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        yuv.withUnsafeBytes { src in rgba.withUnsafeMutableBytes { c.apply(yuv: src, width: w, height: h, into: $0) } }
        return rgba
    }

    @Test(arguments: variants)
    func kernelMatchesTheReference(c: YUVToRGB) {
        let yuv = Self.planes(width: 38, height: 26, seed: 7)
        #expect(Self.apply(c, yuv, width: 38, height: 26) == c.reference(yuv: yuv, width: 38, height: 26))
    }

    @Test func coefficientsAreTheDocumentedOnes() {
        #expect(Self.variants.map(\.coefficients) == [[76309, 104597, 132201, 25675, 53279], [76309, 117489, 138438, 13975, 34925],
                                                      [65536, 91881, 116130, 22553, 46802], [65536, 103206, 121609, 12276, 30679]])
    }

    /// Within one level of the real-valued conversion (round(255/219 (Y - 16) + ...)) for every Y, Cb, Cr in
    /// steps of 3: the fixed point loses less than a level.
    /// Every matrix in both ranges.
    static let everyMatrix = YUVToRGB.Matrix.allCases.flatMap { m in [false, true].map { YUVToRGB(matrix: m, fullRange: $0) } }

    @Test(arguments: everyMatrix)
    func withinOneLevelOfTheRealMatrix(c: YUVToRGB) {
        let (kr, kb) = c.matrix.weights
        let kg = 1 - kr - kb
        let (ys, cs, y0) = c.fullRange ? (1.0, 1.0, 0.0) : (255.0 / 219, 255.0 / 224, 16.0)
        var worst = 0.0
        for y in stride(from: 0, through: 255, by: 3) {
            for u in stride(from: 0, through: 255, by: 3) {
                for v in stride(from: 0, through: 255, by: 3) {
                    let l = ys * (Double(y) - y0), cb = cs * (Double(u) - 128), cr = cs * (Double(v) - 128)
                    let real = [l + 2 * (1 - kr) * cr, l - 2 * (1 - kb) * kb / kg * cb - 2 * (1 - kr) * kr / kg * cr, l + 2 * (1 - kb) * cb]
                    let (r, g, b) = c.rgb(y: UInt8(y), cb: UInt8(u), cr: UInt8(v))
                    for (got, want) in zip([r, g, b], real) { worst = max(worst, abs(Double(got) - min(max(want, 0), 255))) }
                }
            }
        }
        #expect(worst <= 1, "\(worst) levels from the real-valued matrix")
    }

    /// NumPy, from the rule's text: coefficients from Kr and Kb, nearest chroma, integer arithmetic with a
    /// floor shift. Shares nothing with the Swift code but the planes.
    static let numpy = """
    import sys, numpy as np
    w, h, matrix, full = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5] == "1"
    d = np.fromfile(sys.argv[1], dtype=np.uint8).astype(np.int64)
    Y = d[:w*h].reshape(h, w); n = (w//2)*(h//2)
    U = d[w*h:w*h+n].reshape(h//2, w//2).repeat(2, 0).repeat(2, 1)
    V = d[w*h+n:w*h+2*n].reshape(h//2, w//2).repeat(2, 0).repeat(2, 1)
    kr, kb = {"bt601": (0.299, 0.114), "bt709": (0.2126, 0.0722), "smpte240m": (0.212, 0.087),
              "bt2020": (0.2627, 0.0593), "fcc": (0.30, 0.11)}[matrix]
    kg = 1 - kr - kb
    c = 1.0 if full else 255/224
    fix = lambda x: int(np.floor(x * 65536 + 0.5))
    cy = fix(1.0 if full else 255/219)
    crv, cbu, cgu, cgv = fix(2*(1-kr)*c), fix(2*(1-kb)*c), fix(2*(1-kb)*kb/kg*c), fix(2*(1-kr)*kr/kg*c)
    y = cy * (Y - (0 if full else 16)); u = U - 128; v = V - 128
    lv = lambda s: np.clip(np.floor_divide(s + 32768, 65536), 0, 255)
    out = np.stack([lv(y + crv*v), lv(y - cgu*u - cgv*v), lv(y + cbu*u), np.full_like(y, 255)], axis=-1)
    sys.stdout.buffer.write(out.astype(np.uint8).tobytes())
    """

    /// A Python 3 that imports NumPy, among those `DevTool` finds.
    static let numpyPython: String? = DevTool.findAll("python3").first { candidate in
        (try? ChildProcess.run(URL(fileURLWithPath: candidate), ["-c", "import numpy"], timeout: 60))?.status == 0
    }

    @Test(.enabled(if: numpyPython != nil, Comment(rawValue: DevTool.missing("python3", package: "python3-numpy"))), arguments: everyMatrix)
    func matchesAnIndependentNumPyComputation(c: YUVToRGB) throws {
        let python = URL(fileURLWithPath: try #require(Self.numpyPython))
        let (w, h) = (64, 48)
        let yuv = Self.planes(width: w, height: h, seed: 11)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-yuv-\(getpid())-\(c.matrix)-\(c.fullRange).yuv")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(yuv).write(to: file)
        let r = try ChildProcess.run(python, ["-c", Self.numpy, file.path, "\(w)", "\(h)", c.matrix.rawValue, c.fullRange ? "1" : "0"], timeout: 60)
        #expect(r.status == 0, "\(r.err)")
        #expect([UInt8](r.stdout) == Self.apply(c, yuv, width: w, height: h))
    }
}

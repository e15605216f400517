import Raster

/// 8-bit RGB of a video frame's decoded yuv420p planes (the Y plane, then Cb, then Cr, each row packed), the
/// inverse of `YUV420`, by an exactly specified integer rule, so that a video backdrop's pixels depend only on
/// the decoder's output (bit-exact by the codec's specification) and never on a build of ffmpeg's swscale.
///
/// The rule, for one pixel at (x, y) with Y its luma and Cb, Cr the chroma samples at (x / 2, y / 2)
/// (each 2 x 2 block shares its chroma sample: nearest, no chroma filtering):
///
///     y' = Y - 16, u = Cb - 128, v = Cr - 128           (limited range; full range: y' = Y)
///     R = clamp((cy y' + crv v + 2^15) >> 16)
///     G = clamp((cy y' - cgu u - cgv v + 2^15) >> 16)
///     B = clamp((cy y' + cbu u + 2^15) >> 16)           (>> rounds toward minus infinity; clamp to 0...255)
///
/// with the coefficients the matrix's Kr, Kb (Kg = 1 - Kr - Kb) give, times 2^16 and rounded to nearest:
/// cy = 255/219 (limited) or 1 (full); crv = 2 (1 - Kr) c, cbu = 2 (1 - Kb) c, cgu = 2 (1 - Kb) Kb / Kg c,
/// cgv = 2 (1 - Kr) Kr / Kg c, where c = 255/224 (limited) or 1 (full), and Kr, Kb the matrix's (`Matrix`).
/// The R, G, B values are sRGB-encoded samples, as a PNG's are.
///
/// `YUVToRGBReference` is the plain per-pixel version the kernel is tested against; `YUVToRGBTests` checks
/// both against an independent NumPy computation of the same rule and against the real-valued matrix.
public struct YUVToRGB: Sendable, Equatable {
    /// The luma weights (`YUVMatrix`, Raster/Color: the tag a decoded scene carries).
    public typealias Matrix = YUVMatrix

    public let matrix: Matrix
    /// Limited ("tv", 16...235 luma) or full ("pc", 0...255) range.
    public let fullRange: Bool
    let cy: Int32, crv: Int32, cbu: Int32, cgu: Int32, cgv: Int32

    public init(matrix: Matrix, fullRange: Bool) {
        (self.matrix, self.fullRange) = (matrix, fullRange)
        let (kr, kb) = matrix.weights
        let kg = 1 - kr - kb
        let c = fullRange ? 1.0 : 255.0 / 224.0
        func fixed(_ x: Double) -> Int32 { Int32((x * 65536).rounded()) }
        cy = fixed(fullRange ? 1 : 255.0 / 219.0)
        crv = fixed(2 * (1 - kr) * c)
        cbu = fixed(2 * (1 - kb) * c)
        cgu = fixed(2 * (1 - kb) * kb / kg * c)
        cgv = fixed(2 * (1 - kr) * kr / kg * c)
    }

    /// The coefficients (cy, crv, cbu, cgu, cgv), for tests and docs.
    public var coefficients: [Int32] { [cy, crv, cbu, cgu, cgv] }

    @inline(__always)
    static func clamp(_ v: Int32) -> UInt8 { UInt8(truncatingIfNeeded: min(max(v >> 16, 0), 255)) }

    /// One pixel's R, G, B.
    @inline(__always)
    public func rgb(y: UInt8, cb: UInt8, cr: UInt8) -> (UInt8, UInt8, UInt8) {
        let yy = cy &* (Int32(y) - (fullRange ? 0 : 16)), u = Int32(cb) - 128, v = Int32(cr) - 128
        let half: Int32 = 1 << 15
        return (Self.clamp(yy &+ crv &* v &+ half), Self.clamp(yy &- cgu &* u &- cgv &* v &+ half),
                Self.clamp(yy &+ cbu &* u &+ half))
    }

    /// Writes the RGBA (alpha 255) of a `width` x `height` frame's yuv420p planes (`YUV420.byteCount`) into
    /// `rgba` (4 bytes a pixel, row after row). Width and height are even.
    public func apply(yuv: UnsafeRawBufferPointer, width w: Int, height h: Int, into rgba: UnsafeMutableRawBufferPointer) {
        precondition(w % 2 == 0 && h % 2 == 0 && yuv.count >= YUV420.byteCount(width: w, height: h) && rgba.count >= w * h * 4,
                     "yuv420p of \(w)x\(h) needs even sides and whole planes")
        let luma = yuv.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let cbPlane = luma + w * h, crPlane = cbPlane + (w / 2) * (h / 2)
        let out = rgba.baseAddress!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let row = luma + y * w, cbRow = cbPlane + (y / 2) * (w / 2), crRow = crPlane + (y / 2) * (w / 2)
            let o = out + y * w * 4
            for x in 0..<w {
                let (r, g, b) = rgb(y: row[x], cb: cbRow[x >> 1], cr: crRow[x >> 1])
                o[4 * x] = r
                o[4 * x + 1] = g
                o[4 * x + 2] = b
                o[4 * x + 3] = 255
            }
        }
    }
}

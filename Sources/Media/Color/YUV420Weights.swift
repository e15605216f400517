import Raster

/// How forkrender writes yuv420p: a matrix and a range (`YUV420Weights` holds each one's integer weights).
public enum YUV420Encoding: Sendable, CaseIterable {
    /// BT.601 (SMPTE 170M), limited range: swscale's default conversion at every size, bit for bit the rule
    /// the kernels' structure was measured on against ffmpeg (`YUV420FFmpegTests`).
    case bt601Limited
    /// BT.709, full range: what every video forkrender writes uses (`video`).
    case bt709Full

    /// The encoding of every H.264 and VP9 video forkrender writes, at any size, tagged in the stream.
    ///
    /// Why one encoding, and this one (measured on 320 x 480 patches of red, green, blue and skin, mean ΔE00
    /// against the RGB frame, docs/architecture.md "Colour of a video"): a reader that honours the tags
    /// reads any tagged stream right, but readers differ in what they do without them: ffmpeg takes BT.601,
    /// players and forkrender's own video backdrop BT.709 from 720 rows, and a reader told BT.709 takes it at
    /// any size. BT.709 is the matrix of sRGB's own primaries, the one every HD reader expects. Limited-range
    /// BT.709 loses 12 levels of pure blue in Chromium 156's software path (libyuv's 8-bit coefficient for
    /// it saturates: blue 243 for 255, ΔE00 1.52), full range does not (0.13): full range is also 256
    /// levels of luma instead of 220, less banding in the glass's faint gradients.
    public static let video = YUV420Encoding.bt709Full

    public var matrix: YUVMatrix { self == .bt709Full ? .bt709 : .bt601 }
    public var fullRange: Bool { self == .bt709Full }
}

/// The R, G, B weights of Y, Cb and Cr for one encoding, times 2^15, with Y's offset and rounding.
///
/// BT.601 limited: swscale's (libswscale/utils.c `fill_rgb2yuv_table` from its `ff_yuv2rgb_coeffs` entry
/// 104597, 132201, 25675, 53279), its Cr G weight taken one nearer 0 so that grey's chroma is 128 exactly.
/// BT.709 full: Kr 0.2126, Kb 0.0722 (Kg 0.7152) times 2^15, Cb and Cr with half the full swing
/// (0.5 / (1 - Kb), 0.5 / (1 - Kr)), each rounded to nearest with the row's largest weight adjusted so that
/// Y's weights sum to 2^15 (white is 255) and Cb's and Cr's to 0 (grey is 128).
///
/// Scalar literals on types, not a table: the kernels are generic over the weights and specialized per
/// encoding, so the optimizer knows they fit 16 bits and multiplies with SSE2's 16-bit multiplies (pmullw,
/// pmulhw, pmaddwd) instead of emulating 32-bit ones (pmuludq, which a table of SIMD3 values loaded at run
/// time got).
protocol YUV420Weights {
    static var ry: Int32 { get }
    static var gy: Int32 { get }
    static var by: Int32 { get }
    static var ru: Int32 { get }
    static var gu: Int32 { get }
    static var bu: Int32 { get }
    static var rv: Int32 { get }
    static var gv: Int32 { get }
    static var bv: Int32 { get }
    /// Y's offset and rounding in 2^15 fixed point: 16.5 limited, 0.5 full.
    static var lumaRound: Int32 { get }
}

enum BT601LimitedWeights: YUV420Weights {
    @inline(__always) static var ry: Int32 { 8414 }
    @inline(__always) static var gy: Int32 { 16519 }
    @inline(__always) static var by: Int32 { 3208 }
    @inline(__always) static var ru: Int32 { -4857 }
    @inline(__always) static var gu: Int32 { -9535 }
    @inline(__always) static var bu: Int32 { 14392 }
    @inline(__always) static var rv: Int32 { 14392 }
    @inline(__always) static var gv: Int32 { -12051 }
    @inline(__always) static var bv: Int32 { -2341 }
    @inline(__always) static var lumaRound: Int32 { (16 << 15) + (1 << 14) }
}

enum BT709FullWeights: YUV420Weights {
    @inline(__always) static var ry: Int32 { 6966 }
    @inline(__always) static var gy: Int32 { 23436 }
    @inline(__always) static var by: Int32 { 2366 }
    @inline(__always) static var ru: Int32 { -3754 }
    @inline(__always) static var gu: Int32 { -12630 }
    @inline(__always) static var bu: Int32 { 16384 }
    @inline(__always) static var rv: Int32 { 16384 }
    @inline(__always) static var gv: Int32 { -14882 }
    @inline(__always) static var bv: Int32 { -1502 }
    @inline(__always) static var lumaRound: Int32 { 1 << 14 }
}

extension YUV420Weights {
    /// One pixel's Y from its 8-bit R, G, B.
    @inline(__always)
    static func y(_ r: Int32, _ g: Int32, _ b: Int32) -> Int32 {
        (ry &* r &+ gy &* g &+ by &* b &+ lumaRound) >> 15
    }

    /// Cb of two horizontal neighbours with 6 fractional bits (128 * 64 for grey), from the sums of their R, G
    /// and B: swscale's `(w . rgb + (256 << 15) + (1 << 9)) >> 10`.
    @inline(__always)
    static func cb(_ r2: Int32, _ g2: Int32, _ b2: Int32) -> Int32 {
        (ru &* r2 &+ gu &* g2 &+ bu &* b2 &+ YUV420.chromaRound) >> 10
    }

    /// Cr of two horizontal neighbours, as `cb`.
    @inline(__always)
    static func cr(_ r2: Int32, _ g2: Int32, _ b2: Int32) -> Int32 {
        (rv &* r2 &+ gv &* g2 &+ bv &* b2 &+ YUV420.chromaRound) >> 10
    }
}

extension YUV420 {
    /// The weights of `encoding`.
    static func weights(_ encoding: YUV420Encoding) -> any YUV420Weights.Type {
        switch encoding {
        case .bt601Limited: BT601LimitedWeights.self
        case .bt709Full: BT709FullWeights.self
        }
    }
}

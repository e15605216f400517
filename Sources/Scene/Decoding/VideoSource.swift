import Foundation
import Raster

/// A backdrop video as ffprobe describes it, checked against the budgets, with the rule that picks the video
/// frame each scene frame shows. Render code reads it as is (`VideoDecoder` decodes its frames).
///
/// Timing, exact for any frame range, shard or thread count: the video is taken as a constant-rate stream at its
/// nominal rate r = rNum / rDen (ffprobe's `r_frame_rate`; ffmpeg's `fps` filter makes any stream one, so
/// video frame k is the picture shown at k / r). `start` is rounded to the nearest video frame s (halves up).
/// Scene frame n, at time n / fps with fps = fNum / fDen, shows video frame
///
///     k = s + floor(n x rNum x fDen / (rDen x fNum))         (integers: no rounding can differ)
///
/// then, past the clip's N frames, k mod N (`loop`) or N - 1 (held).
public struct VideoSource: Sendable, Equatable {
    public let file: String
    public let width: Int
    public let height: Int
    public let codec: String
    /// "yuv420p" or "yuvj420p": the decoder's own output, handed over unconverted.
    public let pixelFormat: String
    public let rateNumerator: Int
    public let rateDenominator: Int
    /// N: the frames of the stream (its packets, counted by ffprobe).
    public let frameCount: Int
    public let duration: Double
    public let colors: YUVToRGB
    /// s: the first frame shown, `start` rounded to a video frame.
    public let startFrame: Int
    public let loop: Bool
    /// The scene's frame rate as an exact fraction.
    public let sceneRate: (numerator: Int, denominator: Int)

    public static func == (a: VideoSource, b: VideoSource) -> Bool {
        a.file == b.file && a.startFrame == b.startFrame && a.loop == b.loop && a.frameCount == b.frameCount
            && a.sceneRate == b.sceneRate && a.rateNumerator == b.rateNumerator && a.rateDenominator == b.rateDenominator
    }

    /// The video frame scene frame `n` shows (0 ..< frameCount).
    public func frame(forSceneFrame n: Int) -> Int {
        let k = startFrame + (n * rateNumerator * sceneRate.denominator) / (rateDenominator * sceneRate.numerator)
        return k < frameCount ? k : loop ? k % frameCount : frameCount - 1
    }

    /// Bytes of one decoded frame (yuv420p).
    public var frameBytes: Int { YUV420.byteCount(width: width, height: height) }

    /// The frame rate ffmpeg's `fps` filter is given: the exact fraction.
    public var rate: String { "\(rateNumerator)/\(rateDenominator)" }

    /// `fps` as a fraction fNum / fDen: exact for whole rates and for decimals of up to three places (29.97
    /// is 2997/100); otherwise the nearest thousandth.
    static func fraction(_ fps: Double) -> (numerator: Int, denominator: Int) {
        for d in [1, 1001, 10, 100, 1000] {
            let n = (fps * Double(d)).rounded()
            if abs(n / Double(d) - fps) <= 1e-9 * fps { return reduced(Int(n), d) }
        }
        return reduced(Int((fps * 1000).rounded()), 1000)
    }

    static func reduced(_ n: Int, _ d: Int) -> (numerator: Int, denominator: Int) {
        var (a, b) = (n, d)
        while b != 0 { (a, b) = (b, a % b) }
        return (n / max(a, 1), d / max(a, 1))
    }
}

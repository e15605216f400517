import Foundation
import Raster

/// A backdrop video as ffprobe describes it, checked against the budgets, with the rule that picks the video
/// frame each scene frame shows. Render code reads it as is (Media's `VideoDecoder` decodes its frames).
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
    /// The ffmpeg executable that decodes it (Media's `VideoDecoder`), found at decode by the resolver: a scene whose
    /// video nothing can decode is refused there, not rendered without its backdrop.
    public let decoder: String
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
    public let colors: VideoColors
    /// s: the first frame shown, `start` rounded to a video frame.
    public let startFrame: Int
    public let loop: Bool
    /// The scene's frame rate as an exact fraction.
    public let sceneRate: (numerator: Int, denominator: Int)

    /// Every field (written out only because the scene rate is a tuple).
    public static func == (a: VideoSource, b: VideoSource) -> Bool {
        a.file == b.file && a.decoder == b.decoder && a.width == b.width && a.height == b.height && a.codec == b.codec
            && a.pixelFormat == b.pixelFormat
            && a.rateNumerator == b.rateNumerator && a.rateDenominator == b.rateDenominator && a.frameCount == b.frameCount
            && a.duration == b.duration && a.colors == b.colors && a.startFrame == b.startFrame && a.loop == b.loop
            && a.sceneRate == b.sceneRate
    }

    /// The video frame scene frame `n` shows (0 ..< frameCount).
    public func frame(forSceneFrame n: Int) -> Int {
        let k = startFrame + (n * rateNumerator * sceneRate.denominator) / (rateDenominator * sceneRate.numerator)
        return k < frameCount ? k : loop ? k % frameCount : frameCount - 1
    }

    /// The frame rate ffmpeg's `fps` filter is given: the exact fraction.
    public var rate: String { "\(rateNumerator)/\(rateDenominator)" }

    /// `fps` as a fraction fNum / fDen: the first convergent of its continued fraction within a billionth of it
    /// (29.97 is 2997/100, 30000/1001 written as 29.97002997002997 is 30000/1001, 1/3 written as 0.3333333333333333
    /// is 1/3), the denominator at most `maxDenominator` (then the last convergent under it).
    ///
    /// With fps in 0.001 ... 1000 (`SceneDecoder`), fNum <= 10^9; with scene frames <= 216,000 and the video's
    /// rNum, rDen <= 10^6, n x rNum x fDen <= 2.2 x 10^17 and rDen x fNum <= 10^15: no product overflows.
    static func fraction(_ fps: Double) -> (numerator: Int, denominator: Int) {
        // Convergents h / k from h(-1) / k(-1) = 1 / 0 and h(-2) / k(-2) = 0 / 1.
        var (h, k, h1, k1) = (1, 0, 0, 1)
        var x = fps
        while true {
            let a = x.rounded(.down)
            // The bound checked in Double first: past it, the Int products below could overflow.
            guard a * Double(k) + Double(k1) <= Double(maxDenominator) else { break }
            let (nh, nk) = (Int(a) * h + h1, Int(a) * k + k1)
            (h, k, h1, k1) = (nh, nk, h, k)
            let rest = x - a
            if abs(Double(h) / Double(k) - fps) <= 1e-9 * fps || rest <= 0 { break }
            x = 1 / rest
        }
        return (h, k)
    }

    /// The largest scene-rate denominator `fraction` gives.
    static let maxDenominator = 1_000_000
}

/// The colours a video's tags ask for: the matrix of its `color_space` tag (or the size's default), and full
/// ("pc") or limited range. Media's `YUVToRGB` converts by them.
public struct VideoColors: Sendable, Equatable {
    public let matrix: YUVMatrix
    public let fullRange: Bool

    public init(matrix: YUVMatrix, fullRange: Bool) {
        self.matrix = matrix
        self.fullRange = fullRange
    }
}

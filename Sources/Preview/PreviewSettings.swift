import Raster
import SceneFormat
import Compose
import Output
import Regression

/// What one rendered view depends on besides the frame: the switches of the page. nil keeps the scene's own.
public struct PreviewSettings: Hashable, Sendable {
    public var appearance: Appearance?
    public var platform: Platform?
    public var reduceTransparency: Bool?
    /// The safe-area guides of the scene's device: shown (true) or hidden (false) whatever the scene's
    /// `"safeArea"` says; nil: as the scene says.
    public var safeArea: Bool?
    public init(appearance: Appearance? = nil, platform: Platform? = nil, reduceTransparency: Bool? = nil,
                safeArea: Bool? = nil) {
        self.appearance = appearance
        self.platform = platform
        self.reduceTransparency = reduceTransparency
        self.safeArea = safeArea
    }

    /// The tier switch's names and the platform each previews (frosted as iOS 18, as in the tier sheet).
    public static let tiers: [(String, Platform)] = TierSheet.columns.filter { !$0.2 }.map { ($0.0, $0.1) }
}

/// One `/frame.png` request, validated.
public struct FrameRequest: Hashable, Sendable {
    public var frame: Int
    /// The tilt held for the whole scene instead of its keyframes; nil: the scene's own tilt.
    public var tilt: Tilt?
    public var settings: PreviewSettings
    /// The request's tilt as the one render parameter every route takes (`TiltOverride`): nil, the scene's own.
    public var tiltOverride: TiltOverride? { tilt.map { .fixed($0) } }
    public init(frame: Int, tilt: Tilt? = nil, settings: PreviewSettings = PreviewSettings()) {
        self.frame = frame
        self.tilt = tilt
        self.settings = settings
    }
}

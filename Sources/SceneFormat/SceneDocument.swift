import Raster

/// A validated scene: every value checked, every default resolved. Rendering consumes this and never sees JSON.
///
/// Units: coordinates and sizes in points (the canvas scale maps them to pixels), time in seconds.
public struct SceneDocument: Sendable {
    /// The plane's configuration holds the canvas's bounds, filled in at decode. A command that renders at
    /// another scale asks the decoder (`SceneDecoder.scale`), which checks the budgets at that scale: nothing
    /// changes a decoded document's canvas, so the two never disagree.
    public let canvas: Canvas
    public internal(set) var appearance: Appearance
    public internal(set) var platform: Platform
    public internal(set) var reduceTransparency: Bool
    public internal(set) var blending: BlendSpace
    public internal(set) var dither: Bool
    public internal(set) var duration: Double
    public internal(set) var fps: Double
    public internal(set) var seed: UInt64
    public internal(set) var tilt: Keyframes<Tilt>
    public internal(set) var plane: PlaneSpec
    public internal(set) var glass: GlassSpec
    public internal(set) var content: ContentSpec
    public internal(set) var check: CheckSpec
    /// Things the renderer wants the user to know that are not errors (a font that fell back, a clamped radius).
    public internal(set) var notes: [String]
    /// What librsvg and the libraries under it (Pango, cairo, gdk-pixbuf) logged while a symbol was parsed and
    /// drawn at decode: one warning per symbol naming its JSON path, an error under `--strict` (also in `notes`).
    public internal(set) var symbolWarnings: [SceneError] = []

    /// Number of frames: duration x fps, rounded to the nearest whole frame, at least one.
    public var frameCount: Int { max(1, Int(checked: duration * fps, .toNearestOrAwayFromZero)) }

    /// The time of a frame, in seconds.
    public func time(ofFrame i: Int) -> Double { Double(i) / fps }

    /// This document without its content items: what the legibility report draws content over.
    package var withoutContent: SceneDocument {
        var d = self
        d.content.items = []
        return d
    }

    /// The files the scene reads besides its own (a backdrop image), which the preview watches.
    public var inputFiles: [String] { plane.backdrop.map { [$0.file] } ?? [] }
}

public struct Canvas: Sendable, Hashable {
    /// Size in points.
    public internal(set) var width: Float
    public internal(set) var height: Float
    /// Pixels per point (3 for a 390 x 844 pt iPhone at 1170 x 2532 px).
    public internal(set) var scale: Float
    /// The device the canvas is sized for (`"device"`), with its safe area; nil for a size typed by hand.
    public internal(set) var device: DeviceScreen?
    /// Whether frames show the device's safe-area guides: the scene's `"safeArea"`, for the commands that review a
    /// scene (`sheet`, the preview: `SceneDecoder.safeAreaGuides`); never in rendered frames unless asked.
    public internal(set) var guides = false
    /// The plane's fill when the scene (`"background"`) or the command line (`--background`) names one: a colour,
    /// or transparent black for `"transparent"`; nil: the appearance's systemGroupedBackground.
    public internal(set) var background: Color?

    /// Whether frames carry alpha: the background is not opaque, so a pixel's alpha is the plane's own coverage
    /// (the backdrop's and the dots') with the glass and content over it.
    public var isTransparent: Bool { (background?.alpha ?? 1) < 1 }

    public init(width: Float, height: Float, scale: Float) {
        self.width = width
        self.height = height
        self.scale = scale
    }

    public var pixelWidth: Int { Int(checked: width * scale, .toNearestOrAwayFromZero) }
    public var pixelHeight: Int { Int(checked: height * scale, .toNearestOrAwayFromZero) }
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }
}

extension SceneDocument {
    /// A sweep across the full range: roll from -max to +max while pitch goes from +max/2 to -max/2, linearly
    /// over the whole duration, so every highlight position shows up in one preview (`SceneDecoder.tilt`'s
    /// `.sweep`, `--tilt-sweep`).
    public static func sweep(duration: Double, maxAngle: Double = 0.6) -> Keyframes<Tilt> {
        Keyframes([
            .init(time: 0, value: Tilt(pitch: maxAngle / 2, roll: -maxAngle), easing: .linear),
            .init(time: duration, value: Tilt(pitch: -maxAngle / 2, roll: maxAngle), easing: .linear),
        ])
    }

    /// `count` tilts evenly spaced along `sweep` (its first and last included).
    public static func sweepTilts(count: Int, maxAngle: Double = 0.6) -> [Tilt] {
        (0..<count).map { k in
            let p = count > 1 ? Double(k) / Double(count - 1) : 0.5
            return Tilt(pitch: maxAngle / 2 - maxAngle * p, roll: -maxAngle + 2 * maxAngle * p)
        }
    }

    /// The tilt at time t (level when the scene has no keyframes).
    public func tilt(at t: Double) -> Tilt { tilt.tilt(at: t) }
}

extension Keyframes where Value == Tilt {
    /// The tilt at time t (level when there are no keyframes).
    public func tilt(at t: Double) -> Tilt {
        value(at: t) { a, b, p in a.interpolated(to: b, p) } ?? .level
    }
}

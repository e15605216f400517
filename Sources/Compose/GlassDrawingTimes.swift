import Dispatch
import Glass
import Raster
import SceneFormat

/// What one drawing of the glass layer (a surface of a non-liquid tier, or a liquid shape with its panels: see
/// `GlassLayer.Drawing`) cost over a run, summed over the frames that drew it: the per-drawing breakdown of the
/// glass stage that `forkrender bench` prints (like resvg's `--perf`), so that a scene's author sees which panel
/// the time goes to.
public struct GlassDrawingTime: Sendable, Equatable {
    /// The drawing's surface key (`GlassPanelSpec.surfaceKey`: `panel:2`, `container:controls`), what it is
    /// recognised by from frame to frame.
    public var slot: String
    /// The panels it draws: their ids (or JSON paths, `glass[2]`, when they have none), comma-separated.
    public var label: String
    public var tier: Tier
    /// Wall seconds in the drawing's kernel (Frost or LiquidGlass), summed over frames.
    public var seconds: Double
    /// Pixels of the rectangles the drawing may write (`Drawing.writtenRegions`), summed over frames.
    public var pixels: Int
    /// Of `pixels`, those copied unchanged from an earlier frame instead of computed (`GlassReuse`).
    public var reusedPixels: Int
    /// Frames that drew it.
    public var frames: Int

    /// The share of `pixels` reused, 0 when it wrote none.
    public var reusedShare: Double { pixels > 0 ? Double(reusedPixels) / Double(pixels) : 0 }
}

/// Every drawing's `GlassDrawingTime`, in the order each was first drawn.
public struct GlassDrawingTimes: Sendable {
    public private(set) var drawings: [GlassDrawingTime] = []
    private var index: [String: Int] = [:]

    public init() {}

    /// Adds one frame of the drawing at `slot`; `label` is asked for the first time the slot is seen only.
    mutating func add(slot: String, label: () -> String, tier: Tier, seconds: Double, pixels: Int, reusedPixels: Int = 0) {
        if let k = index[slot] {
            drawings[k].seconds += seconds
            drawings[k].pixels += pixels
            drawings[k].reusedPixels += reusedPixels
            drawings[k].frames += 1
        } else {
            index[slot] = drawings.count
            drawings.append(GlassDrawingTime(slot: slot, label: label(), tier: tier, seconds: seconds, pixels: pixels,
                                             reusedPixels: reusedPixels, frames: 1))
        }
    }
}

extension GlassLayer {
    /// `render(plane:record:into:time:workers:times:)` for a caller that wants no breakdown and keeps no panel
    /// between frames (tests, the glass stage's benchmark). Returns rectangles that hold every pixel it may have
    /// written (one per drawing), for the frame slot to restore from the plane next time.
    @discardableResult
    func render(plane: Framebuffer, into frame: inout Framebuffer, time: Double, workers: Workers) -> [PixelRect] {
        var times = GlassDrawingTimes()
        return render(plane: plane, record: nil, into: &frame, time: time, workers: workers, times: &times).map(\.rect)
    }

    /// Adds `drawing`, drawn (or copied, `reused` of its pixels) since `start`, to `times`.
    func record(_ drawing: Drawing, since start: DispatchTime, canvas: PixelRect, reused: Int,
                into times: inout GlassDrawingTimes) {
        let seconds = start.secondsSince
        let pixels = drawing.writtenRegions(canvas: canvas).reduce(0) { $0 + $1.width * $1.height }
        let tier: Tier, slot: String
        switch drawing {
        case .surface(let s, _, _, let key): (tier, slot) = (s.tier, key)
        case .liquid(_, _, _, let key, _): (tier, slot) = (.liquid, key)
        }
        let panels = document.glass.panels
        times.add(slot: slot, label: {
            panels.indices.filter { panels[$0].surfaceKey(index: $0) == slot }.map { panels[$0].id ?? panels[$0].path }.joined(separator: ", ")
        }, tier: tier, seconds: seconds, pixels: pixels, reusedPixels: reused)
    }
}

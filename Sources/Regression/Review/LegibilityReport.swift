import Foundation
import Content
import Raster
import SceneFormat
import Compose

/// The legibility report: every label and symbol measured against the actual pixels behind it in every frame
/// rendered, the worst case kept with where and when it happens, and the material guidance checked.
///
/// The figures do not depend on the render scale: each compares the content's ink with its backdrop over the
/// content's area (`ContrastSample`), so `lint --scale 1` gives the figures of the device scale within 2%.
///
/// Flags (each a short code and a sentence):
/// - `contrast`: the worst WCAG ratio or APCA |Lc| is below the threshold for the item's size
///   (LegibilityThreshold; symbols use the non-text thresholds),
/// - `quaternary-on-thin`: quaternaryLabel on a thin or ultraThin material ("not recommended ... because the
///   contrast is too low", Apple's material guidance),
/// - `non-vibrant`: a plain color on a material ("avoid using non-vibrant colors on top of it"),
/// - `off-panel`: the item's ink lies wholly or partly outside the frame of the panel it is `on` (any item;
///   fills and separators get an entry only for this flag),
/// - `font-fallback`: the requested font was not found and another face stood in (only under `strict`).
public struct LegibilityReport: Sendable {
    public struct Entry: Sendable {
        public var path: String
        public var id: String?
        public var kind: String
        public var text: String?
        public var color: String
        public var panel: String?
        public var material: String?
        /// Size in points (labels), nil for symbols.
        public var size: Float?
        public var threshold: LegibilityThreshold
        /// Worst WCAG ratio over the frames, when and where (canvas points).
        public var wcag: Float?
        public var apca: Float?
        public var worstTime: Double?
        public var worstPoint: Point?
        public var flags: [Flag]
        /// The item's states (`ContentState`), each measured over the frames it is in effect: its time, its
        /// color and its worst figures (nil when no frame measured showed it).
        public var states: [StateFigures] = []
    }

    public struct StateFigures: Sendable {
        public var time: Double
        public var color: String
        public var wcag: Float?
        public var apca: Float?
    }

    public struct Flag: Sendable, Hashable {
        public var code: String
        public var message: String
    }

    public var entries: [Entry]
    /// Items not measured or scene-level problems (font fallbacks).
    public var warnings: [String]
    public var frames: Int
    public var strict: Bool

    public var flagCount: Int { entries.reduce(0) { $0 + $1.flags.count } }
    /// True when nothing is flagged (under strict, font warnings count too).
    public var passes: Bool { flagCount == 0 && (!strict || warnings.isEmpty) }
}

public enum LegibilityAudit {
    /// Renders `frames` (default: all) of the scene and measures its content; `tilt` lights the glass instead
    /// of the scene's keyframes (the preview's tilt pad). Throws, naming what is missing, when a frame cannot be
    /// drawn whole (a backdrop video frame ffmpeg did not deliver): contrast measured against a frame without its
    /// backdrop would be a figure of a frame that is never shown.
    public static func run(document: SceneDocument, frames: [Int]? = nil, strict: Bool = false,
                           workers: Workers = .allCores, tilt: TiltOverride? = nil) throws(SceneError) -> LegibilityReport {
        let list = frames ?? Array(0..<document.frameCount)
        let tallies = try measure(document, frames: list, workers: workers, tilt: document.tilt(under: tilt))
        var entries: [LegibilityReport.Entry] = []
        var warnings = (document.content.fontWarnings + document.symbolWarnings).map { "\($0.path): \($0.message)" }
        for (i, item) in document.content.items.enumerated() {
            if let e = entry(item, tallies[i], document: document, warnings: &warnings) { entries.append(e) }
        }
        return LegibilityReport(entries: entries, warnings: warnings, frames: list.count, strict: strict)
    }

    /// What the frames showed of one item: its worst contrast, and whether its ink left its panel.
    struct Tally {
        var worst: (wcag: Float, apca: Float, time: Double, pixel: SIMD2<Int>)?
        var outside: (wholly: Bool, time: Double)?
        /// The worst figures in each state, by state index, over the frames where the state is settled: the
        /// crossfade into it shows a mix of two colors, which is neither state's figure (it still counts in
        /// the item's worst).
        var states: [Int: (wcag: Float, apca: Float)] = [:]

        mutating func add(_ s: ContrastSample, time t: Double, state: Int?) {
            if let state { states[state] = states[state].map { (min($0.wcag, s.wcag), min($0.apca, s.apca)) } ?? (s.wcag, s.apca) }
            guard let w = worst else { worst = (s.wcag, s.apca, t, s.pixel); return }
            worst = (min(w.wcag, s.wcag), min(w.apca, s.apca), s.wcag < w.wcag ? t : w.time, s.wcag < w.wcag ? s.pixel : w.pixel)
        }

        mutating func add(outside wholly: Bool?, time t: Double) {
            guard let wholly, outside == nil || (wholly && outside?.wholly == false) else { return }
            outside = (wholly, t)
        }
    }

    /// Renders each frame without content, then draws the content over it, measuring each label and symbol
    /// (`ContrastSample`, in the frames where it is fully present: an item appearing or disappearing is not yet
    /// or no longer there to be read) and checking each item's ink against its panel.
    static func measure(_ document: SceneDocument, frames: [Int], workers: Workers, tilt: Keyframes<Tilt>) throws(SceneError) -> [Tally] {
        var compositor = Compositor(document: document.withoutContent, workers: workers)
        compositor.setTilt(tilt)
        let layer = ContentLayer(document: document)
        let items = document.content.items
        let width = document.canvas.pixelWidth, height = document.canvas.pixelHeight
        var tallies = [Tally](repeating: Tally(), count: items.count)
        for i in frames {
            let t = document.time(ofFrame: i)
            _ = try draw(document, frame: i, compositor: &compositor, layer: layer, workers: workers) { index, mask, pose, backdrop, ink in
                let item = items[index]
                if let on = item.on, let panel = document.content.panels.placement(of: on, at: t) {
                    tallies[index].add(outside: outside(mask, panel: panel, scale: document.canvas.scale), time: t)
                }
                guard item.isMeasured, pose.presence == 1,
                      let s = ContrastSample.measure(mask, backdrop: backdrop, inkAt: ink, width: width, height: height) else { return }
                tallies[index].add(s, time: t, state: item.timeline.settledState(at: t))
            }
        }
        return tallies
    }

    /// Draws frame `i` for measuring: the frame without content, then the content over it. `visit` sees each
    /// item as it is drawn: its index, its mask, its pose, the backdrop behind it before it was drawn (device
    /// pixels inside the mask) and its ink at a pixel over a backdrop color (under a selection lens, the lens's
    /// colour by its coverage). Returns the finished frame.
    static func draw(_ document: SceneDocument, frame i: Int, compositor: inout Compositor, layer: ContentLayer, workers: Workers,
                     visit: (_ index: Int, _ mask: CoverageMask, _ pose: ContentPose, _ backdrop: (Int, Int) -> Color,
                             _ ink: (Int, Int, Color) -> Color) -> Void) throws(SceneError) -> Framebuffer {
        var frame = try compositor.renderWhole(frame: i)
        let t = document.time(ofFrame: i)
        let space = frame.space, items = document.content.items
        withoutActuallyEscaping(visit) { visit in
            _ = layer.render(into: &frame, time: t, workers: workers) { index, mask, paint, before in
                let pose = items[index].timeline.pose(at: t)
                let ink = layer.ink(on: items[index].on, at: t, { paint.ink(over: $0, opacity: pose.opacity, space: space) },
                                    lensInk: { Paint.plain($1).ink(over: $0, opacity: pose.opacity, space: space) })
                visit(index, mask, pose, { x, y in before[(y - mask.originY) * mask.width + x - mask.originX] }, ink)
            }
        }
        return frame
    }

    /// Whether an item's ink (the pixels its mask covers) lies wholly (true) or partly (false) outside its
    /// panel's frame (as drawn, with its press scale), or nil when inside. The panel is rounded out to whole
    /// pixels, so anti-aliasing at an edge the item shares with the panel is inside.
    static func outside(_ mask: CoverageMask, panel: PanelPlacement, scale: Float) -> Bool? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<mask.height {
            for x in 0..<mask.width where mask[x, y] > 0 {
                x0 = min(x0, x); x1 = max(x1, x + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
            }
        }
        guard x0 < x1 else { return nil }
        let a = panel.canvasPoint(Point(0, 0)) * scale
        let b = panel.canvasPoint(Point(panel.frame.width, panel.frame.height)) * scale
        let px0 = Int(a.x.rounded(.down)), py0 = Int(a.y.rounded(.down))
        let px1 = Int(b.x.rounded(.up)), py1 = Int(b.y.rounded(.up))
        let ix0 = mask.originX + x0, ix1 = mask.originX + x1, iy0 = mask.originY + y0, iy1 = mask.originY + y1
        if ix1 <= px0 || ix0 >= px1 || iy1 <= py0 || iy0 >= py1 { return true }
        if ix0 < px0 || ix1 > px1 || iy0 < py0 || iy1 > py1 { return false }
        return nil
    }

    /// The report's entry for one item: labels and symbols always, fills and separators when flagged.
    static func entry(_ item: ContentItem, _ tally: Tally, document: SceneDocument,
                      warnings: inout [String]) -> LegibilityReport.Entry? {
        let size: Float?, threshold: LegibilityThreshold
        switch item.kind {
        case .label(let l):
            size = l.style.size
            threshold = .text(size: l.style.size, weight: l.font.request.weight)
        default:
            size = nil
            threshold = .symbol
        }
        let material = item.on.flatMap { document.content.panels.placement(of: $0, at: 0)?.material }
        var e = LegibilityReport.Entry(path: item.path, id: item.id, kind: item.kindName, text: item.text,
                                       color: item.color.name, panel: item.on, material: material?.rawValue, size: size,
                                       threshold: threshold, flags: [])
        if let w = tally.worst {
            e.wcag = w.wcag
            e.apca = w.apca
            e.worstTime = w.time
            e.worstPoint = Point(Float(w.pixel.x) + 0.5, Float(w.pixel.y) + 0.5) / document.canvas.scale
            var short: [String] = []
            if w.wcag < threshold.wcag { short.append("WCAG \(fmt(floored(w.wcag))):1 < \(fmt(threshold.wcag)):1") }
            if w.apca < threshold.apca { short.append("APCA Lc \(fmt(floored(w.apca))) < \(fmt(threshold.apca))") }
            if !short.isEmpty {
                e.flags.append(.init(code: "contrast", message: short.joined(separator: ", ")))
            }
        } else if item.isMeasured {
            warnings.append("\(item.path): not measured (off the canvas in every frame)")
        }
        if let o = tally.outside, let on = item.on {
            e.flags.append(.init(code: "off-panel",
                                 message: "lies \(o.wholly ? "wholly" : "partly") outside panel '\(on)' at t=\(String(format: "%.2f", o.time))s; its coordinates are the panel's, from its top-left corner"))
        }
        guard item.isMeasured else { return e.flags.isEmpty ? nil : e }
        e.states = item.timeline.states.enumerated().map { k, state in
            LegibilityReport.StateFigures(time: state.time, color: state.color.name, wcag: tally.states[k]?.wcag,
                                          apca: tally.states[k]?.apca)
        }
        for st in e.states where st.wcag == nil {
            warnings.append("\(item.path): its state at t=\(String(format: "%.2f", st.time))s (\(st.color)) was not measured: no frame linted shows it")
        }
        if case .vibrancy(.quaternaryLabel) = item.color, let material, material == .thin || material == .ultraThin {
            e.flags.append(.init(code: "quaternary-on-thin",
                                 message: "quaternaryLabel on \(material.rawValue) material: its contrast is too low there"))
        }
        if case .plain = item.color, item.on != nil {
            e.flags.append(.init(code: "non-vibrant",
                                 message: "plain color on \(material?.rawValue ?? "a") material; use a vibrancy level"))
        }
        return e
    }

    static func fmt(_ v: Float) -> String { fmt(Double(v)) }
    static func fmt(_ v: Double) -> String { String(format: "%.1f", v) }

    /// A measured figure rounded down to `digits` decimals, so that a figure under its minimum never prints as
    /// the minimum (a WCAG ratio of 2.97 against 3.0 prints 2.9).
    public static func floored(_ v: Float, _ digits: Int = 1) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (Double(v) * scale).rounded(.down) / scale
    }
}


extension ContentItem {
    /// Whether the legibility report measures the item's contrast: labels and symbols (fills and separators
    /// are backgrounds and rules, not content to read).
    var isMeasured: Bool {
        switch kind {
        case .label, .symbol: return true
        case .fill, .separator: return false
        }
    }
}

extension ContentTimeline {
    /// The state settled at `t`: the last one started whose crossfade has ended (`t >= time + duration`), nil
    /// before the first and while a crossfade runs. At `t == time` a crossfading state still shows the color
    /// before it, and a state whose crossfade the next one interrupts is never settled.
    func settledState(at t: Double) -> Int? {
        guard let k = states.lastIndex(where: { $0.time <= t }) else { return nil }
        let s = states[k]
        return s.duration == 0 || t >= s.time + s.duration ? k : nil
    }
}

import Content
import Raster

/// The legibility report: every label and symbol measured against the actual pixels behind it in every frame
/// rendered, the worst case kept with where and when it happens, and the material guidance checked.
///
/// Flags (each a short code and a sentence):
/// - `contrast`: the worst WCAG ratio or APCA |Lc| is below the threshold for the item's size
///   (LegibilityThreshold; symbols use the non-text thresholds),
/// - `quaternary-on-thin`: quaternaryLabel on a thin or ultraThin material ("not recommended ... because the
///   contrast is too low", Apple's material guidance),
/// - `non-vibrant`: a plain color on a material ("avoid using non-vibrant colors on top of it"),
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
    /// Renders `frames` (default: all) of the scene and measures its content.
    public static func run(document: SceneDocument, frames: [Int]? = nil, strict: Bool = false,
                           workers: Workers = .allCores) -> LegibilityReport {
        var backdropDoc = document
        backdropDoc.content.items = []
        var compositor = Compositor(document: backdropDoc, workers: workers)
        let layer = ContentLayer(document: document)
        let items = document.content.items
        var worst = [(wcag: Float, apca: Float, time: Double, pixel: SIMD2<Int>)?](repeating: nil, count: items.count)
        let list = frames ?? Array(0..<document.frameCount)
        for i in list {
            var frame = compositor.render(frame: i)
            let t = document.time(ofFrame: i)
            layer.render(into: &frame, time: t, workers: workers) { index, mask, before, after in
                guard let s = ContrastSample.measure(mask, before: { x, y in
                    let lx = min(max(0, x - mask.originX), mask.width - 1), ly = min(max(0, y - mask.originY), mask.height - 1)
                    return before[ly * mask.width + lx]
                }, after: { after.color(atX: $0, y: $1) }, width: after.width, height: after.height) else { return }
                if let w = worst[index] {
                    worst[index] = (min(w.wcag, s.wcag), min(w.apca, s.apca), s.wcag < w.wcag ? t : w.time,
                                    s.wcag < w.wcag ? s.pixel : w.pixel)
                } else {
                    worst[index] = (s.wcag, s.apca, t, s.pixel)
                }
            }
        }

        var entries: [LegibilityReport.Entry] = []
        var warnings = (document.content.fontWarnings + document.symbolWarnings).map { "\($0.path): \($0.message)" }
        for (i, item) in items.enumerated() {
            let size: Float?, threshold: LegibilityThreshold
            switch item.kind {
            case .label(let l):
                size = l.style.size
                threshold = .text(size: l.style.size, weight: l.font.request.weight)
            case .symbol:
                size = nil
                threshold = .symbol
            default:
                continue
            }
            let material = item.on.flatMap { document.content.panels.placement(of: $0, at: 0)?.material }
            var e = LegibilityReport.Entry(path: item.path, id: item.id, kind: item.kindName, text: item.text,
                                           color: item.color.name, panel: item.on, material: material?.rawValue, size: size,
                                           threshold: threshold, flags: [])
            if let w = worst[i] {
                e.wcag = w.wcag
                e.apca = w.apca
                e.worstTime = w.time
                e.worstPoint = Point(Float(w.pixel.x) + 0.5, Float(w.pixel.y) + 0.5) / document.canvas.scale
                var short: [String] = []
                if w.wcag < threshold.wcag { short.append("WCAG \(fmt(w.wcag)):1 < \(fmt(threshold.wcag)):1") }
                if w.apca < threshold.apca { short.append("APCA Lc \(fmt(w.apca)) < \(fmt(threshold.apca))") }
                if !short.isEmpty {
                    e.flags.append(.init(code: "contrast", message: short.joined(separator: ", ")))
                }
            } else {
                warnings.append("\(item.path): not measured (off the canvas in every frame)")
            }
            if case .vibrancy(.quaternaryLabel) = item.color, let material, material == .thin || material == .ultraThin {
                e.flags.append(.init(code: "quaternary-on-thin",
                                     message: "quaternaryLabel on \(material.rawValue) material: its contrast is too low there"))
            }
            if case .plain = item.color, item.on != nil {
                e.flags.append(.init(code: "non-vibrant",
                                     message: "plain color on \(material?.rawValue ?? "a") material; use a vibrancy level"))
            }
            entries.append(e)
        }
        return LegibilityReport(entries: entries, warnings: warnings, frames: list.count, strict: strict)
    }

    static func fmt(_ v: Float) -> String { String(format: "%.1f", Double(v)) }
}

import Foundation

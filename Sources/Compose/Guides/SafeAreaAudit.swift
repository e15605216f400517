import Raster
import SceneFormat

/// What a scene puts where the system draws over the app, on a canvas sized for a device (`"device"`): `lint`'s
/// `unsafe-area` findings, over the frames it measures.
///
/// Flagged, at the first frame it happens:
/// - a glass panel of which half or more of the area lies outside the safe area (a button under the home
///   indicator or in the status bar), or that overlaps the camera's cutout. Bars and sheets that run under an
///   edge and out into the safe area, as the system's own do, are not: a tab bar 10 pt into the bottom band of its
///   60 is fine;
/// - a label or a symbol whose ink (its coverage mask's box) reaches into an unsafe band or the cutout: text the
///   status bar, the island or the home indicator covers.
package enum SafeAreaAudit {
    package struct Finding: Sendable, Equatable {
        /// The JSON path of the panel or item (`glass[2]`, `content[0]`) and its id, if any.
        package var path: String
        package var id: String?
        package var message: String
        package var time: Double
    }

    /// The share of a panel's area outside the safe area at which it is flagged.
    static let panelShare: Float = 0.5

    package static func run(document: SceneDocument, frames: [Int]) -> [Finding] {
        guard let device = document.canvas.device else { return [] }
        let layer = ContentLayer(document: document)
        var found: [String: Finding] = [:]
        var order: [String] = []
        func note(_ f: Finding) {
            guard found[f.path] == nil else { return }
            found[f.path] = f
            order.append(f.path)
        }
        for i in frames {
            let t = document.time(ofFrame: i)
            for (k, p) in document.glass.panels.enumerated() where p.liquid.presence(at: t) > 0 {
                if let why = panelBreak(p.frame(at: t), device) {
                    note(Finding(path: "glass[\(k)]", id: p.id, message: why, time: t))
                }
            }
            for (k, item) in document.content.items.enumerated() where item.isLabelOrSymbol {
                guard let box = layer.inkBox(item: k, time: t) else { continue }
                if let why = inkBreak(box.scaled(by: 1 / document.canvas.scale), device) {
                    note(Finding(path: item.path, id: item.id, message: why, time: t))
                }
            }
        }
        return order.map { found[$0]! }
    }

    /// Why a panel at `frame` (points) breaks the safe area, nil when it does not.
    static func panelBreak(_ frame: Rect, _ device: DeviceScreen) -> String? {
        if let c = device.cutoutBounds, frame.intersects(c) { return "overlaps the \(device.cutoutName)" }
        let area = frame.width * frame.height
        guard area > 0 else { return nil }
        let outside = device.unsafeAreas.reduce(Float(0)) { $0 + overlap(frame, $1) } - cornerOverlaps(frame, device)
        guard outside >= panelShare * area else { return nil }
        let under = frame.intersects(device.homeIndicatorFrame) ? " (under the home indicator)" : ""
        return "\(Int((100 * outside / area).rounded()))% of it lies outside the safe area\(under)"
    }

    /// Why ink in `box` (points) breaks the safe area, nil when it does not.
    static func inkBreak(_ box: Rect, _ device: DeviceScreen) -> String? {
        if let c = device.cutoutBounds, box.intersects(c) { return "its ink is under the \(device.cutoutName)" }
        guard device.unsafeAreas.contains(where: { box.intersects($0) }) else { return nil }
        return box.intersects(device.homeIndicatorFrame) ? "its ink is under the home indicator" : "its ink reaches outside the safe area"
    }

    /// The area of the intersection of two rectangles.
    static func overlap(_ a: Rect, _ b: Rect) -> Float {
        max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX)) * max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
    }

    /// What the side bands share with the top and bottom ones inside `frame`, counted twice by the sum.
    static func cornerOverlaps(_ frame: Rect, _ device: DeviceScreen) -> Float {
        let bands = device.unsafeAreas
        var twice: Float = 0
        for i in bands.indices { for j in bands.indices where j > i {
            let a = bands[i], b = bands[j]
            let x0 = max(a.minX, b.minX), x1 = min(a.maxX, b.maxX), y0 = max(a.minY, b.minY), y1 = min(a.maxY, b.maxY)
            if x1 > x0 && y1 > y0 { twice += overlap(frame, Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
        } }
        return twice
    }
}

extension DeviceScreen {
    /// The cutout's bounding box, points.
    var cutoutBounds: Rect? {
        switch cutout {
        case .island(let r), .notch(let r, _): return r
        case .hole(let c, let r): return Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
        case nil: return nil
        }
    }

    var cutoutName: String {
        switch cutout {
        case .island: return "Dynamic Island"
        case .notch: return "notch"
        case .hole: return "camera"
        case nil: return "cutout"
        }
    }
}

extension ContentItem {
    var isLabelOrSymbol: Bool {
        switch kind {
        case .label, .symbol: return true
        default: return false
        }
    }
}

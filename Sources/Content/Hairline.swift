import Raster

/// Which way a separator runs.
public enum Axis: String, Sendable, CaseIterable {
    case horizontal, vertical
}

/// A separator line exactly one device pixel thick at any canvas scale (UIKit's hairline, 1 / scale points).
///
/// The line starts at `start` (points) and runs `length` points along its axis. Across the axis it fills the one
/// pixel row (or column) containing the start point, fully; along the axis its ends are anti-aliased by their
/// exact overlap with the end pixels. So a hairline never blurs over two rows, whatever the scale.
public struct Hairline: Sendable, Hashable {
    public var start: Point
    public var length: Float
    public var axis: Axis

    public init(start: Point, length: Float, axis: Axis = .horizontal) {
        self.start = start
        self.length = length
        self.axis = axis
    }

    public func mask(scale: Float, canvasWidth: Int, canvasHeight: Int) -> CoverageMask {
        let s = start * scale
        let a = axis == .horizontal ? s.x : s.y
        let b = a + length * scale
        let across = Int(checked: axis == .horizontal ? s.y : s.x, .down)
        let limit = axis == .horizontal ? canvasWidth : canvasHeight
        let acrossLimit = axis == .horizontal ? canvasHeight : canvasWidth
        let lo = max(0, Int(a.rounded(.down))), hi = min(limit, Int(b.rounded(.up)))
        guard hi > lo, across >= 0, across < acrossLimit else { return CoverageMask(originX: 0, originY: 0, width: 0, height: 0) }
        var m = axis == .horizontal
            ? CoverageMask(originX: lo, originY: across, width: hi - lo, height: 1)
            : CoverageMask(originX: across, originY: lo, width: 1, height: hi - lo)
        for i in lo..<hi {
            let cov = max(0, min(Float(i + 1), b) - max(Float(i), a))
            m.values[i - lo] = cov
        }
        return m
    }
}

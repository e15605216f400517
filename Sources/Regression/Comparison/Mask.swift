import Foundation
import Raster

/// Masks: rectangles of whole pixels left out of a comparison (width and height > 0).
extension PixelRect {
    /// Every pixel the rectangle (in points) touches at `scale` pixels per point: edges are rounded outward, so
    /// a mask never leaves a partly covered pixel in the comparison.
    public init(points r: Rect, scale: Float) {
        let x0 = (r.minX * scale).rounded(.down), y0 = (r.minY * scale).rounded(.down)
        let x1 = (r.maxX * scale).rounded(.up), y1 = (r.maxY * scale).rounded(.up)
        self.init(x: Int(x0), y: Int(y0), width: max(0, Int(x1 - x0)), height: max(0, Int(y1 - y0)))
    }

    /// Parses `x,y,w,h` (whole pixels, w and h positive).
    public static func parse(_ text: String) -> PixelRect? {
        let v = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard v.count == 4, let x = v[0], let y = v[1], let w = v[2], let h = v[3], x >= 0, y >= 0, w > 0, h > 0 else {
            return nil
        }
        return PixelRect(x: x, y: y, width: w, height: h)
    }

}

/// One byte per pixel, 1 where any mask covers it. Built once per comparison, outside the pixel loop.
struct MaskMap {
    let bits: [UInt8]
    let isEmpty: Bool

    init(_ rects: [PixelRect], width: Int, height: Int) {
        guard !rects.isEmpty else {
            bits = []
            isEmpty = true
            return
        }
        var b = [UInt8](repeating: 0, count: width * height)
        for r in rects {
            let x0 = max(0, r.x), x1 = min(width, r.x + r.width)
            let y0 = max(0, r.y), y1 = min(height, r.y + r.height)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 { b[y * width + x] = 1 }
            }
        }
        bits = b
        isEmpty = false
    }
}


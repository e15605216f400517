import Content
import Glass
import Raster
import SceneFormat

/// Content under a tab bar's selection lens takes the selected colour, clipped to the lens's shape: an item `on`
/// a bar with a `"selection"` is drawn twice, its own ink weighted by 1 - c and the lens's colour by c, with c the
/// lens's coverage at each pixel centre (clamp(1/2 - d, 0, 1) of its own distance field at that frame, press and
/// squash included: the shape the glass layer draws for the lens). Where c = 0 the item is drawn exactly as
/// without a lens (same mask values, same paint); where c = 1 it is the selected colour alone, over what lies
/// beneath. Content stays above glass: both draws are the content layer's.
extension ContentLayer {
    /// The selection lens over panel `bar` (its `id`), if the bar has one and it is present at `time`.
    package func selectionLens(on bar: String?, at time: Double) -> (lens: SelectionLens, shape: PanelShape)? {
        guard let bar, let panel = document.glass.panels.first(where: { $0.selection?.bar == bar }),
              let lens = panel.selection, panel.liquid.presence(at: time) > 0 else { return nil }
        return (lens, panel.shape(at: time, scale: document.canvas.scale))
    }

    /// Draws `mask` with `paint`, and under a selection lens splits it: the part outside the lens in `paint`, the
    /// part inside in the lens's colour.
    func drawInk(_ mask: CoverageMask, paint: Paint, on bar: String?, time: Double, opacity: Float,
                 into frame: inout Framebuffer, workers: Workers) {
        guard let (lens, shape) = selectionLens(on: bar, at: time),
              let (outside, inside) = Self.split(mask, by: shape) else {
            paint.apply(mask, to: &frame, opacity: opacity, workers: workers)
            return
        }
        paint.apply(outside, to: &frame, opacity: opacity, workers: workers)
        Paint.plain(lens.color).apply(inside, to: &frame, opacity: opacity, workers: workers)
    }

    /// The ink at device pixel (x, y) of an item `on` a bar, over backdrop color `b`: `ink`'s, or under the bar's
    /// lens, the mix by the lens's coverage c of `ink`'s and `lensInk`'s (the lens's colour), as `drawInk` paints
    /// it: what `lint` measures.
    package func ink(on bar: String?, at time: Double, _ ink: @escaping (Color) -> Color,
                     lensInk: @escaping (Color, Color) -> Color) -> (Int, Int, Color) -> Color {
        guard let (lens, shape) = selectionLens(on: bar, at: time) else { return { _, _, b in ink(b) } }
        return { x, y, b in
            let c = coverage(distance: shape.signedDistance(Point(Float(x) + 0.5, Float(y) + 0.5)))
            guard c > 0 else { return ink(b) }
            let i = ink(b), l = lensInk(b, lens.color)
            return Color(red: i.red + (l.red - i.red) * c, green: i.green + (l.green - i.green) * c,
                         blue: i.blue + (l.blue - i.blue) * c, alpha: i.alpha + (l.alpha - i.alpha) * c)
        }
    }

    /// `mask` times 1 - c and times c, c the shape's coverage at each pixel centre; nil when the mask lies wholly
    /// outside the shape's bounds (c = 0 everywhere).
    static func split(_ mask: CoverageMask, by shape: some Shape) -> (outside: CoverageMask, inside: CoverageMask)? {
        guard mask.deviceBounds.intersects(shape.bounds.insetBy(-1)) else { return nil }
        var outside = mask, inside = mask
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let p = Point(Float(mask.originX + x) + 0.5, Float(mask.originY + y) + 0.5)
                let c = coverage(distance: shape.signedDistance(p)), m = mask[x, y]
                inside[x, y] = m * c
                outside[x, y] = m * (1 - c)
            }
        }
        return (outside, inside)
    }
}

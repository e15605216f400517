import Raster

/// The web tier's specular highlight: a vertical CSS `linear-gradient` pseudo-element over the padding box
/// (the border box inset by the border), from white at `topAlpha` at its top edge to transparent at `end` of
/// its height, then transparent. Colors interpolate premultiplied, as CSS gradients do.
public struct Highlight: Sendable, Hashable {
    /// Alpha of white at the top of the padding box (0...1).
    public var topAlpha: Float
    /// Fraction of the padding box's height where the gradient reaches transparent (0...1].
    public var end: Float
    /// Inset of the padding box from the border box, in pixels (the border width).
    public var inset: Float

    public init(topAlpha: Float, end: Float, inset: Float) {
        self.topAlpha = topAlpha
        self.end = end
        self.inset = inset
    }

    /// The gradient's alpha at a pixel center `y` of a surface whose border box is `box`.
    public func alpha(atY y: Float, box: Rect) -> Float {
        let top = box.minY + inset, height = box.height - 2 * inset
        guard height > 0, y >= top else { return 0 }
        let t = (y - top) / (end * height)
        return topAlpha * max(0, 1 - t)
    }
}

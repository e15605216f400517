import Raster

/// The edge of a surface: a band of `width` pixels just inside the shape's outline, filled with `color`
/// source-over (the seed's "1px separator-color to define edges without shadow", and CSS `border`).
///
/// Geometry: the band between signed distances -width and 0, anti-aliased on both sides; on a circular corner
/// its inner edge is the arc of radius r - width, as CSS draws a border's inner radius.
public struct Border: Sendable, Hashable {
    /// Straight sRGB color.
    public var color: Color
    /// Width in pixels (> 0).
    public var width: Float

    public init(color: Color, width: Float) {
        self.color = color
        self.width = width
    }

    /// The part of a pixel's covered area that is border, given the pixel's coverage and its distance.
    @inlinable
    public func fraction(distance d: Float, coverage cov: Float) -> Float {
        cov > 0 ? (cov - Raster.coverage(distance: d + width)) / cov : 0
    }
}

import Raster

/// What a surface's blur may read: the image its backdrop is, beyond whose edges pixels are mirrored.
public enum BackdropExtent: Sendable, Hashable {
    /// The whole plane (UIVisualEffectView and RenderEffect read what lies around the view too); mirrored at
    /// the canvas edges.
    case plane
    /// Only the surface's own box (the CSS border box: browsers clip the backdrop to it before filtering and
    /// mirror its edge pixels outward, so content just outside the element never bleeds in).
    case box
}

/// Half-sample symmetric extension ("mirror", edge pixel repeated: ... 2 1 0 | 0 1 2 ... n-1 | n-1 n-2 ...):
/// maps any index onto `0..<n`. This is Skia's kMirror tile mode and the `reflect` edge mode browsers use for
/// backdrop-filter blurs.
@inlinable
func mirror(_ i: Int, _ n: Int) -> Int {
    if i >= 0 && i < n { return i }
    if i < 0 && i >= -n { return -1 - i }
    if i >= n && i < 2 * n { return 2 * n - 1 - i }
    let period = 2 * n
    var m = i % period
    if m < 0 { m += period }
    return m < n ? m : period - 1 - m
}

import Raster

/// Panels that the scene combines into one shape with `union` (SwiftUI's `glassEffectUnion`): the plain minimum
/// of their distance fields, so they read as one piece of glass even when far apart.
public struct PanelUnion: Shape, Equatable {
    public var members: [PanelShape]

    public init(_ members: [PanelShape]) {
        precondition(!members.isEmpty, "a union needs at least one panel")
        self.members = members
    }

    /// Members are read in place by index: iterating copied the array (a retain and a release per sample,
    /// contended when workers sample at once; see `SmoothUnion.signedDistance(_:weights:)`).
    @inlinable
    public func signedDistance(_ p: Point) -> Float {
        var d = Float.infinity
        for i in 0..<members.count { d = min(d, members[i].signedDistance(p)) }
        return d
    }

    public var bounds: Rect {
        var r = members[0].bounds
        for m in members.dropFirst() { r = r.union(m.bounds) }
        return r
    }
}

import Raster

/// Panels that the scene combines into one shape with `union` (SwiftUI's `glassEffectUnion`): the plain minimum
/// of their distance fields, so they read as one piece of glass even when far apart.
public struct PanelUnion: Shape, Equatable {
    public var members: [PanelShape]

    public init(_ members: [PanelShape]) {
        precondition(!members.isEmpty, "a union needs at least one panel")
        self.members = members
    }

    @inlinable
    public func signedDistance(_ p: Point) -> Float {
        var d = Float.infinity
        for m in members { d = min(d, m.signedDistance(p)) }
        return d
    }

    public var bounds: Rect {
        var r = members[0].bounds
        for m in members.dropFirst() { r = r.union(m.bounds) }
        return r
    }
}

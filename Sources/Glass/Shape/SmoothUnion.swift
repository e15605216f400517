import Raster

/// The metaball union of glass panels in one GlassEffectContainer: their distance fields joined by a smooth
/// minimum, so that panels closer than the container's spacing bridge and merge like droplets.
///
/// Variant: the quadratic polynomial smooth minimum of Inigo Quilez ("smooth minimum", 2013):
///     smin(a, b; k) = min(a, b) - k/4 * h^2,   h = max(k - |a - b|, 0) / k
/// with k = the container's spacing in pixels. It differs from min only where |a - b| < k. Along the segment
/// between two edges a gap g apart, the joined field rises monotonically from each edge to the midpoint, where
/// it is g/2 - k/4. So, with spacing s:
/// - g >= s: the field is unchanged on the segment (|a - b| >= s at the edges, and positive between): panels
///   farther apart than the spacing have no glass between them;
/// - s/2 < g < s: each panel swells toward the other, the droplets reaching for each other;
/// - g < s/2: the field is negative along the whole segment: a bridge joins them, and they merge.
/// No smooth join can bridge at exactly g = s while leaving nothing between at g >= s: along the segment that
/// would need a blend depth w(h) both above and at most h/2 for every h, which only the unsmoothed chamfer
/// (a + b - s)/2 meets. forkrender keeps the guarantee that separate panels stay clean and lets the reach show.
/// The larger the spacing, the sooner shapes blend as they approach, as SwiftUI documents GlassEffectContainer.
/// The join is continuous in the panels' positions, so animated frames merge and split without popping.
public struct SmoothUnion<S: Shape>: Shape {
    public var shapes: [S]
    /// The container's spacing, pixels.
    public var spacing: Float

    public init(_ shapes: [S], spacing: Float) {
        self.shapes = shapes
        self.spacing = max(0, spacing)
    }

    @inlinable
    public static func smoothMin(_ a: Float, _ b: Float, k: Float) -> Float {
        guard k > 0 else { return min(a, b) }
        let h = max(k - abs(a - b), 0) / k
        return min(a, b) - h * h * k / 4
    }

    /// One step of the chain: the parts joined so far (distance `d`) with the next part (distance `b`): the
    /// joined distance and the share `h` of the parts joined so far (the next part's is 1 - h); with k = 0 the
    /// nearer side takes all (ties: the earlier).
    @inline(__always)
    static func join(_ d: Float, _ b: Float, k: Float) -> (d: Float, h: Float) {
        let h: Float = k > 0 ? min(max(0.5 + (b - d) / (2 * k), 0), 1) : (d <= b ? 1 : 0)
        return (smoothMin(d, b, k: k), h)
    }

    public func signedDistance(_ p: Point) -> Float {
        guard var d = shapes.first?.signedDistance(p) else { return .infinity }
        let k = spacing
        for s in shapes.dropFirst() { d = Self.smoothMin(d, s.signedDistance(p), k: k) }
        return d
    }

    /// The union of the parts' bounds grown by the blend's reach. Each smooth minimum lowers the field by at most
    /// k/4 below the plain minimum (h <= 1), and a chain over n parts applies n - 1 of them, so the joined field
    /// is at least min_i d_i - (n - 1) k/4: a point farther than that from every part's bounds is outside. (The
    /// plain union of the boxes cut merged controls flat: 9 pt lost top and bottom at spacing 36.)
    public var bounds: Rect {
        guard var r = shapes.first?.bounds else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        for s in shapes.dropFirst() { r = r.union(s.bounds) }
        return r.insetBy(-reach)
    }

    /// How far, in pixels, the blend can extend the shape beyond its parts: (n - 1) k/4.
    public var reach: Float { Float(max(0, shapes.count - 1)) * spacing / 4 }

    /// The joined distance at `p` together with each part's share of the material there, written to `weights`
    /// (one per part, summing to 1). The shares are the smooth minimum's own blend factors, carried along the
    /// chain (Quilez's "smooth minimum" with a mix of properties): for parts a, b the share of a is
    /// clamp(1/2 + (d_b - d_a) / 2k, 0, 1), 1 where a is nearer by k or more, 1/2 on the neck's midline. So a
    /// member keeps its own material wherever the other is more than k farther, and properties change
    /// monotonically across a neck. The distance returned is exactly `signedDistance(p)`.
    public func signedDistance(_ p: Point, weights: UnsafeMutableBufferPointer<Float>) -> Float {
        withSampler { $0.signedDistance(p, weights: weights) }
    }

    /// Calls `body` with a sampler of `signedDistance(_:weights:)` that reads the parts in place. Per-sample
    /// loops (`DistanceField`) take one sampler for all their samples: reading a part out of the array at each
    /// sample retained and released its storage, and with two workers sampling at once those atomic counts on
    /// shared objects were 6.5% of the glass stage's CPU (`perf record`, 2 threads). (Parts that hold arrays of
    /// their own, as `PanelUnion` does, are still retained as they are read.)
    func withSampler<R>(_ body: (Sampler) -> R) -> R {
        shapes.withUnsafeBufferPointer { body(Sampler(parts: $0, spacing: spacing)) }
    }

    /// The joined distance and the parts' weights, over parts borrowed for the duration of `withSampler`.
    struct Sampler {
        let parts: UnsafeBufferPointer<S>
        let spacing: Float

        func signedDistance(_ p: Point, weights: UnsafeMutableBufferPointer<Float>) -> Float {
            precondition(weights.count == parts.count, "one weight per part")
            guard !parts.isEmpty else { return .infinity }
            var d = parts[0].signedDistance(p)
            weights[0] = 1
            let k = spacing
            for j in 1..<parts.count {
                let h: Float
                (d, h) = SmoothUnion.join(d, parts[j].signedDistance(p), k: k)
                for i in 0..<j { weights[i] *= h }
                weights[j] = 1 - h
            }
            return d
        }
    }
}

extension SmoothUnion.Sampler where S == PanelShape {
    /// `signedDistance(_:weights:)` at the eight pixel centers (x[i], y), the parts' distances taken eight lanes
    /// at a time (`PanelShape.signedDistance8`; two parts together, sharing their corners' sixteen lanes); the
    /// join is the same arithmetic lane by lane. `weights` holds
    /// the eight samples' weights one after the other, `parts.count` each.
    func signedDistance8(x: SIMD8<Float>, y: Float, weights: UnsafeMutableBufferPointer<Float>) -> SIMD8<Float> {
        let n = parts.count
        precondition(weights.count == 8 * n, "one weight per part for each of the eight samples")
        guard n > 0 else { return SIMD8(repeating: .infinity) }
        if n == 2 {
            let (a, b) = PanelShape.signedDistance8(parts[0], parts[1], x: x, y: y)
            return join8(a, b, weights: weights)
        }
        var d = parts[0].signedDistance8(x: x, y: y)
        let k = spacing
        for l in 0..<8 { weights[l * n] = 1 }
        for j in 1..<n {
            let b = parts[j].signedDistance8(x: x, y: y)
            for l in 0..<8 {
                let h: Float
                (d[l], h) = SmoothUnion.join(d[l], b[l], k: k)
                for i in 0..<j { weights[l * n + i] *= h }
                weights[l * n + j] = 1 - h
            }
        }
        return d
    }

    /// Both parts' own distances at the eight pixel centers (x[i], y), for two parts: what
    /// `signedDistance8(x:y:weights:)` joins (`join8`), so a caller can join them and see how far apart they are.
    @inline(__always)
    func partDistances8(x: SIMD8<Float>, y: Float) -> (SIMD8<Float>, SIMD8<Float>) {
        precondition(parts.count == 2, "two parts")
        return PanelShape.signedDistance8(parts[0], parts[1], x: x, y: y)
    }

    /// Part p's own distance at the eight pixel centers (x[i], y0) and (x[i], y1): two rows through one
    /// sixteen-lane corner (`PanelShape.signedDistance8(x:rows:_:)`).
    @inline(__always)
    func partDistance8(_ p: Int, x: SIMD8<Float>, rows y0: Float, _ y1: Float) -> (SIMD8<Float>, SIMD8<Float>) {
        parts[p].signedDistance8(x: x, rows: y0, y1)
    }

    /// Two parts joined eight lanes at a time: `SmoothUnion.join` with each scalar operation done on all lanes
    /// (the same IEEE operations, so the same bits, which DistanceFieldTests checks; `min` and `max` as the
    /// standard library's selects).
    /// The showcase's merging controls are two parts: lane by lane, the join is a visible share of their glass.
    @inline(__always)
    func join8(_ a: SIMD8<Float>, _ b: SIMD8<Float>, weights: UnsafeMutableBufferPointer<Float>) -> SIMD8<Float> {
        let k = spacing
        let zero = SIMD8<Float>(repeating: 0), one = SIMD8<Float>(repeating: 1)
        // Swift's max(x, y) is y >= x ? y : x and min(x, y) is y < x ? y : x.
        @inline(__always) func maximum(_ x: SIMD8<Float>, _ y: SIMD8<Float>) -> SIMD8<Float> { x.replacing(with: y, where: y .>= x) }
        @inline(__always) func minimum(_ x: SIMD8<Float>, _ y: SIMD8<Float>) -> SIMD8<Float> { x.replacing(with: y, where: y .< x) }
        let h: SIMD8<Float>
        let d: SIMD8<Float>
        if k > 0 {
            h = minimum(maximum(0.5 + (b - a) / (2 * k), zero), one)
            let gap = a - b
            let blend = maximum(k - gap.replacing(with: -gap, where: gap .< zero), zero) / k
            d = minimum(a, b) - blend * blend * k / 4
        } else {
            h = zero.replacing(with: one, where: a .<= b)
            d = minimum(a, b)
        }
        let other = 1 - h
        for l in 0..<8 {
            weights[2 * l] = h[l]
            weights[2 * l + 1] = other[l]
        }
        return d
    }
}

extension SmoothUnion: Equatable where S: Equatable {}

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

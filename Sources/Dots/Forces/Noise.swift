/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014): the
/// plane's only random stream. Seeded from the scene's seed, so ambient waves and noise repeat exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// The finalizer alone: a good 64-bit hash.
    @inlinable
    public static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform Double in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}

/// Seeded coherent noise: 3D value noise (random values on the integer lattice of x, y, t, blended with the
/// quintic fade 6t^5 - 15t^4 + 10t^3), in 0...1. Coherent means nearby inputs give nearby outputs, so a
/// noiseTint wave paints soft blotches that drift over time rather than per-dot static.
public struct ValueNoise: Sendable, Hashable {
    public let seed: UInt64

    public init(seed: UInt64) { self.seed = seed }

    @inlinable
    func lattice(_ x: Int32, _ y: Int32, _ z: Int32) -> Float {
        let k = UInt64(UInt32(bitPattern: x)) | UInt64(UInt32(bitPattern: y)) << 32
        let h = SplitMix64.mix(k ^ SplitMix64.mix(seed ^ UInt64(UInt32(bitPattern: z)) &* 0x9E37_79B9_7F4A_7C15))
        return Float(h >> 40) * 0x1p-24
    }

    @inlinable
    static func fade(_ t: Float) -> Float { t * t * t * (t * (t * 6 - 15) + 10) }

    /// Noise at (x, y, t) in lattice units.
    @inlinable
    public func callAsFunction(_ x: Float, _ y: Float, _ t: Float) -> Float {
        let fx = x.rounded(.down), fy = y.rounded(.down), ft = t.rounded(.down)
        let ix = Int32(clamping: Int(fx)), iy = Int32(clamping: Int(fy)), it = Int32(clamping: Int(ft))
        let u = ValueNoise.fade(x - fx), v = ValueNoise.fade(y - fy), w = ValueNoise.fade(t - ft)
        func plane(_ z: Int32) -> Float {
            let a = lattice(ix, iy, z), b = lattice(ix &+ 1, iy, z)
            let c = lattice(ix, iy &+ 1, z), d = lattice(ix &+ 1, iy &+ 1, z)
            let top = a + (b - a) * u, bottom = c + (d - c) * u
            return top + (bottom - top) * v
        }
        let p0 = plane(it), p1 = plane(it &+ 1)
        return p0 + (p1 - p0) * w
    }
}

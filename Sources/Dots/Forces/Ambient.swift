import Raster

/// Ambient color waves: PlaneScene fires a random color wave (bloom or ring, equally likely) every 5 to 12 s
/// (uniform), from a uniformly random point of the canvas, in a hue drawn uniformly from the palette
/// (ambientColors: 5 hues at 0.3 alpha). Continuous while the plane is visible; reproducible from the seed.
public struct Ambient: Sendable {
    public var enabled: Bool
    /// Seconds between waves (uniform in the range).
    public var interval: ClosedRange<Double>
    /// Time of the first wave, seconds; nil draws it from `interval` like every later one.
    public var first: Double?
    /// Straight sRGB colors; their alpha is the alpha of a fully tinted dot.
    public var palette: [Color]

    public init(enabled: Bool = true, interval: ClosedRange<Double> = PlaneDefaults.ambientInterval,
                first: Double? = nil, palette: [Color]) {
        self.enabled = enabled
        self.interval = interval
        self.first = first
        self.palette = palette
    }

    /// The seed's palette for an appearance.
    public static func palette(_ appearance: Appearance) -> [Color] {
        PlaneDefaults.ambientHues.map { $0.color(appearance).withAlpha(PlaneDefaults.ambientAlpha) }
    }
}

/// The stream of ambient waves, drawn lazily as the simulation advances. All draws come from one SplitMix64
/// stream seeded with the scene seed, in a fixed order per wave (kind, x, y, hue, next interval), so the n-th
/// wave is the same however the frames are visited.
struct AmbientScheduler: Sendable {
    let ambient: Ambient
    let area: Rect
    var rng: SplitMix64
    /// Time of the next wave, seconds.
    var next: Double

    init(ambient: Ambient, area: Rect, seed: UInt64) {
        self.ambient = ambient
        self.area = area
        rng = SplitMix64(seed: seed ^ 0xA5B1_E17C_0C01_0A75)
        let lo = ambient.interval.lowerBound, hi = ambient.interval.upperBound
        let drawn = lo + (hi - lo) * rng.unit()
        next = ambient.first ?? drawn
    }

    /// Waves due at or before update `k`, in launch order.
    mutating func launch(upTo k: Int, into waves: inout [Wave]) {
        guard ambient.enabled, !ambient.palette.isEmpty else { return }
        while PlaneTimeline.step(at: next) <= k {
            let kind: Effect = rng.unit() < 0.5 ? .bloom : .ring
            let x = area.minX + area.width * Float(rng.unit())
            let y = area.minY + area.height * Float(rng.unit())
            let hue = ambient.palette[min(ambient.palette.count - 1, Int(rng.unit() * Double(ambient.palette.count)))]
            waves.append(Wave(parameters: kind.defaults, origin: Point(x, y), start: PlaneTimeline.step(at: next), tint: hue))
            let lo = ambient.interval.lowerBound, hi = ambient.interval.upperBound
            next += lo + (hi - lo) * rng.unit()
        }
    }
}

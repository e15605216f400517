import Foundation

/// A lens's tables as the Liquid Glass kernel reads them, kept by lens: per sample every 1/8 px across the bezel,
/// the displacement for red, green and blue and the slope, side by side (`LiquidGlass.PartConstants`).
///
/// Why kept: building them is several `pow` calls in Double per sample, four functions per sample, serially
/// before the kernel starts; for the showcase's three parts every frame that was 0.4 ms of a frame's CPU on
/// one thread (`perf record` of `bench --only glass --threads 1`, 49 of the stage's 2,459 samples) and the
/// same wall time on two, where nothing else runs beside it. The tables are a pure function of the lens and
/// the dispersion (the `Key`), so a kept table holds exactly the values a fresh one would: frames do not
/// depend on which lenses were drawn before. `make` is the computation itself, which tests compare with.
///
/// Memory: at most `capacity` tables of 8 x bezel + 2 samples (32 bytes each; 12 KB for a 48 px bezel). A
/// panel growing out of its neighbour changes its lens every frame; when the kept tables reach the capacity
/// they are all dropped, and the ones still in use are made again.
final class LensTables: @unchecked Sendable {
    static let shared = LensTables()
    static let capacity = 64

    struct Key: Hashable {
        let lens: Lens, dispersion: Double
    }

    let lock = NSLock()
    /// Guarded by `lock`.
    var kept: [Key: [SIMD4<Double>]] = [:]

    /// The tables of `lens` with `dispersion` (`make`'s values), kept ones when this lens was seen before.
    func tables(lens: Lens, dispersion: Double) -> [SIMD4<Double>] {
        let key = Key(lens: lens, dispersion: dispersion)
        if let t = lock.withLock({ kept[key] }) { return t }
        let t = Self.make(lens: lens, dispersion: dispersion)
        lock.withLock {
            if kept.count >= Self.capacity { kept.removeAll() }
            kept[key] = t
        }
        return t
    }

    /// The tables computed: red, green and blue displacement (the index minus, at, and plus half the
    /// dispersion) and the slope, each a `BezelTable` of the lens.
    static func make(lens: Lens, dispersion: Double) -> [SIMD4<Double>] {
        let own = [lens.index - dispersion / 2, lens.index, lens.index + dispersion / 2].map { index in
            BezelTable(lens: lens) { lens.displacement(inward: $0, index: index) }
        } + [BezelTable(lens: lens) { lens.slope(inward: $0) }]
        return (0..<own[0].values.count).map { i in
            SIMD4(own[0].values[i], own[1].values[i], own[2].values[i], own[3].values[i])
        }
    }
}

import Foundation
import Raster

/// A lens's tables as the Liquid Glass kernel reads them, kept by lens: per sample every 1/8 px across the bezel,
/// the displacement for red, green and blue and the slope, side by side (`LiquidGlass.PartConstants`).
///
/// Why kept: building them is several `pow` calls in Double per sample, serially before the kernel starts (0.4 ms
/// of a showcase frame). Process-wide: they are constant tables of a lens, no scene data. The tables are a pure function of the lens and
/// the dispersion (the `Key`), so a kept table holds exactly the values a fresh one would: frames do not
/// depend on which lenses were drawn before. `make` is the computation itself, which tests compare with.
///
/// Memory: at most `capacity` tables of 8 x bezel + 2 samples (32 bytes each; 12 KB for a 48 px bezel). A
/// panel growing out of its neighbour changes its lens every frame; when the kept tables reach the capacity
/// they are all dropped, and the ones still in use are made again.
package struct LensTables: Sendable {
    package static let descriptor = KeptStoreDescriptor(
        "LensTables", place: "Glass/Liquid, process-wide (`LensTables.shared`)",
        holds: "a lens's bezel tables (displacement per channel and slope, every 1/8 px)", key: "the lens and its dispersion",
        dropped: "all at once when 64 are kept (a panel growing out of its neighbour changes its lens every frame)",
        bound: "64 tables of up to 8 x 512 + 2 samples of 32 B: 8 MB", fixedBytes: 64 * (8 * 512 + 2) * 32)

    static let shared = LensTables()
    static let capacity = 64

    struct Key: Hashable {
        let lens: Lens, dispersion: Double
    }

    let store = KeptStore(Self.descriptor, keeping: .everything, KeptTable<Key, [SIMD4<Double>]>(limit: Self.capacity))

    /// The tables of `lens` with `dispersion` (`make`'s values), kept ones when this lens was seen before.
    func tables(lens: Lens, dispersion: Double) -> [SIMD4<Double>] {
        let key = Key(lens: lens, dispersion: dispersion)
        if let t = store.access({ $0[key] }) { return t }
        let t = Self.make(lens: lens, dispersion: dispersion)
        store.access { $0[key] = t }
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

/// A function of inward distance across the bezel (the lens's displacement or slope), tabulated every 1/8 px
/// from the rim and read back by `LiquidGlass.interpolate`: the exact evaluation costs several pow calls per
/// pixel. Past the bezel both functions are zero, as `interpolate` returns past the table's end.
struct BezelTable: Sendable {
    static let samplesPerPixel = 8.0
    let values: [Double]

    init(lens: Lens, _ f: (Double) -> Double) {
        let n = Int((lens.bezel * Self.samplesPerPixel).rounded(.up)) + 2
        values = (0..<n).map { f(Double($0) / Self.samplesPerPixel) }
    }
}

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

extension DistanceField {
    /// Whether cells held by one part are evaluated for that part alone. Tests turn it off
    /// (`DistanceField.$loneCells.withValue(false)`) to compare with every exact cell evaluated with all parts:
    /// the bits are the same either way.
    @TaskLocal static var loneCells = true
}

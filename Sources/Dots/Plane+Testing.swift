import Raster

// Test hooks of the plane, `package` for the benchmarks (Sources/Benchmarks) and reached by tests too.
extension Plane {
    /// Sets a dot's position and velocity (for experiments and tests; the grid starts at rest).
    package mutating func place(dot i: Int, displacement: Point, velocity: Point = .zero) {
        makeUnique()
        storage.withHandle { $0.place(i, displacement: displacement, velocity: velocity) }
        maxDisplacement = max(maxDisplacement, (displacement * displacement).sum().squareRoot())
    }

    /// Every dot's state as bytes (x, y, vx, vy, alpha, tint weight, tint rgba), for bit-identity checks.
    package var stateBytes: [UInt8] { storage.withHandle { $0.bytes() } }
}

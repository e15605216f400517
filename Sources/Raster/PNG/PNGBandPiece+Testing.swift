// Test hooks of a band's compressed piece (internal, reached through `@testable import Raster`).

extension PNGBandPiece {
    /// The piece as an array, for tests and inspection.
    var array: [UInt8] { Array(bytes) }
}

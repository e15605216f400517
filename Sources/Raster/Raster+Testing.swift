#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Test fixtures shared by RasterTests and MediaTests (package: both test targets reach them).

extension Framebuffer {
    /// A frame whose values hit every hard case: exact levels (v * 255 + d + 0.5 an integer, odd and even, where
    /// the SIMD floor needs its correction), values just around them, out of range values, translucent and
    /// transparent pixels between opaque ones, and a width that is not a multiple of four.
    package static func awkward(space: BlendSpace, width: Int = 37, height: Int = 19) -> Framebuffer {
        var fb = Framebuffer(width: width, height: height, space: space)
        var rng = SplitMix(seed: 7)
        for y in 0..<height {
            for x in 0..<width {
                func channel() -> Float {
                    switch rng.next() % 6 {
                    case 0: return Float(rng.next() % 256) / 255
                    case 1: return (Float(rng.next() % 256) + 0.5) / 255
                    case 2: return Float(rng.next() % 256) / 255 + Float(Int(rng.next() % 5) - 2) * Float.ulpOfOne
                    case 3: return Float(Int(rng.next() % 2001) - 500) / 1000  // -0.5 ... 1.5
                    default: return Float(rng.next() % 1_000_001) / 1_000_000
                    }
                }
                let alphaCase = rng.next() % 10
                let a: Float = alphaCase == 0 ? 0 : alphaCase == 1 ? Float(rng.next() % 1000) / 1000 : alphaCase == 2 ? 1.25 : 1
                let c = SIMD4(channel(), channel(), channel(), 1)
                fb[x, y] = a >= 1 ? SIMD4(c.x, c.y, c.z, a) : SIMD4(c.x * a, c.y * a, c.z * a, a)
            }
        }
        return fb
    }
}

/// A small deterministic generator for test data.
package struct SplitMix {
    package var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// Test hooks of a band's compressed piece (internal, reached through `@testable import Raster`).

extension PNGBandPiece {
    /// The piece as an array, for tests and inspection.
    var array: [UInt8] { Array(bytes) }
}

// Test hooks of RoundedRect (no render path reads them; `LibmCallTests` lets `+Testing.swift` files call libm).
extension RoundedRect {
    /// The exact area enclosed (in square pixels), for tests: the rectangle less what the four corners cut off.
    var area: Double {
        let e = Double(reach)
        let cornerArea: Double
        switch curve {
        case .circular:
            cornerArea = e * e * (1 - Double.pi / 4)
        case .continuous:
            let n = Double(exponent)
            let quadrant = e * e * tgamma(1 + 1 / n) * tgamma(1 + 1 / n) / tgamma(1 + 2 / n)
            cornerArea = e * e - quadrant
        }
        return Double(rect.width) * Double(rect.height) - 4 * cornerArea
    }
}

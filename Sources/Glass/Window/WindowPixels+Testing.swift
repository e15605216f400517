// Test hooks of the lens window's pixels (internal, reached through `@testable import Glass`).

extension WindowPixels {
    /// A copy in an array (tests compare windows through it).
    var array: [SIMD4<Float>] { withUnsafeBufferPointer { Array($0) } }
}

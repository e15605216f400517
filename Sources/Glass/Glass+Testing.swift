// Test hooks of the Glass module: lens tables, the Liquid Glass window margin, distance fields and the lens
// window's memory and pixels (internal, reached through `@testable import Glass`).

extension LensTables {
    /// Number of lenses kept.
    var count: Int { store.access { $0.entries.count } }
}

extension LiquidGlass {
    /// Pixels added around the lens window and the kernel's view beyond the largest displacement: 0 to draw.
    /// LiquidGlassKernelTests grow it (`LiquidGlass.$windowMargin.withValue(48)`): no sample lands past the view
    /// the kernel computes, so a larger one changes no pixel.
    @TaskLocal static var windowMargin = 0
}

extension DistanceField {
    /// Whether cells held by one part are evaluated for that part alone. Tests turn it off
    /// (`DistanceField.$loneCells.withValue(false)`) to compare with every exact cell evaluated with all parts:
    /// the bits are the same either way.
    @TaskLocal static var loneCells = true
}

// Test hooks of the lens window's memory (internal, reached through `@testable import Glass`).
import Foundation

extension WindowMemory {
    /// What is kept now (tests check the bounds).
    var keptBlocks: Int { store.access { $0.kept.count } }
    var keptBytes: Int { store.access { bytes($0.kept) } }
}

// Test hooks of the lens window's pixels (internal, reached through `@testable import Glass`).

extension WindowPixels {
    /// A copy in an array (tests compare windows through it).
    var array: [SIMD4<Float>] { withUnsafeBufferPointer { Array($0) } }
}

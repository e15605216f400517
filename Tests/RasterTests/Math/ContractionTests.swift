import Testing
@testable import Raster

/// No floating-point expression is contracted into a fused multiply-add, on any target: Swift emits `a * b + c`
/// as a multiply and an add, each rounded (LLVM IR without the `contract` flag; docs/regression.md, "Floating
/// point", says how the release objects were checked for FMA instructions). Where a build fused them, these
/// values would change: a * b + c below is exactly 0 with two roundings and -2^-60 (Double) or -2^-26 (Float)
/// fused. On x86-64 without FMA (the default target) the test cannot fail; on arm64, where every core has FMA,
/// and in a `-target-cpu haswell` build, it is what catches a contraction.
@Suite struct ContractionTests {
    @inline(never) static func multiplyAdd(_ a: Double, _ b: Double, _ c: Double) -> Double { a * b + c }
    @inline(never) static func multiplyAdd(_ a: Float, _ b: Float, _ c: Float) -> Float { a * b + c }
    @inline(never) static func multiplyAdd(_ a: SIMD8<Float>, _ b: SIMD8<Float>, _ c: SIMD8<Float>) -> SIMD8<Float> { a * b + c }

    @Test func multiplyThenAddRoundsTwice() {
        let d = 0x1p-30
        #expect(Self.multiplyAdd(1 + d, 1 - d, -1) == 0, "fused: -2^-60")
        let f: Float = 0x1p-13
        #expect(Self.multiplyAdd(1 + f, 1 - f, -1) == 0, "fused: -2^-26")
        let lanes = Self.multiplyAdd(SIMD8(repeating: 1 + f), SIMD8(repeating: 1 - f), SIMD8(repeating: -1))
        #expect(lanes == SIMD8(repeating: 0))
        // The explicit fused operation is available and differs: the two values above are what contraction gives.
        #expect((-1.0).addingProduct(1 + d, 1 - d) == -0x1p-60)
        #expect(Float(-1).addingProduct(1 + f, 1 - f) == -0x1p-26)
    }

    /// DMath's bits, pinned: a hash of each function's results over a fixed grid. The same on every machine
    /// (IEEE operations only, never fused); any change of a polynomial, a constant or the order of operations,
    /// or a compiler that contracted, changes them. Recorded on Linux x86-64.
    @Test func dmathGivesPinnedBits() {
        func fnv(_ values: [UInt64]) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for v in values { h = (h ^ v) &* 0x100_0000_01b3 }
            return h
        }
        let grid = (0..<4096).map { Double($0) / 4096 }
        let hashes: [String: UInt64] = [
            "exp": fnv(grid.map { DMath.exp(-40 * $0 + 3).bitPattern }),
            "log2": fnv(grid.map { DMath.log2(1e-3 + 1e3 * $0).bitPattern }),
            "sin": fnv(grid.map { DMath.sin(20 * $0 - 10).bitPattern }),
            "cos": fnv(grid.map { DMath.cos(20 * $0 - 10).bitPattern }),
            "atan2": fnv(grid.map { DMath.atan2(DMath.sin(7 * $0), $0 - 0.5).bitPattern }),
            "powf": fnv(grid.map { UInt64(DMath.pow(Float($0 * 1.5), 2.4).bitPattern) }),
            "powf-root": fnv(grid.map { UInt64(DMath.pow(Float(1 + $0), 1 / 2.4).bitPattern) }),
        ]
        let pinned: [String: UInt64] = Self.pinned
        print("DMath pinned bits: " + hashes.sorted(by: { $0.key < $1.key }).map { "\"\($0.key)\": 0x\(String($0.value, radix: 16))" }.joined(separator: ", "))
        for (name, h) in hashes.sorted(by: { $0.key < $1.key }) {
            #expect(pinned[name] == h, "\(name): 0x\(String(h, radix: 16)) (pinned 0x\(String(pinned[name] ?? 0, radix: 16)))")
        }
    }

    static let pinned: [String: UInt64] = [
        "atan2": 0x1892_4094_8468_f948, "cos": 0x3dc3_6281_d501_0d8a, "exp": 0x3fcc_dc83_4370_0249,
        "log2": 0x364b_49de_7f1b_bfee, "powf": 0x17aa_6f0a_b941_4041, "powf-root": 0x8b93_f8fa_930d_a068,
        "sin": 0x7475_cad7_4109_7f2e,
    ]
}

import Foundation
import Testing
import Raster

/// `Int(checked:_:)` against an independent computation: the exact rounded value through `Int(exactly:)`,
/// clamped by comparison in Double. Exact: every result is an integer, no tolerance.
@Suite struct CheckedIntTests {
    static func reference(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
        if v.isNaN { return 0 }
        let r = v.rounded(rule), limit = 4_503_599_627_370_496.0  // 2^52
        if r >= limit { return 4_503_599_627_370_496 }
        if r <= -limit { return -4_503_599_627_370_496 }
        return Int(exactly: r)!
    }

    static let values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1e-30, 123456.789, -99999.5, 1e15,
                                   4_503_599_627_370_495, 4_503_599_627_370_497, 1e19, -1e19, 1e308, -1e308,
                                   .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
    static let rules: [FloatingPointRoundingRule] = [.down, .up, .towardZero, .toNearestOrAwayFromZero, .toNearestOrEven]

    @Test func matchesTheReferenceAndNeverTraps() {
        for v in Self.values {
            for rule in Self.rules {
                #expect(Int(checked: v, rule) == Self.reference(v, rule), "\(v) \(rule)")
                #expect(Int(checked: Float(v), rule) == Self.reference(Double(Float(v)), rule), "Float \(v) \(rule)")
            }
        }
    }

    /// The `Float` and `Double` conversions (what concrete callers get) and the generic one (what generic code
    /// gets) agree on every value and rule.
    @Test func concreteAndGenericConversionsAgree() {
        func generic<F: BinaryFloatingPoint>(_ v: F, _ rule: FloatingPointRoundingRule) -> Int { Int(checked: v, rule) }
        for v in Self.values + [8_388_607.5, -8_388_608.5, 16_777_217, 0.49999997, 2_147_483_647.5] {
            for rule in Self.rules {
                #expect(Int(checked: v, rule) == generic(v, rule), "\(v) \(rule)")
                #expect(Int(checked: Float(v), rule) == generic(Float(v), rule), "Float \(v) \(rule)")
            }
        }
    }

    @Test func resultsLeaveRoomForArithmetic() {
        // A saturated result plus or times a canvas size (up to 2^20 pixels) still fits an Int.
        let big = Int(checked: 1e300)
        #expect(big.multipliedReportingOverflow(by: 1 << 10).overflow == false)
        #expect(big.addingReportingOverflow(Int.checkedLimit).overflow == false)
    }
}

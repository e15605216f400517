import Testing
@testable import Glass

/// Kept lens tables (`LensTables`) hold the bits of tables made fresh for the same lens and dispersion, whatever
/// was asked before: lenses in order, again out of order, after lenses that differ in one field only, and after
/// the kept tables were dropped at the capacity.
@Suite struct LensTablesTests {
    /// Lenses that differ from the first in one field each, with two dispersions.
    static let lenses: [(Lens, Double)] = {
        let base = Lens(index: 1.5, thickness: 30, bezel: 24, profile: .convexSquircle)
        var variants = [base]
        var l = base; l.index = 1.33; variants.append(l)
        l = base; l.thickness = 31; variants.append(l)
        l = base; l.bezel = 25; variants.append(l)
        for p in BezelProfile.allCases where p != base.profile { l = base; l.profile = p; variants.append(l) }
        return variants.flatMap { [($0, 0.0), ($0, 0.04)] }
    }()

    static func same(_ a: [SIMD4<Double>], _ b: [SIMD4<Double>]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in (0..<4).allSatisfy { x[$0].bitPattern == y[$0].bitPattern } }
    }

    @Test func keptTablesAreTheFreshOnes() {
        let kept = LensTables()
        let orders = [Array(Self.lenses.indices), Array(Self.lenses.indices.reversed()), [3, 0, 7, 0, 11, 2, 2, 9]]
        for order in orders {
            for i in order {
                let (lens, dispersion) = Self.lenses[i]
                #expect(Self.same(kept.tables(lens: lens, dispersion: dispersion), LensTables.make(lens: lens, dispersion: dispersion)),
                        "lens \(i): kept tables differ from fresh ones")
            }
        }
        #expect(kept.count == Self.lenses.count)
    }

    @Test func droppingAtTheCapacityKeepsTheValues() {
        let kept = LensTables()
        let (lens, dispersion) = Self.lenses[1]
        let first = kept.tables(lens: lens, dispersion: dispersion)
        for k in 0..<(LensTables.capacity + 5) {
            _ = kept.tables(lens: Lens(thickness: 10 + Double(k), bezel: 12), dispersion: 0)
        }
        #expect(kept.count <= LensTables.capacity)
        #expect(Self.same(kept.tables(lens: lens, dispersion: dispersion), first))
        #expect(Self.same(first, LensTables.make(lens: lens, dispersion: dispersion)))
    }
}

import Testing
import Raster
@testable import Glass

/// The distance field of single-panel containers, sampled eight pixels at a time with the continuous corner's
/// approximate pow (`RoundedRect.signedDistance8`), against the scalar shape distance per pixel over a window
/// that holds the whole shape with its margin.
@Suite struct DistanceFieldTests {
    @Test(arguments: [Float(4), Float(12)])
    func laneFieldMatchesScalarDistance(band: Float) {
        let panels = [PanelShape(.rect, box: Rect(x: 20.4, y: 30.2, width: 90, height: 56), cornerRadius: 28),
                      PanelShape(.capsule, box: Rect(x: 96.7, y: 44, width: 70, height: 40)),
                      PanelShape(.circle, box: Rect(x: 60, y: 80, width: 44, height: 44))]
        let union = SmoothUnion(panels.map { PanelUnion([$0]) }, spacing: 24)
        let box = union.bounds.insetBy(-20)
        let xs = Int(box.x)..<Int(box.maxX.rounded(.up)), ys = Int(box.y)..<Int(box.maxY.rounded(.up))
        // A field of another band first: its memory, freed, is likely the next field's, so weights a filled
        // cell failed to zero would show its values (the field's memory is not zeroed when allocated).
        let earlier = DistanceField(union, columns: xs, rows: ys, narrowBand: band + 30, workers: .single)
        #expect(earlier.values.count == (xs.count + 2) * (ys.count + 2))
        let field = DistanceField(union, columns: xs, rows: ys, narrowBand: band, workers: .single)
        let parts = panels.count
        let c = Float(DistanceField.cell)
        var worst: Float = 0, exactSamples = 0
        var weights = [Float](repeating: 0, count: parts)
        for j in 0..<(ys.count + 2) {
            for i in 0..<field.stride {
                let k = j * field.stride + i
                let p = Point(Float(field.x0 + i) + 0.5, Float(field.y0 + j) + 0.5)
                let exact = weights.withUnsafeMutableBufferPointer { union.signedDistance(p, weights: $0) }
                let v = field.values[k]
                // Cells filled without evaluation hold their constant, and the exact distance lies beyond it.
                let own = field.weights[(k * parts)..<((k + 1) * parts)]
                // A cell filled inside holds one part at full weight and the others at 0; outside, all at 0.
                if v == -(band + c) {
                    #expect(exact < -band - c)
                    #expect(own.sorted() == [0, 0, 1], "inside at \(p): weights \(Array(own))")
                    continue
                }
                if v == 2 + c {
                    #expect(exact > 2 + c)
                    #expect(own.allSatisfy { $0 == 0 }, "outside at \(p): weights \(Array(own))")
                    continue
                }
                exactSamples += 1
                worst = max(worst, abs(v - exact))
                for q in 0..<parts { #expect(abs(field.weights[k * parts + q] - weights[q]) < 1e-4) }
            }
        }
        #expect(exactSamples > 1000)
        // One coverage level is 1/255 = 0.0039 px; measured 1.5e-5 px.
        #expect(worst < 5e-5, "max difference \(worst) px over \(exactSamples) samples")
        print("DistanceField band \(band): max difference \(worst) px over \(exactSamples) samples")
    }

    /// Lone cells (a part nearer than the other by the spacing and a margin at a cell's corners, evaluated two
    /// rows at a time for that part alone) give the joined field's bits, values and weights, at every sample:
    /// two continuous-corner controls (the showcase's) from far apart through merging to overlapping, a circle
    /// beside a capsule, and one lone panel; and the pass does take that path for most cells when they are apart.
    @Test func loneCellsGiveTheJoinedFieldsBits() {
        var pairs: [[PanelShape]] = []
        for gap in [-120, -40, 0, 20, 60, 107, 150, 230, 400] as [Float] {
            let a = PanelShape(.rect, box: Rect(x: 40.3, y: 30.6, width: 180, height: 180), cornerRadius: 90)
            pairs.append([a, PanelShape(.rect, box: Rect(x: 220.3 + gap, y: 36.1, width: 180, height: 180), cornerRadius: 90)])
        }
        pairs.append([PanelShape(.circle, box: Rect(x: 30, y: 40, width: 90, height: 90)),
                      PanelShape(.capsule, box: Rect(x: 290.5, y: 60, width: 140, height: 60))])
        pairs.append([PanelShape(.rect, box: Rect(x: 21.7, y: 18.2, width: 300, height: 120), cornerRadius: 40)])
        for panels in pairs {
            let union = SmoothUnion(panels.map { PanelUnion([$0]) }, spacing: 108)
            let box = union.bounds.insetBy(-4)
            let xs = max(0, Int(box.x))..<Int(box.maxX.rounded(.up)), ys = max(0, Int(box.y))..<Int(box.maxY.rounded(.up))
            let fast = DistanceField(union, columns: xs, rows: ys, narrowBand: 47, workers: .single)
            let plain = DistanceField.$loneCells.withValue(false) {
                DistanceField(union, columns: xs, rows: ys, narrowBand: 47, workers: .single)
            }
            let values = zip(fast.values, plain.values).filter { $0.bitPattern != $1.bitPattern }.count
            let weights = zip(fast.weights, plain.weights).filter { $0.bitPattern != $1.bitPattern }.count
            #expect(values == 0 && weights == 0, "\(panels.map(\.box)): \(values) values, \(weights) weights differ")
        }
    }

    /// Two parts joined eight lanes at a time (`join8`, the showcase's merging controls) give the bits of the
    /// scalar chain step (`SmoothUnion.join`) in every lane, distance and both weights: over distances on both
    /// sides of the edge, equal and signed-zero pairs, gaps around k and k/2, far-apart parts, and k = 0.
    @Test(arguments: [Float(0), Float(7.5), Float(108)])
    func twoPartJoinInLanesIsTheScalarJoin(k: Float) {
        let values: [Float] = [-140, -61.3, -12.25, -1, -0.0, 0, 0.37, 1, 3.75, 7.5, 11.2, 54, 107.99, 108, 108.01, 250.5]
        var pairs: [(Float, Float)] = []
        for a in values { for b in values { pairs.append((a, b)); pairs.append((a, b + k / 2)); pairs.append((a + 0.001, a)) } }
        while pairs.count % 8 != 0 { pairs.append((0, 0)) }
        let sampler = SmoothUnion<PanelShape>.Sampler(parts: UnsafeBufferPointer(start: nil, count: 0), spacing: k)
        var mismatches = 0
        for start in stride(from: 0, to: pairs.count, by: 8) {
            var a = SIMD8<Float>(), b = SIMD8<Float>()
            for l in 0..<8 { (a[l], b[l]) = pairs[start + l] }
            var weights = [Float](repeating: .nan, count: 16)
            let d = weights.withUnsafeMutableBufferPointer { sampler.join8(a, b, weights: $0) }
            for l in 0..<8 {
                let (expected, h) = SmoothUnion<PanelShape>.join(a[l], b[l], k: k)
                if d[l].bitPattern != expected.bitPattern || weights[2 * l].bitPattern != h.bitPattern
                    || weights[2 * l + 1].bitPattern != (1 - h).bitPattern {
                    mismatches += 1
                    Issue.record("a \(a[l]) b \(b[l]) k \(k): lanes \(d[l]) \(weights[2 * l]) \(weights[2 * l + 1]), scalar \(expected) \(h) \(1 - h)")
                }
            }
            if mismatches > 5 { return }
        }
    }

    /// Two panels at the same eight pixels (`PanelShape.signedDistance8(_:_:x:y:)`, the two parts of a merging
    /// pair) give each panel's own `signedDistance8` bits, for every mix of outlines: rounded pairs share their
    /// corners' lanes, a circle goes alone.
    @Test func pairedPanelsAreEachPanelsOwn() {
        let panels = [PanelShape(.rect, box: Rect(x: 20, y: 30, width: 180, height: 180), cornerRadius: 90),
                      PanelShape(.rect, box: Rect(x: 150.5, y: 30, width: 180, height: 180), cornerRadius: 40),
                      PanelShape(.capsule, box: Rect(x: 96.7, y: 44, width: 70, height: 40)),
                      PanelShape(.circle, box: Rect(x: 60, y: 80, width: 44, height: 44))]
        var mismatches = 0
        for a in panels {
            for b in panels {
                for y in stride(from: 20, to: 230, by: 2) {
                    for x0 in stride(from: 0, to: 360, by: 8) {
                        let xs = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) + (Float(x0) + 0.5), yc = Float(y) + 0.5
                        let (da, db) = PanelShape.signedDistance8(a, b, x: xs, y: yc)
                        let ea = a.signedDistance8(x: xs, y: yc), eb = b.signedDistance8(x: xs, y: yc)
                        for l in 0..<8 where da[l].bitPattern != ea[l].bitPattern || db[l].bitPattern != eb[l].bitPattern {
                            mismatches += 1
                            if mismatches <= 5 { Issue.record("\(a.outline) \(b.outline) at (\(xs[l]), \(yc)): \(da[l]) \(db[l]), alone \(ea[l]) \(eb[l])") }
                        }
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }
}

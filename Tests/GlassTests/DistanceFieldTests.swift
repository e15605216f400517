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
                if v == -(band + c) { #expect(exact < -band - c); continue }
                if v == 2 + c { #expect(exact > 2 + c); continue }
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
}

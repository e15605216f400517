import Testing
import Raster

/// `LaneMasks.any` and `all` against the standard library's `any(_:)` and `all(_:)`, over every one of the 256
/// eight-lane masks.
@Suite struct LaneMasksTests {
    @Test func everyMaskAgreesWithTheStandardLibrary() {
        var disagreements = 0
        for bits in 0..<256 {
            var lanes = SIMD8<Int32>(repeating: 0)
            for l in 0..<8 { lanes[l] = Int32(bits >> l & 1) }
            let m = lanes .== 1
            if LaneMasks.any(m) != any(m) || LaneMasks.all(m) != all(m) { disagreements += 1 }
        }
        #expect(disagreements == 0, "\(disagreements) of 256 masks")
        #expect(LaneMasks.all(SIMD8<Int32>(repeating: 1) .== 1) && !LaneMasks.any(SIMD8<Int32>(repeating: 0) .== 1))
    }
}

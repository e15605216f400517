import Testing
import Glass
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// `Compositor.setTilt`: a new tilt keeps the session's stores (tilt never changes a shape) and leaves the decoded
/// document as it was, and the frames drawn after it are the ones a compositor decoded with that tilt draws, bit
/// for bit.
@Suite struct SetTiltTests {
    @Test func aNewTiltKeepsTheDistanceFieldsAndDrawsTheSameBits() throws {
        var decoder = SceneDecoder()
        decoder.scale = 0.5
        var compositor = Compositor(document: try decoder.decode(text: Showcase.json), workers: Workers(2))
        _ = compositor.render(frame: 10)
        let fields = compositor.glass.fields
        let decoded = compositor.document.tilt
        let tilt = Tilt(pitch: 0.3, roll: -0.4)
        compositor.setTilt(Keyframes([.init(time: 0, value: tilt, easing: .linear)]))
        #expect(compositor.glass.fields === fields, "setTilt dropped the distance fields")
        #expect(compositor.document.tilt.keys.map(\.value) == decoded.keys.map(\.value), "setTilt edited the document")
        #expect(compositor.tilt.tilt(at: 0) == tilt)
        decoder.tilt = .fixed(tilt)
        var fresh = Compositor(document: try decoder.decode(text: Showcase.json), workers: Workers(2))
        for i in [11, 12] {
            let (a, b) = (compositor.render(frame: i), fresh.render(frame: i))
            let differing = a.withUnsafePixels { p in b.withUnsafePixels { q in
                zip(p, q).filter { $0.x.bitPattern != $1.x.bitPattern || $0.y.bitPattern != $1.y.bitPattern
                    || $0.z.bitPattern != $1.z.bitPattern || $0.w.bitPattern != $1.w.bitPattern }.count
            } }
            #expect(differing == 0, "frame \(i): \(differing) pixels differ from a compositor decoded with the tilt")
        }
    }
}

import Foundation
import Testing

/// `forkrender preview` without a scene serves the built-in showcase, as rendering, `sheet` and `bench` default
/// to it: from a copy in a temporary folder, removed when the preview stops.
@Suite("Preview of the showcase", .serialized)
struct PreviewShowcaseTests {
    @Test func withoutASceneItServesTheShowcase() throws {
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
        let preview = try RunningPreview(file: nil)
        let copies = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))
            .subtracting(before).filter { $0.hasPrefix("forkrender-showcase-") }
        #expect(copies.count == 1)
        let copy = NSTemporaryDirectory() + "/" + (copies.first ?? "") + "/showcase.json"
        let text = try String(contentsOfFile: copy, encoding: .utf8)
        let showcase = try PreviewProcess.run(PreviewProcess.binary.path, ["showcase"], timeout: 30)
        #expect(text == showcase.out)
        #expect(preview.stop() == 130)
        #expect(!FileManager.default.fileExists(atPath: copy), "the copy outlives the preview")
    }
}

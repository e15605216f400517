import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Every scene in scenes/ decodes and renders; every scene in scenes/invalid/ is refused with a message.
@Suite struct AllScenesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func scenes(in folder: String) -> [String] {
        let dir = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && $0 != "scene.schema.json" }.sorted().map { "\(folder)/\($0)" }
    }

    @Test(arguments: scenes(in: "scenes"))
    func renders(scene: String) throws {
        // Rendered at one pixel per point to keep the suite fast; the goldens test full-size frames.
        let doc = try SceneDecoder(scale: 1).decode(file: Self.root.appendingPathComponent(scene).path)
        var compositor = Compositor(document: doc, workers: Workers(2))
        let frames = Set([0, doc.frameCount / 2, doc.frameCount - 1]).sorted()
        for i in frames {
            let fb = compositor.render(frame: i)
            #expect(fb.width == doc.canvas.pixelWidth && fb.height == doc.canvas.pixelHeight)
            let finite = fb.withUnsafePixels { px in px.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite && $0.w.isFinite } }
            #expect(finite, "non-finite pixel in \(scene) frame \(i)")
            // Frames are opaque where the plane's background covers the canvas; over a transparent one, alpha
            // lies in 0...1.
            if doc.canvas.isTransparent {
                #expect(fb.withUnsafePixels { px in px.allSatisfy { $0.w >= 0 && $0.w <= 1 + 1e-5 } })
            } else {
                #expect(fb.withUnsafePixels { px in px.allSatisfy { abs($0.w - 1) < 1e-5 } })
            }
        }
    }

    @Test(arguments: scenes(in: "scenes/invalid"))
    func isRefused(scene: String) {
        #expect(throws: SceneError.self) { try SceneDecoder().decode(file: Self.root.appendingPathComponent(scene).path) }
    }

    @Test func showcaseDecodes() throws {
        let doc = try SceneDecoder().decode(text: Showcase.json)
        #expect(doc.canvas.pixelWidth == 1170 && doc.canvas.pixelHeight == 2532)
    }

    @Test func subsetOfFramesEqualsTheFullRun() throws {
        let doc = try SceneDecoder(scale: 0.5).decode(text: Showcase.json)
        var full = Compositor(document: doc, workers: Workers(2))
        var all: [Framebuffer] = []
        for i in 0..<12 { all.append(full.render(frame: i)) }
        var part = Compositor(document: doc, workers: .single)
        #expect(part.render(frame: 7) == all[7])
        #expect(part.render(frame: 11) == all[11])
    }
}

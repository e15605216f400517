import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose

/// Liquid Glass over a transparent canvas keeps its matte between frames (LiquidMatteCache): every frame a
/// compositor that keeps it draws has the bits of the same frame drawn by one that keeps nothing, in order and
/// with skips (GlassReuseTests.runs), over scenes/transparent-glass.json (a still bar over a tap's ripple and a
/// photograph) and the same canvas with the liquid-merge controls (two panels of one container moving over the
/// dots); and the store holds, after a frame, the four buffers (written in place from frame to frame, never
/// copied), a lens window over black and one over white for each container, and the halo's cells over both.
@Suite struct LiquidMatteCacheTests {
    static func document(_ scene: String) throws -> SceneDocument {
        let scenes = AllScenesTests.root.appendingPathComponent("scenes")
        let file = scenes.appendingPathComponent("transparent-glass.json").path
        var decoder = SceneDecoder(scale: 1)
        decoder.directory = scenes.path
        guard scene == "moving container" else { return try decoder.decode(file: file) }
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
        let merge = try JSONSerialization.jsonObject(with: Data(contentsOf: scenes.appendingPathComponent("liquid-merge.json"))) as! [String: Any]
        json["glass"] = merge["glass"]
        json["content"] = []
        (json["duration"], json["fps"]) = (2, 10)
        return try decoder.decode(text: String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self))
    }

    @Test(arguments: ["transparent-glass.json", "moving container"])
    func theKeptMatteGivesTheBitsOfAMatteMadeAgain(scene: String) throws {
        let doc = try Self.document(scene)
        #expect(doc.canvas.isTransparent)
        for frames in GlassReuseTests.runs(doc) {
            _ = KeptStateRun(doc, frames: frames, scene: scene, fresh: "a matte made afresh")
        }
    }

    /// The address of the kept composite over black, and what else the store holds.
    static func kept(_ c: Compositor) -> (black: UnsafeRawPointer?, windows: [String], cells: Int) {
        c.state.matte.store.access { k in
            (k.buffers?.black.withUnsafePixels { UnsafeRawPointer($0.baseAddress) },
             k.windows.windows.entries.keys.sorted(), k.cells.filter { $0 != nil }.count)
        }
    }

    @Test(arguments: ["transparent-glass.json", "moving container"])
    func theStoreKeepsBuffersWindowsAndCellsInPlace(scene: String) throws {
        let doc = try Self.document(scene)
        var c = Compositor(document: doc, workers: Workers(2))
        _ = c.render(frame: 0)
        let first = Self.kept(c)
        let slots = Set(first.windows.map { $0.split(separator: " ", maxSplits: 1)[1] })
        #expect(first.black != nil && first.cells == 2, "\(scene): buffers \(String(describing: first.black)), cells \(first.cells)")
        #expect(slots.count == 1 && first.windows.count == 2, "\(scene): windows \(first.windows)")
        for i in 1...4 {
            _ = c.render(frame: i)
            let now = Self.kept(c)
            #expect(now.black == first.black, "\(scene) frame \(i): the composites moved (copied or made again)")
            #expect(now.windows == first.windows && now.cells == 2, "\(scene) frame \(i): \(now.windows), cells \(now.cells)")
        }
    }
}

import Foundation
import Testing
@testable import Preview
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output
@testable import Regression

/// The overlap view's map (Scene's OverlapMap) and its routes. Expected values are worked out by hand from the
/// scene's numbers (capsule ends are circular arcs; the container's spacing is the default 20 pt, so the
/// smooth minimum lowers the joined field by up to 5 pt where the two members' distances agree).
@Suite("Preview overlap view")
struct OverlapMapTests {
    /// Scale 1, so points are pixels. l1 and l2: one container, capsules overlapping from x = 90 to 120.
    /// b: a rect (radius 16) under the pair's right half; c: a capsule over b; d: a capsule alone.
    static let scene = #"""
    {"canvas": {"width": 300, "height": 300, "scale": 1}, "duration": 0.2,
     "glass": [
       {"id": "l1", "shape": "capsule", "frame": [20, 20, 100, 40], "container": "pair"},
       {"id": "l2", "shape": "capsule", "frame": [90, 20, 100, 40], "container": "pair"},
       {"id": "b", "frame": [60, 40, 160, 100], "radius": 16},
       {"id": "c", "shape": "capsule", "frame": [140, 50, 120, 60]},
       {"id": "d", "shape": "capsule", "frame": [20, 200, 120, 40]}
     ]}
    """#

    static func map(_ adjust: (inout SceneDocument) -> Void = { _ in }) throws -> OverlapMap {
        var doc = try SceneDecoder().decode(text: scene)
        adjust(&doc)
        return OverlapMap(document: doc, frame: 0)
    }

    @Test("Layer counts, merges and glass on glass at known points", arguments: [
        // (pixel, layers, merge): inside l1 only; inside l1 and l2 (one surface, merged); in the bridge above
        // the join (outside both capsules by 0.26 and 0.01 pt, inside their smooth union); l1 over b; l2, b
        // and c; outside everything.
        (50, 30, 1, false), (105, 30, 1, true), (105, 20, 1, true), (80, 50, 2, false), (165, 55, 3, false), (280, 280, 0, false),
    ])
    func counts(x: Int, y: Int, layers: Int, merge: Bool) throws {
        let p = try Self.map().probe(x: x, y: y)
        #expect(p.layers == layers)
        #expect(p.merge == merge)
        #expect(p.glassOnGlass == (layers > 1))
        #expect(!p.breaksLayerRule)
    }

    @Test("A fourth layer breaks the three-layer rule where GlassRules finds it, and is painted red there")
    func fourLayers() throws {
        var panels: [GlassPanelSpec] = []
        let map = try Self.map { doc in
            var e = doc.glass.panels[4]
            e.name = "'e'"
            e.id = "e"
            e.frames = Keyframes([.init(time: 0, value: Rect(x: 150, y: 45, width: 40, height: 30), easing: .linear)])
            doc.glass.panels.append(e)
            panels = doc.glass.panels
        }
        let p = map.probe(x: 165, y: 55)
        #expect(p.layers == 4 && p.breaksLayerRule)
        #expect(p.surfaces == [["'l1'", "'l2'"], ["'b'"], ["'c'"], ["'e'"]])
        // The decoder's own check refuses these panels, at a point the map also counts four layers.
        #expect(throws: SceneError.self) { try GlassRules.checkLayers(panels, duration: 0.2, fps: 30) }
        let shapes = panels.map { $0.shape(at: 0, scale: 1) }
        let found = GlassRules.deepestOverlap(shapes, surfaces: panels.enumerated().map { $1.surfaceKey(index: $0) }, count: 4)
        #expect(found.map { map.probe($0.1).layers } == 4)
        let rgba = map.overlay()
        let k = (55 * map.width + 165) * 4
        #expect(Array(rgba[k..<k + 4]) == [255, 59, 48, 170])
    }

    func pixel(_ rgba: [UInt8], _ width: Int, _ x: Int, _ y: Int) -> [UInt8] {
        let k = (y * width + x) * 4
        return Array(rgba[k..<k + 4])
    }

    @Test("Outlines follow the rounded corners and the container's joined shape, not bounding rectangles")
    func outlines() throws {
        let map = try Self.map()
        let rgba = map.overlay()
        let w = map.width
        let blue: [UInt8] = [10, 132, 255, 255], purple: [UInt8] = [175, 82, 222, 255], clear: [UInt8] = [0, 0, 0, 0]
        // Capsule d, ends of radius 20 around (40, 220) and (120, 220).
        #expect(pixel(rgba, w, 25, 205) == blue)   // on the arc at 45 degrees: 20.51 pt from the end's center
        #expect(pixel(rgba, w, 20, 220) == blue)   // the arc's leftmost point
        #expect(pixel(rgba, w, 70, 200) == blue)   // the straight top edge
        #expect(pixel(rgba, w, 21, 201) == clear)  // the bounding box's corner: outside the capsule
        #expect(pixel(rgba, w, 20, 200) == clear)
        #expect(pixel(rgba, w, 30, 210) == clear)  // inside, one layer: no fill
        // Rect b's bottom-right corner (radius 16) is cut off; its right edge is drawn.
        #expect(pixel(rgba, w, 219, 139) == clear)
        #expect(pixel(rgba, w, 219, 100) == blue)
        // Above the join of l1 and l2 (x = 105.5): the joined field is 0.01 pt at y = 15.5 (its outline, purple),
        // -2.9 pt at 18.5 (the bridge: inside the union, outside both members) and +2.0 pt at 13.5 (outside).
        #expect(pixel(rgba, w, 105, 15) == purple)
        #expect(pixel(rgba, w, 105, 18) == [175, 82, 222, 110])
        #expect(pixel(rgba, w, 105, 13) == clear)
        // l1 over b: glass on glass, orange.
        #expect(pixel(rgba, w, 80, 50) == [255, 149, 0, 110])
    }

    @Test("The routes: /overlap.png is the map's overlay, /layers its count at a pixel, parameters checked")
    func routes() throws {
        let f = try Fixture("overlap", text: Self.scene)
        let png = f.get("/overlap.png", [("frame", "0")])
        #expect(png.status == 200 && png.contentType == "image/png")
        let image = try PNG.decode(png.body)
        let map = try Self.map()
        #expect(image.width == 300 && image.height == 300)
        #expect(image.samples.map { UInt8($0 >> 8) } == map.overlay())
        let l = f.get("/layers", [("frame", "0"), ("x", "165"), ("y", "55"), ("pitch", "0.2"), ("roll", "0.1")])
        let json = try JSONSerialization.jsonObject(with: Data(l.body)) as? [String: Any]
        #expect(json?["layers"] as? Int == 3)
        #expect(json?["glassOnGlass"] as? Bool == true && json?["breaksLayerRule"] as? Bool == false)
        #expect(json?["surfaces"] as? [[String]] == [["'l1'", "'l2'"], ["'b'"], ["'c'"]])
        #expect(json?["maxLayers"] as? Int == 3)
        for (args, message) in [
            ([("frame", "0"), ("x", "300"), ("y", "0")], "x '300' is out of range: expected a whole number of pixels from 0 to 299"),
            ([("frame", "0"), ("x", "1")], "missing parameter 'y'"),
            ([("frame", "0"), ("x", "-1"), ("y", "0")], "x '-1' is out of range"),
            ([("frame", "6"), ("x", "1"), ("y", "1")], "frame '6' is out of range"),
        ] {
            let r = f.get("/layers", args)
            #expect(r.status == 400 && r.text.hasPrefix(message), "\(r.text)")
        }
        #expect(f.get("/overlap.png", [("frame", "0"), ("x", "1")]).status == 400)
        #expect(f.get("/overlap.png", [("frame", "0"), ("tier", "web")]).status == 200)
    }
}

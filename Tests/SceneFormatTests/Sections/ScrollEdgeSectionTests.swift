import Foundation
import Glass
import Raster
import Testing
@testable import SceneFormat
import Output

/// A bar's `scrollEdge`: its defaults resolved at decode (from `GlassDefaults.ScrollEdgeEffect`), its budget and
/// its misspellings, each refusal naming its JSON path.
@Suite struct ScrollEdgeSectionTests {
    static func decode(_ edge: String, frame: String = "[12, 56, 366, 60]", appearance: String = "light") throws -> ScrollEdge? {
        try SceneDecoder().decode(text: #"{"appearance": "\#(appearance)", "glass": [{"frame": \#(frame), "scrollEdge": \#(edge)}]}"#)
            .glass.panels[0].scrollEdge
    }

    static func error(_ edge: String) -> SceneError? {
        do { _ = try decode(edge); return nil } catch let e as SceneError { return e } catch { return nil }
    }

    @Test func defaultsAreResolvedAtDecode() throws {
        typealias D = GlassDefaults.ScrollEdgeEffect
        let soft = try #require(try Self.decode("{}"))
        #expect(soft.edge == .top && soft.style == .soft && soft.extent == D.softExtent && soft.radius == D.radius
                && soft.fade == D.fade)
        let low = try #require(try Self.decode(#"{"style": "hard"}"#, frame: "[60, 760, 270, 60]", appearance: "dark"))
        #expect(low.edge == .bottom && low.style == .hard && low.extent == D.hardExtent && low.opacity == D.opacity)
        #expect(low.line == Token.separator.color(.dark) && low.lineWidth == 1)
        #expect(try Self.decode(#"{"edge": "bottom", "extent": 10}"#)?.extent == 10)
    }

    @Test func theBandRunsFromTheEdgePastTheBar() throws {
        let top = try #require(try Self.decode(#"{"extent": 20}"#))
        #expect(top.band(bar: Rect(x: 12, y: 56, width: 366, height: 60), width: 1170, canvasHeight: 2532, scale: 3)
                == PixelRect(x: 0, y: 0, width: 1170, height: 408))
        let bottom = try #require(try Self.decode(#"{"edge": "bottom", "extent": 20}"#))
        #expect(bottom.band(bar: Rect(x: 60, y: 760, width: 270, height: 60), width: 1170, canvasHeight: 2532, scale: 3)
                == PixelRect(x: 0, y: 2220, width: 1170, height: 312))
        #expect(bottom.band(bar: Rect(x: 0, y: 900, width: 10, height: 10), width: 390, canvasHeight: 844, scale: 1).isEmpty)
    }

    @Test func badValuesAreRefusedWithTheirPath() {
        let over = Self.error(#"{"extent": 201}"#)
        #expect(over?.path == "glass[0].scrollEdge.extent" && over?.message.contains("0 to 200") == true, "\(String(describing: over))")
        let typo = Self.error(#"{"stlye": "soft"}"#)
        #expect(typo?.path == "glass[0].scrollEdge.stlye" && typo?.suggestion == "style", "\(String(describing: typo))")
        let word = Self.error(#"{"style": "sofft"}"#)
        #expect(word?.path == "glass[0].scrollEdge.style" && word?.suggestion == "soft", "\(String(describing: word))")
        let edge = Self.error(#"{"edge": "botom"}"#)
        #expect(edge?.suggestion == "bottom", "\(String(describing: edge))")
        let key = Self.error("true")
        #expect(key?.path == "glass[0].scrollEdge", "\(String(describing: key))")
        do {
            _ = try SceneDecoder().decode(text: #"{"glass": [{"frame": [0, 0, 10, 10], "scrolEdge": {}}]}"#)
            Issue.record("a misspelt key decoded")
        } catch {
            #expect(error.suggestion == "scrollEdge", "\(error)")
        }
    }
}

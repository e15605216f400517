import Testing
import Raster
@testable import Glass

/// The deep interior a liquid drawing overwrites without reading the frame (`LiquidGlass.overwrittenSpans`):
/// every pixel of its spans lies 1.5 px inside a member panel by the shape's own distance, and the kept spans
/// (`InteriorSpansCache`) are found only for a container that keeps its shape.
@Suite struct InteriorSpansTests {
    static func bar(x: Float) -> SmoothUnion<PanelUnion> {
        SmoothUnion([PanelUnion([PanelShape(.rect, box: Rect(x: x, y: 40.3, width: 300, height: 96), cornerRadius: 48)]),
                     PanelUnion([PanelShape(.circle, box: Rect(x: x + 320, y: 50, width: 70, height: 70))])], spacing: 24)
    }

    @Test func everySparedPixelIsDeepInside() {
        let canvas = PixelRect(x: 0, y: 0, width: 420, height: 180)
        let shape = Self.bar(x: 5.7)
        let spans = LiquidGlass.overwrittenSpans(shape, opacity: 1, canvas: canvas, band: 16)
        var spared = 0, shallow = 0
        for (k, columns) in spans {
            for y in (k * 16)..<((k + 1) * 16) {
                for x in columns {
                    spared += 1
                    // The joined field is at most each member's distance: a spared pixel has coverage 1.
                    if shape.signedDistance(Point(Float(x) + 0.5, Float(y) + 0.5)) > -1.5 { shallow += 1 }
                }
            }
        }
        #expect(spared > 20_000, "\(spared) pixels spared")
        #expect(shallow == 0, "\(shallow) spared pixels less than 1.5 px inside")
        #expect(LiquidGlass.overwrittenSpans(shape, opacity: 0.99, canvas: canvas, band: 16).isEmpty,
                "below full opacity every pixel blends")
    }

    @Test func onlyAShapeKeptSinceTheFrameBeforeHasSpans() {
        let canvas = PixelRect(x: 0, y: 0, width: 420, height: 180)
        let cache = InteriorSpansCache(keeping: .everything)
        func spans(_ shape: SmoothUnion<PanelUnion>) -> [(band: Int, columns: Range<Int>)] {
            LiquidGlass.overwrittenSpans(shape, opacity: 1, canvas: canvas, band: 16, interiors: cache, slot: "bar")
        }
        let still = LiquidGlass.overwrittenSpans(Self.bar(x: 5.7), opacity: 1, canvas: canvas, band: 16)
        func same(_ a: [(band: Int, columns: Range<Int>)], _ b: [(band: Int, columns: Range<Int>)]) -> Bool {
            a.map(\.band) == b.map(\.band) && a.map(\.columns) == b.map(\.columns)
        }
        #expect(spans(Self.bar(x: 5.7)).isEmpty, "first sight")
        #expect(same(spans(Self.bar(x: 5.7)), still), "second frame in a row")
        #expect(same(spans(Self.bar(x: 5.7)), still), "kept")
        #expect(spans(Self.bar(x: 6.2)).isEmpty, "moved")
        #expect(!spans(Self.bar(x: 6.2)).isEmpty, "still again")
    }
}

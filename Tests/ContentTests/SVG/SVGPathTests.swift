import Testing
import Raster
@testable import Content

/// SVG path parsing, and filling through the one symbol renderer (librsvg, `SymbolArtwork`), against analytic
/// areas. These tolerances are the ones the former scanline filler met; librsvg meets them too (that measurement
/// is why inline paths go through librsvg: one implementation for paths, strokes and files). Coverage is 8-bit,
/// so each edge pixel carries up to 0.5/255 of rounding.
@Suite struct SVGPathTests {
    static func area(_ d: String, rule: FillRule = .nonzero, scale: Float = 4, canvas: Int = 200) throws -> Double {
        let side = Float(canvas) / scale
        let doc = try SymbolArtwork.document(path: d, viewBox: Rect(x: 0, y: 0, width: side, height: side), rule: rule, stroke: nil)
        let m = doc.mask(onto: Rect(x: 0, y: 0, width: Float(canvas), height: Float(canvas)), canvasWidth: canvas, canvasHeight: canvas)
        return m.area / Double(scale * scale)
    }

    @Test func squareAndTriangleAreasAreExact() throws {
        // Axis-aligned edges: coverage is exact up to float rounding.
        #expect(abs(try Self.area("M2 2 H12 V12 H2 Z") - 100) < 1e-3)
        #expect(abs(try Self.area("m2 2 h10 v10 h-10 z") - 100) < 1e-3)
        // A triangle's slanted edge is sampled on 16 sub-scanlines: error under 1/32 px per edge pixel.
        #expect(abs(try Self.area("M0 0 L20 0 L0 20 Z") - 200) < 0.5)
    }

    @Test func arcsTraceACircle() throws {
        // Two half arcs, radius 10: pi r^2. Cubic arcs of 90 degrees deviate by 2.7e-4 r; flattening by 0.05 px.
        let a = try Self.area("M20 10 A10 10 0 0 1 20 30 A10 10 0 0 1 20 10 Z")
        #expect(abs(a - Double.pi * 100) / (Double.pi * 100) < 0.003, "area \(a)")
        let rel = try Self.area("M20 10 a10 10 0 0 1 0 20 a10 10 0 0 1 0 -20 z")
        #expect(abs(rel - a) < 1e-3)
    }

    @Test func quadraticAndCubicCurves() throws {
        // A parabola segment under the chord: area between y = x^2-like curve and chord is 2/3 of the triangle.
        // Q from (0,0) via (10,20) to (20,0) and back along the chord: area = (2/3) * base * height/2... = 2/3*20*10.
        let q = try Self.area("M0 0 Q10 20 20 0 Z")
        #expect(abs(q - 2.0 / 3.0 * 20 * 10) < 0.5)
        let c = try Self.area("M0 0 C0 0 20 0 20 0 L20 10 L0 10 Z")
        #expect(abs(c - 200) < 0.5)
    }

    @Test func evenOddCutsHolesAndNonzeroDoesNot() throws {
        // Two concentric squares drawn the same way round: nonzero fills both, even-odd leaves the hole.
        let d = "M0 0 H20 V20 H0 Z M5 5 H15 V15 H5 Z"
        #expect(abs(try Self.area(d, rule: .nonzero) - 400) < 1e-3)
        #expect(abs(try Self.area(d, rule: .evenodd) - 300) < 1e-3)
        // Drawn the other way round, the inner square cuts a hole under nonzero too.
        #expect(abs(try Self.area("M0 0 H20 V20 H0 Z M5 5 V15 H15 V5 Z", rule: .nonzero) - 300) < 1e-3)
    }

    @Test func implicitCommandsAndCompactNumbers() throws {
        let a = try SVGPath(parsing: "M0,0L10,0 10,10-5.5.5z")
        #expect(a.segments.count == 5)
        #expect(a.segments[3] == .line(Point(-5.5, 0.5)))
        let flags = try SVGPath(parsing: "M0 0a5 5 0 1110 0")
        #expect(flags.segments.count > 1)
    }

    @Test func smoothCurvesReflectThePreviousControlPoint() throws {
        // S reflects the last C's second control point (3,4) about the pen (5,5): (7,6). T reflects the last
        // Q's control point (2,4) about (4,0): (6,-4), and the next T reflects that about (8,0): (10,4).
        let s = try SVGPath(parsing: "M0 0 C1 2 3 4 5 5 S9 8 10 10")
        #expect(s.segments == [.move(Point(0, 0)), .cubic(Point(1, 2), Point(3, 4), Point(5, 5)),
                               .cubic(Point(7, 6), Point(9, 8), Point(10, 10))])
        let relative = try SVGPath(parsing: "m0 0 c1 2 3 4 5 5 s4 3 5 5")
        #expect(relative.segments == s.segments)
        let t = try SVGPath(parsing: "M0 0 Q2 4 4 0 T8 0 T12 0")
        let explicit = try SVGPath(parsing: "M0 0 Q2 4 4 0 Q6 -4 8 0 Q10 4 12 0")
        #expect(t.segments == explicit.segments)
        // Without a previous curve of the same kind, the first control point is the pen.
        #expect(try SVGPath(parsing: "M1 1 L2 2 S4 4 5 5").segments.last == .cubic(Point(2, 2), Point(4, 4), Point(5, 5)))
        #expect(try SVGPath(parsing: "M0 0 T4 0").segments == (try SVGPath(parsing: "M0 0 Q0 0 4 0")).segments)
        // A wave of a Q and a T: one hump each side of the chord, each 2/3 x base 4 x peak 2 (nonzero fills both).
        let wave = try Self.area("M2 10 Q4 14 6 10 T10 10 Z", rule: .nonzero)
        #expect(abs(wave - 2 * 2.0 / 3.0 * 4 * 2) < 0.5, "area \(wave)")
    }

    @Test(arguments: [
        ("", 0, "empty"),
        ("L 1 2", 0, "must start with 'M'"),
        ("M 1 2 L 3", 9, "expected a y coordinate for 'L'"),
        ("M 1 2 X 3 4", 6, "unknown command 'X'"),
        ("M 0 0 A 5 5 0 2 0 1 1", 14, "arc flag"),
        ("M 0 0 C 1 1 2 2", 15, "expected an x coordinate for 'C'"),
    ])
    func malformedPathsNameTheOffset(d: String, offset: Int, words: String) {
        #expect {
            _ = try SVGPath(parsing: d)
        } throws: { error in
            guard let e = error as? SVGPathError else { return false }
            return e.offset == offset && e.description.contains(words) && e.description.contains("character \(offset)")
        }
    }
}

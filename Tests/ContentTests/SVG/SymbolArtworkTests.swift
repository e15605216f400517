import ChildProcess
import Foundation
import Testing
import Raster
@testable import Content

/// Symbols through librsvg: strokes against analytic areas, icon files against librsvg's own `rsvg-convert` and
/// against Chromium, and hostile files refused.
@Suite struct SymbolArtworkTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/icons")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// The mask of a document whose box maps onto a `size` x `size` square at the origin.
    static func mask(_ doc: SVGDocument, size: Int) -> CoverageMask {
        doc.mask(onto: Rect(x: 0, y: 0, width: Float(size), height: Float(size)), canvasWidth: size, canvasHeight: size)
    }

    /// Area in viewBox units^2 of a stroked horizontal line from (4, 12) to (20, 12) on the 24 grid, 4 px per unit.
    static func strokeArea(_ stroke: Stroke) throws -> Double {
        let doc = try SymbolArtwork.document(path: "M4 12 H20", viewBox: ContentDefaults.symbolViewBox, rule: .nonzero, stroke: stroke)
        return mask(doc, size: 96).area / 16
    }

    @Test func strokeCapsAndDashesHaveTheirAnalyticAreas() throws {
        // Width 2 over length 16: 32 units^2; square caps add 1 unit at each end (+4), round caps a disc (+pi).
        // Butt and square edges fall on pixel edges (x 16..80, y 44..52 px): exact up to float rounding.
        #expect(abs(try Self.strokeArea(Stroke(width: 2, cap: .butt)) - 32) < 1e-3)
        #expect(abs(try Self.strokeArea(Stroke(width: 2, cap: .square)) - 36) < 1e-3)
        // Round caps are flattened by cairo to 0.1 px; 8-bit coverage rounds each edge pixel by up to 0.5/255:
        // 0.05 units^2 (0.8 px^2) covers both.
        let round = try Self.strokeArea(Stroke(width: 2, cap: .round))
        #expect(abs(round - (32 + Double.pi)) < 0.05, "area \(round)")
        // Dashes 2 on, 2 off from x = 4: four dashes of 2 x 2 (the last ends at 18).
        #expect(abs(try Self.strokeArea(Stroke(width: 2, cap: .butt, dash: [2, 2])) - 16) < 1e-3)
    }

    @Test func joinsFollowSVG() throws {
        // A right angle stroked 2 wide: the outer corner is a 1 x 1 square under a miter join, a quarter disc
        // (pi/4) under round, a half square triangle (1/2) under bevel. Inner parts are equal, so differences
        // between joins isolate the corner.
        func area(_ join: Stroke.Join) throws -> Double {
            let doc = try SymbolArtwork.document(path: "M4 20 V4 H20", viewBox: ContentDefaults.symbolViewBox, rule: .nonzero,
                                                 stroke: Stroke(width: 2, cap: .butt, join: join))
            return Self.mask(doc, size: 96).area / 16
        }
        let miter = try area(.miter), round = try area(.round), bevel = try area(.bevel)
        #expect(abs(miter - round - (1 - Double.pi / 4)) < 0.03, "miter \(miter) round \(round)")
        #expect(abs(miter - bevel - 0.5) < 0.03, "miter \(miter) bevel \(bevel)")
    }

    @Test func fitKeepsTheAspectAndCenters() {
        let r = SVGDocument.fit(Rect(x: 0, y: 0, width: 24, height: 12), into: Rect(x: 10, y: 10, width: 48, height: 48))
        #expect(r == Rect(x: 10, y: 22, width: 48, height: 24))
    }

    // MARK: Oracles

    static func run(_ tool: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(tool) \(args.joined(separator: " ")) exited \(p.terminationStatus)")
    }

    static func temporary(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-symbols-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    @Test(.enabled(if: DevTool.find("rsvg-convert") != nil, Comment(rawValue: DevTool.missing("rsvg-convert", package: "librsvg2-bin"))),
          arguments: ["check-circle.svg", "framed-diamond.svg"])
    func iconFilesMatchRsvgConvert(file: String) throws {
        // The mask is used unscaled here (box onto 96 x 96 px, as rsvg-convert -w 96 -h 96 does), so the coverage
        // must equal rsvg-convert's alpha within 1/255 (one level for rounding between its ARGB32 surface and our
        // A8 one).
        let out = Self.temporary("rsvg-\(file).png")
        try Self.run(DevTool.find("rsvg-convert")!, ["-w", "96", "-h", "96", "-o", out, Self.fixtures.appendingPathComponent(file).path])
        let png = try PNG.read(path: out)
        #expect(png.width == 96 && png.height == 96)
        let m = Self.mask(try SVGDocument(text: try Self.fixture(file)), size: 96)
        var worst: Float = 0, inked = 0
        for y in 0..<96 {
            for x in 0..<96 {
                let alpha = Float(png.samples[(y * 96 + x) * 4 + 3]) / 65535
                worst = max(worst, abs(alpha - m[x, y]))
                if m[x, y] > 0.5 { inked += 1 }
            }
        }
        #expect(worst <= 1.0 / 255 + 1e-6, "largest coverage difference \(worst * 255) levels")
        #expect(inked > 300, "the icon drew \(inked) pixels")
    }

    @Test(.enabled(if: DevTool.find("chromium") != nil, Comment(rawValue: DevTool.missing("chromium", package: "chromium"))))
    func strokedRoundCapIconMatchesChromium() throws {
        // Chromium (Skia) draws the same stroked icon, black on white at 96 x 96 CSS px, device scale 1; its
        // coverage is 1 - red/255 (Skia blends non-text paths in the encoded sRGB values). Two rasterizers differ
        // at edges, so the check is on the mean: within 2 levels, as the issue states.
        let svg = try Self.fixture("check-circle.svg").replacingOccurrences(of: "width=\"24\" height=\"24\"", with: "width=\"96\" height=\"96\"")
        let html = Self.temporary("chromium.html"), shot = Self.temporary("chromium.png")
        try "<!doctype html><html><body style=\"margin:0;background:#fff;color:#000\">\(svg)</body></html>"
            .write(toFile: html, atomically: true, encoding: .utf8)
        let profile = Self.temporary("chromium-profile")
        try Self.run(DevTool.find("chromium")!, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                              "--force-device-scale-factor=1", "--user-data-dir=\(profile)",
                                              "--window-size=200,200", "--screenshot=\(shot)", "file://\(html)"])
        let png = try PNG.read(path: shot)
        let m = Self.mask(try SVGDocument(text: try Self.fixture("check-circle.svg")), size: 96)
        var sum: Double = 0, ink: Double = 0
        for y in 0..<96 {
            for x in 0..<96 {
                let chrome = 1 - Double(png.samples[(y * png.width + x) * 4]) / 65535
                sum += abs(chrome - Double(m[x, y]))
                ink += chrome
            }
        }
        let mean = sum / (96 * 96) * 255
        #expect(mean <= 2, "mean difference \(mean) levels")
        #expect(ink > 300, "Chromium drew \(ink) pixels of ink: did the page render?")
    }

    // MARK: Hostile and malformed files

    @Test(arguments: [
        ("external-image.svg", "href reference 'file:///etc/hostname' refused"),
        ("network-use.svg", "xlink:href reference 'http://example.com/icons.svg#star' refused"),
        ("external-entity.svg", "external entity 'secret' refused"),
        ("css-url.svg", "url() reference '../gradients.svg#g' refused"),
        ("not-svg.svg", "not a valid SVG document"),
        ("no-size.svg", "neither a viewBox nor an absolute width and height"),
        ("huge-viewbox.svg", "within ±1000000"),
        ("entity-bomb.svg", "an entity that refers to others or holds markup is refused"),
    ])
    func badFilesAreRefused(file: String, words: String) throws {
        let text = try Self.fixture(file)
        #expect {
            _ = try SVGDocument(text: text)
        } throws: { error in
            (error as? SVGDocumentError)?.message.contains(words) ?? false
        }
    }

    @Test func deepNestingIsRefusedByLibrsvgsLimits() {
        // 100 000 nested groups: the budgets refuse them first (SVGBudget); behind them, libxml2's depth limit
        // (256) stays on because forkrender never passes RSVG_HANDLE_FLAG_UNLIMITED: with the budgets lifted the
        // document is still refused in well under a second instead of exhausting the stack.
        let deep = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">" + String(repeating: "<g>", count: 100_000)
            + "<rect width=\"5\" height=\"5\"/>" + String(repeating: "</g>", count: 100_000) + "</svg>"
        #expect {
            _ = try SVGDocument(text: deep)
        } throws: { error in
            (error as? SVGDocumentError)?.message.contains("over the limit of") ?? false
        }
        #expect {
            _ = try SVGDocument(text: deep, checkingReferences: true, budget: nil)
        } throws: { error in
            (error as? SVGDocumentError)?.message.contains("Excessive depth") ?? false
        }
    }

    @Test func librsvgItselfLoadsNothingOutsideTheDocument() throws {
        // Defense in depth, with the reference policy off: a real, opaque PNG beside the test, referenced by an
        // absolute file URL, and the same by a relative path. If librsvg loaded either, the mask would be inked.
        let red = Self.temporary("red.png")
        try PNG.write(rgba8: [UInt8](repeating: 255, count: 64), width: 4, height: 4, to: red)
        for href in ["file://\(red)", "red.png", red] {
            let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><image href=\"\(href)\" width=\"24\" height=\"24\"/></svg>"
            let doc = try SVGDocument(text: text, checkingReferences: false)
            #expect(Self.mask(doc, size: 24).area == 0, "librsvg loaded \(href)")
        }
        // The same image as a data: URL, which stays inside the document, does draw: the test can see an image.
        let data = try Data(contentsOf: URL(fileURLWithPath: red)).base64EncodedString()
        let inline = try SVGDocument(text: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><image href=\"data:image/png;base64,\(data)\" width=\"24\" height=\"24\"/></svg>")
        #expect(Self.mask(inline, size: 24).area > 500)
    }
}

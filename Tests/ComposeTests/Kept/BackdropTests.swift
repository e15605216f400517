import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output
@testable import Regression

/// The backdrop through the compositor: a scroll renders the same bytes on any thread count and in shards, a
/// still image changes nothing after frame 0, and a scroll marks changed only the band the image moves in.
@Suite struct BackdropCompositingTests {
    static let list = AllScenesTests.root.appendingPathComponent("scenes/backdrops/list.png").path

    /// scenes/backdrop-scroll.json at 120 fps (120 frames), at a quarter of a point per pixel.
    static func scroll() throws -> SceneDocument {
        let file = AllScenesTests.root.appendingPathComponent("scenes/backdrop-scroll.json").path
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": 120")
        var d = SceneDecoder(scale: 0.25)
        d.directory = (file as NSString).deletingLastPathComponent
        let doc = try d.decode(text: text)
        #expect(doc.frameCount == 120)
        return doc
    }

    /// Frames `range` drawn by one compositor into two recycled slots, as the pipeline draws them.
    static func hashes(_ doc: SceneDocument, _ range: Range<Int>, threads: Int) -> [Int] {
        var c = Compositor(document: doc, workers: Workers(threads))
        var slots = (0..<2).map { _ in FrameSlot(c.emptyFrame()) }
        return range.enumerated().map { n, i in
            c.render(frame: i, into: &slots[n % 2])
            return KeptStateRun.bits(slots[n % 2].frame).hashValue
        }
    }

    @Test func aScrollIsByteIdenticalForAnyThreadsAndShards() throws {
        let doc = try Self.scroll()
        let one = Self.hashes(doc, 0..<120, threads: 1)
        #expect(Set(one).count > 60, "the list must move in most frames")
        for threads in [2, 8] { #expect(Self.hashes(doc, 0..<120, threads: threads) == one, "\(threads) threads") }
        let shards = stride(from: 0, to: 120, by: 30).flatMap { Self.hashes(doc, $0..<$0 + 30, threads: 2) }
        #expect(shards == one, "four shards")
    }

    /// A scene over `list.png` with `backdrop` keys added (the list is 1170 x 4500 px, 390 x 1500 pt at 3 px a
    /// point; the canvas 390 x 844 pt).
    static func document(_ backdrop: String, scale: Float = 0.5) throws -> SceneDocument {
        try SceneDecoder(scale: scale).decode(text: #"{"duration": 1, "plane": {"backdrop": {"image": "\#(list)", "dots": false\#(backdrop)}}}"#)
    }

    @Test func aStillImageChangesNothingAfterTheFirstFrame() throws {
        var c = Compositor(document: try Self.document(""), workers: Workers(2))
        _ = c.render(frame: 0)
        let first = c.planeRecord
        _ = c.render(frame: 1)
        #expect(c.planeRecord.changedRows(since: first)?.pixelCount == 0)
        #expect(c.state.backdrop.store.access { $0.pixels } != nil, "the placed image is kept")
    }

    /// "contain" puts the tall list in a band of columns; its scroll marks only that band, in every row.
    @Test func aScrollMarksOnlyTheBandItMovesIn() throws {
        let doc = try Self.document(#", "fit": "contain", "scroll": {"keyframes": [{"t": 0, "offset": [0, 0]}, {"t": 1, "offset": [0, -300]}]}"#)
        let band = doc.plane.backdrop!.placement.columns
        #expect(band.count < doc.canvas.pixelWidth * 2 / 3)
        var c = Compositor(document: doc, workers: Workers(2))
        _ = c.render(frame: 0)
        let first = c.planeRecord
        _ = c.render(frame: 10)
        let rows = try #require(c.planeRecord.changedRows(since: first))
        #expect(rows.pixelCount == band.count * doc.canvas.pixelHeight)
        for y in 0..<doc.canvas.pixelHeight { #expect(rows[y].allSatisfy { band.lowerBound <= $0.lowerBound && $0.upperBound <= band.upperBound }) }
    }
}

/// `forkrender lint` measures over the backdrop: the tab bar's label over the dark saucer of
/// backdrop-photo-light.json is flagged, and the same scene without its backdrop passes.
@Test func legibilityIsMeasuredOverTheBackdrop() throws {
    let file = AllScenesTests.root.appendingPathComponent("scenes/backdrop-photo-light.json").path
    var over = try SceneDecoder(scale: 0.5).decode(file: file)
    // The scene's own ink (white in its dark tab bar's light appearance), not the adaptive one that passes there:
    // what is measured is the photograph's effect on the same ink.
    for k in over.glass.panels.indices { over.glass.panels[k].liquid.foreground = .appearance }
    var bare = over
    bare.plane.backdrop = nil
    func tabs(_ doc: SceneDocument) throws -> Float? { try LegibilityAudit.run(document: doc, frames: [0], workers: Workers(2)).entries.first { $0.id == "tabs" }?.wcag }
    let photo = try #require(try tabs(over)), plane = try #require(try tabs(bare))
    #expect(photo < 4.5 && plane > 4.5, "WCAG \(photo) over the photo, \(plane) over the plane")
}

/// `plane.backdrop` at decode: placement by fit and position, paths relative to the scene file, budgets from the
/// header, and one message with the JSON path and the reason for every bad file.
@Suite struct BackdropSectionTests {
    @Test(arguments: [("cover", [0, 0, 195, 750]), ("contain", [0, 0, 110, 422]), ("fill", [0, 0, 195, 422]), ("none", [0, 0, 585, 2250])])
    func placementFollowsFit(fit: String, rect: [Int]) throws {
        let doc = try BackdropCompositingTests.document(#", "fit": "\#(fit)", "position": [0, 0]"#)
        let p = doc.plane.backdrop!.placement
        #expect([p.x, p.y, p.width, p.height] == rect)
        #expect(!doc.plane.visible, "dots: false hides the dots")
        let centred = try BackdropCompositingTests.document(#", "fit": "\#(fit)""#).plane.backdrop!.placement
        #expect(centred.x == Int((Double(195 - p.width) / 2).rounded()) && centred.y == Int((Double(422 - p.height) / 2).rounded()))
    }

    @Test func theImageIsRelativeToTheSceneFile() throws {
        let doc = try SceneDecoder(scale: 1).decode(file: AllScenesTests.root.appendingPathComponent("scenes/backdrop-photo-light.json").path)
        #expect(doc.plane.backdrop?.image?.width == 300 && doc.plane.backdrop?.file.hasSuffix("scenes/backdrops/coffee.png") == true)
        #expect(MemoryEstimate(doc).parts.contains { $0.what.hasPrefix("backdrop image (300 x 200 px") })
    }

    /// Bad image files, written at test time: each refused with `plane.backdrop.image` and its reason.
    static func badFiles() throws -> [(file: String, reason: String)] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-backdrop-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let good = try Data(contentsOf: URL(fileURLWithPath: BackdropCompositingTests.list))
        func write(_ name: String, _ data: Data) throws -> String {
            let url = dir.appendingPathComponent(name)
            try data.write(to: url)
            return url.path
        }
        var corrupt = good
        corrupt[good.count / 2] ^= 0xFF
        // A valid signature and IHDR declaring 5000 x 5000 pixels, nothing after: refused from the header.
        var huge = Data(good.prefix(16))
        huge.append(contentsOf: [0, 0, 0x13, 0x88, 0, 0, 0x13, 0x88, 8, 2, 0, 0, 0])
        return [(dir.appendingPathComponent("missing.png").path, "does not exist"),
                (dir.path, "is a directory"),
                (try write("photo.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 60))), "not a PNG file"),
                (try write("truncated.png", good.prefix(200)), "truncated"),
                (try write("corrupt.png", corrupt), "cannot read PNG"),
                (try write("huge.png", huge), "5000 x 5000 pixels is over the limit")]
    }

    @Test func badFilesAreRefusedWithThePathAndTheReason() throws {
        for (file, reason) in try Self.badFiles() {
            do {
                _ = try SceneDecoder().decode(text: #"{"plane": {"backdrop": {"image": "\#(file)"}}}"#)
                Issue.record("\(file) was accepted")
            } catch {
                #expect(error.path == "plane.backdrop.image" && error.location != nil, "\(error)")
                #expect(error.message.contains(reason), "\(error.message)")
            }
        }
    }
}

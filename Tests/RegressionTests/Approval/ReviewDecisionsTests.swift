import Foundation
import Testing
import Output
@testable import Regression

/// Decisions made on a report (`ReviewBoard`, what the review server calls) and what the next `check` run does
/// with them: the real binary writes the report and its manifest, reads decisions.json back, and says when a
/// frame still renders the picture a reviewer rejected.
@Suite(.serialized) struct ReviewDecisionsTests {
    struct Fixture {
        let dir: URL
        var scenes: URL { dir.appendingPathComponent("scenes") }
        var refs: URL { dir.appendingPathComponent("refs") }
        var report: URL { dir.appendingPathComponent("report") }

        init(_ name: String) throws {
            dir = Binary.folder("review-\(name)")
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("scenes"), withIntermediateDirectories: true)
            try write(dotIdle: 0.05)
            #expect(try check().status == 0)
            try write(dotIdle: 0.5)
        }

        func write(dotIdle: Double) throws {
            try CheckCommandTests.scene(dotIdle: dotIdle).write(to: scenes.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
        }

        func check(_ extra: [String] = []) throws -> Binary.Result {
            try Binary.run(["check", scenes.path, "--references", refs.path] + extra)
        }
    }

    @Test func theReportListsItsFramesForReviewWithTheirReferences() throws {
        let f = try Fixture("manifest")
        #expect(try f.check(["--report", f.report.path]).status == 1)
        let manifest = try ReviewManifest.load(from: f.report.path)
        #expect(manifest.frames.map(\.frame) == [0, 7, 14])
        #expect(manifest.frames.map(\.reference) == [0, 7, 14].map { f.refs.appendingPathComponent("card/" + CheckItem.frameName($0) + ".png").path })
        #expect(manifest.frames.first?.actual == "card/0000-actual.png" && manifest.frames.first?.anchor == "card-0000")
        // The actual carries the fingerprint, so an accepted frame's reference names the renderer that drew it.
        #expect(RendererFingerprint.read(png: f.report.appendingPathComponent("card/0000-actual.png").path) == .current)
        // A passing run has nothing to review: no manifest, and review says so and exits 0.
        try f.write(dotIdle: 0.05)
        #expect(try f.check(["--report", f.report.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: f.report.appendingPathComponent(ReviewManifest.fileName).path))
        let review = try Binary.run(["review", f.report.path, "--port", "0"])
        #expect(review.status == 0 && review.err == "note: nothing to review in '\(f.report.path)': every frame passed\n", "\(review.err)")
        let nothing = try Binary.run(["review", f.dir.path, "--port", "0"])
        #expect(nothing.status == 2 && nothing.err.contains("no review.json in"), "\(nothing.err)")
    }

    @Test func acceptWritesTheReferenceAtomicallyWithItsFingerprintAndTheFramePasses() throws {
        let f = try Fixture("accept")
        #expect(try f.check(["--report", f.report.path]).status == 1)
        let board = try ReviewBoard(folder: f.report.path)
        let others = try [0, 14].map { try Data(contentsOf: f.refs.appendingPathComponent("card/" + CheckItem.frameName($0) + ".png")) }
        let d = try board.accept(1)
        #expect(d.scene == "card" && d.frame == 7 && d.decision == .accepted)
        let written = f.refs.appendingPathComponent("card/0007.png").path
        #expect(try RGBAImage.read(path: written) == RGBAImage.read(path: f.report.appendingPathComponent("card/0007-actual.png").path))
        #expect(RendererFingerprint.read(png: written) == .current)
        #expect(try [0, 14].map { try Data(contentsOf: f.refs.appendingPathComponent("card/" + CheckItem.frameName($0) + ".png")) } == others)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.refs.appendingPathComponent("card").path).sorted() == ["0000.png", "0007.png", "0014.png"])
        #expect(try f.check(["--frames", "7"]).status == 0)
        #expect(try f.check(["--frames", "0", "--update", "none"]).status == 1)
        #expect(try ReviewDecisions.read(from: f.report.path).decisions == [d])
    }

    @Test func theNextRunSaysWhenAFrameStillRendersTheRejectedPicture() throws {
        let f = try Fixture("reject")
        #expect(try f.check(["--report", f.report.path]).status == 1)
        let board = try ReviewBoard(folder: f.report.path)
        _ = try board.reject(0)
        let refs = try Data(contentsOf: f.refs.appendingPathComponent("card/0000.png"))
        #expect(try Data(contentsOf: f.refs.appendingPathComponent("card/0000.png")) == refs)

        // Same picture: the note on the terminal and in the JUnit failure, and the rejection is kept.
        let junit = f.dir.appendingPathComponent("junit.xml")
        let again = try f.check(["--report", f.report.path, "--junit", junit.path])
        #expect(again.status == 1)
        let row = again.out.split(separator: "\n").first { $0.hasPrefix("card   0000") } ?? ""
        #expect(row.contains("the picture rejected in review at"), "\(again.out)")
        #expect(!again.out.split(separator: "\n").contains { $0.hasPrefix("card   0007") && $0.contains("rejected") })
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("the picture rejected in review at"))
        #expect(try ReviewDecisions.read(from: f.report.path).decisions.map(\.frame) == [0])

        // Another picture: no note, and the old decision is gone with the old report.
        try f.write(dotIdle: 0.6)
        let changed = try f.check(["--report", f.report.path])
        #expect(changed.status == 1 && !changed.out.contains("rejected in review"), "\(changed.out)")
        #expect(!FileManager.default.fileExists(atPath: f.report.appendingPathComponent(ReviewDecisions.fileName).path))
    }

    @Test func refusalsAndUnknownIds() throws {
        let f = try Fixture("refusals")
        #expect(try f.check(["--report", f.report.path]).status == 1)
        let board = try ReviewBoard(folder: f.report.path)
        #expect(throws: ReviewBoard.Refusal.self) { try board.accept(3) }
        #expect(throws: ReviewBoard.Refusal.self) { try board.acceptScene(1) }
        _ = try board.accept(2)
        #expect(throws: ReviewBoard.Refusal.self) { try board.reject(2) }
        // A decisions file that does not parse stops the next run rather than dropping a reviewer's work.
        try "{".write(to: f.report.appendingPathComponent(ReviewDecisions.fileName), atomically: true, encoding: .utf8)
        let r = try f.check(["--report", f.report.path])
        #expect(r.status == 2 && r.err.contains("is not a decisions file"), "\(r.err)")
        // --review needs --report.
        let usage = try f.check(["--review"])
        #expect(usage.status == 2 && usage.err.contains("'--review' needs '--report <folder>'"), "\(usage.err)")
        let port = try f.check(["--port", "0"])
        #expect(port.status == 2 && port.err.contains("'--port' is the review server's"), "\(port.err)")
        let range = try f.check(["--report", f.report.path, "--review", "--port", "65536"])
        #expect(range.status == 2 && range.err.contains("'65536'") && range.err.contains("'--port'"), "\(range.err)")
        // Refused on CI, before anything renders.
        let ci = try Binary.run(["check", f.scenes.path, "--references", f.refs.path, "--report", f.report.path, "--review"], ci: true)
        #expect(ci.status == 2 && ci.err.contains("'--review' refused"), "\(ci.err)")
        let serve = try Binary.run(["review", f.report.path, "--port", "0"], ci: true)
        #expect(serve.status == 2 && serve.err.contains("review refused"), "\(serve.err)")
    }
}

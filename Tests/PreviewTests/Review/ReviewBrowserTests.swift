import Foundation
import Testing
@testable import Regression

/// The review page in headless Chromium through Selenium (Browser/review_page.py): a failing report served by
/// the real `forkrender review`, Accept clicked on one frame. On disk, exactly that frame's reference changes
/// (to the report's actual, byte-compared with every other file of the fixture unchanged), decisions.json records
/// the decision, and a check of that frame passes again while the others still fail.
@Suite("Review in a browser", .serialized)
struct ReviewBrowserTests {
    static let script = PreviewProcess.browserScript.deletingLastPathComponent().appendingPathComponent("review_page.py")

    @Test("Accept on one frame writes exactly that reference, and a re-run passes",
          .enabled(if: PreviewProcess.browserMissing == nil, "browser test skipped: \(PreviewProcess.browserMissing ?? "")"))
    func acceptOneFrame() throws {
        let f = try ReviewFixture("browser")
        let before = f.snapshot()
        let server = try RunningPreview(arguments: ["review", f.report.path, "--port", "0"])
        let r = try PreviewProcess.run(PreviewProcess.seleniumPython!, [Self.script.path, "accept", server.url, "card-0007", "card", "3"],
                                       timeout: 120)
        let status = server.stop()
        #expect(!r.timedOut, "the browser run was killed after 120 s")
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(status == 130)
        print("review browser test: \(r.out.trimmingCharacters(in: .whitespacesAndNewlines))")

        let after = f.snapshot()
        let changed = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }
        #expect(changed == ["refs/card/0007.png", "report/decisions.json"], "\(changed.sorted())")
        #expect(try RGBAImage.read(path: f.refs.appendingPathComponent("card/0007.png").path)
                == RGBAImage.read(path: f.report.appendingPathComponent("card/0007-actual.png").path))
        let decisions = try ReviewDecisions.read(from: f.report.path).decisions
        #expect(decisions.map { "\($0.scene) \($0.frame) \($0.decision)" } == ["card 7 accepted"])

        let again = try f.check(["--frames", "7"])
        #expect(again.status == 0, "\(again.out)\(again.err)")
        #expect(again.out.contains("card   0007   passed          0  identical"), "\(again.out)")
        #expect(try f.check(["--frames", "0,14", "--update", "none"]).status == 1)
    }
}

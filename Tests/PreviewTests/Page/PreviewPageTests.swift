import ChildProcess
import Foundation
import Testing
@testable import Preview

/// The page's files (Sources/Preview/Page): what the binary embeds is what is on disk, the page is served as
/// one document put together from them, and its scripts parse. The syntax check runs `node --check` (Debian's
/// nodejs) and, where Chromium is installed, also loads each script in headless Chromium and reports a
/// SyntaxError; a broken copy of preview.js fails both, so the check cannot pass by checking nothing.
@Suite struct PreviewPageTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Preview/Page")
    /// Relative to `folder`: the review page's script lives in the review server's room.
    static let scripts = ["preview.js", "patch-worker.js", "../Review/review.js"]

    static func onDisk(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theBinaryEmbedsTheFilesAndServesThemAsOneDocument() throws {
        for (name, embedded) in [("index.html", PreviewPage.index), ("preview.css", PreviewPage.css),
                                 ("preview.js", PreviewPage.script), ("patch-worker.js", PreviewPage.worker),
                                 ("../Review/review.js", ReviewRoutes.script)] {
            #expect(try Self.onDisk(name) == embedded + "\n", "\(name) differs from what the build embedded: build again")
        }
        let page = PreviewPage.html(token: "0123456789abcdef0123456789abcdef")
        #expect(page.hasPrefix("<!doctype html>\n") && page.hasSuffix("</html>"))
        #expect(page.contains("<meta name=\"forkrender-token\" content=\"0123456789abcdef0123456789abcdef\">"))
        #expect(page.contains("<style>\n" + PreviewPage.css + "\n</style>\n</head>"))
        #expect(page.contains("new Blob([`\n" + PreviewPage.worker + "`]"))
        #expect(!page.contains("@PATCH_WORKER@") && !page.contains("@TOKEN@") && !page.contains("src=\"preview.js\""))
        #expect(page.components(separatedBy: "<script>").count == 2 && page.hasSuffix("\n</script>\n</body>\n</html>"))
    }

    /// `nil` when `file` parses, else the checker's message.
    static func node(_ node: String, _ file: URL) throws -> String? {
        let r = try ChildProcess.run(URL(fileURLWithPath: node), ["--check", file.path], timeout: 60)
        #expect(!r.timedOut)
        return r.status == 0 ? nil : r.err + r.out
    }

    /// `nil` when `file` parses as a script in headless Chromium (compiled by `new Function`, never run), else
    /// the SyntaxError it reports.
    static func chromium(_ chromium: String, _ file: URL) throws -> String? {
        let source = try String(contentsOf: file, encoding: .utf8)
        let literal = String(decoding: try JSONSerialization.data(withJSONObject: [source]), as: UTF8.self)
        let page = file.deletingPathExtension().appendingPathExtension("check.html")
        try """
            <!doctype html><body><script>
            let verdict = "parses";
            try { new Function(\(literal)[0]); } catch (e) { verdict = e.name + ": " + e.message; }
            document.body.setAttribute("data-verdict", verdict);
            </script></body>
            """.write(to: page, atomically: true, encoding: .utf8)
        let r = try ChildProcess.run(URL(fileURLWithPath: chromium),
                                     ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString], timeout: 60)
        #expect(!r.timedOut)
        guard let start = r.out.range(of: "data-verdict=\""), let end = r.out[start.upperBound...].firstIndex(of: "\"") else {
            Issue.record("Chromium gave no verdict: \(r.err.suffix(2000))")
            return "no verdict"
        }
        let verdict = String(r.out[start.upperBound..<end])
        return verdict == "parses" ? nil : verdict
    }

    /// Checks the page's scripts with `check` (nil: parses; else its message) in a fresh folder named for
    /// `checker`: each parses, and a copy of preview.js with one brace too many gives a SyntaxError.
    static func expectScriptsParse(_ checker: String, _ check: (URL) throws -> String?) throws {
        let dir = ChildProcess.temporaryFolder("preview-page-syntax-\(checker)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in scripts {
            let copy = dir.appendingPathComponent((name as NSString).lastPathComponent)
            try Self.onDisk(name).write(to: copy, atomically: true, encoding: .utf8)
            let problem = try check(copy)
            #expect(problem == nil, "\(name) does not parse: \(problem ?? "")")
        }
        let broken = dir.appendingPathComponent("broken.js")
        try Self.onDisk("preview.js").replacingOccurrences(of: "function info() {", with: "function info() {{")
            .write(to: broken, atomically: true, encoding: .utf8)
        #expect(try check(broken)?.contains("SyntaxError") == true, "the check missed a syntax error")
    }

    @Test("The page's scripts parse (node --check)", .enabled(if: DevTool.find("node") != nil, "\(DevTool.missing("node", package: "nodejs"))"))
    func scriptsParseInNode() throws {
        let node = try #require(DevTool.find("node"))
        try Self.expectScriptsParse("by-node") { try Self.node(node, $0) }
    }

    @Test("The page's scripts parse (headless Chromium)",
          .enabled(if: (DevTool.find("chromium") ?? DevTool.find("chromium-browser")) != nil, "\(DevTool.missing("chromium", package: "chromium"))"))
    func scriptsParseInChromium() throws {
        let chromium = try #require(DevTool.find("chromium") ?? DevTool.find("chromium-browser"))
        try Self.expectScriptsParse("in-a-browser") { try Self.chromium(chromium, $0) }
    }
}

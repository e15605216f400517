import ChildProcess
import Foundation
import Testing

/// The README's test command on a machine set up without `--dev` (issue 24): every test that needs a --dev
/// tool skips with its reason instead of failing (`ShardingRecipeTests` failed there when GNU parallel was
/// missing). Guarded three ways: the hiding switch hides every tool; no test looks a --dev tool up except
/// through `DevTool`; and the suites that use them, run as a child of this test bundle with the tools hidden,
/// pass, printing a skip for each such test.
@Suite struct DevToolGuardTests {
    /// The suites with a test that runs a --dev tool.
    static let suites = ["ShardingRecipeTests", "ShardedCheckTests", "SymbolArtworkTests", "TextOracleTests", "PreviewBrowserTests",
                         "PreviewPageTests", "PNGBandTests", "PNGIgzipTests", "PNGFrameEncodeTests", "VideoColorTests",
                         "SymbolRenderingTests", "ThemeIconTests", "SchemaAgreementTests", "ScrollEdgeOracleTests",
                         "TransparentOutputTests", "TransparentMatteTests", "SelectionLensOracleTests", "ReviewBrowserTests",
                         "SafeAreaSwitchTests", "SymbolGradientPaletteTests"]

    @Test func theSwitchHidesEveryDevTool() {
        var env = ProcessInfo.processInfo.environment
        env[DevTool.hideVariable] = "1"
        for name in DevTool.names {
            #expect(DevTool.find(name, environment: env) == nil, "\(name) was found with \(DevTool.hideVariable)=1")
            #expect(DevTool.findAll(name, environment: env).isEmpty)
        }
        // A fake tool first on PATH: found without the switch, hidden with it.
        let dir = CLI.temporaryFolder("devtool-path")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fake = dir.appendingPathComponent("parallel").path
        _ = FileManager.default.createFile(atPath: fake, contents: Data("#!/bin/sh\n".utf8))
        chmod(fake, 0o755)
        env["PATH"] = dir.path + ":" + (env["PATH"] ?? "")
        #expect(DevTool.find("parallel", environment: env) == nil)
        env[DevTool.hideVariable] = nil
        #expect(DevTool.find("parallel", environment: env) == fake)
    }

    /// Every quoted --dev tool name in a test source is an argument of `DevTool.find` or `DevTool.findAll`, and
    /// no source names such a tool by an install path, so a new test cannot bypass the switch unnoticed.
    @Test func testsLookDevToolsUpOnlyThroughDevTool() throws {
        let tests = CLI.root.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(atPath: tests.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("DevTool.swift") && !$0.hasSuffix("DevToolGuardTests.swift") }
        #expect(files.count > 50)
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            for name in DevTool.names {
                var rest = text[...]
                while let r = rest.range(of: "\"\(name)\"") {
                    let before = text[..<r.lowerBound].suffix(20)
                    let allowed = ["DevTool.find(", "DevTool.findAll(", "DevTool.missing(", "package: "]
                    if !allowed.contains(where: { before.hasSuffix($0) }) {
                        offenders.append("\(file): \"\(name)\"")
                    }
                    rest = text[r.upperBound...]
                }
                for dir in ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"] where text.contains("\(dir)\(name)\"") {
                    offenders.append("\(file): \(dir)\(name)")
                }
            }
        }
        #expect(offenders.isEmpty, "look these up with DevTool.find: \(offenders)")
    }

    /// This test bundle, run again with the tools hidden and only the suites that use them: they pass, and each
    /// of their --dev tests is reported skipped with the reason. (Linux: `swift test` runs the bundle as a
    /// program; a child run of the bundle inside the same test run is skipped by the switch itself.)
    @Test(.enabled(if: !DevTool.hidden(), "already inside the guard's own run"))
    func theSuitesPassWithTheDevToolsHidden() throws {
        #if os(Linux)
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        try #require(bundle.lastPathComponent.hasSuffix(".xctest"), "not run from the test bundle: \(bundle.path)")
        var env = ProcessInfo.processInfo.environment
        env[DevTool.hideVariable] = "1"
        let filter = "^(\(Self.suites.map { "[A-Za-z]*Tests\\.\($0)" }.joined(separator: "|")))/"
        let r = try ChildProcess.run(bundle, ["--testing-library", "swift-testing", "--filter", filter],
                                     environment: env, timeout: 600)
        #expect(!r.timedOut)
        #expect(r.status == 0, "the suites failed with the --dev tools hidden:\n\(r.out.suffix(4000))\(r.err.suffix(2000))")
        // Swift Testing reports on stderr.
        let log = r.out + r.err
        let skipped = log.split(separator: "\n").filter { $0.contains("skipped") && $0.contains("hidden by \(DevTool.hideVariable)=1") }
        // parallel, rsvg-convert and chromium (symbols), hb-view, hb-shape and chromium (text), the browser,
        // and four python3 tests: 11.
        #expect(skipped.count >= 11, "skips reported:\n\(skipped.joined(separator: "\n"))\n\(log.suffix(3000))")
        #expect(log.contains("parallelShardsEqualAFullRun") && log.contains("The page in headless Chromium"))
        #else
        print("the hidden-tools run is done on Linux, where the bundle is a program")
        #endif
    }
}

import ChildProcess
import Foundation
import Testing

/// Tests clean up their temporary files (issue 56: the damaged-clip tests left an mp4 in the temporary folder
/// on every run). The tests that write a damaged backdrop clip (`DamagedVideo`) are run as a child of this
/// test bundle with TMPDIR a fresh folder of their own: they pass, and the folder is empty after them.
@Suite struct TemporaryFilesGuardTests {
    /// The tests that write a damaged clip, by their ids (target.suite/test).
    static let tests = ["ComposeTests\\.BackdropVideoFailureTests/", "ComposeTests\\.HostileCorpusTests/anUndecodableBackdropVideo",
                        "PreviewTests\\.PreviewRouteTests/undecodedVideoFrame", "forkrenderTests\\.LintCommandTests/aFailedVideoFrameIsAFailure"]
    static let variable = "FORKRENDER_TMPDIR_GUARD"

    @Test(.enabled(if: ProcessInfo.processInfo.environment[variable] == nil, "already inside the guard's own run"))
    func theDamagedClipTestsLeaveNothingBehind() throws {
        #if os(Linux)
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        try #require(bundle.lastPathComponent.hasSuffix(".xctest"), "not run from the test bundle: \(bundle.path)")
        let folder = ChildProcess.temporaryFolder("tmpdir-guard")
        defer { try? FileManager.default.removeItem(at: folder) }
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = folder.path
        env[Self.variable] = "1"
        let filter = "^(\(Self.tests.joined(separator: "|")))"
        let r = try ChildProcess.run(bundle, ["--testing-library", "swift-testing", "--filter", filter],
                                     environment: env, timeout: 600)
        let log = r.out + r.err
        #expect(!r.timedOut && r.status == 0, "the tests failed:\n\(log.suffix(4000))")
        // Each test ran (a filter that matched nothing would pass on an empty folder).
        for name in ["theFrameFFmpegDidNotDeliverFailsNamingThePath()", "aRenderPublishesNoFrameWithoutItsBackdrop()",
                     "anUndecodableBackdropVideoRefusesItsFramesWithThePath()", "A backdrop video's frame ffmpeg cannot decode",
                     "aFailedVideoFrameIsAFailure()"] {
            #expect(log.contains(name), "\(name) did not run:\n\(log.suffix(3000))")
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(left.isEmpty, "left in the temporary folder: \(left.sorted())")
        #else
        print("the temporary-folder run is done on Linux, where the bundle is a program")
        #endif
    }
}

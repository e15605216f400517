import Foundation
import Testing
import Dots
import Raster
import Regression
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The golden suite can fail: small real changes to a scene, rendered and compared with the committed
/// references by the suite's own runner and comparison, are caught. At the old threshold of 0.1 a tap moved
/// 30 pt and `dotIdle` 0.05 -> 0.08 both passed (largest differences 0.06 and 0.03); at threshold 0 each of
/// these far smaller changes fails.
@Suite struct GoldenMutationTests {
    enum Mutation: String, CaseIterable, Sendable {
        /// A physics constant: the spring 1% stiffer.
        case spring
        /// A tap moved by 1 pt.
        case tapMovedOnePoint
        /// A token: the idle dot opacity (`dotIdle`) raised by 0.01.
        case dotIdleToken
    }

    static let scene = "scenes/dots-tap-dark.json"

    @Test(arguments: Mutation.allCases)
    func theSuiteCatches(mutation: Mutation) throws {
        // The suite's own runner and comparison, never recording.
        var runner = GoldenTests().runner(scene: "mutation-\(mutation.rawValue)")
        runner.update = .none
        runner.onCI = true
        runner.artifacts = nil
        var job = try runner.prepare(scene: GoldenTests.root.appendingPathComponent(Self.scene).path)
        // Unmutated, the job passes: the failures below come from the mutation alone.
        #expect(runner.run(job).allSatisfy { $0.status == .passed })
        var c = job.document.plane.configuration
        switch mutation {
        case .spring:
            c.spring *= 1.01
        case .tapMovedOnePoint:
            var moved = 0
            job.document.plane.events = job.document.plane.events.map { e in
                guard case .tap(let at, let t) = e else { return e }
                moved += 1
                return .tap(at: at + Point(1, 0), time: t)
            }
            #expect(moved > 0, "\(Self.scene) has no tap to move")
        case .dotIdleToken:
            c.dotIdle += 0.01
        }
        job.document.plane.configuration = c
        let items = runner.run(job)
        let failed = items.filter { $0.status == .failed }
        // Frame 0 precedes the tap; every later check frame must fail.
        #expect(failed.count >= items.count - 1 && !failed.isEmpty,
                "\(mutation): \(items.map { "\($0.frame) \($0.status.rawValue) \($0.message)" })")
    }
}

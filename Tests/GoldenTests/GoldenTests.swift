import Foundation
import Testing
import Raster
import Regression
import SceneFormat
import Compose
import Output

/// The project's golden suite: every scene in `scenes/` (not `scenes/invalid/`), its check frames (the scene's
/// `check.frames`, else first, middle and last), compared with `References/<scene>/<frame>.png` by the same
/// `CheckRunner` as `forkrender check`, with the scene's `check.masks`, at threshold 0 with no different pixel
/// allowed (anti-aliasing counted): frames are byte-identical on one platform, so any change fails.
/// `GoldenMutationTests` proves it: a 1% stiffer spring, a tap moved 1 pt and a 0.01 token change each fail.
/// (At the old threshold 0.1 a tap moved 30 pt passed.) Other platforms: none is supported yet; when one is,
/// measure its largest difference against these references and allow exactly that, documented here.
///
/// Scale: frames render at 1 pixel per point (390 x 844 for an iPhone canvas) instead of the scene's 3: nine
/// times fewer pixels keeps each reference near 10-200 KB and the suite fast, while dots (3 pt) and glass
/// edges still cover several pixels, so a moved dot or a thinner material still changes pixels.
///
/// Recording: `FORKRENDER_RECORD` = `none`, `missing` (default), `changed` or `all`; on CI (`CI=true`) nothing
/// is written and a missing reference fails. A recorded or replaced reference still fails the test, so nothing
/// is accepted silently: review it with `git diff` and run again. To regenerate every reference:
/// `scripts/update-goldens.sh` (or `forkrender check scenes/ --references Tests/GoldenTests/References
/// --scale 1 --update all`).
///
/// Failures leave `Tests/Output/GoldenTests/<scene>/index.html` with expected, actual, diff and a three-panel
/// image (expected | diff | actual) beside it; the folder is ignored by git.
@Suite struct GoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let references = root.appendingPathComponent("Tests/GoldenTests/References").path
    static let output = root.appendingPathComponent("Tests/Output/GoldenTests").path
    static let scale: Float = 1
    /// Any change to any channel of any pixel fails, on any machine (not only the check's default where the
    /// fingerprint matches).
    static let overrides = CheckOverrides(threshold: 0, tolerance: .exact, ignoreAntialiasing: false)

    static func scenes() -> [String] {
        let files = (try? CheckRunner.sceneFiles([root.appendingPathComponent("scenes").path])) ?? []
        return files.map { "scenes/" + ($0 as NSString).lastPathComponent }
    }

    static var mode: UpdateMode {
        guard let v = ProcessInfo.processInfo.environment["FORKRENDER_RECORD"] else { return .missing }
        return UpdateMode(name: v) ?? .none
    }

    func runner(scene name: String) -> CheckRunner {
        CheckRunner(references: Self.references, overrides: Self.overrides, update: Self.mode, onCI: UpdateMode.isCI, scale: Self.scale,
                    workers: Workers(2), artifacts: (Self.output as NSString).appendingPathComponent(name))
    }

    @Test func theSuiteCoversEveryScene() {
        #expect(!Self.scenes().isEmpty)
        #expect(!Self.scenes().contains { $0.contains("invalid") || $0.hasSuffix("scene.schema.json") })
        if let v = ProcessInfo.processInfo.environment["FORKRENDER_RECORD"] {
            #expect(UpdateMode(name: v) != nil, "FORKRENDER_RECORD='\(v)' is not one of \(UpdateMode.names)")
        }
    }

    @Test(arguments: scenes())
    func matchesReferences(scene: String) throws {
        let name = ((scene as NSString).lastPathComponent as NSString).deletingPathExtension
        let runner = runner(scene: name)
        try? FileManager.default.removeItem(atPath: runner.artifacts!)
        let job = try runner.prepare(scene: Self.root.appendingPathComponent(scene).path)
        let items = runner.run(job)
        #expect(items.count == job.frames.count)
        let bad = items.filter { $0.status != .passed }
        guard !bad.isEmpty else { return }
        try? ReviewReport(settings: "golden suite, scale \(Self.scale)",
                          acceptCommand: "scripts/update-goldens.sh \(scene)").write(items, to: runner.artifacts!)
        for item in bad {
            var lines = ["\(scene) frame \(item.frame): \(item.status.rawValue): \(item.message)",
                         "  reference: \(item.referencePath)"]
            if let a = item.artifacts {
                for (label, p) in [("actual", a.actual), ("diff", a.diff), ("panels", a.panels)] {
                    if let p { lines.append("  \(label): " + (a.folder as NSString).appendingPathComponent(p)) }
                }
                lines.append("  review: " + (a.folder as NSString).appendingPathComponent("index.html"))
            }
            switch item.status {
            case .recorded, .updated:
                lines.append("  The reference was written and this run fails so nothing is accepted silently: review it (git diff) and run the tests again.")
            case .missing:
                lines.append("  Record it locally with scripts/update-goldens.sh (or FORKRENDER_RECORD=missing swift test ... --filter GoldenTests) and commit it.")
            default:
                lines.append("  If the change is intended: scripts/update-goldens.sh \(scene), then review and commit the references.")
            }
            Issue.record(Comment(rawValue: lines.joined(separator: "\n")))
        }
    }

    /// Every reference folder belongs to a scene, so renamed or deleted scenes do not leave stale images.
    @Test func noReferenceWithoutAScene() {
        let names = Set(Self.scenes().map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension })
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: Self.references)) ?? []).filter { !$0.hasPrefix(".") }
        for f in folders where !names.contains(f) {
            Issue.record("Tests/GoldenTests/References/\(f) has no scene scenes/\(f).json; delete the folder")
        }
    }

    /// On one machine the references' frames are byte-identical for any worker count.
    @Test(arguments: scenes())
    func framesAreIdenticalForAnyWorkerCount(scene: String) throws {
        let doc = try SceneDecoder(scale: Self.scale).decode(file: Self.root.appendingPathComponent(scene).path)
        let frame = try runner(scene: "").prepare(scene: Self.root.appendingPathComponent(scene).path).frames.last!
        var one = Compositor(document: doc, workers: .single)
        var three = Compositor(document: doc, workers: Workers(3))
        let a = RGBAImage(one.render(frame: frame), dither: doc.dither)
        let b = RGBAImage(three.render(frame: frame), dither: doc.dither, workers: Workers(3))
        #expect(a == b, "\(scene) frame \(frame) differs between 1 and 3 workers")
    }
}

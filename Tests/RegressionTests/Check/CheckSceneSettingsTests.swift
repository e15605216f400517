import Foundation
import Testing
import Raster
@testable import Regression

/// A scene's own `check.threshold`, `check.scale`, `check.regions` and `check.cluster`, each shown to change the
/// verdict (so each test fails without the key's effect), and the command line overriding them.
@Suite(.serialized) struct CheckSceneSettingsTests {
    typealias D = CheckDefaultsTests

    /// Records `before`, writes `after`, checks; returns the second run.
    func change(_ name: String, _ before: String, _ after: String, _ args: [String] = []) throws -> Binary.Result {
        let s = try D.setup(name, before)
        let first = try Binary.run(["check", s.scenes.path, "--references", s.refs.path])
        #expect(first.status == 0, "\(first.out)\(first.err)")
        try after.write(to: s.scenes.appendingPathComponent("home.json"), atomically: true, encoding: .utf8)
        return try Binary.run(["check", s.scenes.path, "--references", s.refs.path] + args)
    }

    @Test func thresholdFromTheScene() throws {
        // The label moved 1 pt changes pixels by far less than a threshold of 0.9.
        let lax = #", "check": {"threshold": 0.9}"#
        let r = try change("scene-threshold", D.scene(extra: lax), D.scene(labelX: 25, extra: lax))
        #expect(r.status == 0, "\(r.out)")
        // Without it the same change fails (the defaults), and the command line overrides the scene.
        let strict = try change("scene-threshold-cli", D.scene(extra: lax), D.scene(labelX: 25, extra: lax), ["--threshold", "0"])
        #expect(strict.status == 1, "\(strict.out)")
    }

    @Test func scaleFromTheScene() throws {
        let s = try D.setup("scene-scale", D.scene(extra: #", "check": {"scale": 2, "frames": [0]}"#))
        #expect(try Binary.run(["check", s.scenes.path, "--references", s.refs.path]).status == 0)
        let img = try RGBAImage.read(path: s.refs.appendingPathComponent("home/0000.png").path)
        #expect(img.width == 400 && img.height == 240, "\(img.width)x\(img.height): check.scale 2 over canvas.scale 1")
        let cli = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--scale", "1"])
        #expect(cli.status == 1 && cli.out.contains("sizes differ: expected 400x240, actual 200x120"), "\(cli.out)")
    }

    @Test(arguments: [#"{"frame": [10, 20, 180, 64], "maxDiffPixels": 100000}"#, #"{"element": "bar", "maxDiffPixels": 100000}"#])
    func regionsGetTheirOwnAllowance(region: String) throws {
        let regions = #", "check": {"regions": [\#(region)]}"#
        let r = try change("scene-region", D.scene(extra: regions), D.scene(radius: 12, labelX: 25, extra: regions))
        #expect(r.status == 0, "\(r.out)")
        // A region of its own tolerance 0 fails, naming the region.
        let tight = #", "check": {"regions": [{"frame": [10, 20, 180, 64]}]}"#
        let t = try change("scene-region-tight", D.scene(extra: tight), D.scene(labelX: 25, extra: tight))
        #expect(t.status == 1 && t.out.contains("check.regions[0]: "), "\(t.out)")
    }

    @Test func clusterFromTheScene() throws {
        // Any number of pixels may differ (the command line), but not 4 within one 8 x 8 square.
        let lax = ["--max-diff-ratio", "1"]
        let without = try change("scene-cluster-off", D.scene(), D.scene(radius: 12), lax)
        #expect(without.status == 0, "\(without.out)")
        let cluster = #", "check": {"cluster": {"window": 8, "pixels": 4}}"#
        let with = try change("scene-cluster", D.scene(extra: cluster), D.scene(radius: 12, extra: cluster), lax)
        #expect(with.status == 1 && with.out.contains("8x8 square at ("), "\(with.out)")
        // The command line's gate replaces the scene's: 4096 in one 64 x 64 square is more than the 1997 changed pixels.
        let cli = try change("scene-cluster-cli", D.scene(extra: cluster), D.scene(radius: 12, extra: cluster), lax + ["--cluster", "64:4096"])
        #expect(cli.status == 0, "\(cli.out)")
    }

    @Test func badKeysAreRefusedWithTheirPath() throws {
        let cases = [
            (#", "check": {"regions": [{"element": "bra"}]}"#, "check.regions[0].element: no glass panel has the id 'bra'; expected one of: bar"),
            (#", "check": {"regions": [{"frame": [0, 0, 10, 10], "element": "bar"}]}"#, "check.regions[0]: expected exactly one of 'frame'"),
            (#", "check": {"cluster": {"window": 8}}"#, "check.cluster: expected both 'window'"),
            (#", "check": {"cluster": {"windowSize": 8}}"#, "check.cluster.windowSize: unknown key 'windowSize'"),
            (#", "check": {"threshold": 2}"#, "check.threshold: expected"),
        ]
        for (extra, message) in cases {
            let s = try D.setup("scene-bad", D.scene(extra: extra))
            let r = try Binary.run(["check", s.scenes.path, "--references", s.refs.path])
            #expect(r.status == 2 && r.err.contains(message), "\(extra): \(r.err)")
        }
        let s = try D.setup("scene-bad-suggest", D.scene(extra: #", "check": {"regions": [{"element": "bra"}]}"#))
        #expect(try Binary.run(["check", s.scenes.path, "--references", s.refs.path]).err.contains("'bar'"))
    }
}

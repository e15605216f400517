import Foundation
import Testing

/// `forkrender lint` on a device canvas: a tab bar moved under the home indicator is flagged `unsafe-area` and
/// fails under `--strict` (the real binary, its whole run).
@Suite struct SafeAreaLintTests {
    static let scene = Binary.root.appendingPathComponent("scenes/device-safe-area.json").path

    @Test func lintExitsOneUnderStrictAndPrintsTheFinding() throws {
        let text = try String(contentsOfFile: Self.scene, encoding: .utf8)
            .replacingOccurrences(of: #"[24, 782, 354, 58]"#, with: #"[24, 824, 354, 44]"#)
            .replacingOccurrences(of: "backdrops/coffee.png", with: Binary.root.appendingPathComponent("scenes/backdrops/coffee.png").path)
        let file = Binary.folder("safe-area-lint").appendingPathComponent("scene.json").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try Binary.run(["lint", file, "--strict", "--scale", "1"])
        #expect(run.status == 1, "\(run.out)\(run.err)")
        #expect(run.out.contains("glass[1] (tabbar): unsafe-area: "), "\(run.out)")
    }
}

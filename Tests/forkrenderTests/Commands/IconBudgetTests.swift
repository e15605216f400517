import Foundation
import Testing

/// The three icons of issue 24 that rendered for minutes (one ran 490 s) through the real binary: an inline
/// path of 100,000 cubic segments, one of 50,000 arcs and 1 MB of `L` commands, inline and as icon files under
/// the 1 MiB file limit. Each is refused, exit 2, with one message that names its JSON path and the limit, in
/// 0.1-0.25 s of wall time for the whole process (measured with the machine at load 12); the test allows 2 s,
/// the issue's "a second or two", so that a suite running in parallel on two cores does not make it flaky.
@Suite struct IconBudgetTests {
    static func paths() -> [(String, String)] {
        var state: UInt64 = 24
        func next() -> String {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return String(Double(Int(state >> 40) % 2400) / 100)
        }
        var cubics = "M 2 2", arcs = "M 2 2", lines = "M 2 2"
        for _ in 0..<100_000 { cubics += " C " + (0..<6).map { _ in next() }.joined(separator: " ") }
        for _ in 0..<50_000 { arcs += " A 10 10 0 1 1 \(next()) \(next())" }
        while lines.utf8.count < 1_000_000 { lines += " L \(next()) \(next())" }
        return [("cubics", cubics), ("arcs", arcs), ("lines", lines)]
    }

    /// Path data cut before its last command letter to fit `bytes`.
    static func cut(_ d: String, to bytes: Int) -> String {
        var s = String(d.utf8.prefix(bytes))!
        while let last = s.last, !"CAL".contains(last) { s.removeLast() }
        s.removeLast()
        return s
    }

    @Test func pathologicalIconsAreRefusedWithin1Second() throws {
        let dir = CLI.temporaryFolder("icon-budgets")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, d) in Self.paths() {
            let inline = dir.appendingPathComponent("\(name).json")
            try #"{"content": [{"symbol": "\#(d)", "frame": [10, 10, 100, 100]}]}"#.write(to: inline, atomically: true, encoding: .utf8)
            let icon = dir.appendingPathComponent("\(name).svg")
            try #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="\#(Self.cut(d, to: 1_000_000))"/></svg>"#
                .write(to: icon, atomically: true, encoding: .utf8)
            let file = dir.appendingPathComponent("\(name)-file.json")
            try #"{"content": [{"text": "x", "at": [0, 20]}, {"symbol": {"file": "\#(name).svg"}, "frame": [10, 10, 100, 100]}]}"#
                .write(to: file, atomically: true, encoding: .utf8)
            for (scene, path) in [(inline, "content[0].symbol"), (file, "content[1].symbol.file")] {
                let start = Date()
                let r = try CLI.run([scene.path, "-o", dir.appendingPathComponent("out-\(name)").path, "-q"])
                let took = Date().timeIntervalSince(start)
                #expect(r.status == 2, "\(scene.lastPathComponent): \(r.stderr)")
                #expect(took < 2, "\(scene.lastPathComponent) took \(took) s")
                #expect(r.stderr.contains("error: \(path): ") && r.stderr.contains("over the limit of")
                        && r.stderr.contains("docs/limits.md"), "\(r.stderr)")
                #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
                #expect(CLI.files(in: dir.appendingPathComponent("out-\(name)")).isEmpty)
            }
        }
    }
}

import Foundation
import Testing

/// What a render says about fonts: a named font that is missing changes the picture, so it is a `warning:` that
/// `-q` keeps, said once however many labels ask for it; a generic family resolving to its pinned face
/// (sans -> DejaVu Sans) is the design, and no render prints it.
@Suite struct FontNoteTests {
    func render(_ content: String, _ extra: [String], name: String) throws -> CLI.Result {
        let dir = CLI.temporaryFolder(name)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("s.json").path
        try (#"{"canvas": {"width": 100, "height": 60, "scale": 1}, "duration": 0.1, "content": ["# + content + "]}")
            .write(toFile: scene, atomically: true, encoding: .utf8)
        return try CLI.run([scene, "-o", dir.appendingPathComponent("out").path] + extra)
    }

    @Test func aMissingFontIsOneWarningThatQuietKeeps() throws {
        let labels = (0..<3).map { #"{"text": "Hi", "font": "NoSuchFamilyAtAll", "at": [10, \#(10 + 10 * $0)]}"# }
        for extra in [[], ["-q"]] {
            let r = try render(labels.joined(separator: ", "), extra, name: "font-missing")
            #expect(r.status == 0, "\(r.stderr)")
            let lines = r.stderr.split(separator: "\n").filter { $0.contains("NoSuchFamilyAtAll") }
            #expect(lines.count == 1, "\(extra): \(r.stderr)")
            #expect(lines.first?.hasPrefix("warning: content[0].font: font 'NoSuchFamilyAtAll' not found; using ") == true, "\(r.stderr)")
            #expect(lines.first?.hasSuffix("(and 2 more items)") == true, "\(r.stderr)")
        }
    }

    @Test func genericFamiliesPrintNoNote() throws {
        let r = try render(#"{"text": "Hi", "at": [10, 10]}, {"text": "Bold", "weight": "bold", "at": [10, 30]}, {"text": "1", "font": "mono", "at": [10, 45]}"#,
                           [], name: "font-generic")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("using DejaVu"), "\(r.stderr)")
        #expect(!r.stderr.contains("warning:"), "\(r.stderr)")
    }
}

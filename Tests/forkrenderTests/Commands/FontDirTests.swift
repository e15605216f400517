import Foundation
import Testing

/// A stand-in Besley in `dir/fonts`: DejaVu Serif with its family renamed to "Besley" padded with blanks to the
/// same length (fontconfig compares family names ignoring blanks and case), in the name table's ASCII and
/// UTF-16BE records, so fontconfig finds a family it has never seen, only in that folder.
func standInBesley(in dir: URL) throws -> URL {
    let fonts = dir.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")))
    func replace(_ from: [UInt8], _ to: [UInt8]) {
        var i = 0
        while i + from.count <= bytes.count {
            if bytes[i..<(i + from.count)].elementsEqual(from) { bytes.replaceSubrange(i..<(i + from.count), with: to); i += from.count } else { i += 1 }
        }
    }
    let utf16 = { (s: String) in s.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] } }
    replace(Array("DejaVu Serif".utf8), Array("Besley      ".utf8))
    replace(utf16("DejaVu Serif"), utf16("Besley      "))
    try Data(bytes).write(to: fonts.appendingPathComponent("BesleySerif.ttf"))
    return fonts
}

/// The serif face: users bring Besley with `--font-dir` or the scene's `fontDirs`; without it the serif falls
/// back (Besley -> another installed serif -> DejaVu Serif) with a warning, and `--strict` fails, as README says.
@Suite(.serialized) struct FontDirTests {
    func scene(_ dir: URL, fontDirs: String = "") throws -> String {
        let path = dir.appendingPathComponent("s.json").path
        try (#"{"canvas": {"width": 100, "height": 60, "scale": 1}, "duration": 0.1"# + fontDirs
             + #", "content": [{"text": "Hi", "font": "serif", "at": [10, 30]}]}"#).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func withoutBesleyTheSerifFallsBackAndStrictFails() throws {
        let dir = CLI.temporaryFolder("serif-fallback")
        let s = try scene(dir)
        let ok = try CLI.run([s, "-o", dir.appendingPathComponent("a").path])
        #expect(ok.status == 0)
        #expect(ok.stderr.contains("serif: Besley is not installed; using "), "\(ok.stderr)")
        // The stand-in is a serif (another installed one, else DejaVu Serif), never a sans or mono face.
        let face = ok.stderr.components(separatedBy: "using ").dropFirst().first ?? ""
        #expect(face.contains("Serif") && !face.contains("Sans") && !face.contains("Mono"), "\(face)")
        let strict = try CLI.run([s, "-o", dir.appendingPathComponent("b").path, "--strict"])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("content[0].font: serif: Besley is not installed") && strict.stderr.contains("(an error under --strict)"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("b").path))
        let lint = try CLI.run(["lint", s, "--strict"])
        #expect(lint.status != 0, "lint --strict passes a serif fallback")
    }

    @Test func fontDirSuppliesBesley() throws {
        let dir = CLI.temporaryFolder("serif-dir")
        let fonts = try standInBesley(in: dir)
        let s = try scene(dir)
        let r = try CLI.run([s, "-o", dir.appendingPathComponent("a").path, "--strict", "--font-dir", fonts.path])
        #expect(r.status == 0, "\(r.stderr)")
        // Besley found is the design, said by nothing; a fallback would be a warning, and an error under --strict.
        #expect(!r.stderr.contains("warning:") && !r.stderr.contains("Besley is not installed"), "\(r.stderr)")
        let bad = try CLI.run([s, "-o", dir.appendingPathComponent("b").path, "--font-dir", dir.appendingPathComponent("nope").path])
        #expect(bad.status == 2 && bad.stderr.contains("font folder"), "\(bad.stderr)")
    }

    @Test func sceneFontDirsAreRelativeToTheScene() throws {
        let dir = CLI.temporaryFolder("serif-scene")
        _ = try standInBesley(in: dir)
        let r = try CLI.run([try scene(dir, fontDirs: #", "fontDirs": ["fonts"]"#), "-o", dir.appendingPathComponent("a").path, "--strict"])
        #expect(r.status == 0, "\(r.stderr)")
        let missing = try CLI.run([try scene(dir, fontDirs: #", "fontDirs": ["missing"]"#), "-o", dir.appendingPathComponent("b").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("fontDirs[0]: font folder") && missing.stderr.contains("does not exist"), "\(missing.stderr)")
    }
}

import Foundation
import Testing
import Raster

/// The command line as a user meets it: exit codes, messages, files written, and the determinism promises.
@Suite(.serialized) struct CommandTests {
    let tiny = #"{"canvas": {"width": 60, "height": 40, "scale": 2}, "duration": 0.2, "fps": 30}"#

    func scene(_ json: String, in dir: URL, name: String = "scene.json") throws -> String {
        let path = dir.appendingPathComponent(name).path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func helpAndVersion() throws {
        let h = try CLI.run(["--help"])
        #expect(h.status == 0)
        #expect(h.out.hasPrefix("OVERVIEW: "))
        #expect(h.out.contains("USAGE: forkrender"))
        #expect(h.out.contains("--png-level <0-9>"))
        let v = try CLI.run(["--version"])
        #expect(v.status == 0 && v.out.hasPrefix("forkrender "))
    }

    @Test func unknownOptionSuggestsTheNearestAndExits2() throws {
        let r = try CLI.run(["--thread", "2"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("Error: Unknown option '--thread'. Did you mean '--threads'?"))
        #expect(r.stderr.contains("See 'forkrender --help' for more information."))
    }

    @Test func badValuesExit2() throws {
        for args in [["--threads", "0"], ["--depth", "12"], ["--png-level", "10"], ["--frames", "5..2"], ["--shard", "3/3"]] {
            let dir = CLI.temporaryFolder("bad")
            let s = try scene(tiny, in: dir)
            let r = try CLI.run([s, "-o", dir.appendingPathComponent("out").path, "-q"] + args)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(!r.stderr.isEmpty)
        }
    }

    @Test func invalidSceneNamesFilePathAndLineAndWritesNothing() throws {
        let dir = CLI.temporaryFolder("invalid")
        let s = try scene("{\n  \"canvas\": {\"width\": 0}\n}", in: dir)
        let out = dir.appendingPathComponent("out")
        let r = try CLI.run([s, "-o", out.path])
        #expect(r.status == 2)
        #expect(r.stderr == "\(s):2:23: error: canvas.width: expected a positive number of at most 100000 pt, found 0\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// A bad backdrop image (here one cut short) is one message with the file's line, the JSON path and
    /// libpng's reason: exit 2, and neither frames nor a video are written.
    @Test func badBackdropImageExits2AndWritesNothing() throws {
        let dir = CLI.temporaryFolder("backdrop")
        let photo = try Data(contentsOf: CLI.root.appendingPathComponent("scenes/backdrops/coffee.png"))
        try photo.prefix(300).write(to: dir.appendingPathComponent("cut.png"))
        let s = try scene("{\"plane\": {\"backdrop\": {\"image\": \"cut.png\"}}}", in: dir)
        for output in [["-o", dir.appendingPathComponent("out").path], ["--video", dir.appendingPathComponent("out.mp4").path]] {
            let r = try CLI.run([s, "-q"] + output)
            #expect(r.status == 2)
            #expect(r.stderr == "\(s):1:34: error: plane.backdrop.image: image 'cut.png': cannot read PNG '\(dir.path)/cut.png': unexpected end of file (PNG is truncated) (a backdrop image is a PNG file)\n")
            #expect(!FileManager.default.fileExists(atPath: output[1]))
        }
    }

    @Test func writesNumberedPNGsOfTheDocumentedSize() throws {
        let dir = CLI.temporaryFolder("frames")
        let s = try scene(tiny, in: dir)
        let out = dir.appendingPathComponent("frames")
        let r = try CLI.run([s, "-o", out.path, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CLI.files(in: out) == ["0000.png", "0001.png", "0002.png", "0003.png", "0004.png", "0005.png"])
        let img = try PNG.read(path: out.appendingPathComponent("0003.png").path)
        #expect(img.width == 120 && img.height == 80)
    }

    @Test func unwritableOutputIsAnErrorNotACrash() throws {
        let dir = CLI.temporaryFolder("unwritable")
        let s = try scene(tiny, in: dir)
        let blocker = dir.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let r = try CLI.run([s, "-o", blocker.appendingPathComponent("sub").path, "-q"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: cannot create output folder"))
    }

    @Test func threadCountsAndShardsGiveIdenticalBytes() throws {
        let dir = CLI.temporaryFolder("determinism")
        let s = try scene(#"{"canvas": {"width": 120, "height": 90, "scale": 2}, "duration": 0.3, "fps": 30}"#, in: dir)
        func render(_ name: String, _ extra: [String]) throws -> [String: Data] {
            let out = dir.appendingPathComponent(name)
            let r = try CLI.run([s, "-o", out.path, "-q"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            var files: [String: Data] = [:]
            for f in CLI.files(in: out) { files[f] = try Data(contentsOf: out.appendingPathComponent(f)) }
            return files
        }
        let full = try render("all", [])
        #expect(full.count == 9)
        #expect(try render("t1", ["--threads", "1"]) == full)
        #expect(try render("t2", ["--threads", "2"]) == full)
        #expect(try render("t8", ["--threads", "8"]) == full)
        var sharded: [String: Data] = [:]
        for i in 0..<3 { sharded.merge(try render("shard", ["--shard", "\(i)/3"])) { a, _ in a } }
        #expect(sharded == full)
        let subset = try render("subset", ["--frames", "3..5"])
        #expect(subset.keys.sorted() == ["0003.png", "0004.png", "0005.png"])
        for (k, v) in subset { #expect(full[k] == v) }
    }

    @Test func streamsPNGsOnStdout() throws {
        let dir = CLI.temporaryFolder("stream")
        let s = try scene(tiny, in: dir)
        let r = try CLI.run([s, "-o", "-", "-q"])
        #expect(r.status == 0)
        // Six PNG signatures back to back.
        let sig: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let bytes = [UInt8](r.stdout)
        var count = 0
        for i in 0..<max(0, bytes.count - 8) where Array(bytes[i..<i + 8]) == sig { count += 1 }
        #expect(count == 6)
    }

    @Test func closedPipeExitsNonZeroWithAMessage() throws {
        let dir = CLI.temporaryFolder("epipe")
        let s = try scene(#"{"canvas": {"width": 200, "height": 200, "scale": 2}, "duration": 2, "fps": 30}"#, in: dir)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let r = try CLI.run([s, "-o", "-", "-q"], stdoutTo: pipe.fileHandleForWriting)
        #expect(r.status == 2)
        #expect(r.stderr.contains("broken pipe"))
    }

    @Test func videoThroughFFmpeg() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") || FileManager.default.isExecutableFile(atPath: "/opt/homebrew/bin/ffprobe") else {
            Issue.record("ffmpeg is not installed: run the README's set-up command")
            return
        }
        let dir = CLI.temporaryFolder("video")
        let s = try scene(#"{"canvas": {"width": 101, "height": 60, "scale": 2}, "duration": 0.5, "fps": 30}"#, in: dir)
        let mp4 = dir.appendingPathComponent("out.mp4")
        let r = try CLI.run([s, "--video", mp4.path, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                           "-show_entries", "stream=width,height,nb_read_frames", "-of", "csv=p=0", mp4.path]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        probe.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // 202 x 120 px; odd sizes are padded to even for yuv420p, so 202 stays 202.
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "202,120,15")
        #expect(CLI.files(in: dir).filter { $0.hasPrefix(".") }.isEmpty, "temporary files left behind")
    }
}

/// `forkrender sheet` of a 120 x 100 pt scene with one panel, read back.
func renderSheet(_ name: String, panel: String, _ extra: [String] = []) throws -> PNGImage {
    let dir = CLI.temporaryFolder(name)
    let scene = dir.appendingPathComponent("s.json").path
    try (#"{"canvas": {"width": 120, "height": 100, "scale": 1}, "duration": 0.2, "glass": [{"frame": "# + panel + #", "radius": 16}]}"#)
        .write(toFile: scene, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("sheet.png").path
    let r = try CLI.run(["sheet", scene, "-o", out, "-q"] + extra)
    #expect(r.status == 0, "\(r.stderr)")
    return try PNG.read(path: out)
}

@Suite struct SheetCommandTests {
    @Test func writesALabelledGridOfEveryTierInLightAndDark() throws {
        let img = try renderSheet("sheet", panel: "[20, 20, 80, 50]")
        // 6 tiers x 2 appearances of 120 x 100 px cells, 24 px gutters, 44 px label bands.
        #expect(img.width == 6 * 120 + 7 * 24 && img.height == 2 * (100 + 44) + 3 * 24)
        // Every label band holds ink (dark glyph pixels) over the light sheet background.
        let px = img.rgba8
        for row in 0..<2 { for col in 0..<6 {
            let x0 = 24 + col * 144, y0 = 24 + row * (144 + 24)
            var ink = 0
            for y in y0..<(y0 + 44) { for x in x0..<(x0 + 120) where px[(y * img.width + x) * 4] < 100 { ink += 1 } }
            #expect(ink > 20, "no label in cell \(row), \(col)")
        } }
    }
}

@Suite struct SheetTiltSweepTests {
    /// `sheet --tilt-sweep`: every tier and appearance is a row of 5 tilts across the full range; the liquid
    /// rows change from position to position (their highlights move), every other tier's row is identical.
    @Test func eachTierIsAStripOfTilts() throws {
        let img = try renderSheet("sweep", panel: "[10, 20, 100, 60]", ["--tilt-sweep"])
        let (cw, ch, g, band) = (120, 100, 24, 44)
        #expect(img.width == 5 * cw + 6 * g && img.height == 12 * (ch + band) + 13 * g)
        let px = img.rgba8
        func cell(_ row: Int, _ col: Int) -> [UInt8] {
            let x0 = g + col * (cw + g), y0 = g + row * (ch + band + g) + band
            var bytes: [UInt8] = []
            for y in y0..<(y0 + ch) {
                let start = (y * img.width + x0) * 4
                bytes += px[start..<(start + cw * 4)]
            }
            return bytes
        }
        // Rows: liquid, frosted, web, android, android-legacy, opaque; light then dark.
        for row in 0..<12 {
            let strip = (0..<5).map { cell(row, $0) }
            let distinct = Set(strip).count
            if row % 6 == 0 {
                #expect(distinct == 5, "liquid row \(row): \(distinct) distinct tilt positions")
            } else {
                #expect(distinct == 1, "row \(row) reacts to tilt")
            }
        }
    }
}

@Suite struct StrictFontTests {
    @Test func missingFontFallsBackWithAWarningAndFailsUnderStrict() throws {
        let dir = CLI.temporaryFolder("strict")
        let scene = dir.appendingPathComponent("s.json").path
        try #"{"canvas": {"width": 100, "height": 60, "scale": 1}, "duration": 0.1, "content": [{"text": "Hi", "font": "NoSuchFamilyXYZ", "at": [10, 30]}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let ok = try CLI.run([scene, "-o", dir.appendingPathComponent("a").path])
        #expect(ok.status == 0)
        #expect(ok.stderr.contains("font 'NoSuchFamilyXYZ' not found"))
        let strict = try CLI.run([scene, "-o", dir.appendingPathComponent("b").path, "--strict"])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("content[0].font") && strict.stderr.contains("--strict"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("b").path))
    }
}

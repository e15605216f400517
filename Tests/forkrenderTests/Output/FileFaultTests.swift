import Foundation
import Testing

/// Special files and impossible outputs, through the real binary: each exits 2 with a message that names the
/// reason (never "cannot be read" or "NSCocoaErrorDomain"), in bounded time (a FIFO must not block), and
/// leaves nothing behind.
@Suite struct FileFaultTests {
    static func scene(_ dir: URL, _ text: String = "{\"duration\": 0.1, \"canvas\": {\"width\": 20, \"height\": 20, \"scale\": 1}}") throws -> String {
        let p = dir.appendingPathComponent("s.json").path
        try text.write(toFile: p, atomically: true, encoding: .utf8)
        return p
    }

    func expectRefused(_ args: [String], _ reason: String, cwd: URL) throws {
        let r = try CLI.run(args, cwd: cwd)
        #expect(r.status == 2, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(reason), "\(args): \(r.stderr)")
        #expect(!r.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test func sceneFilesThatAreNotRegularFiles() throws {
        let dir = CLI.temporaryFolder("special-scenes")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o644) == 0)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("a").path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("b").path, withDestinationPath: "a")
        try expectRefused(["fifo", "-o", "out"], "is a FIFO (named pipe)", cwd: dir)
        try expectRefused(["folder", "-o", "out"], "is a directory", cwd: dir)
        try expectRefused(["a", "-o", "out"], "symlink loop", cwd: dir)
        try expectRefused(["missing.json", "-o", "out"], "does not exist", cwd: dir)
        // A sparse 17 MB file: refused from its size, before it is read.
        let huge = FileManager.default.createFile(atPath: dir.appendingPathComponent("huge.json").path, contents: nil)
        #expect(huge)
        try FileHandle(forWritingTo: dir.appendingPathComponent("huge.json")).truncate(atOffset: 17_000_000)
        try expectRefused(["huge.json", "-o", "out"], "scene file of 17000000 bytes is over the limit of 16000000", cwd: dir)
        try Data([0x7B, 0x0A, 0x20, 0x20, 0x22, 0xFF, 0x22, 0x7D]).write(to: dir.appendingPathComponent("bad.json"))
        try expectRefused(["bad.json", "-o", "out"], "bad.json:2:4: error: scene file is not UTF-8", cwd: dir)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func aFontThatIsAFIFODoesNotBlock() throws {
        let dir = CLI.temporaryFolder("fifo-font")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("font.ttf").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let s = try Self.scene(dir, "{\"duration\": 0.1, \"canvas\": {\"width\": 40, \"height\": 20, \"scale\": 1}, \"content\": [{\"text\": \"A\", \"at\": [0, 0], \"font\": \"\(fifo)\"}]}")
        try expectRefused([s, "-o", "out", "--strict"], "is a FIFO (named pipe)", cwd: dir)
    }

    @Test func impossibleOutputsFailBeforeRendering() throws {
        let dir = CLI.temporaryFolder("outputs")
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.scene(dir)
        try Data().write(to: dir.appendingPathComponent("file"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)
        try expectRefused([s, "-o", "file/sub"], "'file' is a file, not a folder", cwd: dir)
        try expectRefused([s, "--video", "folder"], "is a directory", cwd: dir)
        try expectRefused([s, "-o", "same.mp4", "--video", "same.mp4"], "name the same path", cwd: dir)
        #expect(CLI.files(in: dir) == ["file", "folder", "s.json"])
        #expect(CLI.files(in: dir.appendingPathComponent("folder")).isEmpty)
    }

    @Test func pngInputsAreCappedFromTheirHeader() throws {
        let dir = CLI.temporaryFolder("png-cap")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Signature and an IHDR declaring 16384 x 16384 1-bit gray: 25 bytes that would decode to 2 GB.
        var png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0x40, 0, 0, 0, 0x40, 0, 1, 0, 0, 0, 0]
        try Data(png).write(to: dir.appendingPathComponent("big.png"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        let start = Date()
        try expectRefused(["diff", "big.png", "big.png"], "16384 x 16384 pixels, over the limit of 64.0 megapixels", cwd: dir)
        #expect(Date().timeIntervalSince(start) < 10)
        try expectRefused(["diff", "folder.png", "big.png"], "cannot read PNG 'folder.png': it is a directory", cwd: dir)
    }

    @Test func diffLeavesNoStaleDiffAndRefusesMasksOutsideTheImage() throws {
        let dir = CLI.temporaryFolder("diff-faults")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, width) in [("a", 20), ("b", 30)] {
            let s = try Self.scene(dir, "{\"duration\": 0.1, \"canvas\": {\"width\": \(width), \"height\": 20, \"scale\": 1}}")
            #expect(try CLI.run([s, "-o", name, "-q"], cwd: dir).status == 0)
        }
        try Data("previous run".utf8).write(to: dir.appendingPathComponent("d.png"))
        let mismatch = try CLI.run(["diff", "a/0000.png", "b/0000.png", "-o", "d.png"], cwd: dir)
        #expect(mismatch.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("d.png").path), "a stale diff image survived")
        try expectRefused(["diff", "a/0000.png", "a/0000.png", "--mask", "15,15,10,10"], "does not lie inside the 20x20 image", cwd: dir)
        #expect(try CLI.run(["diff", "a/0000.png", "a/0000.png", "--mask", "10,10,10,10"], cwd: dir).status == 0)
    }

    @Test func memoryBudgetRefusesBeforeRendering() throws {
        let dir = CLI.temporaryFolder("memory")
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.scene(dir, "{\"duration\": 0.1}")
        try expectRefused([s, "-o", "out", "--max-memory", "0.1"], "over the limit of 100 MB (raise it with --max-memory)", cwd: dir)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}

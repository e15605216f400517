import Foundation
import Testing
import Raster
@testable import Regression

/// `forkrender diff` as a user meets it: exit codes, messages and the diff image.
@Suite(.serialized) struct DiffCommandTests {
    func write(_ img: RGBAImage, _ dir: URL, _ name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try PNG.write(rgba8: img.pixels, width: img.width, height: img.height, to: path)
        return path
    }

    @Test func exitCodesFollowTheTolerance() throws {
        let dir = Binary.folder("diff")
        let a = Fixtures.busy(width: 60, height: 40, seed: 9)
        var b = a
        for (x, y) in [(3, 3), (20, 7), (40, 30), (58, 38), (10, 35)] { b[x, y] = b[x, y].0 > 128 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let pa = try write(a, dir, "a.png"), pa2 = try write(a, dir, "a2.png"), pb = try write(b, dir, "b.png")

        let same = try Binary.run(["diff", pa, pa2])
        #expect(same.status == 0, "\(same.err)")
        #expect(same.out.hasPrefix("match: identical"))

        let differ = try Binary.run(["diff", pa, pb, "--threads", "2"])
        #expect(differ.status == 1)
        #expect(differ.out.hasPrefix("different: 5 different pixels"), "\(differ.out)")
        #expect(try Binary.run(["diff", pa, pb, "--max-diff-pixels", "5"]).status == 0)
        #expect(try Binary.run(["diff", pa, pb, "--max-diff-pixels", "4"]).status == 1)
        #expect(try Binary.run(["diff", pa, pb, "--max-diff-ratio", "0.0021"]).status == 0)  // 5 / 2400 = 0.00208
        #expect(try Binary.run(["diff", pa, pb, "--max-diff-ratio", "0.002"]).status == 1)
        #expect(try Binary.run(["diff", pa, pb, "--threshold", "1"]).status == 0)
        let masked = try Binary.run(["diff", pa, pb, "--mask", "0,0,30,20", "--mask", "30,20,30,20", "--mask", "0,30,15,10"])
        #expect(masked.status == 0, "\(masked.out)")
        #expect(try Binary.run(["diff", pa, pb, "-q"]).out.isEmpty)

        let out = dir.appendingPathComponent("diff.png").path, panels = dir.appendingPathComponent("panels.png").path
        #expect(try Binary.run(["diff", pa, pb, "-o", out, "--panels", panels]).status == 1)
        let d = try RGBAImage.read(path: out)
        #expect(d.width == 60 && d.height == 40)
        #expect(d[20, 7] == (255, 0, 0, 255))
        #expect(d[21, 7].0 == d[21, 7].1, "unchanged pixels are grey")
        let p = try RGBAImage.read(path: panels)
        #expect(p.width == 3 * 60 + 2 * 8 && p.height == 40)
    }

    /// pixelmatch's 8a against 5b (drawn by `PixelmatchFixtureTests`): opaque white against fully transparent is
    /// every one of those 32,896 pixels at threshold 0, and at the default threshold too (issue 56: "match: 0
    /// different pixels" before).
    @Test func opaqueWhiteAgainstTransparentIsEveryPixel() throws {
        let dir = Binary.folder("diff-alpha")
        let white = try write(PixelmatchFixtureTests.triangle(white: true), dir, "8a.png")
        let clear = try write(PixelmatchFixtureTests.triangle(white: false), dir, "5b.png")
        for threshold in ["0", "0.1"] {
            let r = try Binary.run(["diff", white, clear, "--threshold", threshold])
            #expect(r.status == 1)
            #expect(r.out.hasPrefix("different: 32896 different pixels"), "threshold \(threshold): \(r.out)")
        }
    }

    @Test func sizeMismatchIsADifferenceWithAClearMessage() throws {
        let dir = Binary.folder("size")
        let pa = try write(RGBAImage(width: 4, height: 3, fill: (1, 2, 3, 255)), dir, "a.png")
        let pb = try write(RGBAImage(width: 3, height: 4, fill: (1, 2, 3, 255)), dir, "b.png")
        let r = try Binary.run(["diff", pa, pb])
        #expect(r.status == 1)
        #expect(r.out == "different: sizes differ: expected 4x3, actual 3x4\n")
    }

    @Test func anyPNGFormatCompares() throws {
        let dir = Binary.folder("formats")
        // gray8: value (x * 37 + y * 91) % 256 at 7 x 3 (see RasterTests).
        var gray = RGBAImage(width: 7, height: 3, fill: (0, 0, 0, 255))
        for y in 0..<3 { for x in 0..<7 { let v = UInt8((x * 37 + y * 91) % 256); gray[x, y] = (v, v, v, 255) } }
        let g = dir.appendingPathComponent("gray8.png").path
        try Data(OtherFormats.gray8).write(to: URL(fileURLWithPath: g))
        #expect(try Binary.run(["diff", g, try write(gray, dir, "gray-rgba.png"), "--threshold", "0"]).status == 0)
        // palette2Trns: a 4-color palette with tRNS at 5 x 4.
        let colors: [(UInt8, UInt8, UInt8, UInt8)] = [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 0), (10, 20, 30, 255)]
        var pal = RGBAImage(width: 5, height: 4, fill: (0, 0, 0, 0))
        for y in 0..<4 { for x in 0..<5 { pal[x, y] = colors[(x + 2 * y) % 4] } }
        let pp = dir.appendingPathComponent("palette.png").path
        try Data(OtherFormats.palette2Trns).write(to: URL(fileURLWithPath: pp))
        #expect(try Binary.run(["diff", pp, try write(pal, dir, "pal-rgba.png"), "--threshold", "0"]).status == 0)
        // 16-bit: the same picture at 16 bits compares equal; one level of 16 bits is below 8-bit precision.
        let busy = Fixtures.busy(width: 30, height: 20, seed: 4)
        let p16 = dir.appendingPathComponent("busy16.png").path
        try PNG.write(rgba16: busy.pixels.map { UInt16($0) * 257 }, width: 30, height: 20, to: p16)
        #expect(try Binary.run(["diff", p16, try write(busy, dir, "busy8.png"), "--threshold", "0"]).status == 0)
    }

    @Test func badInputExits2WithAMessageAndNeverCrashes() throws {
        let dir = Binary.folder("bad")
        let img = Fixtures.busy(width: 50, height: 50, seed: 3)
        let good = try write(img, dir, "good.png")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
        let truncated = dir.appendingPathComponent("truncated.png")
        try Data(bytes[..<(bytes.count / 2)]).write(to: truncated)
        var broken = bytes
        for i in 60..<min(90, broken.count - 20) { broken[i] ^= 0x5A }  // inside IDAT: CRC and zlib errors
        let corrupt = dir.appendingPathComponent("corrupt.png")
        try Data(broken).write(to: corrupt)
        let text = dir.appendingPathComponent("text.png")
        try "not a picture".write(to: text, atomically: true, encoding: .utf8)
        let empty = dir.appendingPathComponent("empty.png")
        try Data().write(to: empty)

        for (file, words) in [(truncated.path, "truncated"), (corrupt.path, "cannot read PNG"), (text.path, "not a PNG"),
                              (empty.path, "cannot read PNG"), (dir.appendingPathComponent("missing.png").path, "it does not exist"),
                              (dir.path, "cannot read PNG")] {
            for args in [["diff", file, good], ["diff", good, file]] {
                let r = try Binary.run(args)
                #expect(r.status == 2, "\(args): \(r.err)")
                #expect(r.err.hasPrefix("error: cannot read PNG '\(file)'"), "\(r.err)")
                #expect(r.err.contains(words), "\(r.err)")
            }
        }
        for args in [["--threshold", "1.5"], ["--threshold", "-0.1"], ["--threshold", "abc"], ["--threshold", "nan"],
                     ["--mask", "1,2,3"], ["--mask", "0,0,0,5"], ["--max-diff-pixels", "-1"], ["--max-diff-ratio", "2"],
                     ["--max-diff-pixels", "1", "--max-diff-ratio", "0.1"], ["--threads", "0"], ["--treshold", "0.2"]] {
            let r = try Binary.run(["diff", good, good] + args)
            #expect(r.status == 2, "\(args)")
            #expect(r.err.hasPrefix("Error: "), "\(args): \(r.err)")
            #expect(r.err.contains("See 'forkrender diff --help' for more information."))
        }
        let one = try Binary.run(["diff", good])
        #expect(one.status == 2 && one.err.hasPrefix("Error: Expected two PNG files"))
        let suggestion = try Binary.run(["diff", good, good, "--treshold", "0.2"])
        #expect(suggestion.err.contains("Did you mean '--threshold'?"))
    }

    @Test func helpIsLaidOutLikeTheOtherCommands() throws {
        let h = try Binary.run(["diff", "--help"])
        #expect(h.status == 0)
        #expect(h.out.hasPrefix("OVERVIEW: "))
        #expect(h.out.contains("USAGE: forkrender diff <expected.png> <actual.png>"))
        #expect(h.out.contains("--threshold <0-1>") && h.out.contains("(default: 0.1)"))
        #expect(h.out.contains("EXIT STATUS: 0 within tolerance, 1 different"))
    }
}

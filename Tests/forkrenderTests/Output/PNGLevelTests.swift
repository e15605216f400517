import Foundation
import Testing
import Raster
import SceneFormat
import Compose
import Output

/// `--png-level` goes one way: the command line hands the number to `EncodeSettings(pngLevel:)`, and
/// `PNGEncodeOptions(level:)` alone checks it and derives the strategy the help promises (zlib's `Z_FILTERED`).
@Suite struct PNGLevelTests {
    @Test func theOptionsCheckTheLevelAndDeriveTheStrategy() throws {
        for level in 0...9 {
            let o = try PNGEncodeOptions(level: level)
            #expect(o == PNGEncodeOptions(level: level, filters: .up, strategy: .filtered, srgbChunk: true))
        }
        for level in [-1, 10, Int.max] {
            let e = #expect(throws: PNGError.self) { try PNGEncodeOptions(level: level) }
            #expect(e?.message == "zlib level \(level) is outside 0...9")
        }
        #expect(throws: PNGError.self) { try EncodeSettings(pngLevel: 10) }
        #expect(try EncodeSettings(pngLevel: nil).png == .frames)
    }

    /// The reason a chosen level changes the strategy: under the default's `Z_RLE` every level from 1 to 9
    /// gives the same bytes. And the strategy named in the help is the one libpng itself picks for filtered
    /// rows, so the frames `--png-level` wrote before this strategy was spelled out are unchanged.
    @Test func rleIgnoresTheLevelAndFilteredIsLibpngsOwnChoice() throws {
        let frame = try Self.frame()
        func bytes(_ o: PNGEncodeOptions) throws -> [UInt8] { try EncodeSettings(dither: true, png: o).pngBytes(frame) }
        let rle1 = try bytes(PNGEncodeOptions(level: 1, filters: .up, strategy: .rle))
        for level in 2...9 {
            #expect(try bytes(PNGEncodeOptions(level: level, filters: .up, strategy: .rle)) == rle1, "level \(level)")
        }
        #expect(try bytes(PNGEncodeOptions(level: 6, filters: .up, strategy: .filtered)) != rle1)
        #expect(try bytes(PNGEncodeOptions(level: 6, filters: .up, strategy: nil))
                == bytes(PNGEncodeOptions(level: 6, filters: .up, strategy: .filtered)))
    }

    /// The file the command line writes at `--png-level 6` is the frame encoded at level 6 with `Z_FILTERED`,
    /// and not with zlib's default strategy (the help's claim before this change), which gives other bytes here.
    @Test func theCommandLineWritesTheStrategyItsHelpNames() throws {
        let dir = CLI.temporaryFolder("png-level")
        let scene = dir.appendingPathComponent("s.json").path
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try CLI.run([scene, "-o", dir.appendingPathComponent("out").path, "-q", "--frames", "0", "--png-level", "6"])
        #expect(r.status == 0, "\(r.stderr)")
        let written = try [UInt8](Data(contentsOf: dir.appendingPathComponent("out/0000.png")))
        let frame = try Self.frame()
        let filtered = try EncodeSettings(dither: true, png: PNGEncodeOptions(level: 6, filters: .up, strategy: .filtered)).pngBytes(frame)
        let zlibDefault = try EncodeSettings(dither: true, png: PNGEncodeOptions(level: 6, filters: .up, strategy: .zlibDefault)).pngBytes(frame)
        #expect(filtered != zlibDefault, "the frame does not tell the strategies apart")
        #expect(written == filtered)
    }

    /// A dot plane with a glass panel: enough texture that zlib's strategies differ.
    static let scene = #"{"canvas": {"width": 160, "height": 120, "scale": 1}, "duration": 0.1, "glass": [{"frame": [20, 20, 120, 60], "radius": 16}]}"#

    static func frame() throws -> Framebuffer {
        let document = try SceneDecoder().decode(text: scene)
        #expect(document.dither)
        var compositor = Compositor(document: document, workers: Workers(1))
        return compositor.render(frame: 0)
    }
}

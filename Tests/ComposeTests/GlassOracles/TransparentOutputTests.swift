import ChildProcess
import Foundation
import Raster
import Testing
@testable import Compose
@testable import SceneFormat
import Output

/// Transparent frames (`"canvas": {"background": "transparent"}`, `--background transparent`) against
/// scripts/glass-oracles/pillow_transparent.py (`oracle`, which TransparentMatteTests shares). scenes/transparent-glass.json (dots spread by a tap, a photograph at
/// 70% opacity, a Liquid Glass bar and button with a label) at scale 1, frame 20, without dither:
/// - the alpha of the transparent PNG equals the coverage NumPy solves from the compositing equation over the
///   frames forkrender draws over black and over white, within 1 level;
/// - Pillow's `alpha_composite` of the transparent PNG over two colours equals forkrender's own frames with the
///   background set to each colour, within 1 level;
/// both wherever no glass or content drew (outside `FrameSlot.covered`, 2 px wider); inside the Liquid Glass
/// TransparentMatteTests compares them.
@Suite("Transparent output against NumPy and Pillow", .serialized)
struct TransparentOutputTests {
    static let python = GlassOracles.python(importing: "numpy, PIL")
    static let scene = ChildProcess.packageRoot.appendingPathComponent("scenes/transparent-glass.json").path
    static let colors = [[51, 102, 204], [242, 193, 78]]
    static let frame = 20

    /// Frame `frame` of the scene with its background replaced by `background`, the regions glass and content
    /// covered, and the plane beneath them.
    static func render(background: String?) throws -> (frame: Framebuffer, covered: [PixelRect], plane: Framebuffer) {
        var decoder = SceneDecoder(scale: 1)
        decoder.background = background
        var c = Compositor(document: try decoder.decode(file: scene), workers: Workers(2))
        let (fb, covered) = c.renderKept(frame: frame) { fb, covered in (fb, covered) }
        return (fb, covered, c.planeBuffer!)
    }

    static func hex(_ c: [Int]) -> String { "#" + c.map { String(format: "%02x", $0) }.joined() }

    static func floats(_ fb: Framebuffer) -> Data { fb.withUnsafePixels { Data(buffer: $0) } }

    /// Writes `transparent`, forkrender's own frames over `colors` and `mask` (8-bit RGBA, 255 where compared)
    /// as the case `name` of a new folder, with whatever `more` writes into the case's folder, runs
    /// pillow_transparent.py over it and returns the case's results, its folder and the frames over the colours.
    static func oracle(_ name: String, transparent: Framebuffer, colors: [[Int]], mask: [UInt8], python: String,
                       more: (URL) throws -> Void = { _ in }) throws -> (results: [String: Any], folder: URL, own: [[UInt8]]) {
        let (w, h) = (transparent.width, transparent.height)
        let folder = ChildProcess.temporaryFolder("transparent-\(name)"), d = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        try PNG.write(rgba8: transparent.rgba8(dither: false), width: w, height: h, to: d.appendingPathComponent("transparent.png").path)
        try PNG.write(rgba8: mask, width: w, height: h, to: d.appendingPathComponent("mask.png").path)
        var own: [[UInt8]] = []
        for (i, c) in colors.enumerated() {
            own.append(try render(background: hex(c)).frame.rgba8(dither: false))
            try PNG.write(rgba8: own[i], width: w, height: h, to: d.appendingPathComponent("over-\(i).png").path)
        }
        try more(d)
        try GlassOracles.run("pillow_transparent.py", python: python, in: folder,
                             spec: ["cases": [["name": name, "width": w, "height": h, "colors": colors]]], timeout: 300)
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("results.json")))
        return (try #require((results as? [String: Any])?[name] as? [String: Any]), d, own)
    }

    @Test("alpha is the plane's coverage, and the PNG over a colour is the frame over that colour", .enabled(if: python != nil,
          "transparency oracle skipped: no python3 imports numpy and PIL: run scripts/setup.sh --dev"))
    func transparentFramesMatchTheOracle() throws {
        let python = try #require(Self.python)
        let (transparent, covered, _) = try Self.render(background: nil)
        let (w, h) = (transparent.width, transparent.height)
        var mask = [UInt8](repeating: 255, count: w * h * 4)
        for r in covered {
            for y in max(0, r.y - 2)..<min(h, r.maxY + 2) {
                for x in max(0, r.x - 2)..<min(w, r.maxX + 2) { mask[4 * (y * w + x)..<4 * (y * w + x) + 3] = [0, 0, 0] }
            }
        }
        let r = try Self.oracle("glass", transparent: transparent, colors: Self.colors, mask: mask, python: python) { d in
            for (name, color) in [("black", "#000000"), ("white", "#ffffff")] {
                try Self.floats(try Self.render(background: color).frame).write(to: d.appendingPathComponent("over-\(name).f32"))
            }
        }.results
        let alphaMax = try #require(r["alphaMax"] as? Double), overMax = try #require(r["overMax"] as? [Int])
        let pixels = try #require(r["pixels"] as? Int), translucent = try #require(r["translucent"] as? Int)
        let clear = try #require(r["transparent"] as? Int)
        #expect(alphaMax <= 1, "alpha \(alphaMax) levels from the coverage the compositing equation gives")
        #expect(overMax.allSatisfy { $0 <= 1 }, "over the colours: \(overMax) levels from forkrender's own frames")
        // The comparison holds translucent pixels (the photograph at 70%, the dots' edges) and clear ones.
        #expect(translucent > pixels / 10 && clear > pixels / 10, "\(translucent) translucent, \(clear) clear of \(pixels)")
        // Over transparency Liquid Glass is matted (its alpha is 1 minus what it transmits: TransparentMatteTests);
        // a frosted panel's alpha is its overlay's, over the blurred transparent plane.
        let bar = transparent[60, 86], button = transparent[346, 788]
        #expect(bar.w > 0.5 && bar.w < 0.98, "the Liquid Glass bar's alpha \(bar.w)")
        #expect(button.w > 0.5 && button.w < 1, "the frosted button's alpha \(button.w)")
    }
}

import ChildProcess
import Foundation
import Raster
import Testing
@testable import SceneFormat
@testable import Compose

/// The selection lens's shape against scripts/glass-oracles/numpy_selection.py, written from docs/liquid-glass.md
/// ("The selection lens") alone. A bar whose content is an opaque red fill reaching past the lens's reach reads the
/// lens's coverage back in pixels: the selected colour (blue) where the lens covers a pixel fully, the fill's red
/// where it does not touch it. At rest, mid-move (stretched) and at the overshoot, every pixel the oracle covers
/// fully must be blue and every pixel it leaves uncovered red, which puts each edge within the one pixel the
/// oracle's edge crosses. The oracle run with a critically damped spring, a response x 1.25 and no squash must
/// each fail.
@Suite("The selection lens against the documentation's oracle", .serialized)
struct SelectionLensOracleTests {
    static let numpyPython = GlassOracles.python(importing: "numpy")
    static let width = 320, height = 100
    static let tabs: [[Double]] = [[14, 24, 70, 52], [88, 24, 70, 52], [162, 24, 70, 52], [236, 24, 70, 52]]
    /// Rest, mid-move at its widest (0.06 s after setting off) and the overshoot (0.245 s after).
    static let times = [0.1, 0.26, 0.445]
    static var variants: [[String: Any]] {
        [["name": "right"], ["name": "critical", "damping": 0.999], ["name": "slow", "response": 1.25], ["name": "noSquash", "noSquash": true]]
    }

    static var sceneText: String {
        let tabs = Self.tabs.map { "[\($0.map { "\($0)" }.joined(separator: ","))]" }.joined(separator: ",")
        return """
        {"canvas": {"width": 320, "height": 100, "scale": 1}, "platform": "ios26", "duration": 1, "fps": 200,
         "glass": [{"id": "bar", "shape": "capsule", "frame": [10, 20, 300, 60],
                    "selection": {"tabs": [\(tabs)], "events": [{"t": 0.2, "tab": 2}], "color": "#0000FF"}}],
         "content": [{"fill": true, "on": "bar", "frame": [-10, -20, 320, 100], "radius": 0, "color": "#FF0000"}]}
        """
    }

    @Test(.enabled(if: numpyPython != nil, "selection oracle skipped: no python3 imports numpy: run scripts/setup.sh --dev (python3-numpy)"))
    func theLensMatchesTheOracleAtThreeInstants() throws {
        let python = try #require(Self.numpyPython)
        let doc = try SceneDecoder().decode(text: Self.sceneText)
        let folder = ChildProcess.temporaryFolder("selection-oracle")
        let spec: [String: Any] = ["cases": [["name": "bar", "width": Self.width, "height": Self.height, "scale": 1,
                                              "tabs": Self.tabs, "initial": 0, "events": [["t": 0.2, "tab": 2]],
                                              "press": true, "times": Self.times]],
                                   "variants": Self.variants]
        try GlassOracles.run("numpy_selection.py", python: python, in: folder, spec: spec, timeout: 120)
        var compositor = Compositor(document: doc, workers: Workers(2))
        var failures: [String: Int] = [:]
        for (i, t) in Self.times.enumerated() {
            let frame = compositor.render(frame: Int((t * 200).rounded()))
            #expect(abs(doc.time(ofFrame: Int((t * 200).rounded())) - t) < 1e-9, "the instants are frame times")
            for v in Self.variants {
                let name = v["name"] as! String
                let data = try Data(contentsOf: folder.appendingPathComponent("bar-\(name)-\(i).f32"))
                let oracle = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
                failures[name, default: 0] += Self.wrongPixels(frame, oracle)
            }
        }
        print("selection oracle: pixels off the oracle's full or empty coverage: \(failures.sorted { $0.key < $1.key })")
        #expect(failures["right"] == 0)
        for v in Self.variants.dropFirst() { #expect(failures[v["name"] as! String]! > 0, "the oracle's \(v["name"]!) model passed") }
    }

    /// Pixels where the oracle's coverage is 1 but the frame is not the selected blue, or 0 but not the fill's red.
    static func wrongPixels(_ frame: Framebuffer, _ oracle: [Float]) -> Int {
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width {
                let c = oracle[y * width + x], p = frame[x, y]
                let blue = abs(p.x) < 1e-3 && abs(p.y) < 1e-3 && abs(p.z - 1) < 1e-3
                let red = abs(p.x - 1) < 1e-3 && abs(p.y) < 1e-3 && abs(p.z) < 1e-3
                if (c == 1 && !blue) || (c == 0 && !red) { wrong += 1 }
            }
        }
        return wrong
    }
}

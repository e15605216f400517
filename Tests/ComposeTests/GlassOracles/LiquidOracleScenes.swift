import Foundation
import Glass
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// A Liquid Glass panel as the scene states it and as scripts/glass-oracles/numpy_liquid.py reads it: the same
/// keys, nothing resolved (the oracle fills in the defaults of bezel and thickness from the documentation).
struct LiquidOraclePanel {
    var id: String
    /// Points.
    var frame: (x: Double, y: Double, width: Double, height: Double)
    var shape = "rect"
    var radius = 14.0
    var profile = "convexSquircle"
    var dispersion = 0.0
    var tint: String?
    /// Lens-only cases give bezel, thickness and rim height (pixels at scale 1); scenes leave them to the defaults.
    var bezel: Double?, thickness: Double?, rimHeight: Double?

    var sceneJSON: String {
        var keys = ["\"id\": \"\(id)\"", "\"frame\": [\(frame.x), \(frame.y), \(frame.width), \(frame.height)]",
                    "\"shape\": \"\(shape)\"", "\"profile\": \"\(profile)\"", "\"dispersion\": \(dispersion)"]
        if shape == "rect" { keys.append("\"radius\": \(radius)") }
        if let tint { keys.append("\"tint\": \"\(tint)\"") }
        return "{" + keys.joined(separator: ", ")
    }

    /// The oracle's panel; `tint` the scene's resolved tint (its alpha the strength).
    func oracleJSON(tint resolved: Color? = nil) -> [String: Any] {
        var o: [String: Any] = ["frame": [frame.x, frame.y, frame.width, frame.height], "shape": shape, "radius": radius,
                                "profile": profile, "dispersion": dispersion]
        if let resolved {
            o["tint"] = [Double(resolved.red), Double(resolved.green), Double(resolved.blue), Double(resolved.alpha)]
        }
        if let bezel { o["bezel"] = bezel }
        if let thickness { o["thickness"] = thickness }
        if let rimHeight { o["rimHeight"] = rimHeight }
        return o
    }

    var box: Rect { Rect(x: Float(frame.x), y: Float(frame.y), width: Float(frame.width), height: Float(frame.height)) }
}

/// The scenes, backdrops and regions of the Liquid Glass oracle comparisons.
enum LiquidOracle {
    static let profiles = ["convexSquircle", "convexCircle", "concave", "lip"]
    /// The three tilts of the comparisons: level, and the two ends of `--tilt-sweep` (radians).
    static let tilts: [(name: String, pitch: Double, roll: Double)] = [("level", 0, 0), ("left", 0.3, -0.6), ("right", -0.3, 0.6)]
    static let width = 320, height = 260, scale = 2.0
    static let pairSpacing = 30.0

    /// Every profile as a rounded rectangle without dispersion and as a capsule with it; a merging pair of circles
    /// 12 pt apart in a container of spacing 30 (closer than half the spacing: bridged); a tinted panel.
    static let panels: [(panel: LiquidOraclePanel, container: String?)] = {
        var list: [(LiquidOraclePanel, String?)] = []
        for (i, p) in profiles.enumerated() {
            let x = 12 + 76 * Double(i)
            list.append((LiquidOraclePanel(id: "rect-\(p)", frame: (x, 16, 66, 64), profile: p), nil))
            list.append((LiquidOraclePanel(id: "capsule-\(p)", frame: (x, 96, 66, 44), shape: "capsule", profile: p,
                                           dispersion: 0.12), nil))
        }
        list.append((LiquidOraclePanel(id: "pair-a", frame: (20, 164, 56, 56), shape: "circle"), "pair"))
        list.append((LiquidOraclePanel(id: "pair-b", frame: (88, 164, 56, 56), shape: "circle", profile: "convexCircle"), "pair"))
        list.append((LiquidOraclePanel(id: "tinted", frame: (172, 156, 130, 80), radius: 20, tint: "systemBlue"), nil))
        return list
    }()

    /// The scene: liquid tier, halo off, the tilt held from t = 0, over `plane` (nil: no dots).
    static func scene(appearance: String, tilt: (name: String, pitch: Double, roll: Double), plane: String?) -> String {
        let glass = panels.map { p, c in p.sceneJSON + (c.map { ", \"container\": \"\($0)\"" } ?? "") + "}" }
        return """
            {"canvas": {"width": \(width), "height": \(height), "scale": \(scale)}, "appearance": "\(appearance)",
             "platform": "ios26", "duration": 1, "fps": 10, "dither": false, "glowHalo": false,
             "tilt": [{"t": 0, "pitch": \(tilt.pitch), "roll": \(tilt.roll)}],
             "containers": {"pair": {"spacing": \(pairSpacing)}},
             \(plane.map { "\"plane\": \($0)," } ?? "\"plane\": {\"ambient\": {\"enabled\": false}},")
             "glass": [\(glass.joined(separator: ",\n"))]}
            """
    }

    /// The oracle's case for a tier case: its groups (a container's members together, every other panel alone).
    static func json(_ c: GlassOracleCase, tilt: (name: String, pitch: Double, roll: Double)) -> [String: Any] {
        var groups: [[String: Any]] = []
        var pair: [[String: Any]] = []
        for (i, (p, container)) in panels.enumerated() {
            let o = p.oracleJSON(tint: c.document.glass.panels[i].tint)
            if container != nil { pair.append(o) } else { groups.append(["panels": [o]]) }
        }
        groups.append(["panels": pair, "spacing": pairSpacing])
        return ["name": c.name, "width": c.width, "height": c.height, "scale": Double(c.scale),
                "tilt": ["pitch": tilt.pitch, "roll": tilt.roll], "groups": groups]
    }

    // MARK: Regions

    /// Pixels at least `inset` pixels inside a panel's outline, away from a rectangle's continuous corners (squares
    /// of 1.6 x the radius, the extent of the curve along each side, which the oracle draws as circular arcs): for
    /// inset = bezel + 2 px, the flat interior, where the comparison reads the material and the light.
    static func inside(_ p: LiquidOraclePanel, scale s: Float, width: Int, height: Int, inset: Float, outer: Float = .infinity) -> [Bool] {
        var mask = [Bool](repeating: false, count: width * height)
        let b = Rect(x: p.box.x * s, y: p.box.y * s, width: p.box.width * s, height: p.box.height * s)
        let r = p.shape == "rect" ? min(Float(p.radius) * s, min(b.width, b.height) / 2) : min(b.width, b.height) / 2
        let corner = p.shape == "rect" ? max(1.6 * r, inset) : 0
        for y in max(0, Int(b.minY))..<min(height, Int(b.maxY) + 1) { for x in max(0, Int(b.minX))..<min(width, Int(b.maxX) + 1) {
            let px = Float(x) + 0.5, py = Float(y) + 0.5
            let dl = px - b.minX, dr = b.maxX - px, dt = py - b.minY, db = b.maxY - py
            if (dl < corner || dr < corner) && (dt < corner || db < corner) { continue }
            // Inward distance: exact for the circular ends of capsules and circles, and for straight sides.
            let qx: Float = abs(px - b.center.x) - (b.width / 2 - r), qy: Float = abs(py - b.center.y) - (b.height / 2 - r)
            let ox: Float = max(qx, 0), oy: Float = max(qy, 0)
            let sd: Float = (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
            if -sd >= inset && -sd < outer { mask[y * width + x] = true }
        } }
        return mask
    }

    /// The default bezel of a panel, points (scene-format.md: min(16, a quarter of the shorter side)).
    static func bezel(_ p: LiquidOraclePanel) -> Float { Float(min(16, min(p.frame.width, p.frame.height) / 4)) }

    // MARK: Backdrops

    /// A coordinate-coded image: red and green are the pixel's column and row modulo 128 (light: plus 128), blue
    /// constant, so each pixel's colour names its position within a 128 px tile.
    static func coded(width w: Int, height h: Int, dark: Bool) -> [UInt8] {
        var p = [UInt8](repeating: 255, count: w * h * 4)
        let base = dark ? 0 : 128
        for y in 0..<h { for x in 0..<w {
            let i = (y * w + x) * 4
            (p[i], p[i + 1], p[i + 2]) = (UInt8(base + x % 128), UInt8(base + y % 128), dark ? 40 : 200)
        } }
        return p
    }

    /// A photograph-like image, made here so that it is reproducible and free of licence: a sky graded to the
    /// horizon, a sun, two ranges of hills with a fine texture, a lake with reflections and high-contrast detail
    /// (a fence of thin dark posts and a bright window grid). `dark`: the same view at night.
    static func photo(width w: Int, height h: Int, dark: Bool) -> [UInt8] {
        var p = [UInt8](repeating: 255, count: w * h * 4)
        var seed: UInt32 = 0x9E37_79B9
        func noise() -> Double { seed = seed &* 1_664_525 &+ 1_013_904_223; return Double(seed >> 8) / Double(1 << 24) - 0.5 }
        for y in 0..<h { for x in 0..<w {
            let u = Double(x) / Double(w), v = Double(y) / Double(h)
            var c: (Double, Double, Double)
            let hill1 = 0.45 + 0.08 * sin(u * 9.0) + 0.03 * sin(u * 31.0)
            let hill2 = 0.58 + 0.05 * sin(u * 5.0 + 1.3)
            if v < hill1 {
                c = dark ? (0.02 + 0.08 * v, 0.03 + 0.06 * v, 0.10 + 0.25 * v) : (0.45 + 0.4 * v, 0.65 + 0.3 * v, 0.95)
                let sun = hypot(u - 0.72, (v - 0.18) * Double(h) / Double(w))
                if sun < 0.06 { c = dark ? (0.9, 0.9, 0.8) : (1, 0.97, 0.85) }
            } else if v < hill2 {
                let t = 0.5 + 0.5 * sin(u * 120 + v * 40)
                c = dark ? (0.05, 0.08 + 0.04 * t, 0.05) : (0.30 + 0.1 * t, 0.55 + 0.1 * t, 0.25)
            } else if v < 0.75 {
                c = dark ? (0.03, 0.05, 0.12) : (0.25, 0.45, 0.70)
                if Int(u * 80) % 7 == 0 { c = dark ? (0.8, 0.7, 0.3) : (0.95, 0.95, 1.0) }
            } else {
                c = dark ? (0.10, 0.07, 0.05) : (0.70, 0.60, 0.45)
                if x % 11 < 2 { c = dark ? (0.0, 0.0, 0.0) : (0.15, 0.10, 0.08) }
                if (x / 9) % 5 == 0 && (y / 9) % 3 == 0 { c = dark ? (1.0, 0.85, 0.4) : (1, 1, 1) }
            }
            let n = noise() * 0.06
            let i = (y * w + x) * 4
            func q(_ a: Double) -> UInt8 { UInt8(max(0, min(255, (a + n) * 255)).rounded()) }
            (p[i], p[i + 1], p[i + 2]) = (q(c.0), q(c.1), q(c.2))
        } }
        return p
    }
}

import ChildProcess
import Foundation
import Glass
import Raster
import Testing
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The Liquid Glass tier against scripts/glass-oracles/numpy_liquid.py, written from docs/liquid-glass.md alone
/// (its own distance fields, profiles, vector Snell's law, 1/8 px tables, bilinear sampling, box blur, wash, tint,
/// band, rim and smooth union). Three comparisons:
/// - the lens: the kernel with no wash, light or blur over coordinate-coded planes (each pixel's value is its
///   column, or its row, in float), so the point each pixel shows is read back and compared with the oracle's
///   displacement over the bezel, per channel, for every profile with and without dispersion;
/// - the union's edge: two merging circles drawn as coverage (an opaque wash over black), within 0.5 px;
/// - the tier: whole scenes (every profile, dispersion, a merging container, a tinted panel) over a
///   coordinate-coded image, a photograph-like image and the vivid plane, light and dark, three tilts, halo off:
///   CIEDE2000 in the panels' flat cores.
/// Each comparison also runs the oracle with a deliberately wrong model, and each of those must fail: the index
/// x 0.9 and x 1.1, a swapped profile, thickness x 0.8 and x 1.2 (lens), the union's spacing x 0.75 and x 1.25
/// (edge), the tilt's sign flipped and the other variant's veil (tier).
@Suite("Liquid Glass against the documentation's oracle", .serialized)
struct LiquidGlassOracleTests {
    static let numpyPython = GlassOracles.python(importing: "numpy")
    static let script = "numpy_liquid.py"

    /// The issue's limits: displacement within 0.25 px mean and 0.5 px p99 over the bezel; the cores' ΔE00 mean
    /// 1.0 and p99 3; the union's edge within 0.5 px.
    static let displacementMean = 0.25, displacementP99 = 0.5
    static let tierLimits = GlassOracles.Limits(mean: 1.0, p99: 3.0)
    static let edgeLimit: Float = 0.5

    struct Variant: Sendable {
        var name: String
        var json: [String: Double]
    }
    static let lensVariants = [Variant(name: "right", json: [:]), Variant(name: "index-x0.9", json: ["index": 0.9]),
                               Variant(name: "index-x1.1", json: ["index": 1.1]), Variant(name: "profile-swapped", json: ["swapProfile": 1]),
                               Variant(name: "thickness-x0.8", json: ["thickness": 0.8]), Variant(name: "thickness-x1.2", json: ["thickness": 1.2])]
    static let edgeVariants = [Variant(name: "right", json: [:]), Variant(name: "spacing-x0.75", json: ["spacing": 0.75]),
                               Variant(name: "spacing-x1.25", json: ["spacing": 1.25])]
    static let tierVariants = [Variant(name: "right", json: [:]), Variant(name: "tilt-flipped", json: ["tiltFlipped": 1]),
                               Variant(name: "veil-swapped", json: ["veilSwapped": 1]), Variant(name: "blur-x0.5", json: ["blur": 0.5]),
                               Variant(name: "blur-x1.5", json: ["blur": 1.5])]
    static func specVariants(_ list: [Variant]) -> [[String: Any]] { list.map { v in var o: [String: Any] = v.json; o["name"] = v.name; return o } }

    // MARK: The lens

    /// Lens cases at scale 1 (pixels): each profile as a rounded rectangle (bezel 16, thickness 14, rim height 10)
    /// and as a capsule with dispersion 0.12 (bezel 12, thickness 10, rim height 6).
    static let lensPanels: [LiquidOraclePanel] = LiquidOracle.profiles.enumerated().flatMap { i, p in
        let x = 12 + 76 * Double(i)
        return [LiquidOraclePanel(id: "rect-\(p)", frame: (x, 12, 70, 70), radius: 14, profile: p, bezel: 16, thickness: 14,
                                  rimHeight: 10),
                LiquidOraclePanel(id: "capsule-\(p)", frame: (x, 100, 70, 48), shape: "capsule", profile: p, dispersion: 0.12,
                                  bezel: 12, thickness: 10, rimHeight: 6)]
    }
    static let lensWidth = 320, lensHeight = 160

    /// The kernel as the tier runs it (`apply(plane:joined:...)`), one panel per drawing, with the material
    /// reduced to its lens: a veil that passes all, no band or mirror, no blur.
    static func lensOnly(_ panels: [LiquidOraclePanel], plane: Framebuffer, veil: GlassDefaults.Liquid.Veil = .none,
                         spacing: Float = 0) -> Framebuffer {
        var frame = plane
        var specular = Specular()
        specular.mirror = 0
        specular.bandStrength = 0
        let shapes = panels.map { p in
            PanelShape(Outline(rawValue: p.shape)!, box: p.box, cornerRadius: Float(p.radius), curve: .continuous)
        }
        let materials = panels.map { p in
            LiquidMaterial(lens: Lens(index: 1.5, thickness: p.thickness!, bezel: p.bezel!, rimHeight: p.rimHeight ?? 0,
                                      profile: BezelProfile(rawValue: p.profile)!),
                           dispersion: p.dispersion, veil: veil)
        }
        let glass = LiquidGlass(material: materials[0], specular: specular, light: Specular.light(pitch: 0, roll: 0), blur: Tent(radius: 0))
        glass.apply(plane: plane, joined: SmoothUnion(shapes.map { PanelUnion([$0]) }, spacing: spacing), materials: materials,
                    into: &frame, workers: .single)
        return frame
    }

    /// A plane whose every channel is 0.05 + (column or row) / 400.
    static func codedPlane(width: Int, height: Int, alongX: Bool) -> Framebuffer {
        var fb = Framebuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width {
            let v = 0.05 + Float(alongX ? x : y) / 400
            fb[x, y] = SIMD4(v, v, v, 1)
        } }
        return fb
    }

    @Test("lens: displacement read back from coordinate-coded planes vs the oracle", .enabled(if: numpyPython != nil,
          "Liquid Glass oracle skipped: no python3 imports numpy: run scripts/setup.sh --dev (python3-numpy)"))
    func displacementMatchesTheOracle() throws {
        let (w, h) = (Self.lensWidth, Self.lensHeight)
        let (folder, caseFolder, spec) = try Self.lensOnlyCase("lens", w, h, groups: Self.lensPanels.map { ["panels": [$0.oracleJSON()]] },
                                                                variants: Self.lensVariants)
        try GlassOracles.run(Self.script, python: Self.numpyPython!, in: folder, spec: spec, timeout: 300)
        // Ours: the point each pixel shows, per channel, from the two coded planes.
        let planeX = Self.codedPlane(width: w, height: h, alongX: true), planeY = Self.codedPlane(width: w, height: h, alongX: false)
        let seenX = Self.lensOnly(Self.lensPanels, plane: planeX), seenY = Self.lensOnly(Self.lensPanels, plane: planeY)
        func shown(_ fb: Framebuffer, _ x: Int, _ y: Int, _ ch: Int) -> Float { (fb[x, y][ch] - 0.05) * 400 + 0.5 }
        for v in Self.lensVariants {
            let theirs = try Self.floats(caseFolder.appendingPathComponent("displacement-\(v.name).f32"), count: w * h * 6)
            var all: [Double] = []
            for p in Self.lensPanels {
                let bezel = Self.inside(p, w, h, inset: 0.5, outer: Float(p.bezel!))
                for ch in 0..<3 {
                    var errors: [Double] = []
                    for (i, on) in bezel.enumerated() where on {
                        let (x, y) = (i % w, i / w)
                        let dx: Float = shown(seenX, x, y, ch) - (Float(x) + 0.5)
                        let dy: Float = shown(seenY, x, y, ch) - (Float(y) + 0.5)
                        let ex: Float = dx - theirs[i * 6 + ch * 2], ey: Float = dy - theirs[i * 6 + ch * 2 + 1]
                        errors.append(Double((ex * ex + ey * ey).squareRoot()))
                    }
                    let s = Self.stats(errors)
                    if v.name == "right" {
                        print("liquid oracle lens \(p.id) channel \(ch): bezel displacement error (px) " + Self.fmt(s))
                        #expect(s.mean <= Self.displacementMean && s.p99 <= Self.displacementP99,
                                "lens \(p.id) channel \(ch): displacement differs from the oracle's by \(s) over \(errors.count) bezel pixels")
                    }
                    all += errors
                }
                if v.name == "right" {
                    // The flat interior shows exactly the plane at its own pixel.
                    var worst: Float = 0
                    for (i, on) in Self.inside(p, w, h, inset: Float(p.bezel!) + 1).enumerated() where on {
                        let (x, y) = (i % w, i / w)
                        for ch in 0..<3 {
                            let a: Float = abs(seenX[x, y][ch] - planeX[x, y][ch]), b: Float = abs(seenY[x, y][ch] - planeY[x, y][ch])
                            worst = max(worst, a, b)
                        }
                    }
                    #expect(worst == 0, "lens \(p.id): the flat interior moved by \(worst) (should show its own pixel exactly)")
                }
            }
            let s = Self.stats(all)
            print("liquid oracle lens \(v.name): all bezels, all channels (px): " + Self.fmt(s))
            if v.name != "right" {
                #expect(s.mean > Self.displacementMean || s.p99 > Self.displacementP99,
                        "the oracle with \(v.name) still matches the lens (\(s)): the comparison cannot see that error")
            }
        }
    }

    // MARK: The union's edge

    @Test("union: two merging circles' edge vs the oracle", .enabled(if: numpyPython != nil,
          "Liquid Glass oracle skipped: no python3 imports numpy: run scripts/setup.sh --dev (python3-numpy)"))
    func unionEdgeMatchesTheOracle() throws {
        let (w, h) = (300, 160)
        let spacing = 60.0
        let pair = [LiquidOraclePanel(id: "a", frame: (24, 24, 112, 112), shape: "circle", bezel: 16, thickness: 12.8),
                    LiquidOraclePanel(id: "b", frame: (160, 24, 112, 112), shape: "circle", bezel: 16, thickness: 12.8)]
        let (folder, caseFolder, spec) = try Self.lensOnlyCase("union", w, h, groups: [["panels": pair.map { $0.oracleJSON() }, "spacing": spacing]],
                                                                variants: Self.edgeVariants)
        // Only the right variant writes coverage: run each variant as the right one of its own spec.
        var worst: [String: Float] = [:]
        // Ours: coverage, drawn as an opaque white wash over a black plane.
        let ours = Self.lensOnly(pair, plane: Framebuffer(width: w, height: h, fill: SIMD4(0, 0, 0, 1)),
                                 veil: .init(gain: 0, saturation: 1, offset: 1), spacing: Float(spacing))
        for v in Self.edgeVariants {
            var one = spec
            var right: [String: Any] = v.json
            right["name"] = "right"
            one["variants"] = [right]
            try GlassOracles.run(Self.script, python: Self.numpyPython!, in: folder, spec: one, timeout: 300)
            let theirs = try Self.floats(caseFolder.appendingPathComponent("coverage.f32"), count: w * h)
            var m: Float = 0
            for y in 0..<h { for x in 0..<w { m = max(m, abs(ours[x, y].x - theirs[y * w + x])) } }
            worst[v.name] = m
            print("liquid oracle union \(v.name): largest coverage difference \(m) (an edge moved by that many px)")
        }
        #expect(worst["right"]! <= Self.edgeLimit, "the union's edge is \(worst["right"]!) px from the oracle's")
        for v in Self.edgeVariants where v.name != "right" {
            #expect(worst[v.name]! > Self.edgeLimit, "the oracle with \(v.name) still matches the union's edge (\(worst[v.name]!) px)")
        }
    }

    // MARK: The tier

    /// The tier's cases: backdrops coded, photo and vivid, light and dark, at the three tilts.
    static func tierCases() throws -> [(GlassOracleCase, (name: String, pitch: Double, roll: Double))] {
        var list: [(GlassOracleCase, (name: String, pitch: Double, roll: Double))] = []
        let vivid = OracleBackdrops.vividPlane(width: LiquidOracle.width, height: LiquidOracle.height)
        for a in ["light", "dark"] {
            for t in LiquidOracle.tilts {
                list.append((try GlassOracleCase("coded-\(a)-\(t.name)", scene: LiquidOracle.scene(appearance: a, tilt: t, plane: nil),
                                                 backdrop: LiquidOracle.coded), t))
                list.append((try GlassOracleCase("photo-\(a)-\(t.name)", scene: LiquidOracle.scene(appearance: a, tilt: t, plane: nil),
                                                 backdrop: LiquidOracle.photo), t))
                list.append((try GlassOracleCase("vivid-\(a)-\(t.name)", scene: LiquidOracle.scene(appearance: a, tilt: t, plane: vivid)), t))
            }
        }
        return list
    }

    @Test("tier: cores over coded, photo and vivid backdrops vs the oracle", .enabled(if: numpyPython != nil,
          "Liquid Glass oracle skipped: no python3 imports numpy: run scripts/setup.sh --dev (python3-numpy)"))
    func tierMatchesTheOracle() throws {
        let cases = try Self.tierCases()
        let folder = ChildProcess.temporaryFolder("glass-oracle-liquid-tier")
        for (c, _) in cases { try c.writeBackdrop(under: folder) }
        let spec: [String: Any] = [
            "cases": cases.map { c, t in
                LiquidOracle.json(c, tilt: t).merging(["variants": t.name == "level" ? ["veil-swapped", "blur-x0.5"]
                    : t.name == "left" ? ["tilt-flipped", "blur-x1.5"] : ["tilt-flipped"]]) { a, _ in a }
            },
            "variants": Self.specVariants(Self.tierVariants)]
        try GlassOracles.run(Self.script, python: Self.numpyPython!, in: folder, spec: spec, timeout: 900)
        let s = Float(LiquidOracle.scale)
        for (c, t) in cases {
            let ours = c.render()
            try PNG.write(rgba8: ours, width: c.width, height: c.height,
                          to: folder.appendingPathComponent(c.name).appendingPathComponent("forkrender.png").path)
            // Each panel's flat core (bezel + 2 px inside), and all bezels together (printed: the lens and rim).
            var bezel = [Bool](repeating: false, count: c.width * c.height)
            let cores = LiquidOracle.panels.map { p, _ in
                let b = LiquidOracle.bezel(p) * s
                for (i, on) in LiquidOracle.inside(p, scale: s, width: c.width, height: c.height, inset: 1, outer: b).enumerated() where on { bezel[i] = true }
                return (p.id, LiquidOracle.inside(p, scale: s, width: c.width, height: c.height, inset: b + 2))
            }
            for v in Self.tierVariants {
                let url = folder.appendingPathComponent(c.name).appendingPathComponent("liquid-\(v.name).rgba")
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                let theirs = try GlassOracles.image(url, width: c.width, height: c.height)
                let stats = cores.map { id, mask in (id, GlassOracles.deltaE(ours, theirs, mask: mask)) }
                let worst = stats.max { $0.1.p99 / Self.tierLimits.p99 + $0.1.mean / Self.tierLimits.mean
                    < $1.1.p99 / Self.tierLimits.p99 + $1.1.mean / Self.tierLimits.mean }!
                let failing = stats.filter { !$0.1.passes(Self.tierLimits) }.map(\.0)
                let rims = GlassOracles.deltaE(ours, theirs, mask: bezel)
                print("liquid oracle tier \(c.name) \(v.name): cores ΔE00, worst panel \(worst.0) \(worst.1); \(failing.count) of \(stats.count) cores outside the limits; bezels \(rims)")
                if v.name == "right" {
                    #expect(failing.isEmpty, "tier \(c.name): cores of \(failing) differ from the oracle (worst \(worst.0): ΔE00 \(worst.1), limits \(Self.tierLimits))")
                    // The bezels (lens, rim and band together) are held to the cores' limits too.
                    #expect(rims.passes(Self.tierLimits), "tier \(c.name): the bezels differ from the oracle by ΔE00 \(rims) (limits \(Self.tierLimits))")
                } else {
                    // A wrong tilt moves the band and the edge's mirror, which the narrow band leaves mostly in the bezels.
                    #expect(!failing.isEmpty || !rims.passes(Self.tierLimits),
                            "tier \(c.name): the oracle with \(v.name) still passes every core and the bezels (worst \(worst.0): ΔE00 \(worst.1); bezels \(rims)) at tilt \(t.name)")
                }
            }
        }
    }

    // MARK: Helpers

    /// A fresh folder with one lens-only case `name` of `w` x `h` pixels at scale 1 (its plane unused: white),
    /// and the oracle's spec for it.
    static func lensOnlyCase(_ name: String, _ w: Int, _ h: Int, groups: [[String: Any]], variants: [Variant]) throws
        -> (folder: URL, caseFolder: URL, spec: [String: Any]) {
        let folder = ChildProcess.temporaryFolder("glass-oracle-liquid-\(name)")
        let caseFolder = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: caseFolder, withIntermediateDirectories: true)
        try Data(repeating: 255, count: w * h * 4).write(to: caseFolder.appendingPathComponent("plane.rgba"))
        let spec: [String: Any] = [
            "cases": [["name": name, "width": w, "height": h, "scale": 1.0, "lensOnly": true, "tilt": ["pitch": 0.0, "roll": 0.0],
                       "groups": groups]],
            "variants": specVariants(variants)]
        return (folder, caseFolder, spec)
    }

    static func inside(_ p: LiquidOraclePanel, _ w: Int, _ h: Int, inset: Float, outer: Float = .infinity) -> [Bool] {
        LiquidOracle.inside(p, scale: 1, width: w, height: h, inset: inset, outer: outer)
    }

    static func floats(_ url: URL, count: Int) throws -> [Float] {
        let data = try Data(contentsOf: url)
        guard data.count == count * 4 else { throw GlassOracles.OracleFailure(message: "\(url.lastPathComponent): \(data.count) bytes, expected \(count * 4)") }
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    static func fmt(_ s: GlassOracles.Stats) -> String { String(format: "mean %.4f p99 %.4f max %.4f over %d", s.mean, s.p99, s.max, s.count) }

    static func stats(_ values: [Double]) -> GlassOracles.Stats {
        guard !values.isEmpty else { return GlassOracles.Stats() }
        let d = values.sorted()
        return GlassOracles.Stats(mean: d.reduce(0, +) / Double(d.count), p99: d[min(d.count - 1, Int(Double(d.count) * 0.99))],
                                  max: d.last!, count: d.count)
    }
}

import ChildProcess
import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Every non-liquid tier against an independent renderer of its platform, over high-contrast backdrops (issue 22):
/// the web tier against headless Chromium drawing the seed's CSS, the Android tier against Skia itself
/// (skia-python's `ImageFilters.Blur`, as RenderEffect calls it), and the frosted tier with its glow halo off against
/// a NumPy computation of the operation from its definitions. Each oracle also runs with a deliberately wrong blur
/// (sigma x 0.75 and x 1.25) and a wrong saturation, and over every high-contrast case each of those must fail the
/// thresholds: the comparison can fail. The figures printed are the ones docs/glass.md quotes. Each test skips,
/// naming what is missing, when its oracle is not installed (scripts/setup.sh --dev installs them).
@Suite("Glass against independent renderers", .serialized)
struct GlassOracleTests {
    static let seleniumPython = GlassOracles.python(importing: "selenium")
    static let chromiumMissing: String? = {
        var missing: [String] = []
        if DevTool.find("chromium") == nil && DevTool.find("chromium-browser") == nil { missing.append(DevTool.missing("chromium", package: "chromium")) }
        if DevTool.find("chromedriver") == nil { missing.append(DevTool.missing("chromedriver", package: "chromium-driver")) }
        if seleniumPython == nil { missing.append("Selenium for python3 (python3-selenium)") }
        return missing.isEmpty ? nil : missing.joined(separator: "; ")
    }()
    static let skiaPython = GlassOracles.python(importing: "skia, numpy")
    static let numpyPython = GlassOracles.python(importing: "numpy")

    // MARK: Scenes

    /// A scene of `width` x `height` points at `scale`: the vivid plane (or the default faint one, or none when
    /// the backdrop is synthetic) under `panels`.
    static func scene(_ width: Int, _ height: Int, scale: Double, appearance: String, platform: String,
                      plane: String?, panels: String, extra: String = "") -> String {
        """
        {"canvas": {"width": \(width), "height": \(height), "scale": \(scale)}, "appearance": "\(appearance)",
         "platform": "\(platform)", "duration": 2, "fps": 10, "dither": false, \(extra)
         \(plane.map { "\"plane\": \($0)," } ?? "\"plane\": {\"ambient\": {\"enabled\": false}},")
         "glass": [\(panels)]}
        """
    }

    /// The panels of scenes/glass-web.json (a card, a pill, a tinted panel) over a 390 x 844 pt screen, with a
    /// material each for the tiers that have materials.
    static let phonePanels = """
        {"id": "card", "frame": [20, 120, 350, 220], "radius": 24},
        {"id": "pill", "shape": "capsule", "frame": [95, 400, 200, 56], "material": "ultraThin"},
        {"id": "tinted", "frame": [20, 520, 350, 160], "radius": 16, "tint": "systemBlue", "material": "regular"}
        """
    /// Over the 320 x 240 pt synthetic backdrop: one panel across the colored blocks' corners, one across the
    /// step edge, one (tinted) over the fine grid.
    static let syntheticPanels = """
        {"id": "blocks", "frame": [30, 70, 110, 100], "radius": 16},
        {"id": "step", "frame": [190, 20, 100, 80], "radius": 12, "material": "ultraThin"},
        {"id": "grid", "frame": [180, 140, 120, 80], "radius": 20, "tint": "systemPink", "material": "regular"}
        """

    /// Over the 280 x 180 pt photograph (a 300 x 200 px photo of scenes/backdrops, one image pixel per point at
    /// scale 1, centred: 10 px cropped on each side): one panel over the left of the picture, one tinted panel at
    /// the top right, one capsule at the bottom right.
    static let photoPanels = """
        {"id": "card", "frame": [16, 16, 120, 100], "radius": 16},
        {"id": "pill", "shape": "capsule", "frame": [136, 112, 112, 44], "material": "ultraThin"},
        {"id": "tinted", "frame": [150, 14, 114, 76], "radius": 20, "tint": "systemPink", "material": "regular"}
        """

    /// The plane of a photo case: `photo` of scenes/backdrops placed with fit "none" at scale 1, centred (the
    /// offset a whole pixel, so the placed pixels are the file's and every oracle can place it exactly), no dots.
    static func photoPlane(_ photo: String) -> String {
        let file = ChildProcess.packageRoot.appendingPathComponent("scenes/backdrops/\(photo)").path
        return "{\"ambient\": {\"enabled\": false}, \"backdrop\": {\"image\": \"\(file)\", \"fit\": \"none\", \"position\": [0.5, 0.5], \"dots\": false}}"
    }

    /// The high-contrast cases of a tier (`large`: the vivid light phone at 1170 x 2532) and the photographs; for
    /// the web also the faint default plane at full size (the Done-when of issue 22), which is not high-contrast.
    static func cases(platform: String, large: Bool, extra: String = "") throws -> [GlassOracleCase] {
        let vivid = OracleBackdrops.vividPlane(width: 390, height: 844)
        var list: [GlassOracleCase] = [
            try GlassOracleCase("vivid-light", scene: scene(390, 844, scale: large ? 3 : 1, appearance: "light", platform: platform,
                                                            plane: vivid, panels: phonePanels, extra: extra)),
            try GlassOracleCase("vivid-dark", scene: scene(390, 844, scale: 1, appearance: "dark", platform: platform,
                                                           plane: vivid, panels: phonePanels, extra: extra)),
        ]
        for a in ["light", "dark"] {
            list.append(try GlassOracleCase("synthetic-\(a)", scene: scene(320, 240, scale: 2, appearance: a, platform: platform,
                                                                          plane: nil, panels: syntheticPanels, extra: extra),
                                            backdrop: OracleBackdrops.synthetic))
        }
        for (a, photo) in [("light", "coffee.png"), ("dark", "chelsea.png")] {
            list.append(try GlassOracleCase("photo-\(a)", scene: scene(280, 180, scale: 1, appearance: a, platform: platform,
                                                                      plane: photoPlane(photo), panels: photoPanels, extra: extra)))
        }
        return list
    }

    // MARK: Comparison

    /// Compares forkrender's frame of each case with the oracle's output for each variant, prints the figures,
    /// and checks: the right variant within the thresholds in the cores, and its pixels away from the panels
    /// equal to the backdrop (within a level: the oracle drew the same image in the same place); every wrong
    /// variant outside the thresholds on every high-contrast case. Also prints forkrender with the glow halo on
    /// every panel against the right variant (the glass layer before the tiers were gated).
    static func compare(_ tier: String, _ cases: [GlassOracleCase], folder: URL, variants: [GlassOracles.Variant],
                        output: (String) -> String, margin: (GlassOracleCase) -> Float,
                        limits: (GlassOracleCase) -> GlassOracles.Limits = { _ in .issue }, lowContrast: Set<String> = [],
                        bands: Bool = false) throws {
        for c in cases {
            let ours = c.render(), lit = c.render(haloOnEveryPanel: true)
            // Beside the oracle's images, for a look: forkrender's frame.
            try PNG.write(rgba8: ours, width: c.width, height: c.height,
                          to: folder.appendingPathComponent(c.name).appendingPathComponent("forkrender.png").path)
            let m = margin(c), limit = limits(c)
            let r = GlassOracles.regions(c, margin: m)
            let size = "\(c.width)x\(c.height)"
            for v in variants {
                let theirs = try GlassOracles.image(folder.appendingPathComponent(c.name).appendingPathComponent(output(v.name)),
                                                    width: c.width, height: c.height)
                let core = GlassOracles.deltaE(ours, theirs, mask: r.core)
                print("glass oracle \(tier) \(c.name) \(size) \(v.name): cores (inset \(GlassOracles.fmt(m)) px) ΔE00 \(core)")
                if v.isRight {
                    #expect(core.passes(limit), "\(tier) \(c.name): cores differ from the oracle by ΔE00 \(core) (limits \(limit))")
                    let away = GlassOracles.maxLevels(theirs, c.plane, mask: r.outside)
                    #expect(away <= 1, "\(tier) \(c.name): the oracle's pixels away from the panels differ from the backdrop by \(away) levels")
                    let halo = GlassOracles.deltaE(lit, theirs, mask: r.core)
                    print("glass oracle \(tier) \(c.name) \(size) halo on every panel: cores ΔE00 \(halo)")
                    if bands {
                        print("glass oracle \(tier) \(c.name) \(size) edge bands: top/left \(GlassOracles.deltaE(ours, theirs, mask: r.topLeft)); bottom/right \(GlassOracles.deltaE(ours, theirs, mask: r.bottomRight)); corners \(GlassOracles.deltaE(ours, theirs, mask: r.corners))")
                        for inset in [1, 2, 8] as [Float] {
                            let s = GlassOracles.deltaE(ours, theirs, mask: GlassOracles.regions(c, margin: inset * c.scale).core)
                            print("glass oracle \(tier) \(c.name) \(size) cores inset \(GlassOracles.fmt(inset)) CSS px: ΔE00 \(s)")
                        }
                    }
                } else if !lowContrast.contains(c.name) {
                    #expect(!core.passes(limit), "\(tier) \(c.name): the oracle with a wrong \(v.name) still passes (ΔE00 \(core), limits \(limit)): the comparison cannot see that error")
                }
            }
        }
    }

    // MARK: The tiers

    /// Over the synthetic backdrops (hard black/white steps and saturated blocks, a 1 px grid) Chromium's own
    /// blur is not a Gaussian: Skia's blur image filter (three box passes), drawn by Skia itself over the same box
    /// with mirrored tiles, differs from the exact Gaussian by mean ΔE00 0.38-0.55, p99 1.2-1.4 there (0.34-0.45
    /// over the vivid plane), about the whole of the issue's mean budget. The web tier draws the CSS definition, a
    /// Gaussian, so there its mean is held to 0.75 (p99 still 2), which every wrong variant still exceeds.
    static let chromiumBlurLimits = GlassOracles.Limits(mean: 0.75, p99: 2.0)

    /// The web tier against Chromium's `backdrop-filter: blur(20px) saturate(1.4)` (wrong saturation: 1.0).
    /// Cores: inset 4 CSS px; the bands between the cores and the boxes are printed apart.
    @Test("web tier vs headless Chromium", .enabled(if: chromiumMissing == nil, "Chromium comparison skipped: \(chromiumMissing ?? "")"))
    func chromiumMatchesTheWebTier() throws {
        var cases = try Self.cases(platform: "web", large: true)
        cases.insert(try GlassOracleCase("faint-light", scene: Self.scene(390, 844, scale: 3, appearance: "light", platform: "web",
                                                                          plane: "{}", panels: Self.phonePanels)), at: 1)
        let variants = GlassOracles.variants(wrongSaturation: 1.0)
        let folder = try GlassOracles.run("chromium_web.py", python: Self.seleniumPython!, cases: cases, variants: variants, timeout: 600)
        try Self.compare("web", cases, folder: folder, variants: variants, output: { "chromium-\($0).png" },
                         margin: { 4 * $0.scale },
                         limits: { $0.name.hasPrefix("synthetic") ? Self.chromiumBlurLimits : .issue },
                         lowContrast: ["faint-light"], bands: true)
    }

    /// The Android tier against Skia's blur image filter with CLAMP tiles and hwui's radius-to-sigma rule, the
    /// overlay and tint drawn with Skia paints (wrong saturation: a saturate(1.4) Android does not have).
    /// Over the light photo a blur x 1.25 is within the thresholds (mean ΔE00 0.47 against 0.28 for the right
    /// one: the photo has little detail at these sigmas under the Android materials' heavy overlay), so that case
    /// is counted low-contrast; blur x 0.75 (0.69) and the wrong saturation (2.92) still fail there.
    @Test("android tier vs Skia (skia-python)", .enabled(if: skiaPython != nil,
          "Skia comparison skipped: no python3 imports skia and numpy: run scripts/setup.sh --dev (pip install skia-python)"))
    func skiaMatchesTheAndroidTier() throws {
        let cases = try Self.cases(platform: "android", large: false)
        let variants = GlassOracles.variants(wrongSaturation: 1.4)
        let folder = try GlassOracles.run("skia_android.py", python: Self.skiaPython!, cases: cases, variants: variants, timeout: 300)
        try Self.compare("android", cases, folder: folder, variants: variants, output: { "skia-\($0).rgba" }, margin: { _ in 3 },
                         lowContrast: ["photo-light"])
    }

    /// The frosted tier, its halo switched off by the scene's `glowHalo`, against NumPy (wrong saturation: 1.0
    /// instead of the materials' 1.8).
    @Test("frosted tier (glowHalo off) vs NumPy", .enabled(if: numpyPython != nil,
          "NumPy comparison skipped: no python3 imports numpy: run scripts/setup.sh --dev (python3-numpy)"))
    func numpyMatchesTheFrostedTier() throws {
        let cases = try Self.cases(platform: "ios18", large: false, extra: "\"glowHalo\": false,")
        #expect(cases.allSatisfy { $0.document.glass.panels.allSatisfy { !$0.glowHalo } })
        let variants = GlassOracles.variants(wrongSaturation: 1.0)
        let folder = try GlassOracles.run("numpy_frosted.py", python: Self.numpyPython!, cases: cases, variants: variants, timeout: 300)
        try Self.compare("frosted", cases, folder: folder, variants: variants, output: { "numpy-\($0).rgba" }, margin: { _ in 3 })
    }
}

extension GlassOracles {
    static func fmt(_ v: Float) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v) }
}

import ChildProcess
import Foundation
import Raster

/// What the oracle comparisons share: finding the oracle's interpreter, running it over a set of cases, and
/// measuring CIEDE2000 differences in the panels' cores and edge bands.
enum GlassOracles {
    static let scripts = ChildProcess.packageRoot.appendingPathComponent("scripts/glass-oracles")

    /// The thresholds of issue 22, over the panels' cores: mean ΔE00 at most 0.5, 99th percentile at most 2.
    static let meanLimit = 0.5, p99Limit = 2.0

    /// A Python 3 that imports `modules` (`DevTool.python(importing:)`).
    static func python(importing modules: String) -> String? { DevTool.python(importing: modules) }

    /// A deliberately wrong variant of the platform's operation (or the right one), run by every oracle: the
    /// comparison must fail on every wrong one, which shows that it can.
    struct Variant {
        var name: String
        /// Factor on the blur's sigma (CSS: on the `blur()` length).
        var blur: Double = 1
        /// Saturation instead of the platform's (nil: the platform's).
        var saturation: Double?
        var isRight: Bool { blur == 1 && saturation == nil }
        var json: [String: Any] { ["name": name, "blur": blur, "saturation": saturation as Any] }
    }

    static func variants(wrongSaturation: Double) -> [Variant] {
        [Variant(name: "right"), Variant(name: "blur-x0.75", blur: 0.75), Variant(name: "blur-x1.25", blur: 1.25),
         Variant(name: "saturation-\(wrongSaturation)", saturation: wrongSaturation)]
    }

    /// Writes every case's backdrop and cases.json into a fresh folder, runs `script` with `python` over it and
    /// returns the folder. Throws with the oracle's output when it fails.
    static func run(_ script: String, python: String, cases: [GlassOracleCase], variants: [Variant],
                    timeout: Double) throws -> URL {
        let folder = ChildProcess.temporaryFolder("glass-oracle-\(script)")
        for c in cases { try c.writeBackdrop(under: folder) }
        try run(script, python: python, in: folder, spec: ["cases": cases.map(\.json), "variants": variants.map(\.json)],
                timeout: timeout)
        return folder
    }

    /// Writes `spec` as cases.json into `folder` (which holds what the cases read) and runs `script` over it.
    static func run(_ script: String, python: String, in folder: URL, spec: [String: Any], timeout: Double) throws {
        try JSONSerialization.data(withJSONObject: spec, options: [.prettyPrinted, .sortedKeys])
            .write(to: folder.appendingPathComponent("cases.json"))
        // The driver's full path, as DevTool found it: current Selenium refuses a bare program name.
        var environment = ProcessInfo.processInfo.environment
        environment["CHROMEDRIVER"] = DevTool.find("chromedriver")
        let r = try ChildProcess.run(URL(fileURLWithPath: python), [scripts.appendingPathComponent(script).path, folder.path],
                                     environment: environment, timeout: timeout)
        guard r.status == 0, !r.timedOut else {
            throw OracleFailure(message: "\(script) failed (status \(r.status)\(r.timedOut ? ", timed out" : "")): \(r.err.suffix(2000))")
        }
        print("glass oracle \(script): \(r.out.split(separator: "\n").first ?? "")")
    }

    struct OracleFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Reads an oracle's image: a PNG or 8-bit RGBA of the case's size.
    static func image(_ url: URL, width: Int, height: Int) throws -> [UInt8] {
        if url.pathExtension == "png" {
            let png = try PNG.read(path: url.path)
            guard png.width == width, png.height == height else {
                throw OracleFailure(message: "\(url.lastPathComponent) is \(png.width)x\(png.height), expected \(width)x\(height)")
            }
            return png.rgba8
        }
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count == width * height * 4 else { throw OracleFailure(message: "\(url.lastPathComponent): wrong size") }
        return bytes
    }

    // MARK: Regions and statistics

    /// Where differences are measured, per pixel: the panels' cores, the bands between a core and its box
    /// (split into the top and left strips, the bottom and right strips, and the corners), and everything 3 px or
    /// more outside every box.
    struct Regions {
        var core: [Bool], topLeft: [Bool], bottomRight: [Bool], corners: [Bool], outside: [Bool]
    }

    /// Cores: each panel's box inset by `margin` pixels, less a
    /// square of 1.6 x the corner radius at each corner (a continuous corner's curve runs about 1.53 r along each
    /// side), so every core pixel is at least `margin` from the outline.
    static func regions(_ c: GlassOracleCase, margin: Float) -> Regions {
        let w = c.width, n = c.width * c.height
        var r = Regions(core: .init(repeating: false, count: n), topLeft: .init(repeating: false, count: n),
                        bottomRight: .init(repeating: false, count: n), corners: .init(repeating: false, count: n),
                        outside: .init(repeating: true, count: n))
        for (box, radius) in c.boxes {
            let k = max(1.6 * radius, margin)
            let (xs, ys) = box.insetBy(-3).pixelBounds(clippedTo: c.width, c.height)
            for y in ys { for x in xs {
                let i = y * w + x
                r.outside[i] = false
                let px = Float(x) + 0.5, py = Float(y) + 0.5
                guard px > box.minX, px < box.maxX, py > box.minY, py < box.maxY else { continue }
                let dl = px - box.minX, dr = box.maxX - px, dt = py - box.minY, db = box.maxY - py
                if (dl < k || dr < k) && (dt < k || db < k) { r.corners[i] = true; continue }
                if min(dl, dr, dt, db) >= margin { r.core[i] = true }
                else if dl < margin || dt < margin { r.topLeft[i] = true }
                else { r.bottomRight[i] = true }
            } }
        }
        return r
    }

    /// Limits on a ΔE00 distribution.
    struct Limits: CustomStringConvertible {
        var mean: Double, p99: Double
        static let issue = Limits(mean: meanLimit, p99: p99Limit)
        var description: String { "mean \(mean), p99 \(p99)" }
    }

    struct Stats: CustomStringConvertible {
        var mean = 0.0, p99 = 0.0, max = 0.0, count = 0
        var passes: Bool { passes(.issue) }
        func passes(_ l: Limits) -> Bool { count > 0 && mean <= l.mean && p99 <= l.p99 }
        var description: String {
            count == 0 ? "(none)" : String(format: "mean %.2f p99 %.2f max %.1f", mean, p99, max)
        }
    }

    /// ΔE00 between two 8-bit sRGB images over the pixels `mask` selects.
    static func deltaE(_ a: [UInt8], _ b: [UInt8], mask: [Bool]) -> Stats {
        var d: [Double] = []
        d.reserveCapacity(mask.lazy.filter { $0 }.count)
        var cache: [UInt64: Double] = [:]
        for (i, on) in mask.enumerated() where on {
            let o = i * 4
            let key = UInt64(a[o]) << 40 | UInt64(a[o + 1]) << 32 | UInt64(a[o + 2]) << 24
                | UInt64(b[o]) << 16 | UInt64(b[o + 1]) << 8 | UInt64(b[o + 2])
            if let v = cache[key] { d.append(v); continue }
            let v = CIEDE2000.difference(CIEDE2000.lab(rgb: (a[o], a[o + 1], a[o + 2])),
                                         CIEDE2000.lab(rgb: (b[o], b[o + 1], b[o + 2])))
            cache[key] = v
            d.append(v)
        }
        guard !d.isEmpty else { return Stats() }
        d.sort()
        return Stats(mean: d.reduce(0, +) / Double(d.count), p99: d[min(d.count - 1, Int(Double(d.count) * 0.99))],
                     max: d.last!, count: d.count)
    }

    /// The largest difference in 8-bit levels over `mask`.
    static func maxLevels(_ a: [UInt8], _ b: [UInt8], mask: [Bool]) -> Int {
        var m = 0
        for (i, on) in mask.enumerated() where on {
            for k in 0..<3 { m = max(m, abs(Int(a[i * 4 + k]) - Int(b[i * 4 + k]))) }
        }
        return m
    }
}

import Dispatch
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `forkrender bench --only math`: DMath against the platform's libm, nanoseconds per result, over inputs from
/// each function's render domain (4096 of them, cycled), best of 7 runs of 2^20 results. It calls libm on purpose,
/// which is why it lives in the Benchmarks target, outside the render modules LibmCallTests scans.
public enum DMathBenchmark {
    /// Best-of-`runs` nanoseconds per result of `body(n)`, which computes n results and returns a checksum.
    static func time(_ n: Int, runs: Int = 7, _ body: (Int) -> Double) -> (ns: Double, sum: Double) {
        var best = Double.infinity, sum = 0.0
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            sum += body(n)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(n))
        }
        return (best, sum)
    }

    static func inputs(_ a: Double, _ b: Double) -> [Double] { (0..<4096).map { a + (b - a) * Double($0) / 4095 } }

    public static func report() -> String {
        let n = 1 << 20
        var rows: [(String, Double, Double)] = []
        var keep = 0.0
        func scalar(_ name: String, _ xs: [Double], _ ours: (Double) -> Double, _ theirs: (Double) -> Double) {
            let a = time(n) { n in var s = 0.0; for i in 0..<n { s += ours(xs[i & 4095]) }; return s }
            let b = time(n) { n in var s = 0.0; for i in 0..<n { s += theirs(xs[i & 4095]) }; return s }
            keep += a.sum + b.sum
            rows.append((name, a.ns, b.ns))
        }
        func scalarF(_ name: String, _ xs: [Float], _ ours: (Float) -> Float, _ theirs: (Float) -> Float) {
            let a = time(n) { n in var s: Float = 0; for i in 0..<n { s += ours(xs[i & 4095]) }; return Double(s) }
            let b = time(n) { n in var s: Float = 0; for i in 0..<n { s += theirs(xs[i & 4095]) }; return Double(s) }
            keep += a.sum + b.sum
            rows.append((name, a.ns, b.ns))
        }
        let srgb = inputs(0.0031308, 1).map(Float.init)
        scalarF("pow Float, sRGB encode x^(1/2.4)", srgb, { DMath.pow($0, 1 / 2.4) }, { powf($0, 1 / 2.4) })
        let corner = inputs(1e-3, 1).map(Float.init)
        let lanes = stride(from: 0, to: 4096, by: 16).map { SIMD16<Float>(corner[$0..<($0 + 16)]) }
        let a = time(n) { n in
            var s = SIMD16<Float>(repeating: 0)
            for i in 0..<(n / 16) { s += DMath.pow(lanes[i & 255], 3.26) }
            return Double(s.sum())
        }
        let b = time(n) { n in
            var s: Float = 0
            for i in 0..<n { s += powf(corner[i & 4095], 3.26) }
            return Double(s)
        }
        keep += a.sum + b.sum
        rows.append(("pow Float, 16 lanes (corner x^3.26)", a.ns, b.ns))
        let band = inputs(-87, 0).map(Float.init)
        let lanes8 = stride(from: 0, to: 4096, by: 8).map { SIMD8<Float>(band[$0..<($0 + 8)]) }
        let c = time(n) { n in
            var s = SIMD8<Float>(repeating: 0)
            for i in 0..<(n / 8) { s += DMath.exp(lanes8[i & 511]) }
            return Double(s.sum())
        }
        let d = time(n) { n in var s = 0.0; for i in 0..<n { s += Glibc_exp(Double(band[i & 4095])) }; return s }
        keep += c.sum + d.sum
        rows.append(("exp Float, 8 lanes (glass band)", c.ns, d.ns))
        scalar("exp Double, [-90, 0]", inputs(-90, 0), { DMath.exp($0) }, { Glibc_exp($0) })
        scalar("log2 Double, [1e-3, 1e6]", inputs(1e-3, 1e6), { DMath.log2($0) }, { Glibc_log2($0) })
        scalar("sin Double, [-10, 10]", inputs(-10, 10), { DMath.sin($0) }, { Glibc_sin($0) })
        scalar("cos Double, [-10, 10]", inputs(-10, 10), { DMath.cos($0) }, { Glibc_cos($0) })
        scalar("atan2 Double, around the circle", inputs(-3, 3), { DMath.atan2($0, 0.7) }, { Glibc_atan2($0, 0.7) })
        scalarF("sin Float, [-10, 10]", inputs(-10, 10).map(Float.init), { DMath.sin($0) }, { sinf($0) })
        var out = "function                                DMath ns  libm ns  ratio\n"
        for (name, ours, theirs) in rows {
            out += name.padding(toLength: 38, withPad: " ", startingAt: 0)
                + pad(String(format: "%.2f", ours), 10) + pad(String(format: "%.2f", theirs), 9)
                + pad(String(format: "%.2fx", ours / theirs), 7) + "\n"
        }
        return out + (keep.isNaN ? "(checksum NaN)\n" : "")
    }

    static func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
}

// libm's Double functions by name, where Swift's overloads would otherwise pick by type.
@inline(__always) private func Glibc_exp(_ x: Double) -> Double { exp(x) }
@inline(__always) private func Glibc_log2(_ x: Double) -> Double { log2(x) }
@inline(__always) private func Glibc_sin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func Glibc_cos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func Glibc_atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

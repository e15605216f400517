import Foundation
import Testing

/// No render module calls libm's transcendentals (DMath computes them in Swift): the sources of Raster, Dots,
/// Glass, Content, Scene, Regression and Preview are scanned for a call of any of them (a name followed by `(`,
/// not a member of another type, not a declaration), comments and string literals left out. Only the files in
/// `allowed` may call one, each with its reason; an allowed file that no longer calls libm is an error too.
@Suite struct LibmCallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let modules = ["Raster", "Dots", "Glass", "Content", "Scene", "Regression", "Preview"]
    /// Files that may call libm, with why no frame depends on it.
    static let allowed: [String: String] = [
        "Raster/Raster+Testing.swift": "a test hook: the corner's exact area uses tgamma",
        "Raster/Math/DMath+Trigonometric.swift": "DMath's members call each other unqualified (`sin(Double(x))` is DMath's)",
    ]
    static let names = ["pow", "powf", "exp", "expf", "exp2", "exp2f", "expm1", "expm1f", "log", "logf", "log2",
                        "log2f", "log10", "log10f", "log1p", "log1pf", "sin", "sinf", "cos", "cosf", "tan", "tanf",
                        "asin", "asinf", "acos", "acosf", "atan", "atanf", "atan2", "atan2f", "sinh", "sinhf", "cosh",
                        "coshf", "tanh", "tanhf", "asinh", "acosh", "atanh", "cbrt", "cbrtf", "hypot", "hypotf",
                        "erf", "erff", "erfc", "tgamma", "lgamma", "sincos", "sincosf", "__sincos", "__sincosf"]

    /// The offending lines of one file's text, as "line: text".
    static func calls(in text: String) -> [String] {
        let alternatives = names.joined(separator: "|")
        // A bare call `name(`, or one through a C module (`Glibc.pow(`, `Foundation.exp(`): not `DMath.pow(`,
        // `x.log(`, `func sin(` or an identifier that merely ends in the name.
        let bare = try! NSRegularExpression(pattern: "(?<![\\w.])(?<!func )(\(alternatives))\\s*\\(")
        let qualified = try! NSRegularExpression(pattern: "\\b(Glibc|Darwin|Musl|Foundation|CoreFoundation)\\s*\\.\\s*(\(alternatives))\\b")
        var found: [String] = []
        for (i, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = stripped(raw)
            let range = NSRange(line.startIndex..., in: line)
            if bare.firstMatch(in: line, range: range) != nil || qualified.firstMatch(in: line, range: range) != nil {
                found.append("\(i + 1): \(raw.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    /// A line without its `//` comment and with string literals emptied (good enough for this code base: no
    /// multi-line strings hold a call).
    static func stripped(_ line: String) -> String {
        var out = "", inString = false, previous: Character = " "
        var chars = Array(line)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if inString {
                if c == "\"" && previous != "\\" { inString = false; out.append("\"") }
            } else if c == "\"" {
                inString = true; out.append("\"")
            } else if c == "/" && chars.first == "/" {
                break
            } else {
                out.append(c)
            }
            previous = c
        }
        return out
    }

    @Test func noRenderModuleCallsLibm() throws {
        var offenders: [String] = []
        var scanned = 0, allowedSeen: Set<String> = []
        for module in Self.modules {
            let dir = Self.root.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                scanned += 1
                let found = Self.calls(in: text)
                if Self.allowed["\(module)/\(file)"] != nil {
                    if !found.isEmpty { allowedSeen.insert("\(module)/\(file)") }
                    continue
                }
                offenders += found.map { "Sources/\(module)/\(file):\($0)" }
            }
        }
        #expect(scanned > 100, "scanned only \(scanned) files: wrong root \(Self.root.path)?")
        #expect(offenders.isEmpty, "libm calls in render modules:\n\(offenders.joined(separator: "\n"))")
        let stale = Set(Self.allowed.keys).subtracting(allowedSeen)
        #expect(stale.isEmpty, "allowed to call libm but no longer does (drop the row): \(stale.sorted())")
    }

    /// The scanner finds what it must and nothing else.
    @Test func theScannerSeesCalls() {
        #expect(Self.calls(in: "let a = pow(x, 2)").count == 1)
        #expect(Self.calls(in: "let a = powf (x, 2)").count == 1)
        #expect(Self.calls(in: "return exp(-t * t)").count == 1)
        #expect(Self.calls(in: "let (s, c) = (sin(-p), cos(-p))").count == 1)
        #expect(Self.calls(in: "let x = Glibc.atan2(y, x)").count == 1)
        #expect(Self.calls(in: "let f: (Double) -> Double = Foundation.cbrt").count == 1)
        #expect(Self.calls(in: "let a = 1 + tgamma(2)").count == 1)
        #expect(Self.calls(in: "let a = DMath.pow(x, 2)").isEmpty)
        #expect(Self.calls(in: "static func sin(_ x: Double) -> Double").isEmpty)
        #expect(Self.calls(in: "let a = x.log(1) + explain(2) + expSum(3)").isEmpty)
        #expect(Self.calls(in: "// pow(x, y) would differ").isEmpty)
        #expect(Self.calls(in: "print(\"exp(x) is \\(y)\")").isEmpty)
    }
}

import Raster

/// Vector path data in SVG's `d` syntax: M, L, H, V, C, S, Q, T, A, Z in absolute (upper case) and relative
/// (lower case) form, with implicit repetition (extra coordinate pairs after M are line-tos). S and T reflect
/// the previous segment's last control point about the pen (SVG 1.1, 8.3.6 and 8.3.7), or use the pen when the
/// previous segment was not a cubic (S) or quadratic (T). Parsing normalizes everything to absolute move, line, cubic and close segments: quadratics
/// are raised to cubics exactly, and elliptical arcs become cubics of at most 90 degrees each (SVG 1.1
/// implementation notes F.6: endpoint to center parameterization, radii scaled up when too small).
///
/// Coordinates are in the path's own units (a symbol's `viewBox`, 24 x 24 by default). This parser validates
/// inline symbols (its errors carry the character offset) and normalizes them for tests; librsvg draws them
/// (`SymbolArtwork`).
public struct SVGPath: Sendable, Hashable {
    public enum Segment: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case cubic(Point, Point, Point)
        case close
    }

    public var segments: [Segment]

    public init(segments: [Segment]) { self.segments = segments }

    /// Parses path data. Throws an error with the character offset (0-based, in Unicode scalars) of the problem.
    public init(parsing d: String) throws(SVGPathError) {
        var p = PathParser(Array(d.unicodeScalars))
        segments = try p.parse()
    }

    /// The bounding box of the control points (contains the curves).
    public var controlBounds: Rect {
        var lo = Point(repeating: .infinity), hi = Point(repeating: -.infinity)
        for s in segments {
            let pts: [Point]
            switch s {
            case .move(let p), .line(let p): pts = [p]
            case .cubic(let a, let b, let c): pts = [a, b, c]
            case .close: pts = []
            }
            for p in pts { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        }
        guard lo.x.isFinite else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }
}

/// Malformed path data: what was expected and where (0-based character offset into the string).
public struct SVGPathError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public var description: String { "malformed path data at character \(offset): \(message)" }
}

private struct PathParser {
    let s: [Unicode.Scalar]
    var i = 0
    var out: [SVGPath.Segment] = []
    var pen = Point.zero
    var start = Point.zero
    /// The second control point of the last C or S, and the control point of the last Q or T, for S and T.
    var lastCubic: Point?
    var lastQuad: Point?

    init(_ s: [Unicode.Scalar]) { self.s = s }

    func fail(_ m: String, at offset: Int? = nil) -> SVGPathError { SVGPathError(offset: offset ?? i, message: m) }

    mutating func skipSeparators() {
        while i < s.count, s[i] == " " || s[i] == "\t" || s[i] == "\n" || s[i] == "\r" || s[i] == "," || s[i] == "\u{0C}" { i += 1 }
    }

    mutating func skipWhitespace() {
        while i < s.count, s[i] == " " || s[i] == "\t" || s[i] == "\n" || s[i] == "\r" || s[i] == "\u{0C}" { i += 1 }
    }

    func atNumber() -> Bool {
        guard i < s.count else { return false }
        let c = s[i]
        return c == "-" || c == "+" || c == "." || ("0"..."9").contains(c)
    }

    mutating func number(_ what: String, after cmd: Unicode.Scalar) throws(SVGPathError) -> Float {
        skipSeparators()
        let begin = i
        if i < s.count, s[i] == "+" || s[i] == "-" { i += 1 }
        var digits = 0
        while i < s.count, ("0"..."9").contains(s[i]) { i += 1; digits += 1 }
        if i < s.count, s[i] == "." {
            i += 1
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else {
            let found = begin < s.count ? "'\(s[begin])'" : "the end of the path"
            i = begin
            throw fail("expected \(what) for '\(cmd)', found \(found)")
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            var j = i + 1
            if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
            if j < s.count, ("0"..."9").contains(s[j]) {
                i = j
                while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
            }
        }
        let text = String(String.UnicodeScalarView(s[begin..<i]))
        guard let v = Float(text), v.isFinite else { throw fail("number '\(text)' is out of range", at: begin) }
        return v
    }

    /// An arc flag: a single 0 or 1, which may be followed directly by the next value ("a1 1 0 00 1 1").
    mutating func flag(after cmd: Unicode.Scalar) throws(SVGPathError) -> Bool {
        skipSeparators()
        guard i < s.count, s[i] == "0" || s[i] == "1" else {
            let found = i < s.count ? "'\(s[i])'" : "the end of the path"
            throw fail("expected an arc flag (0 or 1) for '\(cmd)', found \(found)")
        }
        defer { i += 1 }
        return s[i] == "1"
    }

    mutating func point(_ cmd: Unicode.Scalar, relative: Bool) throws(SVGPathError) -> Point {
        let x = try number("an x coordinate", after: cmd)
        let y = try number("a y coordinate", after: cmd)
        return relative ? pen + Point(x, y) : Point(x, y)
    }

    mutating func parse() throws(SVGPathError) -> [SVGPath.Segment] {
        skipWhitespace()
        guard i < s.count else { throw fail("empty path data") }
        guard s[i] == "M" || s[i] == "m" else { throw fail("path data must start with 'M' or 'm', found '\(s[i])'") }
        while true {
            skipSeparators()
            guard i < s.count else { break }
            let cmd = s[i]
            let at = i
            i += 1
            let rel = cmd.properties.isLowercase
            let cubicBefore = lastCubic, quadBefore = lastQuad
            lastCubic = nil
            lastQuad = nil
            switch cmd {
            case "M", "m":
                pen = try point(cmd, relative: rel)
                start = pen
                out.append(.move(pen))
                while true { skipSeparators(); guard atNumber() else { break }; pen = try point(cmd, relative: rel); out.append(.line(pen)) }
            case "L", "l":
                repeat { pen = try point(cmd, relative: rel); out.append(.line(pen)); skipSeparators() } while atNumber()
            case "H", "h":
                repeat {
                    let x = try number("an x coordinate", after: cmd)
                    pen = Point(rel ? pen.x + x : x, pen.y)
                    out.append(.line(pen)); skipSeparators()
                } while atNumber()
            case "V", "v":
                repeat {
                    let y = try number("a y coordinate", after: cmd)
                    pen = Point(pen.x, rel ? pen.y + y : y)
                    out.append(.line(pen)); skipSeparators()
                } while atNumber()
            case "C", "c":
                repeat {
                    let c1 = try point(cmd, relative: rel), c2 = try point(cmd, relative: rel), p = try point(cmd, relative: rel)
                    out.append(.cubic(c1, c2, p)); pen = p; lastCubic = c2; skipSeparators()
                } while atNumber()
            case "S", "s":
                var previous = cubicBefore
                repeat {
                    let c1 = previous.map { 2 * pen - $0 } ?? pen
                    let c2 = try point(cmd, relative: rel), p = try point(cmd, relative: rel)
                    out.append(.cubic(c1, c2, p)); pen = p; previous = c2; skipSeparators()
                } while atNumber()
                lastCubic = previous
            case "Q", "q":
                repeat {
                    let c = try point(cmd, relative: rel), p = try point(cmd, relative: rel)
                    out.append(quadratic(c, p)); pen = p; lastQuad = c; skipSeparators()
                } while atNumber()
            case "T", "t":
                var previous = quadBefore
                repeat {
                    let c = previous.map { 2 * pen - $0 } ?? pen
                    let p = try point(cmd, relative: rel)
                    out.append(quadratic(c, p)); pen = p; previous = c; skipSeparators()
                } while atNumber()
                lastQuad = previous
            case "A", "a":
                repeat {
                    let rx = try number("an x radius", after: cmd), ry = try number("a y radius", after: cmd)
                    let rotation = try number("an x-axis rotation", after: cmd)
                    let large = try flag(after: cmd), sweep = try flag(after: cmd)
                    let p = try point(cmd, relative: rel)
                    out += Arc.cubics(from: pen, to: p, rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep)
                    pen = p; skipSeparators()
                } while atNumber()
            case "Z", "z":
                out.append(.close)
                pen = start
            default:
                throw fail("unknown command '\(cmd)'; expected one of M, L, H, V, C, S, Q, T, A, Z (or lower case)", at: at)
            }
        }
        return out
    }

    /// Degree elevation: the cubic with these control points traces the same parabola as the quadratic.
    func quadratic(_ c: Point, _ p: Point) -> SVGPath.Segment {
        .cubic(pen + (c - pen) * (2 / 3), p + (c - p) * (2 / 3), p)
    }
}

/// Elliptical arcs as cubic Beziers (SVG 1.1 implementation notes, F.6.5 and F.6.6).
enum Arc {
    static func cubics(from p0: Point, to p1: Point, rx rx0: Float, ry ry0: Float, degrees: Float,
                       large: Bool, sweep: Bool) -> [SVGPath.Segment] {
        if p0 == p1 { return [] }
        var rx = abs(rx0), ry = abs(ry0)
        if rx == 0 || ry == 0 { return [.line(p1)] }
        let phi = degrees * .pi / 180
        let cs = DMath.cos(phi), sn = DMath.sin(phi)
        let h = (p0 - p1) / 2
        let x1 = cs * h.x + sn * h.y, y1 = -sn * h.x + cs * h.y
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = den > 0 ? max(0, num / den).squareRoot() : 0
        if large == sweep { k = -k }
        let cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        let m = (p0 + p1) / 2
        let center = Point(cs * cx1 - sn * cy1 + m.x, sn * cx1 + cs * cy1 + m.y)
        func angle(_ u: Point, _ v: Point) -> Float {
            let a = DMath.atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
            return a
        }
        let u = Point((x1 - cx1) / rx, (y1 - cy1) / ry), v = Point((-x1 - cx1) / rx, (-y1 - cy1) / ry)
        let theta = angle(Point(1, 0), u)
        var delta = angle(u, v)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        let n = Int((abs(delta) / (.pi / 2) - 1e-4).rounded(.up)).clamped(1, 4)
        let step = delta / Float(n)
        let alpha = 4 / 3 * DMath.tan(step / 4)
        func onEllipse(_ t: Float) -> Point {
            Point(center.x + rx * DMath.cos(t) * cs - ry * DMath.sin(t) * sn,
                  center.y + rx * DMath.cos(t) * sn + ry * DMath.sin(t) * cs)
        }
        func derivative(_ t: Float) -> Point {
            Point(-rx * DMath.sin(t) * cs - ry * DMath.cos(t) * sn, -rx * DMath.sin(t) * sn + ry * DMath.cos(t) * cs)
        }
        var out: [SVGPath.Segment] = []
        var t = theta
        for i in 0..<n {
            let t2 = t + step
            let a = i == 0 ? p0 : onEllipse(t)
            let b = i == n - 1 ? p1 : onEllipse(t2)
            out.append(.cubic(a + alpha * derivative(t), b - alpha * derivative(t2), b))
            t = t2
        }
        return out
    }
}

extension Int {
    func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(hi, Swift.max(lo, self)) }
}

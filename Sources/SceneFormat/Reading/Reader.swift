import Raster

/// Typed, path-aware access to one JSON object of a scene. Creating a reader checks the object's keys against
/// the names it may hold, so an unknown or misspelled key is an error with a "did you mean" before any value is
/// read. Every accessor either returns a validated value or throws a `SceneError` naming the JSON path.
struct ObjectReader: Sendable {
    let path: String
    let location: SourceLocation
    let members: [String: JSONMember]

    init(_ node: JSONNode, path: String, keys allowed: [String]) throws(SceneError) {
        guard case .object(let list) = node.value else {
            throw SceneError(path: path, location: node.location, message: "expected an object, found \(node.value.kindName)")
        }
        var members: [String: JSONMember] = [:]
        for m in list {
            guard allowed.contains(m.key) else {
                let here = path.isEmpty ? m.key : "\(path).\(m.key)"
                throw SceneError(path: here, location: m.keyLocation,
                                 message: "unknown key '\(m.key)'; expected one of: \(allowed.joined(separator: ", "))",
                                 suggestion: Suggest.closest(to: m.key, in: allowed))
            }
            members[m.key] = m
        }
        self.path = path
        self.location = node.location
        self.members = members
    }

    func has(_ key: String) -> Bool { members[key] != nil }

    func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func node(_ key: String) -> JSONNode? { members[key]?.value }

    /// The node for a key that must be present.
    func require(_ key: String, _ expected: String) throws(SceneError) -> JSONNode {
        guard let n = members[key]?.value else {
            throw SceneError(path: path, location: location, message: "missing key '\(key)' (\(expected))")
        }
        return n
    }

    func fail(_ key: String, _ message: String) -> SceneError {
        SceneError(path: childPath(key), location: members[key]?.value.location ?? location, message: message)
    }

    // MARK: Scalars

    func number(_ key: String) throws(SceneError) -> Double? {
        guard let n = members[key]?.value else { return nil }
        return try Value.number(n, path: childPath(key))
    }

    func number(_ key: String, default d: Double) throws(SceneError) -> Double {
        try number(key) ?? d
    }

    /// A number in a range, with the range stated in the message when it is not.
    func number(_ key: String, default d: Double, in range: NumberRange) throws(SceneError) -> Double {
        guard let n = members[key]?.value else { return d }
        // The field's own range speaks first ("at most 3600"), then the net under every number.
        if case .number(let v) = n.value { try range.check(v, path: childPath(key), location: n.location) }
        return try Value.number(n, path: childPath(key))
    }

    func float(_ key: String, default d: Float, in range: NumberRange = .any) throws(SceneError) -> Float {
        Float(try number(key, default: Double(d), in: range))
    }

    func int(_ key: String, default d: Int, in range: NumberRange = .any) throws(SceneError) -> Int {
        guard let n = members[key]?.value else { return d }
        // Whole numbers (a seed) may pass `SceneLimits.magnitude`; the check below keeps them exact in a Double.
        guard case .number(let v) = n.value else {
            throw SceneError(path: childPath(key), location: n.location, message: "expected a whole number, found \(n.value.kindName)")
        }
        guard v == v.rounded(), abs(v) < 1e15 else {
            throw SceneError(path: childPath(key), location: n.location, message: "expected a whole number, found \(Value.format(v))")
        }
        try range.check(v, path: childPath(key), location: n.location)
        return Int(v)
    }

    func bool(_ key: String, default d: Bool) throws(SceneError) -> Bool {
        guard let n = members[key]?.value else { return d }
        guard case .bool(let b) = n.value else {
            throw SceneError(path: childPath(key), location: n.location, message: "expected true or false, found \(n.value.kindName)")
        }
        return b
    }

    func string(_ key: String) throws(SceneError) -> String? {
        guard let n = members[key]?.value else { return nil }
        return try Value.string(n, path: childPath(key))
    }

    /// One of a fixed set of names, with a "did you mean" when misspelled; the suggestion looks first among the
    /// names `preferred` picks (the levels of the item's own kind).
    func choice<E: RawRepresentable & CaseIterable>(_ key: String, default d: E, preferring preferred: (E) -> Bool = { _ in false }) throws(SceneError) -> E
    where E.RawValue == String {
        guard let n = members[key]?.value else { return d }
        return try Value.choice(n, path: childPath(key), E.self, preferring: preferred)
    }

    func color(_ key: String, appearance: Appearance) throws(SceneError) -> Color? {
        guard let n = members[key]?.value else { return nil }
        return try Value.color(n, path: childPath(key), appearance: appearance)
    }

    func point(_ key: String) throws(SceneError) -> Point? {
        guard let n = members[key]?.value else { return nil }
        return try Value.point(n, path: childPath(key))
    }

    func rect(_ key: String) throws(SceneError) -> Rect? {
        guard let n = members[key]?.value else { return nil }
        return try Value.rect(n, path: childPath(key))
    }

    /// An array whose elements are decoded one by one with their own paths (`key[i]`).
    func array<T>(_ key: String, _ element: (JSONNode, String) throws(SceneError) -> T) throws(SceneError) -> [T] {
        guard let n = members[key]?.value else { return [] }
        guard case .array(let items) = n.value else {
            throw SceneError(path: childPath(key), location: n.location, message: "expected an array, found \(n.value.kindName)")
        }
        try Self.checkCount(items.count, limit: SceneLimits.arrayElements, path: childPath(key), location: n.location)
        var out: [T] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            out.append(try element(item, "\(childPath(key))[\(i)]"))
        }
        return out
    }

    /// Refuses an array longer than `limit` before any element is decoded.
    static func checkCount(_ count: Int, limit: Int, path: String, location: SourceLocation) throws(SceneError) {
        guard count <= limit else {
            throw SceneError(path: path, location: location, message: "\(count) elements, over the limit of \(limit) (docs/limits.md)")
        }
    }

    /// The element count of an array member, before it is decoded (nil when absent or not an array).
    func count(_ key: String) -> Int? {
        guard case .array(let items)? = members[key]?.value.value else { return nil }
        return items.count
    }

    func object(_ key: String, keys: [String]) throws(SceneError) -> ObjectReader? {
        guard let n = members[key]?.value else { return nil }
        return try ObjectReader(n, path: childPath(key), keys: keys)
    }
}

/// A closed or half-open interval a number must fall in, with wording for the message.
struct NumberRange: Sendable {
    var lower: Double?
    var lowerInclusive: Bool
    var upper: Double?
    var upperInclusive: Bool
    /// What the number measures, named after the bounds in the message ("at most 100000 pt").
    var dimension: Unit = .none

    enum Unit: Sendable {
        case none, points, seconds, radians
    }

    /// The same bounds in `unit`.
    func measured(in unit: Unit) -> NumberRange {
        var r = self
        r.dimension = unit
        return r
    }

    static let any = NumberRange(lower: nil, lowerInclusive: true, upper: nil, upperInclusive: true)
    static let positive = NumberRange(lower: 0, lowerInclusive: false, upper: nil, upperInclusive: true)
    static let nonNegative = NumberRange(lower: 0, lowerInclusive: true, upper: nil, upperInclusive: true)
    static let unit = NumberRange(lower: 0, lowerInclusive: true, upper: 1, upperInclusive: true)
    static func closed(_ a: Double, _ b: Double) -> NumberRange {
        NumberRange(lower: a, lowerInclusive: true, upper: b, upperInclusive: true)
    }
    static func atLeast(_ a: Double) -> NumberRange {
        NumberRange(lower: a, lowerInclusive: true, upper: nil, upperInclusive: true)
    }

    func check(_ v: Double, path: String, location: SourceLocation?) throws(SceneError) {
        var ok = true
        if let l = lower { ok = ok && (lowerInclusive ? v >= l : v > l) }
        if let u = upper { ok = ok && (upperInclusive ? v <= u : v < u) }
        guard !ok else { return }
        throw SceneError(path: path, location: location, message: "expected \(wording), found \(Value.format(v))")
    }

    var wording: String {
        let bounds: String
        switch (lower, upper) {
        case (0?, nil) where !lowerInclusive: bounds = "a positive number"
        case (let l?, nil): bounds = lowerInclusive ? "a number of at least \(format(l))" : "a number above \(format(l))"
        case (nil, let u?): bounds = upperInclusive ? "a number of at most \(format(u))" : "a number below \(format(u))"
        case (0?, let u?) where !lowerInclusive && upperInclusive: bounds = "a positive number of at most \(format(u))"
        case (let l?, let u?):
            if lowerInclusive && upperInclusive { bounds = "a number from \(format(l)) to \(format(u))"; break }
            let low = lowerInclusive ? "of at least \(format(l))" : "above \(format(l))"
            let high = upperInclusive ? "at most \(format(u))" : "below \(format(u))"
            bounds = "a number \(low) and \(high)"
        case (nil, nil): return "a number"
        }
        switch dimension {
        case .none: return bounds
        case .points: return bounds + " pt"
        case .seconds: return bounds + " s"
        case .radians: return bounds + " radians" + degrees
        }
    }

    /// A bound as the message prints it: radians to three decimals (1.571), everything else as given.
    private func format(_ v: Double) -> String {
        dimension == .radians && v != v.rounded() ? String(format: "%.3f", v) : Value.format(v)
    }

    /// The bounds of an angle in degrees, " (±90°)" or " (0° to 45°)".
    private var degrees: String {
        let d = [lower, upper].map { $0.map { Value.format(($0 * 180 / Double.pi).rounded()) } }
        switch (d[0], d[1]) {
        case let (l?, u?): return l == "-" + u ? " (±\(u)°)" : " (\(l)° to \(u)°)"
        case let (l?, nil): return " (at least \(l)°)"
        case let (nil, u?): return " (at most \(u)°)"
        case (nil, nil): return ""
        }
    }
}

/// Decoders for values that are not objects: numbers, names, colors, points and rectangles.
public enum Value {
    public static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// A number of magnitude at most `SceneLimits.magnitude`, the net under every field's own bound.
    public static func number(_ n: JSONNode, path: String) throws(SceneError) -> Double {
        guard case .number(let v) = n.value else {
            throw SceneError(path: path, location: n.location, message: "expected a number, found \(n.value.kindName)")
        }
        guard abs(v) <= SceneLimits.magnitude else {
            throw SceneError(path: path, location: n.location,
                             message: "expected a number from -\(format(SceneLimits.magnitude)) to \(format(SceneLimits.magnitude)) (see docs/limits.md), found \(format(v))")
        }
        return v
    }

    /// A coordinate in points, within ±`SceneLimits.coordinate`.
    static func coordinate(_ v: Double, path: String, location: SourceLocation) throws(SceneError) {
        guard abs(v) <= SceneLimits.coordinate else {
            throw SceneError(path: path, location: location,
                             message: "expected a coordinate from -\(format(SceneLimits.coordinate)) to \(format(SceneLimits.coordinate)) pt, found \(format(v))")
        }
    }

    public static func string(_ n: JSONNode, path: String) throws(SceneError) -> String {
        guard case .string(let s) = n.value else {
            throw SceneError(path: path, location: n.location, message: "expected a string, found \(n.value.kindName)")
        }
        return s
    }

    public static func choice<E: RawRepresentable & CaseIterable>(_ n: JSONNode, path: String, _ type: E.Type,
                                                                  preferring preferred: (E) -> Bool = { _ in false }) throws(SceneError) -> E
    where E.RawValue == String {
        let s = try string(n, path: path)
        if let e = E(rawValue: s) { return e }
        let names = E.allCases.map(\.rawValue)
        let ordered = E.allCases.filter(preferred) + E.allCases.filter { !preferred($0) }
        throw SceneError(path: path, location: n.location,
                         message: "unknown value '\(s)'; expected one of: \(names.joined(separator: ", "))",
                         suggestion: Suggest.closest(to: s, in: ordered.map(\.rawValue)))
    }

    /// A fixed-length array of numbers.
    public static func numbers(_ n: JSONNode, path: String, count: Int, what: String) throws(SceneError) -> [Double] {
        guard case .array(let items) = n.value, items.count == count else {
            let found: String
            if case .array(let items) = n.value { found = "\(items.count) numbers" } else { found = n.value.kindName }
            throw SceneError(path: path, location: n.location, message: "expected \(what), found \(found)")
        }
        var out: [Double] = []
        for (i, item) in items.enumerated() { out.append(try number(item, path: "\(path)[\(i)]")) }
        return out
    }

    public static func point(_ n: JSONNode, path: String) throws(SceneError) -> Point {
        let v = try numbers(n, path: path, count: 2, what: "a point [x, y] in points")
        for (i, c) in v.enumerated() { try coordinate(c, path: "\(path)[\(i)]", location: n.location) }
        return Point(Float(v[0]), Float(v[1]))
    }

    public static func rect(_ n: JSONNode, path: String) throws(SceneError) -> Rect {
        let v = try numbers(n, path: path, count: 4, what: "a frame [x, y, width, height] in points")
        guard v[2] > 0, v[3] > 0 else {
            throw SceneError(path: path, location: n.location,
                             message: "expected a positive width and height, found \(format(v[2])) x \(format(v[3]))")
        }
        for i in 0..<2 { try coordinate(v[i], path: "\(path)[\(i)]", location: n.location) }
        for i in 2..<4 { try NumberRange.length.check(v[i], path: "\(path)[\(i)]", location: n.location) }
        return Rect(x: Float(v[0]), y: Float(v[1]), width: Float(v[2]), height: Float(v[3]))
    }

    /// A color: a token name (`"systemBlue"`, resolved for the appearance), a literal (`ColorLiteral`: `#RRGGBB`,
    /// `rgba(...)`), or a token or a literal with an opacity (`{"token": "label", "opacity": 0.3}`,
    /// `{"hex": "#FF0000", "opacity": 0.5}`).
    public static func color(_ n: JSONNode, path: String, appearance: Appearance) throws(SceneError) -> Color {
        switch n.value {
        case .string(let s):
            if ColorLiteral.looksLiteral(s) { return try literal(n, path: path) }
            if let c = Token(rawValue: s) { return c.color(appearance) }
            throw SceneError(path: path, location: n.location,
                             message: "unknown color '\(s)'; expected \(ColorLiteral.forms), or a token: \(Token.allCases.map(\.rawValue).joined(separator: ", "))",
                             suggestion: ColorLiteral.named[s.lowercased()] ?? Suggest.closest(to: s, in: Token.allCases.map(\.rawValue)))
        case .object:
            let o = try ObjectReader(n, path: path, keys: ["token", "hex", "opacity"])
            var c: Color
            switch (o.node("token"), o.node("hex")) {
            case (let t?, nil): c = try choice(t, path: o.childPath("token"), Token.self).color(appearance)
            case (nil, let h?): c = try literal(h, path: o.childPath("hex"))
            case (_?, _?): throw o.fail("hex", "a color object has 'token' or 'hex', not both")
            case (nil, nil): throw SceneError(path: path, location: n.location, message: "a color object needs 'token' or 'hex'")
            }
            c = c.opacity(try o.float("opacity", default: 1, in: .unit))
            return c
        default:
            throw SceneError(path: path, location: n.location,
                             message: "expected a color (a token name such as \"systemBlue\", \(ColorLiteral.forms), or {\"token\", \"opacity\"}), found \(n.value.kindName)")
        }
    }

    /// A literal colour string (`ColorLiteral`), refused naming the accepted forms.
    static func literal(_ n: JSONNode, path: String) throws(SceneError) -> Color {
        let s = try string(n, path: path)
        guard let c = ColorLiteral.parse(s) else {
            throw SceneError(path: path, location: n.location, message: "expected a color \(ColorLiteral.forms), found '\(s)'")
        }
        return c
    }
}

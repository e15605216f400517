import Raster

/// Keyframes as every section writes them: `[{"t": seconds, <value keys>, "ease": curve}, ...]`, in increasing
/// time order. One reader for the glass panels' and the plane attachments' frames, the scene's tilt and the
/// content items' keyframes, so the order rule, the default curve and the messages are the same everywhere;
/// and one for the `appear` and `disappear` of glass panels and content items.
extension ObjectReader {
    /// The keyframes under `key` (empty when it is absent); `value` reads one key's value from its object, whose
    /// allowed keys are "t", `valueKeys` and "ease".
    func keyframes<V>(_ key: String, valueKeys: [String],
                      _ value: (ObjectReader) throws(SceneError) -> V) throws(SceneError) -> [Keyframes<V>.Key] {
        var last = -Double.infinity
        return try array(key) { (node, path) throws(SceneError) -> Keyframes<V>.Key in
            let k = try ObjectReader(node, path: path, keys: ["t"] + valueKeys + ["ease"])
            let t = try k.number("t", default: 0, in: .nonNegative)
            guard t > last else {
                throw k.fail("t", "keyframes must be in increasing time order; \(Value.format(t)) s does not come after \(Value.format(last)) s")
            }
            last = t
            return .init(time: t, value: try value(k), easing: try k.choice("ease", default: Easing.easeInOut))
        }
    }

    /// `keyframes` of a moving frame: at least one, each with a `frame` [x, y, width, height] in points.
    func frameKeyframes() throws(SceneError) -> Keyframes<Rect> {
        let keys = try keyframes("keyframes", valueKeys: ["frame"]) { (k) throws(SceneError) -> Rect in
            try Value.rect(try k.require("frame", "[x, y, width, height] in points"), path: k.childPath("frame"))
        }
        guard !keys.isEmpty else { throw fail("keyframes", "expected at least one keyframe") }
        return Keyframes(keys)
    }

    /// A timed transition, `{"t": seconds, "duration": seconds, "transition": name}`: `transition` defaults to
    /// `d`, `duration` to 0.4 s.
    struct Appearing<T> {
        var time: Double
        var duration: Double
        var transition: T
    }

    /// `appear` and `disappear`, each optional; the disappearance may not start before the appearance ends.
    func appearances<T: RawRepresentable & CaseIterable>(duration: Double, default d: T) throws(SceneError)
        -> (appear: Appearing<T>?, disappear: Appearing<T>?) where T.RawValue == String {
        func read(_ key: String) throws(SceneError) -> Appearing<T>? {
            guard let r = try object(key, keys: ["t", "duration", "transition"]) else { return nil }
            return Appearing(time: try r.number("t", default: 0, in: .closed(0, duration)),
                             duration: try r.number("duration", default: 0.4, in: .closed(0, SceneLimits.duration).measured(in: .seconds)),
                             transition: try r.choice("transition", default: d))
        }
        let a = try read("appear"), z = try read("disappear")
        if let a, let z, z.time < a.time + a.duration {
            throw fail("disappear", "it disappears at \(Value.format(z.time)) s, before it has finished appearing at \(Value.format(a.time + a.duration)) s")
        }
        return (a, z)
    }
}

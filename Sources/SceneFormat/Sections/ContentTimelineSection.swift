import Content
import Raster

/// A content item's keys in time, decoded into a `ContentTimeline` with every default resolved:
///
/// - `opacity` (0...1, default 1): the item's own opacity.
/// - `keyframes`: `[{"t": s, "at" | "frame": ..., "color" | "vibrancy": ..., "opacity": n, "ease": curve}]`,
///   the glass keyframes' reader and easing. Each property has its own track: the item's own value at t = 0
///   (a keyframe at t = 0 replaces it), then each keyframe that sets it, eased by that keyframe's curve. An item
///   placed by `at` moves with `at`, one placed by `frame` with `frame`.
/// - `states`: `[{"t": s, "color" | "vibrancy": ..., "duration": s}]`, a state switch: from `t` on the item has
///   the state's color, crossfading over `duration` (default 0, at once). An item gives its color changes as
///   states or in keyframes, not both.
/// - `appear` / `disappear`: `{"t": s, "duration": s, "transition": "fade" | "scale" | "identity"}` as glass
///   panels write them (default transition `fade`, duration 0.4 s).
enum ContentTimelineSection {
    static let keys = ["opacity", "keyframes", "states", "appear", "disappear"]

    /// One keyframe's values: any of the place, a color and an opacity.
    struct Key {
        var place: ContentPlace?
        var color: ContentColor?
        var opacity: Float?
    }

    static func decode(_ o: ObjectReader, place: ContentPlace, color: ContentColor, appearance: Appearance,
                       duration: Double) throws(SceneError) -> ContentTimeline {
        let opacity = try o.float("opacity", default: 1, in: .unit)
        let placeKey: String
        if case .at = place { placeKey = "at" } else { placeKey = "frame" }
        let keys = try o.keyframes("keyframes", valueKeys: ["at", "frame", "color", "vibrancy", "opacity"]) { (k) throws(SceneError) -> Key in
            try key(k, placeKey: placeKey, appearance: appearance)
        }
        let states = try decodeStates(o, appearance: appearance, duration: duration)
        if !states.isEmpty, keys.contains(where: { $0.value.color != nil }) {
            throw o.fail("states", "give the item's color changes either as 'states' or in 'keyframes', not both")
        }
        let colors = states.isEmpty ? track(ContentInk(color), keys) { $0.color.map(ContentInk.init) } : stateTrack(color, states)
        let (appear, disappear) = try o.appearances(duration: duration, default: ContentTransition.fade)
        return ContentTimeline(
            place: track(place, keys) { $0.place }, color: colors, opacity: track(opacity, keys) { $0.opacity },
            appear: appear.map { ContentAppearing(time: $0.time, duration: $0.duration, transition: $0.transition) },
            disappear: disappear.map { ContentAppearing(time: $0.time, duration: $0.duration, transition: $0.transition) },
            states: states)
    }

    static func key(_ k: ObjectReader, placeKey: String, appearance: Appearance) throws(SceneError) -> Key {
        let other = placeKey == "at" ? "frame" : "at"
        if k.has(other) {
            throw k.fail(other, "the item is placed by '\(placeKey)', so its keyframes move it with '\(placeKey)'")
        }
        var key = Key()
        if placeKey == "at", let p = try k.point("at") { key.place = .at(p) }
        if placeKey == "frame", let r = try k.rect("frame") { key.place = .frame(r) }
        key.color = try color(k, appearance: appearance)
        if k.has("opacity") { key.opacity = try k.float("opacity", default: 1, in: .unit) }
        guard key.place != nil || key.color != nil || key.opacity != nil else {
            throw SceneError(path: k.path, location: k.location,
                             message: "a keyframe sets at least one of '\(placeKey)', 'color', 'vibrancy' or 'opacity'")
        }
        return key
    }

    /// The `color` or `vibrancy` of a keyframe or a state (not both); nil when it has neither.
    static func color(_ k: ObjectReader, appearance: Appearance) throws(SceneError) -> ContentColor? {
        if k.has("color") && k.has("vibrancy") { throw k.fail("color", "give either 'vibrancy' or 'color', not both") }
        if let c = try k.color("color", appearance: appearance) { return .plain(c) }
        if k.has("vibrancy") { return .vibrancy(try k.choice("vibrancy", default: VibrancyLevel.label)) }
        return nil
    }

    static func decodeStates(_ o: ObjectReader, appearance: Appearance, duration: Double) throws(SceneError) -> [ContentState] {
        var end = -Double.infinity
        return try o.array("states") { (node, path) throws(SceneError) -> ContentState in
            let s = try ObjectReader(node, path: path, keys: ["t", "duration", "color", "vibrancy"])
            let t = try s.number("t", default: 0, in: .closed(0, duration))
            guard t > end || (t == 0 && end == -Double.infinity) else {
                throw s.fail("t", "states must be in increasing time order, each after the one before has finished (\(Value.format(end)) s)")
            }
            let d = try s.number("duration", default: 0, in: .closed(0, SceneLimits.duration))
            guard let c = try color(s, appearance: appearance) else {
                throw SceneError(path: path, location: s.location, message: "missing key 'color' or 'vibrancy' (the item's color from 't' on)")
            }
            end = t + d
            return ContentState(time: t, duration: d, color: c)
        }
    }

    /// A property's track: the item's own value at t = 0 (replaced by a keyframe at t = 0), then each keyframe
    /// that sets it, with its curve.
    static func track<V>(_ base: V, _ keys: [Keyframes<Key>.Key], _ value: (Key) -> V?) -> Keyframes<V> {
        var out = [Keyframes<V>.Key(time: 0, value: base, easing: .linear)]
        for k in keys {
            guard let v = value(k.value) else { continue }
            if k.time == 0 { out[0].value = v } else { out.append(.init(time: k.time, value: v, easing: k.easing)) }
        }
        return Keyframes(out)
    }

    /// The color track of states: the item's own color until the first state; at each state's time the color
    /// before it, reaching the state's color `duration` later (eased in and out), or at once.
    static func stateTrack(_ base: ContentColor, _ states: [ContentState]) -> Keyframes<ContentInk> {
        var keys = [Keyframes<ContentInk>.Key(time: 0, value: ContentInk(base), easing: .linear)]
        for s in states {
            if s.time == 0 && s.duration == 0 {
                keys[0].value = ContentInk(s.color)
                continue
            }
            let last = keys[keys.count - 1]
            if s.time > last.time { keys.append(.init(time: s.time, value: last.value, easing: .linear)) }
            keys.append(.init(time: s.time + s.duration, value: ContentInk(s.color), easing: .easeInOut))
        }
        return Keyframes(keys)
    }
}

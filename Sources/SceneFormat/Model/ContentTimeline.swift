import Content
import Glass
import Raster

/// Where a content item is: its `at` point or its `frame`, in points (the panel's coordinates when it is `on`
/// one). Which of the two an item has is fixed by the item; keyframes move it with the same key.
public enum ContentPlace: Sendable, Hashable {
    case at(Point)
    case frame(Rect)

    /// The place a fraction `p` of the way from `self` to `b`.
    func interpolated(to b: ContentPlace, _ p: Float) -> ContentPlace {
        switch (self, b) {
        case (.at(let x), .at(let y)): return .at(x + (y - x) * p)
        case (.frame(let x), .frame(let y)): return .frame(x.interpolated(to: y, p))
        default: return p < 1 ? self : b
        }
    }
}

/// The color of an item at one time: `from`, or a crossfade from `from` to `to` (`progress` 0...1 of `to`)
/// while a keyframe or a state switch eases from one to the other.
public struct ContentInk: Sendable, Hashable {
    public let from: ContentColor
    public let to: ContentColor
    public let progress: Float

    init(_ c: ContentColor) {
        from = c
        to = c
        progress = 0
    }

    init(from: ContentColor, to: ContentColor, progress: Float) {
        self.from = from
        self.to = to
        self.progress = progress
    }

    /// Between two keys' inks (each a single color), `p` of the way: a single color at either end.
    static func mix(_ a: ContentInk, _ b: ContentInk, _ p: Double) -> ContentInk {
        if p <= 0 || a.to == b.to { return ContentInk(a.to) }
        if p >= 1 { return ContentInk(b.to) }
        return ContentInk(from: a.to, to: b.to, progress: Float(p))
    }
}

/// How a content item appears or disappears: SwiftUI's `.opacity` and `.scale` transitions, or at once.
public enum ContentTransition: String, Sendable, CaseIterable {
    /// Opacity grows from 0 (shrinks to 0) with the progress.
    case fade
    /// Size grows from 0 (shrinks to 0) about the item's pivot: its frame's center, or its `at` point (a label's
    /// anchor, at the middle of its first line).
    case scale
    /// Appears or disappears at once, at its time.
    case identity
}

/// An appearance or disappearance: starts at `time`, lasts `duration` seconds, eased in and out as glass
/// panels' are (`GlassTransition.progress`).
public struct ContentAppearing: Sendable {
    public internal(set) var time: Double
    public internal(set) var duration: Double
    public internal(set) var transition: ContentTransition
}

/// A state switch (a tab becoming selected): from `time` on, the item has `color`, crossfading from the
/// color before over `duration` seconds (0: at once).
public struct ContentState: Sendable {
    public internal(set) var time: Double
    public internal(set) var duration: Double
    public internal(set) var color: ContentColor
}

/// An item's values over time, every default resolved by the decoder: its place, color and opacity (the
/// item's own values at t = 0, then its keyframes' and states'), and its appearance and disappearance. An
/// item with none of these keys has one key per track and the same pose at every time.
public struct ContentTimeline: Sendable {
    public internal(set) var place: Keyframes<ContentPlace>
    public internal(set) var color: Keyframes<ContentInk>
    public internal(set) var opacity: Keyframes<Float>
    public internal(set) var appear: ContentAppearing?
    public internal(set) var disappear: ContentAppearing?
    public internal(set) var states: [ContentState]

    /// Whether anything changes over time.
    public var isAnimated: Bool {
        place.keys.count > 1 || color.keys.count > 1 || opacity.keys.count > 1 || appear != nil || disappear != nil
    }

    /// The item at time `t`.
    public func pose(at t: Double) -> ContentPose {
        var pose = ContentPose(
            place: place.value(at: t) { a, b, p in a.interpolated(to: b, Float(p)) } ?? place.keys[0].value,
            ink: color.value(at: t, mix: ContentInk.mix) ?? color.keys[0].value,
            opacity: opacity.value(at: t) { a, b, p in a + (b - a) * Float(p) } ?? 1,
            scale: 1, presence: 1, state: states.lastIndex { $0.time <= t })
        for (a, coming) in [(appear, true), (disappear, false)] {
            guard let a else { continue }
            let x = GlassTransition.progress(at: t, start: a.time, duration: a.transition == .identity ? 0 : a.duration)
            let p = coming ? x : 1 - x
            pose.presence *= p
            switch a.transition {
            case .fade: pose.opacity *= Float(p)
            case .scale: pose.scale *= Float(p)
            case .identity: break
            }
        }
        return pose
    }
}

/// A content item at one time, as the content layer draws it.
public struct ContentPose: Sendable, Hashable {
    public internal(set) var place: ContentPlace
    public internal(set) var ink: ContentInk
    /// The keyframed opacity times a fade's progress, 0...1.
    public internal(set) var opacity: Float
    /// A scale transition's size, 0...1, about the item's pivot.
    public internal(set) var scale: Float
    /// How present the item is: 0 (not drawn) ... 1 (fully there: no transition running).
    public internal(set) var presence: Double
    /// The index of the state in effect (the last one started), nil before the first.
    public internal(set) var state: Int?
}

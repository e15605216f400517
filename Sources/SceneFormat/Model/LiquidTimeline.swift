import Glass

/// A Liquid Glass panel's timeline as the compositor reads it at a frame's time: how present it is, which
/// transition is running, its press scale and its shimmer. The spec (LiquidSpec) holds the decoded times only;
/// the responses (GlassTransition, PressResponse) are Glass's.
extension LiquidSpec {
    /// How present the panel is at a time: 0 (absent) ... 1 (fully there).
    package func presence(at t: Double) -> Double {
        var p = 1.0
        if let a = appear { p *= GlassTransition.progress(at: t, start: a.time, duration: a.transition == .identity ? 0 : a.duration) }
        if let d = disappear { p *= 1 - GlassTransition.progress(at: t, start: d.time, duration: d.transition == .identity ? 0 : d.duration) }
        return p
    }

    /// The transition in effect at a time (the disappearing one once it has started).
    package func transition(at t: Double) -> GlassTransition {
        if let d = disappear, t >= d.time { return d.transition }
        return appear?.transition ?? .identity
    }

    /// The panel's press scale at a time (1 when not interactive or not pressed).
    func pressScale(at t: Double) -> Double {
        let r = PressResponse()
        return presses.reduce(1) { s, p in s * r.scale(at: t, down: p.down, up: p.up) }
    }

    /// The shimmer running after the latest touch-down, if any.
    package func shimmer(at t: Double) -> (position: Double, strength: Double)? {
        presses.last(where: { $0.down <= t }).flatMap { PressResponse().shimmer(at: t, down: $0.down) }
    }
}

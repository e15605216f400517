/// How a panel appears or disappears, named as SwiftUI names glass transitions.
public enum GlassTransition: String, Sendable, CaseIterable, Hashable {
    /// The material itself animates in or out: blur, wash and highlights grow from nothing with the progress.
    case materialize
    /// The new panel grows out of a neighbour in its container: its frame interpolates from the neighbour's,
    /// and the smooth union makes the two read as one droplet splitting in two.
    case matchedGeometry
    /// Appear or disappear at once.
    case identity

    /// Progress 0...1 of an appearance that starts at `start` and lasts `duration` (eased in and out).
    public static func progress(at t: Double, start: Double, duration: Double) -> Double {
        guard duration > 0 else { return t >= start ? 1 : 0 }
        let x = min(max((t - start) / duration, 0), 1)
        return x * x * (3 - 2 * x)
    }
}

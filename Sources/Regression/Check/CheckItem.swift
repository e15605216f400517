/// The outcome of checking one frame of one scene against its reference.
public struct CheckItem: Sendable {
    public enum Status: String, Sendable {
        /// Within the tolerance.
        case passed
        /// No reference existed; the rendering was written as the new reference.
        case recorded
        /// The reference differed (or, with `--update all`, changed at all) and was replaced.
        case updated
        /// Beyond the tolerance, or of another size.
        case failed
        /// No reference, and none may be written (CI or `--update none`).
        case missing
        /// The reference could not be read, or an output could not be written.
        case error

        /// Statuses that fail a check run.
        public var isFailure: Bool { self == .failed || self == .missing || self == .error }
    }

    /// The scene's key, its path relative to the scenes' root without `.json` (`ios/home`); its references
    /// live in `<references>/<scene>/` (or the flat layout's folder, `ReferenceLayout`).
    public var scene: String
    public var scenePath: String
    public var frame: Int
    public var status: Status
    /// One line for the summary: counts, sizes, or what went wrong and what to do.
    public var message: String
    /// The comparison, when one was made (its diff image is not kept).
    public var result: ComparisonOutcome?
    public var referencePath: String
    /// The scale the reference was rendered at, when it has this scene's canvas at another scale (then
    /// `--update changed` would overwrite it with a picture of another size: never offered, never done).
    public var referenceScale: String? = nil
    /// On a failure: how the renderer that recorded the reference differs from this one ("reference recorded
    /// with FreeType 2.13.3, this machine 2.12.1"), also at the end of `message`; nil when they agree.
    public var fingerprintMismatch: String? = nil
    /// When the frame was compared with the tolerance for another renderer (`FrameRule.fallback`): that
    /// tolerance and why, "compared with the tolerance for another renderer (threshold 0.1, ...): reference
    /// recorded with FreeType 2.13.3, this machine 2.12.1". Said for passing frames too: a pass at a tolerance
    /// is a weaker promise than an exact one.
    public var fallback: String? = nil
    /// Files written for review (relative to the artifacts folder), when there is one.
    public var artifacts: Artifacts?
    /// Render and compare time, seconds.
    public var seconds: Double

    public struct Artifacts: Sendable {
        public var folder: String
        public var expected: String?
        public var actual: String?
        public var diff: String?
        public var panels: String?
    }

    /// Frame indices as they appear in file names: four digits at least, like `forkrender -o`.
    public static func frameName(_ i: Int) -> String {
        let s = String(i)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}

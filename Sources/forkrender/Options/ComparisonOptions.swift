import Raster
import Regression

// The comparison's options, the same for `diff` (two PNGs) and `check` (each frame against its reference):
// the per-pixel threshold, the tolerance and anti-aliasing. Declared and read once for both; their defaults
// differ (`diff` is pixelmatch's 0.1; `check` is exact for a reference of this renderer, `CheckDefaults`).

extension OptionSpec {
    static let comparison = comparison(threshold: "0.1", pixels: "0")

    /// `check`'s: every value it leaves unset comes from the scene's `check` section, then `CheckDefaults`.
    static let checkComparison = comparison(
        threshold: "check.threshold, else 0 for a reference of this renderer's fingerprint, \(CheckDefaults.crossThreshold) for another's",
        pixels: "0 for this renderer's references; for another's, any number unless \(CheckDefaults.crossClusterPixels) gather in a \(CheckDefaults.crossClusterWindow)x\(CheckDefaults.crossClusterWindow) px square")
        + [OptionSpec(name: "--cluster", value: "window:pixels",
                      help: "Fail a frame when one window x window px square holds this many different pixels (16:8).",
                      defaultText: "check.cluster, else none for this renderer's references")]

    static func comparison(threshold: String, pixels: String) -> [OptionSpec] { [
        OptionSpec(name: "--threshold", value: "0-1",
                   help: "Per-pixel YIQ tolerance: 0 flags any change, 1 nothing.", defaultText: threshold),
        OptionSpec(name: "--max-diff-pixels", value: "n", help: "Pass an image with at most n different pixels.", defaultText: pixels),
        OptionSpec(name: "--max-diff-ratio", value: "r", help: "Pass an image with at most this fraction (0-1) of its pixels different."),
        OptionSpec(name: "--ignore-antialiasing",
                   help: "Do not count pixels detected as anti-aliased edges (drawn yellow in a diff image)."),
    ] }
}

extension ParsedArguments {
    func comparison(masks: [PixelRect]) throws(UsageError) -> Comparison {
        Comparison(threshold: try double("--threshold", in: 0...1) ?? Comparison.defaultThreshold,
                   ignoreAntialiasing: has("--ignore-antialiasing"), masks: masks)
    }

    func tolerance() throws(UsageError) -> Tolerance {
        try givenTolerance() ?? .pixels(0)
    }

    /// The tolerance the command line gives, nil when it gives none.
    func givenTolerance() throws(UsageError) -> Tolerance? {
        let n = try int("--max-diff-pixels", in: 0...Int.max)
        let r = try double("--max-diff-ratio", in: 0...1)
        if n != nil && r != nil { throw UsageError(message: "Give either '--max-diff-pixels' or '--max-diff-ratio', not both") }
        if let r { return .ratio(r) }
        return n.map { .pixels($0) }
    }

    /// `check`'s overrides: only what the command line gives.
    func checkOverrides() throws(UsageError) -> CheckOverrides {
        CheckOverrides(threshold: try double("--threshold", in: 0...1), tolerance: try givenTolerance(),
                       ignoreAntialiasing: has("--ignore-antialiasing") ? true : nil, cluster: try cluster())
    }

    /// `--cluster 16:8`: a window of 1...4096 px and 1...window^2 pixels, as `check.cluster` allows.
    func cluster() throws(UsageError) -> ClusterGate? {
        guard let text = value("--cluster") else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let w = parts[0], let n = parts[1], (1...4096).contains(w), n >= 1, n <= w * w else {
            throw UsageError.invalid(text, for: "--cluster", "expected WINDOW:PIXELS, a square of 1 to 4096 px and 1 to WINDOW^2 pixels, such as 16:8")
        }
        return ClusterGate(window: w, pixels: n)
    }
}

import Raster
import Regression

// The comparison's options, the same for `diff` (two PNGs) and `check` (each frame against its reference):
// the per-pixel threshold, the tolerance and anti-aliasing. Declared and read once for both.

extension OptionSpec {
    static let comparison: [OptionSpec] = [
        OptionSpec(name: "--threshold", value: "0-1",
                   help: "Per-pixel YIQ tolerance: 0 flags any change, 1 nothing.", defaultText: "0.1"),
        OptionSpec(name: "--max-diff-pixels", value: "n", help: "Pass an image with at most n different pixels.", defaultText: "0"),
        OptionSpec(name: "--max-diff-ratio", value: "r", help: "Pass an image with at most this fraction (0-1) of its pixels different."),
        OptionSpec(name: "--ignore-antialiasing",
                   help: "Do not count pixels detected as anti-aliased edges (drawn yellow in a diff image)."),
    ]
}

extension ParsedArguments {
    func comparison(masks: [PixelRect]) throws(UsageError) -> Comparison {
        Comparison(threshold: try double("--threshold", in: 0...1) ?? Comparison.defaultThreshold,
                   ignoreAntialiasing: has("--ignore-antialiasing"), masks: masks)
    }

    func tolerance() throws(UsageError) -> Tolerance {
        let n = try int("--max-diff-pixels", in: 0...Int.max)
        let r = try double("--max-diff-ratio", in: 0...1)
        if n != nil && r != nil { throw UsageError(message: "Give either '--max-diff-pixels' or '--max-diff-ratio', not both") }
        if let r { return .ratio(r) }
        return .pixels(n ?? 0)
    }
}

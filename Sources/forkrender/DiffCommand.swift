import Foundation
import Raster
import Regression
import Scene

/// `forkrender diff expected.png actual.png`: pixelmatch's perceptual comparison of two PNGs.
enum DiffCommand {
    static let usage = "forkrender diff <expected.png> <actual.png> [-o <diff.png>] [<options>]"

    static let options: [OptionSpec] = [
        OptionSpec(name: "--output", short: "-o", value: "diff.png",
                   help: "Write the diff image: differences red over a faded grey expected image."),
        OptionSpec(name: "--panels", value: "panels.png", help: "Write expected | diff | actual side by side."),
        OptionSpec(name: "--threshold", value: "0-1",
                   help: "Per-pixel YIQ tolerance: 0 flags any change, 1 nothing.", defaultText: "0.1"),
        OptionSpec(name: "--max-diff-pixels", value: "n", help: "Pass with at most n different pixels.", defaultText: "0"),
        OptionSpec(name: "--max-diff-ratio", value: "r", help: "Pass with at most this fraction (0-1) of the pixels different."),
        OptionSpec(name: "--ignore-antialiasing",
                   help: "Do not count pixels detected as anti-aliased edges (drawn yellow)."),
        OptionSpec(name: "--mask", value: "x,y,w,h", help: "Leave a rectangle of pixels out (repeatable).", repeatable: true),
        OptionSpec(name: "--max-megapixels", value: "n", help: "Refuse inputs above this size (read from the PNG header).", defaultText: "64"),
        OptionSpec(name: "--threads", value: "n", help: "Worker threads.", defaultText: "all cores"),
        OptionSpec(name: "--quiet", short: "-q", help: "Print nothing; the exit status tells."),
    ]

    static var help: String {
        helpText(
            overview: "Compare two PNGs with pixelmatch's perceptual color distance and anti-aliasing detection.",
            usage: [usage],
            arguments: [("<expected.png>", "The reference image (any PNG: 8 or 16 bit, gray, palette, alpha)."),
                        ("<actual.png>", "The image to check, of the same size.")],
            options: options,
            footer: """
            EXAMPLES:
              forkrender diff refs/tap/0030.png frames/0030.png -o diff.png
              forkrender diff a.png b.png --threshold 0.05 --max-diff-ratio 0.001 --mask 0,0,1170,150

            EXIT STATUS: 0 within tolerance, 1 different (a size mismatch is a difference), 2 usage error or
            unreadable input.
            """)
    }

    static func run(_ args: [String]) -> Int32 {
        if args.contains("--help") || args.contains("-h") {
            print(help, terminator: "")
            return ExitCode.success
        }
        let p: ParsedArguments
        let comparison: Comparison
        let tolerance: Tolerance
        let threads: Int
        let maxPixels: Int
        do throws(UsageError) {
            p = try parseArguments(args, options: options)
            guard p.positionals.count == 2 else {
                throw UsageError(message: "Expected two PNG files, expected and actual; got \(p.positionals.count)" +
                                 (p.positionals.isEmpty ? "" : ": " + p.positionals.map { "'\($0)'" }.joined(separator: ", ")))
            }
            comparison = try CheckCommand.comparison(p, masks: try masks(p))
            tolerance = try CheckCommand.tolerance(p)
            threads = try p.int("--threads", in: 1...1024) ?? Workers.allCores.count
            maxPixels = Int(checked: (try p.double("--max-megapixels", in: 0.000001...100_000) ?? 64) * 1_000_000)
        } catch {
            return usageFailure(error.message, usage: usage)
        }
        let quiet = p.has("--quiet")
        let images: [RGBAImage]
        do throws(ImageError) {
            images = try read(p.positionals, maxPixels: maxPixels, concurrently: threads > 1)
        } catch {
            printError("error: \(error.message)")
            return ExitCode.usage
        }
        let (expected, actual) = (images[0], images[1])
        // A mask that does not lie inside the image masks nothing it names: a typo, not a request.
        for m in comparison.masks where m.x < 0 || m.y < 0 || m.x + m.width > expected.width || m.y + m.height > expected.height {
            printError("error: --mask \(m.x),\(m.y),\(m.width),\(m.height) does not lie inside the \(expected.sizeDescription) image")
            return ExitCode.usage
        }
        let wantDiff = p.value("--output") != nil || p.value("--panels") != nil
        let result: ComparisonOutcome
        do {
            result = try comparison.apply(expected: expected, actual: actual, workers: Workers(threads), diffImage: wantDiff)
        } catch {
            if !quiet { print("different: \(error)") }
            // No diff image exists for a size mismatch: a previous run's must not pass for this one's.
            if let o = p.value("--output") { unlink(o) }
            if wantDiff, let o = p.value("--panels") {
                if let status = write(DiffImage.panels([expected, actual]), to: o) { return status }
            }
            return ExitCode.checkFailed
        }
        if let diff = result.diff {
            if let o = p.value("--output"), let status = write(diff, to: o) { return status }
            if let o = p.value("--panels"), let status = write(DiffImage.panels([expected, diff, actual]), to: o) { return status }
        }
        let pass = tolerance.accepts(result)
        if !quiet {
            print("\(pass ? "match" : "different"): \(CheckRunner.describe(result)); \(expected.sizeDescription) = \(result.pixelCount) pixels, threshold \(Value.format(comparison.threshold)), tolerance \(tolerance)")
        }
        return pass ? ExitCode.success : ExitCode.checkFailed
    }

    /// Reads the PNGs, both at once when there are threads to spare (decoding dominates the command's time).
    /// The first error in argument order is the one reported.
    static func read(_ paths: [String], maxPixels: Int, concurrently: Bool) throws(ImageError) -> [RGBAImage] {
        let slots = Slots(paths.count)
        if concurrently {
            DispatchQueue.concurrentPerform(iterations: paths.count) { i in
                slots.set(i, Result { () throws(ImageError) in try RGBAImage.read(path: paths[i], maxPixels: maxPixels) })
            }
        } else {
            for i in paths.indices { slots.set(i, Result { () throws(ImageError) in try RGBAImage.read(path: paths[i], maxPixels: maxPixels) }) }
        }
        return try slots.values.map { r throws(ImageError) in try r!.get() }
    }

    /// One result per path, each written by one thread.
    final class Slots: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<RGBAImage, ImageError>?]
        init(_ n: Int) { results = Array(repeating: nil, count: n) }
        func set(_ i: Int, _ r: Result<RGBAImage, ImageError>) { lock.withLock { results[i] = r } }
        var values: [Result<RGBAImage, ImageError>?] { lock.withLock { results } }
    }

    static func masks(_ p: ParsedArguments) throws(UsageError) -> [PixelRect] {
        var out: [PixelRect] = []
        for m in p.all("--mask") {
            guard let r = PixelRect.parse(m) else {
                throw UsageError(message: "The value '\(m)' is invalid for '--mask': expected x,y,width,height in whole pixels, width and height above 0")
            }
            out.append(r)
        }
        return out
    }

    /// Writes a PNG atomically; returns an exit status on failure.
    static func write(_ image: RGBAImage, to path: String) -> Int32? {
        do {
            try AtomicFile.write(try image.pngBytes(), to: path)
            return nil
        } catch {
            printError("error: \(error)")
            return ExitCode.usage
        }
    }
}

import Foundation
import Raster
import Regression
import SceneFormat
import Compose
import Output

/// `forkrender diff expected.png actual.png`: pixelmatch's perceptual comparison of two PNGs.
enum DiffCommand: Command {
    static let configuration = CommandConfiguration(
        name: "diff",
        abstract: "Compare two PNGs (pixelmatch's perceptual YIQ distance, anti-aliasing aware).",
        overview: "Compare two PNGs with pixelmatch's perceptual color distance and anti-aliasing detection.",
        usage: ["forkrender diff <expected.png> <actual.png> [-o <diff.png>] [<options>]"],
        arguments: [("<expected.png>", "The reference image (any PNG: 8 or 16 bit, gray, palette, alpha)."),
                    ("<actual.png>", "The image to check, of the same size.")],
        options: [
            OptionSpec(name: "--output", short: "-o", value: "diff.png",
                       help: "Write the diff image: differences red over a faded grey expected image."),
            OptionSpec(name: "--panels", value: "panels.png", help: "Write expected | diff | actual side by side."),
        ] + OptionSpec.comparison + [
            OptionSpec(name: "--mask", value: "x,y,w,h", help: "Leave a rectangle of pixels out (repeatable).", repeatable: true),
            .maxMegapixels("Refuse inputs above this size (read from the PNG header)."),
            .threads,
            .quiet("Print nothing; the exit status tells."),
        ],
        discussion: """
        EXAMPLES:
          forkrender diff refs/tap/0030.png frames/0030.png -o diff.png
          forkrender diff a.png b.png --threshold 0.05 --max-diff-ratio 0.001 --mask 0,0,1170,150

        EXIT STATUS: 0 within tolerance, 1 different (a size mismatch is a difference), 2 usage error or
        unreadable input.
        """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        guard p.positionals.count == 2 else {
            throw UsageError(message: "Expected two PNG files, expected and actual; got \(p.positionals.count)" +
                             (p.positionals.isEmpty ? "" : ": " + p.positionals.map { "'\($0)'" }.joined(separator: ", ")))
        }
        let comparison = try p.comparison(masks: try masks(p))
        let tolerance = try p.tolerance()
        let threads = try p.threads()
        let maxPixels = try p.maxPixels()
        let quiet = p.quiet
        let images = try read(p.positionals, maxPixels: maxPixels, concurrently: threads > 1)
        let (expected, actual) = (images[0], images[1])
        // A mask that does not lie inside the image masks nothing it names: a typo, not a request.
        for m in comparison.masks where m.x < 0 || m.y < 0 || m.x + m.width > expected.width || m.y + m.height > expected.height {
            throw CommandError("--mask \(m.x),\(m.y),\(m.width),\(m.height) does not lie inside the \(expected.sizeDescription) image")
        }
        let wantDiff = p.value("--output") != nil || p.value("--panels") != nil
        let result: ComparisonOutcome
        do {
            result = try comparison.apply(expected: expected, actual: actual, workers: Workers(threads), diffImage: wantDiff)
        } catch {
            if !quiet { print("different: \(error)") }
            // No diff image exists for a size mismatch: a previous run's must not pass for this one's.
            if let o = p.value("--output") { unlink(o) }
            if wantDiff, let o = p.value("--panels") { try write(DiffImage.panels([expected, actual]), to: o) }
            return ExitCode.checkFailed
        }
        if let diff = result.diff {
            if let o = p.value("--output") { try write(diff, to: o) }
            if let o = p.value("--panels") { try write(DiffImage.panels([expected, diff, actual]), to: o) }
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

    /// Writes a PNG atomically.
    static func write(_ image: RGBAImage, to path: String) throws {
        try AtomicFile.write(try image.pngBytes(), to: path)
    }
}

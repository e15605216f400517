import Content
import Foundation
import Raster
import SceneFormat
import Compose

/// What shapes a frame's pixels and bytes besides the scene: forkrender's version, the system libraries that
/// rasterize text and icons and encode the PNG (libpng, zlib, ISA-L, FreeType, HarfBuzz, FriBidi, fontconfig,
/// librsvg, cairo), and the font files the generic families resolve to. `forkrender --version --verbose` prints
/// it; `check --update` writes it into every reference it records (an iTXt chunk, `keyword`), and a check that
/// fails against a reference from another fingerprint names the entries that differ ("reference recorded with
/// FreeType 2.13.3, this machine 2.12.1"): the first question about a reference that fails on another machine.
///
/// What it cannot name: it lists versions and font files, not the bits inside them (a distribution's patched
/// FreeType keeps its version string). docs/regression.md says what is portable.
public struct RendererFingerprint: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// forkrender's own version (the CLI's `--version`).
    public static let version = "0.1.0"
    /// The PNG text chunk's keyword.
    public static let keyword = "forkrender-fingerprint"

    /// The entries in a fixed order: forkrender, the libraries, then one `font <family>` per generic family.
    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// This process's fingerprint (computed once: the fonts are resolved and each file's bytes hashed).
    public static let current = RendererFingerprint(entries: [Entry("forkrender", version)] + libraries + fonts)

    static var libraries: [Entry] {
        let text = TextLibraries.versions
        return [Entry("libpng", PNG.libpngVersion), Entry("zlib", PNG.zlibVersion), Entry("ISA-L", PNG.isalVersion),
                Entry("FreeType", text.freetype), Entry("HarfBuzz", text.harfbuzz), Entry("FriBidi", text.fribidi),
                Entry("fontconfig", text.fontconfig), Entry("librsvg", SVGDocument.librsvgVersion),
                Entry("cairo", SVGDocument.cairoVersion)]
    }

    /// The faces the scene format's generic families resolve to, regular and bold: path, size and a hash of
    /// the file's bytes (FNV-1a, 64 bits: a changed file is a changed value even where the path stays).
    static var fonts: [Entry] {
        var out: [Entry] = []
        for (family, weight) in [("sans", 400), ("sans", 700), ("serif", 400), ("serif", 700), ("mono", 400)] {
            let name = "font \(family) \(weight)"
            guard let r = try? FontLibrary.resolve(FontRequest(family: family, weight: weight)) else {
                out.append(Entry(name, "none"))
                continue
            }
            let index = r.index == 0 ? "" : "#\(r.index)"
            if let data = FileManager.default.contents(atPath: r.path) {
                out.append(Entry(name, "\(r.path)\(index) (\(data.count) bytes, fnv1a \(hash(data)))"))
            } else {
                out.append(Entry(name, "\(r.path)\(index) (unreadable)"))
            }
        }
        return out
    }

    static func hash(_ data: Data) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in data { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// One `name: value` line per entry: the chunk's text and the verbose version listing.
    public var text: String { entries.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }

    /// The fingerprint a chunk's text holds; lines without `: ` are ignored (a newer writer's additions are not).
    public init(text: String) {
        entries = text.split(separator: "\n").compactMap { line in
            guard let r = line.range(of: ": ") else { return nil }
            return Entry(String(line[..<r.lowerBound]), String(line[r.upperBound...]))
        }
    }

    /// Where this (a reference's) fingerprint and `here` differ: one "<name> <theirs>, this machine <ours>" per
    /// entry present in both with different values, then entries only one side has. Empty when they agree.
    public func differences(from here: RendererFingerprint) -> [String] {
        var out: [String] = []
        let ours = Dictionary(here.entries.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let theirs = Dictionary(entries.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        for e in entries {
            if let o = ours[e.name] {
                if o != e.value { out.append("\(e.name) \(e.value), this machine \(o)") }
            } else {
                out.append("\(e.name) \(e.value), this machine none")
            }
        }
        for e in here.entries where theirs[e.name] == nil { out.append("\(e.name) none, this machine \(e.value)") }
        return out
    }

    /// "reference recorded with FreeType 2.13.3, this machine 2.12.1; ..." or nil when nothing differs. A
    /// reference without a fingerprint (recorded before they existed, or by another tool) says so.
    public static func mismatch(reference: RendererFingerprint?, here: RendererFingerprint = .current) -> String? {
        guard let reference else { return "reference recorded without a renderer fingerprint (before forkrender wrote one, or by another tool)" }
        let d = reference.differences(from: here)
        return d.isEmpty ? nil : "reference recorded with " + d.joined(separator: "; ")
    }

    /// The fingerprint in the reference PNG at `path`, or nil when it has none or cannot be read.
    public static func read(png path: String) -> RendererFingerprint? {
        guard let t = try? PNG.text(path: path, key: keyword) else { return nil }
        return RendererFingerprint(text: t)
    }
}

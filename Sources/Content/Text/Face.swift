import CText
import Foundation
import Raster

/// One font face at any size, with its glyph cache. Reference type because it owns a FreeType face and a
/// HarfBuzz font (one FT_Library per face, so faces never share FreeType state); a lock serializes calls.
///
/// Sizes are device pixels per em (points x canvas scale). The glyph cache is keyed by glyph, size in 1/64
/// pixel and subpixel phase, so each (face, size, scale) pair rasterizes a glyph once per phase and never again.
public final class Face: @unchecked Sendable {
    public let path: String
    public let family: String
    public let style: String
    private let handle: OpaquePointer
    private let lock = NSLock()
    private var currentSize = 0
    /// Its rasterized glyphs; read and filled under `lock` (inside it, the store's own lock).
    let images = KeptStore(GlyphImages.descriptor, keeping: .everything, GlyphImages())
    /// Pixels per em of a color bitmap face's strike (Noto Color Emoji: 109); 0 for an outline face.
    public let strike: Int
    /// A color bitmap face: its glyphs are images (`colorBitmap`), not coverage.
    public var isColor: Bool { strike > 0 }
    public private(set) var cacheHits = 0
    public private(set) var cacheMisses = 0

    /// Subpixel phases per pixel: glyph origins are snapped to quarter pixels horizontally and whole pixels
    /// vertically (1, 2, 4 and 8 were compared by eye at 17 pt x 3: 4 removes the uneven letter spacing of 1
    /// and 8 looks the same as 4 with twice the cache).
    public static let subpixelPhases = 4

    public init(path: String, index: Int = 0) throws(FontError) {
        var err = [CChar](repeating: 0, count: 512)
        guard let h = ctext_face_open(path, Int32(index), &err, Int32(err.count)) else {
            let bytes = err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw FontError(message: "cannot open font '\(path)': \(String(decoding: bytes, as: UTF8.self))")
        }
        handle = h
        var m = ctext_metrics()
        ctext_face_metrics(h, &m)
        family = cString(&m.family)
        style = cString(&m.style)
        strike = Int(ctext_face_strike(h))
        self.path = path
    }

    deinit { ctext_face_close(handle) }

    /// Family and style of a font file, or an error if it is not a scalable font.
    static func describe(path: String) throws(FontError) -> (family: String, style: String) {
        let f = try Face(path: path)
        return (f.family, f.style)
    }

    // MARK: Faces shared by every layout

    private static let faces = FaceTable()

    /// The shared face for a resolved font (opened once per process).
    public static func shared(_ r: FontResolution) throws(FontError) -> Face {
        try faces.face(path: r.path, index: r.index)
    }

    // MARK: Metrics and shaping

    /// Size in 26.6 fixed point, the unit FreeType and HarfBuzz speak.
    static func fixed(_ pixels: Float) -> Int { max(1, Int((pixels * 64).rounded())) }

    private func setSize(_ size26_6: Int) {
        guard size26_6 != currentSize else { return }
        ctext_face_set_size(handle, size26_6, nil, 0)
        currentSize = size26_6
    }

    /// Vertical metrics in pixels at a size (pixels per em), scaled from design units without hinting.
    public func metrics(size: Float) -> (ascender: Float, descender: Float, lineHeight: Float) {
        lock.withLock {
            setSize(Self.fixed(size))
            var m = ctext_metrics()
            ctext_face_metrics(handle, &m)
            return (Float(m.ascender) / 64, Float(m.descender) / 64, Float(m.height) / 64)
        }
    }

    /// Shapes one line of text with HarfBuzz, left to right, script guessed. `features` is a HarfBuzz feature
    /// list such as "-liga,-kern" (empty: the script's defaults, kerning and standard ligatures on).
    public func shape(_ text: String, size: Float, features: String = "") -> [ShapedGlyph] {
        let bytes = Array(text.utf8)
        return shape(bytes, run: 0..<bytes.count, rightToLeft: false, script: 0, size: size, features: features)
    }

    /// Shapes the bytes `run` of a UTF-8 paragraph (the rest is context for joining and marks) in one direction
    /// and script (an ISO 15924 tag such as 'Arab', 0 to guess). Glyphs come in visual order; clusters are
    /// byte offsets into `utf8`.
    public func shape(_ utf8: [UInt8], run: Range<Int>, rightToLeft: Bool, script: UInt32, size: Float,
                      features: String = "") -> [ShapedGlyph] {
        lock.withLock {
            setSize(Self.fixed(size))
            let bytes = utf8.isEmpty ? [UInt8(0)] : utf8
            var out = [ctext_glyph](repeating: ctext_glyph(), count: max(8, run.count + 8))
            func call() -> Int32 {
                bytes.withUnsafeBufferPointer { b in
                    b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { p in
                        ctext_shape_run(handle, p, Int32(utf8.count), Int32(run.lowerBound), Int32(run.count),
                                        rightToLeft ? 1 : 0, script, features, &out, Int32(out.count))
                    }
                }
            }
            var n = call()
            if n > out.count {
                out = [ctext_glyph](repeating: ctext_glyph(), count: Int(n))
                n = call()
            }
            // A bitmap strike shapes at its own size; scale to the requested one.
            let k = strike > 0 ? size / Float(strike) / 64 : Float(1) / 64
            return out.prefix(Int(max(0, n))).map {
                ShapedGlyph(glyph: $0.glyph, cluster: Int($0.cluster),
                            advance: Float($0.x_advance) * k, offset: SIMD2(Float($0.x_offset) * k, -Float($0.y_offset) * k))
            }
        }
    }

    /// A color glyph scaled from the strike to `size` pixels per em, made once per glyph and size.
    public func colorBitmap(glyph: UInt32, size: Float) -> ColorGlyph {
        let key = GlyphKey(glyph: glyph, size: Self.fixed(size), phase: 0)
        return lock.withLock {
            if let hit = images.access({ $0.colorGlyphs[key] }) { return hit }
            var b = ctext_bitmap()
            var g = ColorGlyph.empty
            if strike > 0, ctext_render_color_glyph(handle, glyph, &b, nil, 0) == 0, b.width > 0, b.rows > 0, let buf = b.buffer {
                let bytes = Array(UnsafeBufferPointer(start: buf, count: Int(b.pitch) * Int(b.rows)))
                g = ColorGlyph.scaled(bgra: bytes, width: Int(b.width), rows: Int(b.rows), pitch: Int(b.pitch),
                                      left: Int(b.left), top: Int(b.top), by: size / Float(strike))
            }
            images.access { $0.keep(g, for: key) }
            return g
        }
    }

    /// The glyph ids of characters (0 where the face lacks one), under one lock.
    public func glyphIndices(_ scalars: [Unicode.Scalar]) -> [UInt32] {
        lock.withLock { scalars.map { ctext_glyph_index(handle, $0.value) } }
    }

    /// The glyph id for a character, 0 when the face lacks it.
    public func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        lock.withLock { ctext_glyph_index(handle, scalar.value) }
    }

    // MARK: Glyph cache

    /// The 8-bit coverage of a glyph at a size and subpixel phase (0..<subpixelPhases), rasterized once.
    public func bitmap(glyph: UInt32, size: Float, phase: Int) -> GlyphBitmap {
        let key = GlyphKey(glyph: glyph, size: Self.fixed(size), phase: phase)
        return lock.withLock {
            if let hit = images.access({ $0.glyphs[key] }) {
                cacheHits += 1
                return hit
            }
            cacheMisses += 1
            setSize(key.size)
            var b = ctext_bitmap()
            let shift = Int32(phase * 64 / Self.subpixelPhases)
            var bitmap = GlyphBitmap.empty
            if ctext_render_glyph(handle, glyph, shift, &b, nil, 0) == 0, b.width > 0, b.rows > 0, let buf = b.buffer {
                var coverage = [Float](repeating: 0, count: Int(b.width) * Int(b.rows))
                for row in 0..<Int(b.rows) {
                    for col in 0..<Int(b.width) {
                        coverage[row * Int(b.width) + col] = Float(buf[row * Int(b.pitch) + col]) / 255
                    }
                }
                bitmap = GlyphBitmap(width: Int(b.width), rows: Int(b.rows), left: Int(b.left), top: Int(b.top), coverage: coverage)
            }
            images.access { $0.keep(bitmap, for: key) }
            return bitmap
        }
    }

    /// Glyphs held in the cache.
    public var cachedGlyphs: Int { images.access { $0.glyphs.count } }
}

/// A face's glyph images by glyph, size and phase: all dropped when one more would pass `budget` bytes (a
/// layout of one size needs a few hundred; a session that steps through sizes makes new ones).
package struct GlyphImages: KeptValue {
    package static let descriptor = KeptStoreDescriptor(
        "GlyphImages", place: "Content/Text, one per open face (`FaceTable`), process-wide",
        holds: "the face's rasterized glyphs: coverage, and color images of an emoji face",
        key: "glyph, size in 1/64 pixel and subpixel phase",
        dropped: "all at once when one more would pass 4 MB; with its face",
        bound: "4 B per pixel of the scene's glyph raster, and at most 4 MB per face", bytesPerPixel: 4, over: .glyphs)

    /// Bytes of glyph images a face keeps.
    static let budget = 4 << 20

    var glyphs: [GlyphKey: GlyphBitmap] = [:]
    var colorGlyphs: [GlyphKey: ColorGlyph] = [:]
    var bytes = 0

    package mutating func dropKept() { self = GlyphImages() }

    mutating func keep(_ g: GlyphBitmap, for key: GlyphKey) {
        makeRoom(g.coverage.count * MemoryLayout<Float>.stride)
        glyphs[key] = g
    }

    mutating func keep(_ g: ColorGlyph, for key: GlyphKey) {
        makeRoom(g.pixels.count * MemoryLayout<Color>.stride)
        colorGlyphs[key] = g
    }

    private mutating func makeRoom(_ n: Int) {
        if bytes + n > Self.budget { dropKept() }
        bytes += n
    }
}

struct GlyphKey: Hashable {
    var glyph: UInt32
    var size: Int
    var phase: Int
}

/// One rasterized glyph: FreeType's 8-bit coverage as floats in 0...1 (converted once, when cached), placed
/// `left` pixels right of the pen and `top` pixels above the baseline (FreeType's bitmap_left and bitmap_top).
public struct GlyphBitmap: Sendable {
    public var width: Int
    public var rows: Int
    public var left: Int
    public var top: Int
    public var coverage: [Float]
    static let empty = GlyphBitmap(width: 0, rows: 0, left: 0, top: 0, coverage: [])
}

/// A glyph from HarfBuzz: id, the byte offset of its cluster in the UTF-8 text, advance and offset in pixels
/// (offset y grows downward).
public struct ShapedGlyph: Sendable, Hashable {
    public var glyph: UInt32
    public var cluster: Int
    public var advance: Float
    public var offset: SIMD2<Float>
}

/// The open faces, process-wide: they hold no scene data, only font files and their glyphs.
package struct FaceTable: Sendable {
    package static let descriptor = KeptStoreDescriptor(
        "FaceTable", place: "Content/Text (`Face`), process-wide",
        holds: "open FreeType faces", key: "file path and face index",
        dropped: "all at once beyond 64 faces (a layout keeps the faces it holds)",
        bound: "64 faces of about 256 KB: 16 MB", fixedBytes: Double(16 << 20))

    fileprivate let store = KeptStore(Self.descriptor, keeping: .everything, KeptEntries<Face>(limit: 64))

    func face(path: String, index: Int) throws(FontError) -> Face {
        let key = "\(index):\(path)"
        return try store.access { faces throws(FontError) -> Face in
            if let f = faces[key] { return f }
            let f = try Face(path: path, index: index)
            faces[key] = f
            return f
        }
    }
}

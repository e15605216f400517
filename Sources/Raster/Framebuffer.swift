

/// A float RGBA image with premultiplied alpha in one contiguous, row-major buffer.
///
/// Glossary: pixel (x, y) has its center at (x + 0.5, y + 0.5); the origin is the top-left corner; pixels are
/// `SIMD4<Float>` (r, g, b, a) premultiplied, in the framebuffer's `space`. A zero-sized framebuffer cannot be
/// made: the scene decoder refuses such canvases with a message long before one would be asked for.
public struct Framebuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let space: BlendSpace
    @usableFromInline var storage: [SIMD4<Float>]

    public init(width: Int, height: Int, space: BlendSpace = .srgb, fill: SIMD4<Float> = .zero) {
        let count = Self.pixelCount(width: width, height: height)
        self.init(width: width, height: height, space: space, storage: Array(repeating: fill, count: count))
    }

    private init(width: Int, height: Int, space: BlendSpace, storage: [SIMD4<Float>]) {
        self.width = width
        self.height = height
        self.space = space
        self.storage = storage
    }

    private static func pixelCount(width: Int, height: Int) -> Int {
        precondition(width > 0 && height > 0, "framebuffer must have a positive size, got \(width)x\(height)")
        return width * height
    }

    /// A framebuffer whose pixels are unspecified (whatever memory the allocator hands out), for a first use
    /// that writes every pixel before it reads any: a recycled frame's first copy of the whole plane, the plane's
    /// first full draw. The caller owes that promise; the compositor's tests prove it for its buffers by
    /// drawing into buffers poisoned with NaN and with a finite value instead (FrameSlotTests).
    ///
    /// Why: `init(fill:)` writes 47 MB at 1170 x 2532 on the calling thread, which first takes every page's
    /// fault and zeroing there; that was about a third of a 1-frame render's CPU, serial while the other core
    /// idled. Unfilled, the pages fault where the first use writes them, in bands across the workers, and the
    /// fill's own pass over the memory is gone. `SIMD4<Float>` is a trivial type: any bit pattern is a value,
    /// so reading one too early would give wrong bytes, not a memory error.
    package static func unfilled(width: Int, height: Int, space: BlendSpace = .srgb) -> Framebuffer {
        let count = pixelCount(width: width, height: height)
        return Framebuffer(width: width, height: height, space: space,
                           storage: Array(unsafeUninitializedCapacity: count) { b, initialized in
            initialized = count
        })
    }

    /// A framebuffer filled with an sRGB color converted into `space`.
    public init(width: Int, height: Int, space: BlendSpace = .srgb, color: Color) {
        self.init(width: width, height: height, space: space, fill: space.premultiply(color))
    }

    public var pixelCount: Int { width * height }

    @inlinable
    public subscript(x: Int, y: Int) -> SIMD4<Float> {
        get { storage[y * width + x] }
        set { storage[y * width + x] = newValue }
    }

    /// The straight sRGB color at a pixel, whatever the blend space.
    public func color(atX x: Int, y: Int) -> Color { space.color(self[x, y]) }

    /// Copies every pixel of `other` (same size) in bands across `workers`.
    public mutating func copyPixels(from other: Framebuffer, workers: Workers = .single) {
        precondition(other.width == width && other.height == height, "copy between framebuffers of different sizes")
        let w = width, h = height
        other.withUnsafePixels { src in
            withUnsafeMutablePixels { dst in
                workers.forEachBand(h, bandSize: 64) { rows in
                    (dst.baseAddress! + rows.lowerBound * w).update(from: src.baseAddress! + rows.lowerBound * w,
                                                                    count: rows.count * w)
                }
            }
        }
    }

    /// Copies from `other` (the same size) the columns `spans[k]` of every row of band k (rows
    /// `k * band ..< (k + 1) * band`), bands split across workers. `spans[k]` must be disjoint ranges inside
    /// `0..<width`, and there must be one list per band. The frame slot's copy of what changed in the plane.
    public mutating func copyPixels(from other: Framebuffer, spans: [[Range<Int>]], band: Int, workers: Workers) {
        precondition(other.width == width && other.height == height, "copy between framebuffers of different sizes")
        precondition(band > 0 && spans.count == (height + band - 1) / band, "one list of spans per band")
        let w = width, h = height
        for list in spans { for s in list { precondition(s.lowerBound >= 0 && s.upperBound <= w, "span \(s) outside 0..<\(w)") } }
        other.withUnsafePixels { src in
            withUnsafeMutablePixels { dst in
                workers.forEachBand(h, bandSize: band) { rows in
                    for s in spans[rows.lowerBound / band] where !s.isEmpty {
                        for y in rows {
                            let o = y * w + s.lowerBound
                            (dst.baseAddress! + o).update(from: src.baseAddress! + o, count: s.count)
                        }
                    }
                }
            }
        }
    }

    /// Copies from `other` (the same size) the spans of every row (`rows[y]`, inside `0..<width`), pieces of 16
    /// rows split across workers: the frame slot's copy of what changed in the plane.
    public mutating func copyPixels(from other: Framebuffer, rows spans: RowSpans, workers: Workers) {
        precondition(other.width == width && other.height == height && spans.height == height,
                     "copy between framebuffers of different sizes")
        let w = width, h = height
        for y in 0..<h { for s in spans[y] { precondition(s.lowerBound >= 0 && s.upperBound <= w, "span \(s) outside 0..<\(w)") } }
        spans.withUnsafeLists { starts, list in
            other.withUnsafePixels { src in
                withUnsafeMutablePixels { dst in
                    workers.forEachBand(h, bandSize: 16) { rows in
                        for y in rows {
                            for k in starts[y]..<starts[y + 1] {
                                let s = list[k], o = y * w + s.lowerBound
                                (dst.baseAddress! + o).update(from: src.baseAddress! + o, count: s.count)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Copies the pixels of `source` inside `rect` (in `source`'s coordinates, inside it) to the rectangle of
    /// the same size at `origin` in this buffer (inside it), rows split across workers. Frames and the panel
    /// tiles glass keeps between frames (`GlassReuse`) trade regions through it.
    public mutating func copyPixels(from source: Framebuffer, rect: PixelRect, to origin: (x: Int, y: Int),
                                    workers: Workers = .single) {
        precondition(PixelRect(source).contains(rect), "rectangle \(rect) outside the source")
        precondition(PixelRect(self).contains(PixelRect(x: origin.x, y: origin.y, width: rect.width, height: rect.height)),
                     "rectangle \(rect) at \(origin) outside the destination")
        guard !rect.isEmpty else { return }
        let sw = source.width, dw = width
        source.withUnsafePixels { src in
            withUnsafeMutablePixels { dst in
                workers.forEachBand(rect.height, bandSize: 32) { rows in
                    for j in rows {
                        (dst.baseAddress! + (origin.y + j) * dw + origin.x)
                            .update(from: src.baseAddress! + (rect.y + j) * sw + rect.x, count: rect.width)
                    }
                }
            }
        }
    }

    public mutating func fill(_ p: SIMD4<Float>) {
        withUnsafeMutablePixels { $0.update(repeating: p) }
    }

    /// Scoped read access for kernels. The pointer must not escape `body`.
    @inlinable
    public func withUnsafePixels<R>(_ body: (UnsafeBufferPointer<SIMD4<Float>>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer(body)
    }

    /// Scoped write access for kernels. The pointer must not escape `body`.
    @inlinable
    public mutating func withUnsafeMutablePixels<R>(
        _ body: (UnsafeMutableBufferPointer<SIMD4<Float>>) throws -> R
    ) rethrows -> R {
        try storage.withUnsafeMutableBufferPointer { try body($0) }
    }
}

/// Porter-Duff source-over for premultiplied pixels: the one compositing equation of the renderer.
@inlinable
public func sourceOver(_ dst: SIMD4<Float>, _ src: SIMD4<Float>) -> SIMD4<Float> {
    src + dst * (1 - src.w)
}

/// What may have changed in a frame since an earlier one, as the compositor knows it, for encoders that keep
/// what they made of earlier frames: the PNG encoder's bands and samples (`PNGBandCache`, `PNGKeptSamples`) and
/// the video sink's yuv420p planes (`Framebuffer.yuv420p(dither:into:changed:)`). Whatever it vouches for keeps
/// the earlier frame's bytes, which are this frame's too; whatever it cannot vouch for is encoded again, so the
/// bytes never depend on it.
///
/// `frame` tags what an encoder keeps of this frame (a frame index). `unchanged(band, other)` is true only when
/// PNG band `band` of this frame has the same filtered bytes as band `band` of frame `other` (its rows and the
/// row above it, which `up` reads, hold the same pixels). `changedColumns(other)` is the finer form: for each
/// row, the column spans outside of which this frame holds frame `other`'s pixels; nil when that is not known.
///
/// Why: about two in five of a showcase frame's bands repeat an earlier frame's, and finding them by quantizing
/// and comparing every band costs the quantize it would save.
public struct FrameChanges: Sendable {
    public var frame: Int
    public var unchanged: @Sendable (_ band: Int, _ other: Int) -> Bool
    public var changedColumns: @Sendable (_ other: Int) -> RowSpans?

    public init(frame: Int, unchanged: @escaping @Sendable (_ band: Int, _ other: Int) -> Bool,
                changedColumns: @escaping @Sendable (_ other: Int) -> RowSpans? = { _ in nil }) {
        self.frame = frame
        self.unchanged = unchanged
        self.changedColumns = changedColumns
    }
}

import Raster

extension Frost {
    /// The covered interior of a row (coverage 1, past the border and the highlight's padding edge), drawn as
    /// passes over the run instead of one body a pixel: the blur's reconstruction written straight into the
    /// frame's row, then `saturate()`, each fill, the glow halo and the highlight, each a plain loop over the
    /// run's pixels with what it needs hoisted out of it (the fill's `1 - alpha`, the identity's test).
    ///
    /// Every pixel gets the operations of `applyReference` with coverage 1 and inner 1, in the same order and
    /// association (`saturate` as `Saturation.apply`, source-over as `src + dst * (1 - src.w)`, the halo as
    /// `GlowHalo.add`), so the bits are the reference's (`FrostReferenceTests`). Why: the body a pixel stayed a
    /// call with the fills' array loop and the optional halo and highlight tested inside it; perf of the web twin
    /// gave Frost's pixel loop 32% of the samples, 8x a copy of the region. `Frost.apply` of the twin's three
    /// panels (FrostBenchmark, one thread, CPU): 19.0-19.7 ms before, 12.2-13.1 as passes, 8.6-9.0 with
    /// `saturate()` vectorized over the run (`Saturation.apply(_:count:)`); docs/performance.md.
    struct InteriorRun {
        let saturation: Saturation
        /// Premultiplied fills, in order.
        let fills: UnsafeBufferPointer<SIMD4<Float>>
        /// The halo's cells and its column axes (region-relative), when the surface is lit.
        let halo: Halo?
        /// Whether the highlight is drawn (the row's `shine` is laid over every pixel, zero or not).
        let highlight: Bool

        struct Halo {
            let lookup: GlowHalo.Lookup
            let chroma: UnsafeBufferPointer<SIMD4<Float>>
            let columns: UnsafeBufferPointer<GlowHalo.Lookup.Axis>
            let translucency: Float
        }

        /// Draws region-relative `columns` of a row into `out` (`out[0]` is the first column's frame pixel):
        /// `row` is the reader's row, `haloRow` the halo's row axis (lit surfaces), `shine` the highlight's white.
        @inline(__always)
        func draw(_ columns: Range<Int>, reader: BlurredRows.Reader, row: UnsafePointer<SIMD4<Float>>,
                  haloRow: GlowHalo.Lookup.Axis?, shine: SIMD4<Float>, into out: UnsafeMutablePointer<SIMD4<Float>>) {
            let n = columns.count
            guard n > 0 else { return }
            reader.pixels(columns, row, into: out)
            saturation.apply(out, count: n)
            for f in fills {
                let a = 1 - f.w
                for k in 0..<n { out[k] = f + out[k] * a }
            }
            if let halo, let haloRow {
                let lookup = halo.lookup, chroma = halo.chroma, t = halo.translucency
                let axes = halo.columns.baseAddress! + columns.lowerBound
                for k in 0..<n { out[k] = GlowHalo.add(lookup.light(chroma, x: axes[k], y: haloRow, translucency: t), to: out[k]) }
            }
            if highlight {
                let a = 1 - shine.w
                for k in 0..<n { out[k] = shine + out[k] * a }
            }
        }
    }
}

import Raster

extension Frost {
    /// `apply` evaluated plainly at every pixel of the region, over the blur's staged reference (the whole
    /// region's backdrop blurred into an image first): the shape's distance, coverage, border and highlight at
    /// each one. `apply` takes the same steps in the same order, reconstructing the blur row by row inside its
    /// loop and skipping the distance where a row's interior is known to be covered past the border and
    /// highlight; a test compares the two bit for bit.
    func applyReference(_ surface: GlassSurface, plane: Framebuffer, into frame: inout Framebuffer, workers: Workers) {
        guard let drawing = Drawing(self, surface, plane: plane, space: frame.space) else { return }
        let shape = surface.shape, region = drawing.region, fills = drawing.fills
        let backdropPixels = blur.stagedReference(plane, region: region, backdrop: drawing.backdrop)
        let borderColor = drawing.borderColor, white = drawing.white
        let translucency = drawing.translucency, halo = drawing.halo
        let saturation = self.saturation, highlight = self.highlight, border = self.border
        let w = region.width, stride = frame.width
        frame.withUnsafeMutablePixels { out in
            backdropPixels.withUnsafeBufferPointer { src in
                workers.forEachBand(region.height) { band in
                    for j in band {
                        let y = region.y + j, cy = Float(y) + 0.5
                        let shine = highlight.map { white * $0.alpha(atY: cy, box: shape.box) } ?? .zero
                        for i in 0..<w {
                            let x = region.x + i
                            let d = shape.signedDistance(Point(Float(x) + 0.5, cy))
                            let cov = coverage(distance: d)
                            if cov <= 0 { continue }
                            var v = saturation.apply(src[j * w + i])
                            for f in fills { v = sourceOver(v, f) }
                            if let halo { v = GlowHalo.add(halo.light(at: Point(Float(x) + 0.5, cy), translucency: translucency), to: v) }
                            if let h = highlight {
                                let inner = coverage(distance: d + h.inset)
                                if inner > 0 { v = sourceOver(v, shine * (inner / cov)) }
                            }
                            if let b = border {
                                let f = b.fraction(distance: d, coverage: cov)
                                if f > 0 { v = sourceOver(v, borderColor * f) }
                            }
                            let k = y * stride + x
                            out[k] = cov >= 1 ? v : out[k] * (1 - cov) + v * cov
                        }
                    }
                }
            }
        }
    }
}

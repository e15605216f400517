import Raster

extension LiquidGlass {
    /// `apply(plane:container:materials:into:workers:)` with the lens window and the kernel's view grown by
    /// `margin` pixels beyond the largest displacement (LiquidGlassKernelTests: no sample lands past the view the
    /// kernel computes, so a larger one changes no pixel).
    func apply<S: Shape>(plane: Framebuffer, container shape: SmoothUnion<S>, materials: [LiquidMaterial],
                         into frame: inout Framebuffer, workers: Workers, windowMargin margin: Int) {
        let context = Context(self, plane: plane, shape: shape, materials: materials, frame: frame, workers: workers,
                              makeField: { xs, ys, band in
            DistanceField(shape, columns: xs, rows: ys, narrowBand: band, workers: workers)
        }, makeWindow: { xs, ys in
            Window(blurring: plane, columns: xs, rows: ys, radius: blurRadius, workers: workers)
        }, extraReach: margin)
        if let context { draw(context, into: &frame, workers: workers) }
    }
}

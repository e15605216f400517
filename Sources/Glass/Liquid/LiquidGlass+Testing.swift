extension LiquidGlass {
    /// Pixels added around the lens window and the kernel's view beyond the largest displacement: 0 to draw.
    /// LiquidGlassKernelTests grow it (`LiquidGlass.$windowMargin.withValue(48)`): no sample lands past the view
    /// the kernel computes, so a larger one changes no pixel.
    @TaskLocal static var windowMargin = 0
}

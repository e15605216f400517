import Raster

/// What a plane is made of, as far as the lens window's blur and the glow halo's cell pass need: outside `boxes`
/// (the plane's sprites; Scene builds it from the plane's `PlaneSpriteRecord`), one color, `background`, at every
/// pixel, or, with an `underlay`, the still image beneath the dots (`PlaneUnderlay`) at every pixel.
///
/// Why: the blur's sums are exact integers (WindowBlur.swift), so at a pixel 2r or more from every box, whose
/// taps all hold the fill, the blur is the fill's own blur: one value for all such pixels over a flat plane, the
/// underlay's blur kept once (`UnderlayBlur`) under a still image. A window is then blurred only around the boxes
/// that reach it and filled with that elsewhere, with the bits of a window blurred whole (WindowTests,
/// UnderlayTests). The showcase's dots, 9 px across at a 63 px pitch, are a tenth of a window. The halo's cells
/// likewise add the fill's block sums where no box reaches (`GlowHalo.Cells`).
public struct PlaneFill: Sendable {
    public let background: SIMD4<Float>
    public let boxes: [PixelRect]
    /// What lies outside the boxes when it is not `background` alone, with what was derived from it; a consumer
    /// that finds none of its own there reads every pixel of the plane.
    public let underlay: Underlay?

    /// The underlay's values derived once: each for the size, space and parameters it states, and checked by the
    /// consumer against its own.
    public struct Underlay: Sendable {
        public let cells: GlowHalo.UnderlayCells?
        public let blur: UnderlayBlur?

        public init(cells: GlowHalo.UnderlayCells?, blur: UnderlayBlur?) {
            (self.cells, self.blur) = (cells, blur)
        }
    }

    public init(background: SIMD4<Float>, boxes: [PixelRect], underlay: Underlay? = nil) {
        self.background = background
        self.boxes = boxes
        self.underlay = underlay
    }
}

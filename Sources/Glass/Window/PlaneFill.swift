import Raster

/// What a plane is made of, as far as the lens window's blur needs: one color, `background`, at every pixel
/// outside `boxes` (the plane's sprites over its fill; Scene builds it from the plane's `PlaneSpriteRecord`).
///
/// Why: the blur's sums are exact integers (WindowBlur.swift), so at a pixel 2r or more from every box, whose
/// taps all hold the background, the blur is the background's own, one value for all such pixels. A window is
/// then blurred only around the boxes that reach it and filled with that value elsewhere, with the bits of a
/// window blurred whole (WindowTests). The showcase's dots, 9 px across at a 63 px pitch, are a tenth of a window.
public struct PlaneFill: Sendable {
    public let background: SIMD4<Float>
    public let boxes: [PixelRect]

    public init(background: SIMD4<Float>, boxes: [PixelRect]) {
        self.background = background
        self.boxes = boxes
    }
}

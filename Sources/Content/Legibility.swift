import Raster

/// Contrast measures between a text color and its background, both opaque sRGB.
///
/// - WCAG 2 contrast ratio: (L1 + 0.05) / (L2 + 0.05) with L the relative luminance (sRGB piecewise transfer,
///   Rec. 709 weights), L1 the lighter; 1 (none) to 21 (black on white).
/// - APCA Lc (APCA-W3 0.0.98G-4g constants): a perceptual lightness contrast that depends on polarity; about
///   106 for black text on white, -108 for white on black. Its magnitude is what thresholds compare.
public enum Contrast {
    public static func wcag(_ a: Color, _ b: Color) -> Float {
        wcag(luminance: a.relativeLuminance, b.relativeLuminance)
    }

    public static func wcag(luminance a: Float, _ b: Float) -> Float {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// APCA's screen luminance: a simple 2.4 power per channel (no linear toe), sRGB coefficients.
    public static func apcaLuminance(_ c: Color) -> Float {
        0.2126729 * DMath.pow(max(0, c.red), 2.4) + 0.7151522 * DMath.pow(max(0, c.green), 2.4)
            + 0.0721750 * DMath.pow(max(0, c.blue), 2.4)
    }

    /// APCA lightness contrast Lc of `text` over `background`.
    public static func apca(text: Color, background: Color) -> Float {
        apca(textY: apcaLuminance(text), backgroundY: apcaLuminance(background))
    }

    public static func apca(textY t0: Float, backgroundY b0: Float) -> Float {
        func clampBlack(_ y: Float) -> Float { y > 0.022 ? y : y + DMath.pow(0.022 - y, 1.414) }
        let t = clampBlack(t0), b = clampBlack(b0)
        guard abs(b - t) >= 0.0005 else { return 0 }
        if b > t {
            let s = (DMath.pow(b, 0.56) - DMath.pow(t, 0.57)) * 1.14
            return s < 0.1 ? 0 : (s - 0.027) * 100
        } else {
            let s = (DMath.pow(b, 0.65) - DMath.pow(t, 0.62)) * 1.14
            return s > -0.1 ? 0 : (s + 0.027) * 100
        }
    }
}

/// The minimum contrast a piece of content needs for its size.
public struct LegibilityThreshold: Sendable, Hashable {
    public var wcag: Float
    public var apca: Float

    /// Thresholds for text of a size in points and an OpenType weight (700 and above counts as bold).
    public static func text(size: Float, weight: Int) -> LegibilityThreshold {
        let bold = weight >= 700
        let d = ContentDefaults.self
        let large = size >= d.wcagLargeSize || (bold && size >= d.wcagLargeBoldSize)
        let apca: Float
        if size >= 36 || (bold && size >= 24) { apca = d.apcaHeadline }
        else if size >= 24 || (bold && size >= 16) { apca = d.apcaLarge }
        else { apca = d.apcaBody }
        return LegibilityThreshold(wcag: large ? d.wcagLargeText : d.wcagText, apca: apca)
    }

    public static let symbol = LegibilityThreshold(wcag: ContentDefaults.wcagSymbol, apca: ContentDefaults.apcaSymbol)
}

/// The contrast of one piece of content in one frame, measured on its own mask and the pixels behind it.
///
/// What is compared is the ink and its backdrop, not anti-aliased pixels: at every pixel the mask covers, the
/// color a pixel wholly covered by the content shows there (its paint over the backdrop, `ink`) against the
/// backdrop itself, each pixel weighted by its coverage, the area of the content in it. WCAG and APCA are
/// defined on a text color and its background, and a mask's edge pixels are a raster's blend of the two: at 1
/// pixel per point a 10 pt label has almost no wholly covered pixel, so a figure read from rendered pixels
/// fell with the render scale. Weighted by area, the same figure comes out at any scale up to the sampling of
/// the backdrop (within 2% over every scene in scenes/ at scales 1, 2 and 3: `LegibilityScaleTests`).
public struct ContrastSample: Sendable, Hashable {
    /// WCAG ratio and |APCA Lc| at the chosen percentile of the content's area.
    public var wcag: Float
    public var apca: Float
    /// The device pixel where the WCAG sample was taken.
    public var pixel: SIMD2<Int>
    /// Pixels measured (every pixel the mask covers on the canvas).
    public var pixels: Int

    /// Measures content drawn with `mask` over `before` (the frame as it was before the content was drawn) in
    /// `ink` (the straight color a wholly covered pixel over a backdrop color takes, `Paint.ink`). The sample is
    /// the ContentDefaults.contrastPercentile percentile of each measure over the content's area. Nil when the
    /// mask covers nothing on the canvas.
    public static func measure(_ mask: CoverageMask, before: Framebuffer, ink: (Color) -> Color) -> ContrastSample? {
        measure(mask, backdrop: { before.color(atX: $0, y: $1) }, ink: ink, width: before.width, height: before.height)
    }

    /// The same, reading the backdrop through a closure (device pixel coordinates) on a `width` x `height` canvas.
    public static func measure(_ mask: CoverageMask, backdrop: (Int, Int) -> Color, ink: (Color) -> Color,
                               width: Int, height: Int) -> ContrastSample? {
        measure(mask, backdrop: backdrop, inkAt: { _, _, b in ink(b) }, width: width, height: height)
    }

    /// The same, with an ink that depends on the pixel too (content under a selection lens takes its colour).
    public static func measure(_ mask: CoverageMask, backdrop: (Int, Int) -> Color, inkAt ink: (Int, Int, Color) -> Color,
                               width: Int, height: Int) -> ContrastSample? {
        guard !mask.isEmpty else { return nil }
        var wcag: [(value: Float, weight: Float, x: Int, y: Int)] = []
        var apca: [(value: Float, weight: Float, x: Int, y: Int)] = []
        for y in 0..<mask.height {
            let fy = mask.originY + y
            guard fy >= 0, fy < height else { continue }
            for x in 0..<mask.width where mask[x, y] > 0 {
                let fx = mask.originX + x
                guard fx >= 0, fx < width else { continue }
                let b = backdrop(fx, fy), t = ink(fx, fy, b), w = mask[x, y]
                wcag.append((Contrast.wcag(t, b), w, fx, fy))
                apca.append((abs(Contrast.apca(text: t, background: b)), w, fx, fy))
            }
        }
        guard let w = percentile(&wcag), let a = percentile(&apca) else { return nil }
        return ContrastSample(wcag: w.value, apca: a.value, pixel: SIMD2(w.x, w.y), pixels: wcag.count)
    }

    /// The sample at which the running coverage, in increasing order of value, first reaches the percentile of
    /// the total. Sorted with a full tie-break (value, row, column), so the result never depends on sort
    /// stability, and summed in that order, so it never depends on anything else.
    static func percentile(_ samples: inout [(value: Float, weight: Float, x: Int, y: Int)])
        -> (value: Float, weight: Float, x: Int, y: Int)? {
        guard !samples.isEmpty else { return nil }
        samples.sort { ($0.value, $0.y, $0.x) < ($1.value, $1.y, $1.x) }
        let total = samples.reduce(Float(0)) { $0 + $1.weight }
        let target = ContentDefaults.contrastPercentile * total
        var sum: Float = 0
        for s in samples {
            sum += s.weight
            if sum >= target { return s }
        }
        return samples[samples.count - 1]
    }
}

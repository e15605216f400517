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

/// The contrast of one piece of content in one frame, measured on rendered pixels.
public struct ContrastSample: Sendable, Hashable {
    /// WCAG ratio and |APCA Lc| at the chosen percentile of the content's core pixels.
    public var wcag: Float
    public var apca: Float
    /// The device pixel where the WCAG sample was taken.
    public var pixel: SIMD2<Int>
    /// Core pixels measured.
    public var pixels: Int

    /// Measures content drawn with `mask`: each core pixel (coverage >= ContentDefaults.coreCoverage, or the most
    /// covered pixels of a mask with none that high) compares the frame after drawing (`after`) with the pixels
    /// behind it before drawing (`before`) at the same place. The sample is the ContentDefaults.contrastPercentile
    /// percentile of each measure over those pixels. Nil when the mask covers nothing on the canvas.
    public static func measure(_ mask: CoverageMask, before: Framebuffer, after: Framebuffer) -> ContrastSample? {
        measure(mask, before: { before.color(atX: $0, y: $1) }, after: { after.color(atX: $0, y: $1) },
                width: before.width, height: before.height)
    }

    /// The same, reading colors through closures (device pixel coordinates) on a `width` x `height` canvas.
    public static func measure(_ mask: CoverageMask, before: (Int, Int) -> Color, after: (Int, Int) -> Color,
                               width: Int, height: Int) -> ContrastSample? {
        guard !mask.isEmpty else { return nil }
        var peak: Float = 0
        for v in mask.values { peak = max(peak, v) }
        guard peak > 0 else { return nil }
        let cut = min(ContentDefaults.coreCoverage, peak * 0.999)
        var wcag: [(Float, Int, Int)] = []
        var apca: [Float] = []
        for y in 0..<mask.height {
            let fy = mask.originY + y
            guard fy >= 0, fy < height else { continue }
            for x in 0..<mask.width where mask[x, y] >= cut {
                let fx = mask.originX + x
                guard fx >= 0, fx < width else { continue }
                let t = after(fx, fy), b = before(fx, fy)
                wcag.append((Contrast.wcag(t, b), fx, fy))
                apca.append(abs(Contrast.apca(text: t, background: b)))
            }
        }
        guard !wcag.isEmpty else { return nil }
        // Sorted with a full tie-break so the chosen pixel never depends on sort stability.
        wcag.sort { ($0.0, $0.2, $0.1) < ($1.0, $1.2, $1.1) }
        apca.sort()
        let k = Int((ContentDefaults.contrastPercentile * Float(wcag.count - 1)).rounded(.down))
        let w = wcag[k]
        return ContrastSample(wcag: w.0, apca: apca[k], pixel: SIMD2(w.1, w.2), pixels: wcag.count)
    }
}


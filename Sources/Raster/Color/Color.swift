

/// A straight-alpha color whose components are sRGB-encoded, as design tokens, CSS and UIColor state them.
///
/// This is the type scene files and token tables speak. Framebuffers hold premultiplied pixels in their
/// blend space instead (see `BlendSpace`); `BlendSpace.premultiply(_:)` is the one bridge between the two.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// 8-bit sRGB components and a fractional alpha, the way Apple documents its system colors.
    public init(_ r: Int, _ g: Int, _ b: Int, _ alpha: Float = 1) {
        self.init(red: Float(r) / 255, green: Float(g) / 255, blue: Float(b) / 255, alpha: alpha)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`. Returns nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.dropFirst())
        var values: [Int] = []
        for c in digits {
            guard let v = c.hexDigitValue else { return nil }
            values.append(v)
        }
        switch values.count {
        case 3:
            self.init(values[0] * 17, values[1] * 17, values[2] * 17)
        case 6, 8:
            let byte = { (i: Int) in values[2 * i] * 16 + values[2 * i + 1] }
            self.init(byte(0), byte(1), byte(2), values.count == 8 ? Float(byte(3)) / 255 : 1)
        default:
            return nil
        }
    }

    public func withAlpha(_ alpha: Float) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Multiplies the alpha, as `label @ 5%` does in the design language.
    public func opacity(_ factor: Float) -> Color {
        withAlpha(alpha * factor)
    }

    /// Linear interpolation of the encoded components and alpha (the way UIKit mixes colors).
    public func mixed(with other: Color, _ t: Float) -> Color {
        Color(red: red + (other.red - red) * t,
              green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t,
              alpha: alpha + (other.alpha - alpha) * t)
    }

    public var components: SIMD4<Float> { SIMD4(red, green, blue, alpha) }

    public var description: String {
        func h(_ v: Float) -> String {
            let b = Int((max(0, min(1, v)) * 255).rounded())
            return String(b, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha == 1 ? "" : h(alpha))
    }

    /// Relative luminance (WCAG 2) of the opaque color.
    public var relativeLuminance: Float {
        0.2126 * srgbToLinear(red) + 0.7152 * srgbToLinear(green) + 0.0722 * srgbToLinear(blue)
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String {
        count >= n ? self : String(repeating: "0", count: n - count) + self
    }
}

// The sRGB transfer function (IEC 61966-2-1), exact piecewise form; the powers are DMath's (the same bits on
// every machine; error against libm in docs/performance.md).
//
// Encoded values are what PNG files, CSS and UIColor literals hold; linear values are light intensities
// that add physically. Both are in 0...1; values outside are extended by the same formula's odd symmetry
// so that wide-gamut arithmetic never produces NaN.

/// Converts one sRGB-encoded component to linear light.
@inlinable
public func srgbToLinear(_ v: Float) -> Float {
    let a = abs(v)
    let l = a <= 0.04045 ? a / 12.92 : DMath.pow((a + 0.055) / 1.055, 2.4)
    return v < 0 ? -l : l
}

/// Converts one linear-light component to sRGB encoding.
@inlinable
public func linearToSRGB(_ v: Float) -> Float {
    let a = abs(v)
    let e = a <= 0.0031308 ? a * 12.92 : 1.055 * DMath.pow(a, 1 / 2.4) - 0.055
    return v < 0 ? -e : e
}

/// The luma weights of the standards a video stream's `color_space` tag names (each matrix is fixed by its Kr,
/// Kb): what a decoded scene records of a backdrop video's colours, and what Media's `YUVToRGB` converts by.
public enum YUVMatrix: String, Sendable, CaseIterable {
    /// ITU-R BT.601 (SMPTE 170M, BT.470 BG): standard definition.
    case bt601
    /// ITU-R BT.709: high definition.
    case bt709
    /// SMPTE 240M, the 1990s HD matrix.
    case smpte240m
    /// ITU-R BT.2020, non-constant luminance.
    case bt2020
    /// FCC 47 CFR 73.682, the 1953 NTSC weights.
    case fcc

    /// (Kr, Kb).
    public var weights: (kr: Double, kb: Double) {
        switch self {
        case .bt601: (0.299, 0.114)
        case .bt709: (0.2126, 0.0722)
        case .smpte240m: (0.212, 0.087)
        case .bt2020: (0.2627, 0.0593)
        case .fcc: (0.30, 0.11)
        }
    }
}

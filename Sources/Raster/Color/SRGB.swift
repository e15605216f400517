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


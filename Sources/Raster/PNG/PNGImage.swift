

// PNG types over the system libpng (see PNG.swift): the C constants they map to come from the CPNG shim.

import CPNG

/// The colour type of a PNG file, as stored in its IHDR chunk.
public enum PNGColorType: Sendable, Hashable {
    case gray, rgb, palette, grayAlpha, rgba

    init?(cpng: Int32) {
        switch cpng {
        case Int32(CPNG_COLOR_GRAY): self = .gray
        case Int32(CPNG_COLOR_RGB): self = .rgb
        case Int32(CPNG_COLOR_PALETTE): self = .palette
        case Int32(CPNG_COLOR_GRAY_ALPHA): self = .grayAlpha
        case Int32(CPNG_COLOR_RGBA): self = .rgba
        default: return nil
        }
    }
}

/// A decoded PNG, whatever its format in the file, as 16-bit RGBA.
public struct PNGImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Bits per sample in the file: 1, 2, 4, 8 or 16 (palette: bits per index).
    public let sourceBitDepth: Int
    /// Colour type in the file.
    public let sourceColorType: PNGColorType
    /// Whether the file was Adam7-interlaced.
    public let interlaced: Bool
    /// RGBA interleaved, row-major, 16-bit range (8-bit sources scaled by 257),
    /// straight (non-premultiplied) alpha; missing alpha is 65535.
    public let samples: [UInt16]

    public init(
        width: Int, height: Int, sourceBitDepth: Int, sourceColorType: PNGColorType,
        interlaced: Bool = false, samples: [UInt16]
    ) {
        self.width = width
        self.height = height
        self.sourceBitDepth = sourceBitDepth
        self.sourceColorType = sourceColorType
        self.interlaced = interlaced
        self.samples = samples
    }

    /// The samples rounded to 8 bits: `(v * 255 + 32767) / 65535`.
    /// Exact for 8-bit sources (v = b * 257 gives back b).
    public var rgba8: [UInt8] {
        samples.map { UInt8((UInt32($0) &* 255 &+ 32767) / 65535) }
    }
}

extension Framebuffer {
    /// A decoded PNG as premultiplied pixels in `space`, converted once: each 16-bit sample v is taken as the
    /// sRGB-encoded value v / 65535 with straight alpha (8-bit sources were scaled by 257, so b / 255 exactly),
    /// then premultiplied in `space` as `BlendSpace.premultiply` does a straight sRGB color.
    ///
    /// Colour management: the samples are read as sRGB whatever the file says. Its gAMA, cHRM, sRGB and iCCP
    /// chunks are not applied (libpng is asked for no gamma transform), so a file tagged with another profile
    /// shows its stored values as if they were sRGB, as an untagged web image does. docs/scene-format.md says so.
    ///
    /// Linear blending goes through a table of the 65,536 possible samples (`srgbToLinear`, DMath's `pow`), so
    /// the conversion costs a table lookup per sample, not a `pow`.
    public init(image: PNGImage, space: BlendSpace) {
        self.init(width: image.width, height: image.height, space: space)
        let table: [Float]? = space == .linear ? (0...65535).map { srgbToLinear(Float($0) / 65535) } : nil
        image.samples.withUnsafeBufferPointer { s in
            withUnsafeMutablePixels { px in
                for i in 0..<px.count {
                    let r = Int(s[4 * i]), g = Int(s[4 * i + 1]), b = Int(s[4 * i + 2])
                    let a = Float(s[4 * i + 3]) / 65535
                    let rgb: SIMD3<Float> = table.map { SIMD3($0[r], $0[g], $0[b]) }
                        ?? SIMD3(Float(r), Float(g), Float(b)) / 65535
                    px[i] = SIMD4(rgb * a, a)
                }
            }
        }
    }
}

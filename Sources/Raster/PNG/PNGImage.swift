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

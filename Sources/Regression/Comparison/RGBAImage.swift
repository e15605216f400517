import Raster

/// An 8-bit RGBA image (straight alpha, sRGB, row-major, 4 bytes per pixel): what pixelmatch compares.
///
/// PNGs of any format (8 or 16 bit, gray, palette, alpha) arrive through `PNG.decode` as 16-bit RGBA and are
/// rounded to 8 bits here, so a 16-bit image is compared at 8-bit precision, as pixelmatch does. Rendered
/// frames are quantized exactly as the PNG sink writes them (same dither), so a frame compares equal to the
/// PNG `forkrender` would have written for it.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4,
                     "an RGBA image needs width * height * 4 bytes, got \(pixels.count) for \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A solid image.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8)) {
        var p = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            p[4 * i] = fill.0
            p[4 * i + 1] = fill.1
            p[4 * i + 2] = fill.2
            p[4 * i + 3] = fill.3
        }
        self.init(width: width, height: height, pixels: p)
    }

    public init(_ png: PNGImage) {
        self.init(width: png.width, height: png.height, pixels: png.rgba8)
    }

    /// A frame as the PNG sink would write it at 8 bits.
    public init(_ frame: Framebuffer, dither: Bool, workers: Workers = .single) {
        self.init(width: frame.width, height: frame.height, pixels: frame.rgba8(dither: dither, workers: workers))
    }

    public var pixelCount: Int { width * height }
    public var sizeDescription: String { "\(width)x\(height)" }

    /// The RGBA bytes of pixel (x, y).
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        get {
            let o = (y * width + x) * 4
            return (pixels[o], pixels[o + 1], pixels[o + 2], pixels[o + 3])
        }
        set {
            let o = (y * width + x) * 4
            pixels[o] = newValue.0
            pixels[o + 1] = newValue.1
            pixels[o + 2] = newValue.2
            pixels[o + 3] = newValue.3
        }
    }

    /// Decodes PNG bytes; the size IHDR declares is checked against `maxPixels` before anything is decoded.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = defaultMaxPixels) throws(ImageError) -> RGBAImage {
        if let h = PNGHeader(bytes), h.pixels > maxPixels {
            throw ImageError(path: "", message: "PNG data is \(h.width) x \(h.height) pixels, over the limit of \(Double(maxPixels) / 1e6) megapixels (raise it with --max-megapixels)")
        }
        do {
            return RGBAImage(try PNG.decode(bytes))
        } catch {
            throw ImageError(path: "", message: error.message)
        }
    }

    /// Reads any PNG. Errors name the file and say what is wrong with it (missing, a directory, not a PNG,
    /// truncated...). The size its IHDR declares is checked against `maxPixels` before anything is decoded.
    public static func read(path: String, maxPixels: Int = defaultMaxPixels) throws(ImageError) -> RGBAImage {
        do {
            return RGBAImage(try PNG.read(path: path, maxPixels: Double(maxPixels)))
        } catch {
            switch error {
            case .unreadable(let why):
                throw ImageError(path: path, message: "cannot read PNG '\(path)': it \(why)")
            case .tooLarge(let h):
                throw ImageError(path: path, message: "cannot read PNG '\(path)': it is \(h.width) x \(h.height) pixels, over the limit of \(Double(maxPixels) / 1e6) megapixels (raise it with --max-megapixels)")
            case .failed(let error):
                throw ImageError(path: path, message: error.message)
            }
        }
    }

    /// Encodes as an 8-bit RGBA PNG.
    public func pngBytes(options: PNGEncodeOptions = .default) throws(ImageError) -> [UInt8] {
        do {
            return try PNG.encode(rgba8: pixels, width: width, height: height, options: options)
        } catch {
            throw ImageError(path: "", message: error.message)
        }
    }
}

/// An image that cannot be read or written.
extension RGBAImage {
    /// The input cap when a command gives none: 64 megapixels, like the canvas limit (`--max-megapixels`).
    public static let defaultMaxPixels = 64_000_000
}

public struct ImageError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { message }
}

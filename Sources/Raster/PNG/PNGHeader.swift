#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The image size a PNG file declares in its IHDR chunk, read from its first 24 bytes before decoding.
///
/// A 32 KB 1-bit PNG can declare 16384 x 16384 pixels: decoded to 16-bit RGBA that is 2 GB and 20 s
/// (measured). Reading the header first lets a caller apply its megapixel cap before libpng allocates.
public struct PNGHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The header of `bytes` (a whole file or its start), or nil when they do not begin like a PNG
    /// (the decoder then says what is wrong).
    public init?(_ bytes: some Collection<UInt8>) {
        let b = Array(bytes.prefix(24))
        guard b.count == 24, Array(b[0..<8]) == Self.signature, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> Int { b[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = be32(16)
        height = be32(20)
    }

    /// The header of the file at `path`, or nil when it cannot be read or does not begin like a PNG.
    public init?(path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var b = [UInt8](repeating: 0, count: 24)
        let n = b.withUnsafeMutableBytes { read(fd, $0.baseAddress, 24) }
        guard n == 24 else { return nil }
        self.init(b)
    }

    /// width x height, saturating: IHDR's 32-bit sides multiply past Int.max (2^32 - 1 squared).
    public var pixels: Int {
        let (p, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : p
    }
}

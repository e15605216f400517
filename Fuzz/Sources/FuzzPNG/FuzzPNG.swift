import FuzzDriver
import Raster
import Regression

/// One input: PNG bytes, read the way `diff` and `check` read files (header cap first, then libpng). The cap
/// is 4 megapixels here so that every accepted image decodes within libFuzzer's 2 GB RSS limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? RGBAImage.decode(bytes, maxPixels: 4_000_000) {
        precondition(image.pixels.count == image.width * image.height * 4)
    }
    return 0
}

/// The entry point SwiftPM links as `main` on Linux; libFuzzer's driver takes over from here.
@_cdecl("FuzzPNG_main")
public func fuzzPNGMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in data.map { fuzzPNG($0, size) } ?? 0 }
}

import FuzzDriver
import Raster
import SceneFormat
import Compose
import Output

/// One input: scene bytes. Every input must either be refused with a `SceneError` or decode into a document
/// within every budget that renders; a trap, a sanitizer report, a leak past libFuzzer's RSS limit (2 GB) or
/// a timeout is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    guard let scene = try? SceneDecoder().decode(text: text) else { return 0 }
    // One tiny frame (at most 32 px on a side) at t = 0 plans every layer without the cost of a large canvas:
    // decoded again at that scale (the decoder's override, as `--scale`, which refuses a canvas under a pixel).
    let scale = min(scene.canvas.scale, 32 / max(scene.canvas.width, scene.canvas.height))
    guard let doc = try? SceneDecoder(scale: scale).decode(text: text) else { return 0 }
    var compositor = Compositor(document: doc, workers: .single)
    _ = compositor.render(frame: 0)
    return 0
}

/// The entry point SwiftPM links as `main` on Linux; libFuzzer's driver takes over from here.
@_cdecl("FuzzScene_main")
public func fuzzSceneMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in data.map { fuzzScene($0, size) } ?? 0 }
}

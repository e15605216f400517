import Foundation
import FuzzDriver
import Raster
import SceneFormat
import Compose
import Output

/// One input: a symbol's artwork, through the scene decoder as a designer's scene brings it in, so that every
/// check and budget the decoder applies to icons (file size, UTF-8, references, librsvg's parse, the box, and
/// whatever budgets come later) is on the path, then one tiny frame that draws it. The first byte chooses:
///
///   even: the rest is an icon file's bytes, written to icon.svg beside the scene: `"symbol": {"file": "icon.svg"}`;
///         bits 2-3 choose its rendering (monochrome, hierarchical, a two-colour palette, original), so the
///         palette rewrite and the colour drawing see every file too
///   odd:  the rest is inline path data, `"symbol": "<data>"`; bit 1 adds a dashed round stroke
///
/// Every input must be refused with a `SceneError` or render; a trap, a sanitizer report, a leak that grows
/// per input, 2 GB of memory or 10 s on one input (scripts/fuzz.sh) is a finding.
enum Harness {
    static let folder: String = {
        let f = NSTemporaryDirectory() + "forkrender-fuzz-icon-\(getpid())"
        try? FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Harness.folder) }
        return f
    }()
    static let icon = folder + "/icon.svg"

    static func scene(symbol: String, extra: String = "") -> String {
        #"{"canvas": {"width": 24, "height": 24, "scale": 1}, "duration": 0.1, "content": [{"symbol": \#(symbol), "frame": [2, 2, 20, 20]\#(extra)}]}"#
    }

    static let renderings = ["", #", "rendering": "hierarchical""#, ##", "rendering": "palette", "palette": ["#FF0000", "#00FF00"]"##,
                             #", "rendering": "original""#]

    /// A JSON string literal for `s` (JSONSerialization escapes what JSON needs).
    static func quoted(_ s: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [s], options: [.fragmentsAllowed])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIcon(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let mode = data[0]
    let rest = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let text: String
    if mode & 1 == 0 {
        guard FileManager.default.createFile(atPath: Harness.icon, contents: Data(rest)) else { return 0 }
        text = Harness.scene(symbol: #"{"file": "icon.svg"}"#, extra: Harness.renderings[Int(mode >> 2) & 3])
    } else {
        // The decoder reads JSON text: path data that is not UTF-8 cannot be in a scene.
        guard let d = String(validating: rest, as: UTF8.self) else { return 0 }
        let stroke = mode & 2 != 0 ? #", "stroke": {"width": 2, "cap": "round", "join": "round", "dash": [1.5, 1]}"# : ""
        text = Harness.scene(symbol: Harness.quoted(d), extra: stroke)
    }
    var decoder = SceneDecoder()
    decoder.directory = Harness.folder
    guard let doc = try? decoder.decode(text: text) else { return 0 }
    var compositor = Compositor(document: doc, workers: .single)
    _ = compositor.render(frame: 0)
    return 0
}

/// The entry point SwiftPM links as `main` on Linux; libFuzzer's driver takes over from here.
@_cdecl("FuzzIcon_main")
public func fuzzIconMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in data.map { fuzzIcon($0, size) } ?? 0 }
}

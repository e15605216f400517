import Foundation
import Testing
import Raster
@testable import SceneFormat
import Output

/// The hostile corpus's cases for keys of another item kind, colours in the forms design tools copy, and
/// feature strings HarfBuzz would skip: each refused with one message naming its JSON path and what to write
/// instead, or accepted and drawn (`HostileCorpusTests.expectRefusedOrRendered`).
@Suite struct HostileFormsTests {
    /// A scene, the JSON path its refusal names, and words the message (with its suggestion) must hold.
    struct Case: Sendable, CustomStringConvertible {
        var scene: String
        var path: String
        var words: [String]
        var description: String { scene }
    }

    static let refused: [Case] = [
        .init(scene: #"{"content":[{"symbol":"M0 0L1 1Z","frame":[0,0,20,20],"size":20}]}"#, path: "content[0].size",
              words: ["'size' is a key of a label ('text'), not of a symbol", "Did you mean 'frame'?"]),
        .init(scene: #"{"content":[{"text":"Hi","at":[0,0],"radius":4}]}"#, path: "content[0].radius", words: ["a key of a fill ('fill'), not of a label"]),
        .init(scene: #"{"content":[{"symbol":"M0 0L1 1Z","frame":[0,0,20,20],"at":[1,1]}]}"#, path: "content[0].at",
              words: ["a key of a label ('text') or a separator ('separator')", "Did you mean 'frame'?"]),
        .init(scene: #"{"content":[{"separator":true,"at":[0,0],"length":9,"frame":[0,0,9,9]}]}"#, path: "content[0].frame", words: ["not of a separator", "Did you mean 'at'?"]),
        .init(scene: #"{"content":[{"fill":true,"frame":[0,0,9,9],"viewBox":[0,0,9,9]}]}"#, path: "content[0].viewBox", words: ["a key of a symbol"]),
        .init(scene: #"{"content":[{"text":"Hi","at":[0,0],"color":"rgb(256, 0, 0)"}]}"#, path: "content[0].color", words: ["#RRGGBB, #RRGGBBAA, #RGB, rgb(R, G, B) or rgba(R, G, B, A)"]),
        .init(scene: #"{"content":[{"text":"Hi","at":[0,0],"color":"white"}]}"#, path: "content[0].color", words: ["unknown color 'white'", "rgb(R, G, B)", "systemBlue", "Did you mean '#FFFFFF'?"]),
        .init(scene: #"{"content":[{"text":"Hi","at":[0,0],"color":"red"}]}"#, path: "content[0].color", words: ["#RRGGBB", "Did you mean 'systemRed'?"]),
        .init(scene: #"{"content":[{"text":"Hi","at":[0,0],"color":"hsl(0, 100%, 50%)"}]}"#, path: "content[0].color", words: ["rgba(R, G, B, A)"]),
        .init(scene: #"{"content":[{"text":"Hi","at":[0,0],"color":"rgba(0, 0, 0, 1.5)"}]}"#, path: "content[0].color", words: ["A 0-1"]),
        .init(scene: #"{"content":[{"text":"Hi","at":[0,0],"color":{"hex":"label"}}]}"#, path: "content[0].color.hex", words: ["found 'label'"]),
        .init(scene: ##"{"content":[{"text":"Hi","at":[0,0],"color":{"token":"label","hex":"#FFF"}}]}"##, path: "content[0].color.hex", words: ["not both"]),
        .init(scene: #"{"content":[{"text":"Hi","at":[0,0],"color":{}}]}"#, path: "content[0].color", words: ["needs 'token' or 'hex'"]),
        .init(scene: #"{"glass":[{"frame":[0,0,50,50],"tint":"rgba(0,0,0,.5"}]}"#, path: "glass[0].tint", words: ["rgba(R, G, B, A)"]),
        .init(scene: "{\"plane\":{\"tint\":\"#\u{FF26}\u{FF26}\u{FF26}\"}}", path: "plane.tint", words: ["#RGB"]),
        .init(scene: #"{"content":[{"text":"Hi","at":[0,0],"features":"+++"}]}"#, path: "content[0].features", words: ["'+++' is not an OpenType feature"]),
        .init(scene: #"{"content":[{"text":"Hi","at":[0,0],"features":"-liga,"}]}"#, path: "content[0].features", words: ["'' is not an OpenType feature"]),
    ]

    @Test(arguments: refused)
    func refusedWithOneMessageAndItsPath(c: Case) throws {
        do {
            _ = try SceneDecoder().decode(text: c.scene)
            Issue.record("accepted: \(c.scene)")
        } catch {
            #expect(error.path == c.path, "\(error)")
            #expect(error.location != nil, "\(error) has no line:col")
            for w in c.words { #expect(error.description.contains(w), "'\(error)' lacks \(w)") }
            #expect(!error.message.contains("\n"), "more than one line: \(error)")
        }
    }

    /// Colours as browsers serialize them and Figma copies them, each the same pixel value as its hex.
    static let accepted: [(String, String)] = [
        ("rgb(255, 59, 48)", "#FF3B30"), ("rgb(255,59,48)", "#FF3B30"), ("rgba(255, 59, 48, 0.5)", "#FF3B3080"),
        ("rgba(0, 0, 0, 0)", "#00000000"), ("rgba(0, 0, 0, 1)", "#000000"), ("rgba(0, 0, 0, .25)", "#00000040"),
        ("#abc", "#AABBCC"),
    ]

    @Test func cssColoursAreTheirHex() throws {
        for (css, hex) in Self.accepted {
            let scene = #"{"content":[{"text":"Hi","at":[0,0],"color":"\#(css)"},{"text":"Hi","at":[0,0],"color":{"hex":"\#(hex)"}}]}"#
            let doc = try SceneDecoder().decode(text: scene)
            let (a, b) = (doc.content.items[0].color, doc.content.items[1].color)
            guard case .plain(let x) = a, case .plain(let y) = b else { Issue.record("\(css): not plain"); continue }
            // Alpha as the 8-bit level it is written at: 0.5 is 127.5, which rounds to 0x80.
            #expect(x.red == y.red && x.green == y.green && x.blue == y.blue
                     && (x.alpha * 255).rounded() == (y.alpha * 255).rounded(), "\(css) != \(hex)")
            try HostileCorpusTests.expectRefusedOrRendered(scene, path: "content")
        }
    }
}

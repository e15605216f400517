import Foundation
import Raster
import Testing
@testable import SceneFormat
import Output

/// `canvas.background` and `--background`, which replaces it: transparent, a colour, the default, and refusals
/// naming their path with a suggestion.
@Suite struct CanvasBackgroundTests {
    static func canvas(_ background: String?, override: String? = nil, appearance: String = "light") throws(SceneError) -> Canvas {
        var decoder = SceneDecoder()
        decoder.background = override
        let key = background.map { #", "background": \#($0)"# } ?? ""
        return try decoder.decode(text: #"{"appearance": "\#(appearance)", "canvas": {"width": 100\#(key)}}"#).canvas
    }

    @Test func backgroundsResolveAtDecode() throws {
        #expect(try Self.canvas(nil).background == nil && !Self.canvas(nil).isTransparent)
        let clear = try Self.canvas(#""transparent""#)
        #expect(clear.isTransparent && clear.background == Color(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(try Self.canvas(##""#ff0000""##).background == Color(red: 1, green: 0, blue: 0))
        #expect(try Self.canvas(#""systemBackground""#, appearance: "dark").background == Token.systemBackground.color(.dark))
        // The command line's value replaces the scene's.
        #expect(try Self.canvas(##""#ff0000""##, override: "transparent").isTransparent)
        let doc = try SceneDecoder().decode(text: #"{"canvas": {"background": "transparent"}}"#)
        #expect(doc.plane.configuration.background.alpha == 0)
    }

    @Test func badBackgroundsAreRefusedWithTheirPath() {
        func error(_ background: String?, override: String? = nil) -> SceneError? {
            do { _ = try Self.canvas(background, override: override); return nil } catch { return error }
        }
        let typo = error(#""transparnt""#)
        #expect(typo?.path == "canvas.background" && typo?.suggestion == "transparent", "\(String(describing: typo))")
        let flag = error(nil, override: "transparant")
        #expect(flag?.path == "--background" && flag?.suggestion == "transparent", "\(String(describing: flag))")
        let hex = error(##""#12""##)
        #expect(hex?.path == "canvas.background", "\(String(describing: hex))")
        do {
            _ = try SceneDecoder().decode(text: #"{"canvas": {"backgroud": "transparent"}}"#)
            Issue.record("a misspelt key decoded")
        } catch {
            #expect(error.suggestion == "background", "\(error)")
        }
    }
}

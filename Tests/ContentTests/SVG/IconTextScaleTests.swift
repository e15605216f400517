import Foundation
import Testing
import Raster
@testable import Content

/// How much an icon's transforms and nested viewports can enlarge its text (`SVGScan+TextScale`): every way of
/// writing an enlargement is counted, an icon without text is not limited, and the singular value the count
/// rests on is checked against a search over directions.
@Suite struct IconTextScaleTests {
    static func cost(_ body: String, viewBox: String = "0 0 24 24") throws -> SVGCost {
        try SVGCost(document: #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="\#(viewBox)">\#(body)</svg>"#, budget: .standard)
    }

    static func refusal(_ body: String) -> String? {
        do {
            try SVGBudget.standard.check(try cost(body))
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let text = #"<text font-size="10" y="12">Hi</text>"#

    /// Each enlarges the text 400 times or more (the limit is 256), however it is written.
    static let enlarged: [String] = [
        #"<g transform="scale(400)">\#(text)</g>"#,
        #"<g transform="matrix(300 0 0 300 5 5)">\#(text)</g>"#,
        #"<g transform="matrix(0 300 -300 0 0 0)">\#(text)</g>"#,
        #"<g transform="translate(2 3) rotate(30) scale(20,1)"><g transform="scale(20)">\#(text)</g></g>"#,
        #"<g transform="skewX(89.9)">\#(text)</g>"#,
        #"<g style="transform: scale(400)">\#(text)</g>"#,
        #"<style>g { TR\61NSFORM: scale(20) } text { transform:/**/scale(20) }</style><g>\#(text)</g>"#,
        #"<svg width="24" height="24" viewBox="0 0 0.05 0.05">\#(text)</svg>"#,
        ##"<defs><symbol id="s" viewBox="0 0 1 1">\##(text)</symbol></defs><use href="#s" width="24000" height="24000"/>"##,
        #"<g transform="scale(400)"><image width="24" height="24" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Ctext font-size='10'%3EHi%3C/text%3E%3C/svg%3E"/></g>"#,
    ]

    @Test(arguments: enlarged.indices)
    func everySpellingOfAnEnlargementIsCounted(_ k: Int) {
        let message = Self.refusal(Self.enlarged[k])
        #expect(message?.contains("can enlarge its <text>") == true && message?.contains("over the limit of 256 times") == true,
                "\(Self.enlarged[k]): \(message ?? "accepted")")
    }

    @Test func aTransformThatCannotBeReadIsRefusedWhereThereIsText() {
        let message = Self.refusal(#"<g transform="scale(1e999)">\#(Self.text)</g>"#)
        #expect(message?.contains("whose scale cannot be counted: 'transform=\"scale(1e999)\"'") == true, "\(message ?? "accepted")")
        #expect(Self.refusal(#"<g transform="perspective(3)">\#(Self.text)</g>"#) != nil)
    }

    @Test func ordinaryIconsAndTextFreeScalesPass() throws {
        for body in [#"<g transform="translate(3 4) rotate(45 12 12) scale(2) skewX(30)">\#(Self.text)</g>"#,
                     #"<g style="transform: rotate(0.25turn) translateX(2px)">\#(Self.text)</g>"#,
                     #"<svg viewBox="0 0 24 24" width="24" height="24">\#(Self.text)</svg>"#,
                     #"<g transform="scale(1e6)"><path d="M0 0L1 1"/></g>"#,
                     #"<g transform="bogus(1)"><rect width="2" height="2"/></g>"#] {
            #expect(Self.refusal(body) == nil, "\(body)")
        }
        #expect(try Self.cost(#"<g transform="scale(3)"><g transform="scale(0.5) rotate(10)">\#(Self.text)</g></g>"#).textScale == 3)
    }

    /// The closed form against the largest |Mv| over 7,200 directions, for random matrices.
    @Test func largestSingularValueMatchesASearchOverDirections() {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) * 200 - 100
        }
        for _ in 0..<200 {
            let (a, b, c, d) = (next(), next(), next(), next())
            var best = 0.0
            for step in 0..<7200 {
                let t = Double(step) * .pi / 3600
                let x = Foundation.cos(t), y = Foundation.sin(t)
                best = max(best, ((a * x + b * y) * (a * x + b * y) + (c * x + d * y) * (c * x + d * y)).squareRoot())
            }
            let closed = SVGScan.largestSingularValue(a, b, c, d)
            #expect(closed >= best * (1 - 1e-9) && closed <= best * (1 + 1e-6), "\(a) \(b) \(c) \(d): \(closed) against \(best)")
        }
    }

    /// With the enlargement let through (the limit lifted), Pango overflows: what GLib logs is kept for the scene's
    /// one note instead of reaching the terminal.
    @Test func libraryMessagesAreKeptForTheScene() throws {
        var lifted = SVGBudget.standard
        lifted.textScale = .infinity
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g transform="scale(1e28)"><text font-size="0.001">H</text></g></svg>"#
        let document = try SVGDocument(text: svg, checkingReferences: true, budget: lifted)
        let logged = document.libraryMessages(width: 24, height: 24)
        #expect(logged?.contains("Pango") == true, "\(logged ?? "nothing logged")")
        let plain = try SVGDocument(text: #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">\#(Self.text)</svg>"#)
        #expect(plain.libraryMessages(width: 24, height: 24) == nil)
    }
}

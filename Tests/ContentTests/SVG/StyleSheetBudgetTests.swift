import Foundation
import Testing
@testable import Content

/// The style-sheet budget (docs/limits.md, "style-sheet matches"): selectors x elements, weighted where
/// matching walks ancestors or siblings, counted against the tests' own construction of each document.
@Suite struct StyleSheetBudgetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `rects` unit squares under the root, after a `<style>` holding `css`: rects + 2 elements (root, style).
    static func svg(_ css: String, rects: Int, wrap: Int = 0) -> String {
        let body = String(repeating: "<rect width=\"1\" height=\"1\"/>", count: rects)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><style>\(css)</style>"
            + String(repeating: "<g>", count: wrap) + body + String(repeating: "</g>", count: wrap) + "</svg>"
    }

    static func work(_ text: String) throws -> Int { try SVGCost(document: text, budget: .standard).selectorWork }

    /// Plain selectors count once per element, however the rules are written: one rule a selector, a list of
    /// selectors in one rule, in CDATA, with comments, character references and an `@media` block around them.
    @Test(arguments: [
        (String(repeating: ".a{fill:red}\n", count: 30), 30),
        (Array(repeating: ".a", count: 30).joined(separator: ", ") + "{fill:red}", 30),
        ("<![CDATA[" + String(repeating: "rect{fill:red} /* x{} */", count: 7) + "]]>", 7),
        ("@media screen { .a, #b {fill:red} } @charset \"utf-8\"; .c &#x7b;fill:red}", 3),
    ])
    func plainSelectorsCountOncePerElement(css: String, selectors: Int) throws {
        #expect(try Self.work(Self.svg(css, rects: 50)) == selectors * 52)
    }

    /// A selector of a list in parentheses adds 1, an attribute selector 2, a combinator the depth (root, 3
    /// groups, the rects: 5; the `+` of `2n+1` reads as one), a counting pseudo-class the most siblings / 8
    /// rounded up (40 rects in the innermost group: 5).
    @Test(arguments: [("g > g rect{}", 1 + 2 * 5), ("rect:nth-child(2n+1){}", 1 + 5 + 5), ("g ~ g rect:NTH-OF-TYPE(3), .a{}", 1 + 2 * 5 + 5 + 1),
                      ("[class~=\"a b\"]{}", 1 + 2), ("rect[id][x]:not([y]){}", 1 + 2 * 3), (":not(.a, .b > .c){}", 1 + 1 + 5), ("rect:n\\74h-child(2){}", 1 + 5)])
    func walkingSelectorsWeighMore(css: String, weight: Int) throws {
        #expect(try Self.work(Self.svg(css, rects: 40, wrap: 3)) == weight * (40 + 2 + 3))
    }

    /// Each `data:` SVG document is matched on its own: its style sheet's work is added to the icon's, so many
    /// embedded documents each under the limit are refused together.
    @Test func embeddedDocumentsAddTheirMatches() throws {
        let inner = Self.svg(".a, .b{fill:red}", rects: 8)
        let href = "data:image/svg+xml;base64," + Data(inner.utf8).base64EncodedString()
        let outer = Self.svg(".c{}", rects: 0).replacingOccurrences(of: "</svg>", with: String(repeating: "<image width=\"4\" height=\"4\" href=\"\(href)\"/>", count: 3) + "</svg>")
        // Inner: 2 selectors x 10 elements, three times; outer: 1 selector x (root, style, 3 images).
        #expect(try Self.work(inner) == 20)
        #expect(try Self.work(outer) == 3 * 20 + 5)
    }

    /// At the limit the document passes; one selector more and it is refused with the count and the limit.
    @Test func theLimitIsInclusive() throws {
        // 998 rects + root + style = 1,000 elements; 10,000 selectors x 1,000 = the limit exactly.
        let at = Self.svg(Array(repeating: ".a", count: 10_000).joined(separator: ",") + "{fill:red}", rects: 998)
        #expect(try Self.work(at) == ContentDefaults.maxSelectorWork)
        _ = try SVGDocument.cost(of: at, within: .standard)
        let over = Self.svg(Array(repeating: ".a", count: 10_001).joined(separator: ",") + "{fill:red}", rects: 998)
        do {
            _ = try SVGDocument.cost(of: over, within: .standard)
            Issue.record("10,001 selectors x 1,000 elements were accepted")
        } catch {
            #expect(error.message.contains("10001000 selector x element matches") && error.message.contains("over the limit of 10000000")
                    && error.message.contains("docs/limits.md"), "\(error.message)")
        }
    }

    /// The hostile corpus's file: 40,000 selectors over 400 rects (rsvg-convert: 0.44 s of CPU at 24 px) is
    /// refused by the scan, before librsvg sees it, in well under the second librsvg would take.
    @Test func theHostileStyleSheetIsRefusedAtOnce() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("scenes/invalid/icons/css-rules.svg"), encoding: .utf8)
        let start = Date()
        #expect(throws: SVGDocumentError.self) { try SVGDocument(text: text) }
        #expect(Date().timeIntervalSince(start) < 0.5)
        #expect(try Self.work(text) == 40_000 * 402)
    }
}

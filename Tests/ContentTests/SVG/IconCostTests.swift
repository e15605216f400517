import Foundation
import Testing
import Raster
@testable import Content

/// Budgets by measured cost, not by appearance: what real icon files write (Illustrator's entities, Inkscape's
/// bounding-box filter regions, Adwaita's percentage ones, long paths, many filtered elements) is accepted, and
/// what would make librsvg work unboundedly (nested or huge entity expansions, external entities) is refused.
@Suite struct IconCostTests {
    static func svg(_ body: String, doctype: String = "") -> String {
        doctype + #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">"# + body + "</svg>"
    }

    @Test func illustratorEntitiesAreExpandedAndDrawn() throws {
        let doctype = #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" ["#
            + #"<!ENTITY ns_svg "http://www.w3.org/2000/svg"> <!ENTITY st0 "fill:#FF0000;stroke:none;"> <!-- <!ENTITY x "y"> -->]>"#
        let text = doctype + #"<svg xmlns="&ns_svg;" viewBox="0 0 24 24"><!-- &st0; --><rect style="&st0;" width="24" height="12"/></svg>"#
        let doc = try SVGDocument(text: text)
        #expect(!doc.text.contains("<!DOCTYPE") && doc.text.contains(#"style="fill:#FF0000;stroke:none;""#))
        #expect(doc.text.contains("<!-- &st0; -->"), "comments are copied as written")
        let mask = doc.mask(onto: Rect(x: 0, y: 0, width: 24, height: 24), canvasWidth: 24, canvasHeight: 24)
        #expect(mask.area == 24 * 12)
    }

    @Test(arguments: [
        // Nesting (the billion laughs), markup, parameter and external entities.
        (#"<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]>"#, "entity 'b' holds '&', '%' or '<'"),
        (#"<!DOCTYPE svg [<!ENTITY a "<rect width='1' height='1'/>">]>"#, "entity 'a' holds"),
        (#"<!DOCTYPE svg [<!ENTITY % p "x">]>"#, "parameter entity declarations"),
        (#"<!DOCTYPE svg [<!ENTITY s SYSTEM "file:///etc/passwd">]>"#, "external entity 's' refused"),
        (#"<!DOCTYPE svg [<!ENTITY s PUBLIC "-//x" "http://example.com/x">]>"#, "external entity 's' refused"),
    ])
    func unboundedEntitiesAreRefused(doctype: String, words: String) {
        #expect {
            _ = try SVGDocument(text: Self.svg(#"<text>&a;&b;</text>"#, doctype: doctype))
        } throws: { error in
            let m = (error as? SVGDocumentError)?.message ?? ""
            return m.contains(words)
        }
    }

    @Test func anExpansionPastTheFileLimitIsRefused() throws {
        // 10,000 bytes referenced 200 times: 2 MB expanded from a 13 KB file (the quadratic blow-up).
        let doctype = "<!DOCTYPE svg [<!ENTITY big \"\(String(repeating: "x", count: 10_000))\">]>"
        let text = Self.svg("<desc>" + String(repeating: "&big;", count: 200) + "</desc>", doctype: doctype)
        let e = try #require(throws: SVGDocumentError.self) { try SVGDocument(text: text) }
        #expect(e.message.contains("entities expand the file past 1048576 bytes"), "\(e.message)")
        // 100 references (1 MB minus the rest) stay within it.
        _ = try SVGDocument(text: Self.svg("<desc>" + String(repeating: "&big;", count: 100) + "</desc>", doctype: doctype))
    }

    @Test(arguments: [#"<filter id="f" x="-.06" y="-.06" width="1.12" height="1.12">"#,   // Inkscape's blur region
                      #"<filter id="f" x="0%" y="0%" width="100%" height="100%">"#,       // Adwaita's
                      #"<filter id="f" filterUnits="userSpaceOnUse" x="-100000" y="-100000" width="200000" height="200000">"#])
    func filterRegionsOfTheirOwnAreAccepted(filter: String) throws {
        // librsvg clips a region to its surface: the last one, 2,000 times the icon's box, costs what the
        // default does (docs/limits.md), so each is one pass over at most the symbol's pixels.
        let text = Self.svg(filter + #"<feGaussianBlur stdDeviation="1" x="-5" width="30"/></filter><circle cx="12" cy="12" r="6" filter="url(#f)"/>"#)
        #expect(try SVGDocument(text: text).cost.filterWork == 1)
    }

    @Test func filterPassesAreCountedPerFilterApplied() throws {
        let filters = #"<filter id="one"><feGaussianBlur stdDeviation="1"/></filter>"#
            + #"<filter id="three"><feGaussianBlur stdDeviation="1"/><feOffset dx="1"/><feMerge/></filter>"#
        // One element per filter, one through `style` (Inkscape's way), and one the scan cannot name (charged
        // the largest filter): 1 + 3 + 3.
        let body = #"<circle r="2" filter="url(#one)"/><rect width="2" height="2" style="opacity:1;filter:url(#three)"/>"#
            + #"<path d="M0 0h1v1z" filter="url(&#35;one)"/>"#
        #expect(try SVGCost(document: Self.svg(filters + body), budget: .standard).filterWork == 7)
        // Defined but unused filters cost nothing.
        #expect(try SVGCost(document: Self.svg(filters + "<circle r=\"2\"/>"), budget: .standard).filterWork == 0)
    }

    @Test func aLongPathIsCountedNotRefused() throws {
        // A zigzag of 2,425 segments (Breeze's kicker icon has one of 2,425) whose boxes barely overlap, and one
        // past the scan's bound of 20,000.
        func zigzag(_ n: Int) -> String {
            "M0 0" + (1...n).map { " L\(Double($0) * 24 / Double(n)) \($0 % 2)" }.joined()
        }
        let doc = try SVGDocument(text: Self.svg("<path d=\"\(zigzag(2_425))\" fill=\"none\" stroke=\"black\"/>"))
        #expect(doc.cost.largestPath == 2_426)
        let e = try #require(throws: SVGDocumentError.self) { try SVGDocument(text: Self.svg("<path d=\"\(zigzag(20_001))\"/>")) }
        #expect(e.message.contains("over the limit of 20000 per path"), "\(e.message)")
    }

    @Test func theRootsViewportCountsTowardsTextScale() throws {
        // A 100-unit viewport over a viewBox 0.001 wide, sliced: librsvg scales its text 100,000 times.
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 0.001 100" preserveAspectRatio="xMidYMid slice"><text font-size="10" y="50">Hi</text></svg>"#
        let e = try #require(throws: SVGDocumentError.self) { try SVGDocument(text: text) }
        #expect(e.message.contains("can enlarge its <text>"), "\(e.message)")
        // Numbers run together as SVG allows (Breeze's bomi.svg) are read.
        #expect(SVGScan.transformScale("translate(-384.57-499.8) scale(2.5.5)", css: false) == 2.5)
    }
}

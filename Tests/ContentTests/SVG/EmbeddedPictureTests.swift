import Foundation
import Testing
import Raster
@testable import Content

/// Pictures inside icons (docs/limits.md, "Budgets of a symbol"): every `data:` picture is sized from its header
/// before librsvg decodes it, counted against the icon's picture budget, and refused when its format cannot be
/// sized; a `data:` SVG is measured under the same budgets.
@Suite struct EmbeddedPictureTests {
    static func icon(_ href: String, element: String = "image") -> String {
        let size = element == "image" ? #"width="24" height="24" "# : ""
        return #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><\#(element) \#(size)href="\#(href)"/></svg>"#
    }

    static func dataURL(_ bytes: [UInt8], type: String = "image/png") -> String {
        "data:\(type);base64,\(Data(bytes).base64EncodedString())"
    }

    /// A flat PNG of `width` x `height` made by our own encoder.
    static func png(_ width: Int, _ height: Int) throws -> [UInt8] {
        try PNG.encode(rgba8: [UInt8](repeating: 255, count: width * height * 4), width: width, height: height)
    }

    /// Header bytes of each format, written by hand from its specification.
    static func jpeg(_ w: Int, _ h: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xC2, 0, 11, 8, UInt8(h >> 8), UInt8(h & 255), UInt8(w >> 8), UInt8(w & 255), 1, 1, 0x11, 0]
    }

    static func gif(_ w: Int, _ h: Int, frames: Int) -> [UInt8] {
        var b = Array("GIF89a".utf8) + [UInt8(w & 255), UInt8(w >> 8), UInt8(h & 255), UInt8(h >> 8), 0, 0, 0]
        for _ in 0..<frames { b += [0x2C, 0, 0, 0, 0, UInt8(w & 255), UInt8(w >> 8), UInt8(h & 255), UInt8(h >> 8), 0, 2, 2, 0x4C, 1, 0] }
        return b + [0x3B]
    }

    static func webp(_ w: Int, _ h: Int, animated: Bool = false) -> [UInt8] {
        func le24(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255)] }
        return Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, animated ? 2 : 0, 0, 0, 0]
            + le24(w - 1) + le24(h - 1)
    }

    @Test func headersGiveTheDecodedSize() throws {
        #expect(try PictureSize.read(try Self.png(300, 20), format: .png) == PictureSize(width: 300, height: 20))
        #expect(try PictureSize.read(Self.jpeg(5000, 3000), format: .jpeg) == PictureSize(width: 5000, height: 3000))
        #expect(try PictureSize.read(Self.gif(1000, 800, frames: 3), format: .gif) == PictureSize(width: 1000, height: 800, frames: 3))
        #expect(try PictureSize.read(Self.webp(70000, 9), format: .webp) == PictureSize(width: 70000, height: 9))
        #expect(PictureSize.format([0x1F, 0x8B, 8, 0]) == nil)
    }

    @Test func aPictureWithinTheBudgetRendersAndIsCounted() throws {
        let doc = try SVGDocument(text: Self.icon(Self.dataURL(try Self.png(2000, 2000))))
        #expect(doc.cost.picturePixels == 4_000_000)
        let mask = doc.mask(onto: Rect(x: 0, y: 0, width: 48, height: 48), canvasWidth: 48, canvasHeight: 48)
        #expect(mask.values.allSatisfy { $0 > 0.99 })
    }

    @Test(arguments: [
        ("png", Self.dataURL((try? png(5000, 4000)) ?? []), "5000 x 4000 px"),
        ("jpeg", Self.dataURL(jpeg(30000, 30000), type: "image/jpeg"), "30000 x 30000 px"),
        ("gif frames", Self.dataURL(gif(1000, 1000, frames: 17), type: "image/gif"), "1000 x 1000 px x 17 frames"),
        ("webp", Self.dataURL(webp(16384, 16384), type: "image/webp"), "16384 x 16384 px"),
    ])
    func picturesOverTheBudgetAreRefused(name: String, href: String, size: String) {
        for element in ["image", "feImage"] {
            do {
                _ = try SVGDocument(text: Self.icon(href, element: element))
                Issue.record("\(name) in <\(element)> was accepted")
                continue
            } catch {
                let message = String(error.message.prefix(300))
                #expect(message.contains(size) && message.contains("over the limit of 16.8 megapixels per icon"), "\(message)")
            }
        }
    }

    @Test(arguments: ["data:image/gzip;base64,H4sIAAAAAAAAAwMAAAAAAAAAAAA=", "data:image/bmp;base64,Qk0AAAA=",
                      Self.dataURL(webp(10, 10, animated: true)), Self.dataURL(Array((try? png(4, 4))?.prefix(20) ?? []))])
    func picturesThatCannotBeSizedAreRefused(href: String) {
        #expect(throws: SVGDocumentError.self) { try SVGDocument(text: Self.icon(href)) }
    }

    @Test func nestedDocumentsAreMeasuredUnderTheSameBudgets() throws {
        let inner = Self.icon(Self.dataURL(try Self.png(5000, 4000)))
        let outer = Self.icon(Self.dataURL(Array(inner.utf8), type: "image/svg+xml"))
        let twice = Self.icon(Self.dataURL(Array(outer.utf8), type: "image/svg+xml"))
        for text in [outer, twice] {
            #expect(throws: SVGDocumentError.self) { try SVGDocument(text: text) }
        }
        let small = Self.icon(Self.dataURL(try Self.png(100, 100)))
        let fine = try SVGDocument(text: Self.icon(Self.dataURL(Array(small.utf8), type: "image/svg+xml")))
        #expect(fine.cost.picturePixels == 10_000)
        #expect(fine.cost.elements >= 3)
        let leaving = Self.icon(Self.dataURL(Array(Self.icon("file:///etc/passwd").utf8), type: "image/svg+xml"))
        #expect(throws: SVGDocumentError.self) { try SVGDocument(text: leaving) }
    }

    @Test func iconTextIsBounded() throws {
        for text in [#"<text font-size="1e30">Hi</text>"#, #"<text style="font-size:1E30px">Hi</text>"#,
                     #"<style>text{font:bold 1e9px serif}</style><text>Hi</text>"#, #"<text font-size="2em">Hi</text>"#,
                     #"<text style="f\6fnt-size: 9000">Hi</text>"#, "<text>" + String(repeating: "x", count: 1001) + "</text>"] {
            #expect(throws: SVGDocumentError.self, "\(text)") { try SVGDocument(text: SVGBudgetTests.svg(text)) }
        }
        let fine = try SVGDocument(text: SVGBudgetTests.svg(#"<text font-size="20" style="font:bold 12px/1.5 serif">Hi é</text>"#))
        #expect(fine.cost.textCharacters == 4)
    }
}

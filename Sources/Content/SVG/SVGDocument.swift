import CSVG
import Foundation
import Raster

/// An SVG document, parsed by librsvg, that renders into a coverage mask: every symbol is one, whether it came
/// from an `.svg` file or from inline path data (see `SymbolArtwork`).
///
/// Contract: `box` is the document's viewport, as rsvg-convert sizes it: its absolute width and height at 96 dpi,
/// else its viewBox. librsvg fits the viewBox into that viewport by `preserveAspectRatio` and draws all of the
/// viewport, content outside the viewBox included.
/// `mask(box:onto:canvasWidth:canvasHeight:)` maps that box onto a device-pixel rectangle and returns the
/// anti-aliased coverage (cairo's 8-bit alpha, straight area coverage) clipped to the canvas. Colors and
/// opacity in the document shape the coverage only through their alpha: a monochrome symbol is a mask, and its
/// paint (vibrancy or a plain color) comes from the scene, as for glyphs. The document's own colours are
/// `image(onto:canvasWidth:canvasHeight:)` (`SVGDocument+Color`, `SymbolRendering`).
///
/// Safety: the document is parsed from memory with no base URL, so librsvg resolves no reference outside it
/// (see `csvg.h`); `SVGReferencePolicy` refuses such references before parsing so that they are errors, not
/// silently missing pieces. Reference type because it owns a librsvg handle; a lock serializes calls.
public final class SVGDocument: @unchecked Sendable {
    /// The document's viewport: (0, 0, width, height) in pixels at 96 dpi, or its viewBox when it has no absolute
    /// width and height.
    public let box: Rect
    /// The document text, kept for equality and for tests.
    public let text: String
    /// What the document costs to draw, within `SVGBudget.standard` (the scene adds its symbols up).
    public let cost: SVGCost
    /// What GLib's libraries logged while librsvg parsed the document (`csvg_take_log`), nil when nothing.
    let parseMessages: String?
    private let handle: OpaquePointer
    private let lock = NSLock()

    /// Parses a document. Throws when it is over a budget (`SVGBudget.standard`), with librsvg's own message when
    /// it is not SVG, and when its box is missing, empty, non-finite or above `ContentDefaults.maxSymbolBox` units
    /// on a side.
    public convenience init(text written: String) throws(SVGDocumentError) {
        // The budgets first: they read the text in one bounded pass, where the reference policy's regular
        // expressions take seconds over a 1 MiB file. But the policy names an external entity precisely, so a
        // document that declares entities meets the policy first; then its internal entities are expanded
        // (`SVGEntities`), and the budgets, the policy and librsvg all read the expanded text.
        var text = written
        if written.contains("<!ENTITY") {
            try SVGReferencePolicy.check(written)
            do { text = try SVGEntities.expand(written) } catch { throw SVGDocumentError(message: error.message) }
        }
        let cost = try Self.cost(of: text, within: .standard)
        try SVGReferencePolicy.check(text)
        try self.init(opening: text, cost: cost)
    }

    /// What `text` costs to draw, measured in one bounded pass before librsvg parses it; throws when it is over
    /// `budget`.
    static func cost(of text: String, within budget: SVGBudget) throws(SVGDocumentError) -> SVGCost {
        let cost: SVGCost
        do { cost = try SVGCost(document: text, budget: budget) } catch { throw SVGDocumentError(message: error.message) }
        try budget.check(cost)
        return cost
    }

    /// Opens `text`, already checked, in librsvg and reads its box.
    init(opening text: String, cost: SVGCost) throws(SVGDocumentError) {
        var err = [CChar](repeating: 0, count: 512)
        let bytes = Array(text.utf8)
        let opened = bytes.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, b.count)) { p in
                csvg_open(p, b.count, &err, Int32(err.count))
            }
        }
        let logged = Self.takeLog()
        guard let h = opened else { throw SVGDocumentError(message: message(err)) }
        var b = [Double](repeating: 0, count: 4)
        guard csvg_box(h, &b) == 0 else {
            csvg_close(h)
            throw SVGDocumentError(message: "the SVG has neither a viewBox nor an absolute width and height; add a viewBox")
        }
        let limit = Double(ContentDefaults.maxSymbolBox)
        guard b.allSatisfy({ $0.isFinite && abs($0) <= limit }), b[2] > 0, b[3] > 0 else {
            csvg_close(h)
            let shown = b.map { ScalarFormat.short($0) }.joined(separator: " ")
            throw SVGDocumentError(message: "the SVG's box '\(shown)' must have a positive width and height and every value within ±\(Int(limit))")
        }
        box = Rect(x: Float(b[0]), y: Float(b[1]), width: Float(b[2]), height: Float(b[3]))
        self.text = text
        self.cost = cost
        parseMessages = logged
        handle = h
    }

    /// Whether the libraries logged while librsvg parsed the document.
    public var hasParseMessages: Bool { parseMessages != nil }

    /// The library messages kept for this thread (and the shared ones) since the last call, cleared.
    static func takeLog() -> String? {
        var text = [CChar](repeating: 0, count: 1024)
        return csvg_take_log(&text, Int32(text.count)) > 0 ? message(text) : nil
    }

    /// What librsvg, Pango, cairo or gdk-pixbuf log while this document is parsed and drawn whole at `width` x
    /// `height` device pixels (its size in a frame), nil when they log nothing: a scene turns it into one
    /// warning naming the symbol. Frames drawn later log the same and are not reported again.
    public func libraryMessages(width: Int, height: Int) -> String? {
        let target = Rect(x: 0, y: 0, width: Float(width), height: Float(height))
        let drawn: String? = lock.withLock {
            _ = Self.takeLog()
            _ = mask(unlockedOnto: target, canvasWidth: width, canvasHeight: height)
            return Self.takeLog()
        }
        let all = [parseMessages, drawn].compactMap { $0 }
        return all.isEmpty ? nil : all.joined(separator: "; ")
    }

    deinit { csvg_close(handle) }

    /// The coverage of the document with its box mapped onto `target` (device pixels, any position, subpixel
    /// allowed), clipped to a canvas of `canvasWidth` x `canvasHeight` pixels: only the clipped rectangle is
    /// allocated, so a symbol frame far larger than the canvas costs no more than the canvas.
    public func mask(onto target: Rect, canvasWidth: Int, canvasHeight: Int) -> CoverageMask {
        lock.withLock {
            let m = mask(unlockedOnto: target, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            _ = Self.takeLog()
            return m
        }
    }

    /// Runs `body` on the librsvg handle with the lock held, then drops what the libraries logged (as `mask`).
    func withHandle<T>(_ body: (OpaquePointer) -> T) -> T {
        lock.withLock {
            let r = body(handle)
            _ = Self.takeLog()
            return r
        }
    }

    /// `mask(onto:canvasWidth:canvasHeight:)` with the lock already held.
    private func mask(unlockedOnto target: Rect, canvasWidth: Int, canvasHeight: Int) -> CoverageMask {
        let (xs, ys) = target.pixelBounds(clippedTo: canvasWidth, canvasHeight)
        var mask = CoverageMask(originX: xs.lowerBound, originY: ys.lowerBound, width: xs.count, height: ys.count)
        guard !mask.isEmpty, target.width > 0, target.height > 0 else { return mask }
        var bytes = [UInt8](repeating: 0, count: mask.width * mask.height)
        let t = [Double(target.x) - Double(mask.originX), Double(target.y) - Double(mask.originY),
                 Double(target.width), Double(target.height)]
        let status = csvg_render(handle, t, Int32(mask.width), Int32(mask.height), &bytes, nil, 0)
        // A document that parsed and has a box renders; if librsvg still fails, the symbol is empty rather than
        // half drawn.
        guard status == 0 else { return mask }
        for i in bytes.indices where bytes[i] != 0 { mask.values[i] = Float(bytes[i]) / 255 }
        return mask
    }

    /// The rectangle `box` occupies when fitted uniformly into `frame` and centered (SVG's default
    /// preserveAspectRatio, xMidYMid meet).
    public static func fit(_ box: Rect, into frame: Rect) -> Rect {
        let k = min(frame.width / box.width, frame.height / box.height)
        let w = box.width * k, h = box.height * k
        return Rect(x: frame.x + (frame.width - w) / 2, y: frame.y + (frame.height - h) / 2, width: w, height: h)
    }
}

/// An SVG document that cannot be used: not SVG, refused references, or a box out of range.
public struct SVGDocumentError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Short decimal text of a number for messages ("24", "0.5", "1e+09").
enum ScalarFormat {
    static func short(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

private func message(_ err: [CChar]) -> String {
    let bytes = err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}

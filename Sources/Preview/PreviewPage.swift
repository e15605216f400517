import Foundation

/// The page `forkrender preview` serves at `/`: plain HTML, CSS and JavaScript, nothing fetched from elsewhere
/// (works offline). It talks to the routes of `PreviewRoutes` only.
///
/// The frame is a canvas. A change of frame or switches asks for the whole frame (`/frame.png`); a new tilt of
/// the frame asked for last asks only for what the tilt changes (`/patch`, FramePatch: the glass and what is
/// drawn over it, as raw RGBA rows) and puts its rectangles over the frame (`putImageData`: nothing to decode).
/// Two requests are in flight at most (the server draws the next tilt while the page takes in the last), started
/// on animation frames, one a frame at most, for the tilt of that frame; a move while they are out is remembered
/// and sent on the frame after one comes back. A whole frame is decoded off the main thread (`createImageBitmap`, no colour conversion, so the
/// canvas holds the PNG's bytes). Answers are drawn on the next animation frame; one older than what is drawn is
/// dropped, never queued. While dragging, the page shows its updates a second and the drag-to-pixels latency
/// (from the pointer event to the animation frame that drew its tilt).
/// Playing asks for each frame with `play=true` (the server renders the next second ahead) and paces itself at
/// the scene's fps, never faster, without bursts when it falls behind.
/// The overlap view draws `/overlap.png` (computed by the server's OverlapMap, never in JavaScript) and asks
/// `/layers` for the count under the pointer, one request in flight.
/// `window.preview.stats` records when each frame was drawn and the drag's latencies (the browser test reads the
/// drag and playback rates).
/// Export is a POST carrying the process's token from the page's `<meta name="forkrender-token">` (PreviewAccess).
///
/// The page is four files in `Page/`, embedded in the binary at build time (SwiftPM's `.embedInCode`: the
/// generated `PackageResources` holds each file's bytes), so the binary stays one file and editors, linters and
/// the suite's syntax check (`PreviewPageTests`) see real files. It is served as one document, as it always was:
/// `index.html` with `preview.css` in a `<style>` where it links it, `preview.js` in a `<script>` where it loads
/// it, and `patch-worker.js` in the template literal of `preview.js` that the worker is made from (a blob: no
/// route of its own, so nothing more to guard). Each file goes in without its final line break.
enum PreviewPage {
    /// The page with `token` (hex digits only, so nothing to escape) in its meta tag.
    static func html(token: String) -> String {
        precondition(token.allSatisfy(\.isHexDigit), "the export token must be hex digits")
        return template.replacingOccurrences(of: "@TOKEN@", with: token)
    }

    /// The page's files, each without its final line break.
    static let index = text(PackageResources.index_html)
    static let css = text(PackageResources.preview_css)
    static let script = text(PackageResources.preview_js)
    static let worker = text(PackageResources.patch_worker_js)

    /// The page as served but for its token: the files put together where `index.html` links the style sheet and
    /// loads the script, and where `preview.js` makes its worker.
    static let template: String = {
        // The worker goes into a template literal: a backtick or `${` in it would end or splice the literal.
        precondition(!worker.contains("`") && !worker.contains("${"), "patch-worker.js must not contain ` or ${")
        let js = splice(script, "@PATCH_WORKER@", worker)
        return splice(splice(index, #"<link rel="stylesheet" href="preview.css">"#, "<style>\n" + css + "\n</style>"),
                      #"<script src="preview.js"></script>"#, "<script>\n" + js + "\n</script>")
    }()

    /// `text` with its one `marker` replaced by `content`.
    private static func splice(_ text: String, _ marker: String, _ content: String) -> String {
        let parts = text.components(separatedBy: marker)
        precondition(parts.count == 2, "the page needs exactly one \(marker)")
        return parts[0] + content + parts[1]
    }

    /// A file's UTF-8 text without its final line break.
    private static func text(_ bytes: [UInt8]) -> String {
        let s = String(decoding: bytes, as: UTF8.self)
        return s.hasSuffix("\n") ? String(s.dropLast()) : s
    }
}

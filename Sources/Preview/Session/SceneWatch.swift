import Foundation
import Raster
import SceneFormat
import Compose
import Output

/// The scene file a preview follows: the last text of it that decoded, its document with the scene's own
/// switches, a version bumped on every successful reload, and the command line's message while the file on disk
/// does not decode.
///
/// A file that does not decode is shown as an error only once the same bytes have been read for `settle`
/// seconds: an editor that saves in place truncates the file and then writes it, and the page polls in between.
/// A file that decodes is taken at once.
///
/// The preview decodes with the command line's decoder at its scale (`--scale s`, with its checks), except that
/// a break of the three-layer rule is recorded (`layerRule: .report`), not thrown: the frame renders and the
/// overlap view paints the region red; export refuses it. A scene whose preview would need more memory than
/// `maxMemory` (`PreviewMemory`: the compositors the session keeps and the frame cache) is refused as the
/// command line refuses a render over `--max-memory`.
final class SceneWatch: @unchecked Sendable {
    let file: String
    let scale: Float
    let maxMemory: Double
    /// Guards everything below. Held for moments only, so that every request (validating its frame number reads
    /// the document) is answered while a frame renders. (libmicrohttpd answers 127.0.0.1 and ::1 on a thread
    /// each.)
    private let lock = NSLock()
    private var currentText: String
    private var current: SceneDocument
    private var currentVersion = 1
    private var currentError: String?
    private var lastData: Data?
    /// The size and modification time of the files the scene reads besides itself (a backdrop image), as
    /// they were when it last decoded: a change of either reloads the scene like a change of its text.
    private var lastInputs: [String]
    /// Bytes that did not decode, not yet shown, and when they were first read (uptime nanoseconds).
    private var unsettled: (data: Data?, since: UInt64)?
    /// Seconds a file that does not decode must keep its bytes before its error is shown.
    static let settle = 0.3

    var document: SceneDocument { lock.withLock { current } }
    var text: String { lock.withLock { currentText } }
    var version: Int { lock.withLock { currentVersion } }
    var error: String? { lock.withLock { currentError } }

    /// Decodes the scene file; throws the command line's error when it does not decode or its preview would
    /// need more than `maxMemory`.
    init(file: String, scale: Float, maxMemory: Double) throws(SceneError) {
        self.file = file
        self.scale = scale
        self.maxMemory = maxMemory
        let data = try SceneDecoder.read(file: file)
        current = try Self.decodeFile(file, data, scale: scale, maxMemory: maxMemory)
        currentText = String(decoding: data, as: UTF8.self)
        lastData = data
        lastInputs = Self.stamps(current)
    }

    /// The scene file's bytes `data` decoded with its own switches, refused when its preview would need more than
    /// `maxMemory`.
    private static func decodeFile(_ file: String, _ data: Data, scale: Float, maxMemory: Double) throws(SceneError) -> SceneDocument {
        let doc = try reportingDecoder(scale: scale, maxMemory: maxMemory).decode(data: data, file: file)
        try PreviewMemory(doc).check(maxMemory: maxMemory, file: file)
        return doc
    }

    /// Each input file of `doc` as its path, size and modification time.
    private static func stamps(_ doc: SceneDocument) -> [String] {
        doc.inputFiles.map { path in
            let a = try? FileManager.default.attributesOfItem(atPath: path)
            let date = (a?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(path) \(a?[.size] as? Int ?? -1) \(date)"
        }
    }

    /// The command line's decoder at the preview's scale, except that a break of the layer rule is recorded.
    private static func reportingDecoder(scale: Float, maxMemory: Double) -> SceneDecoder {
        var d = SceneDecoder(maxMemory: maxMemory, scale: scale)
        d.layerRule = .report
        return d
    }

    /// `text` (the scene's, as read under the lock) decoded with the switches `s`; the tilt is a render
    /// parameter, never decoded in (`FrameRequest.tiltOverride`).
    func decode(_ text: String, _ s: PreviewSettings) throws(SceneError) -> SceneDocument {
        var d = Self.reportingDecoder(scale: scale, maxMemory: maxMemory)
        d.directory = (file as NSString).deletingLastPathComponent
        d.appearance = s.appearance
        d.platform = s.platform
        d.reduceTransparency = s.reduceTransparency
        // A reviewing command: the scene's own guides show, and the switch shows or hides them.
        d.safeAreaGuides = true
        d.showSafeArea = s.safeArea
        return try d.decode(text: text, named: file)
    }

    /// The version and error when neither the file's bytes nor an input file it reads changed since the last
    /// look; nil when `reload` has work to do.
    func unchanged() -> (version: Int, error: String?)? {
        let data = try? SceneDecoder.read(file: file)
        let inputs = Self.stamps(document)
        return lock.withLock { data == lastData && inputs == lastInputs && data != nil ? (currentVersion, currentError) : nil }
    }

    /// Reads the file and, when its bytes or an input file changed, decodes it: success replaces the scene,
    /// calls `replaced` (under the lock: no request reads the old scene after it) and bumps `version`; failure
    /// keeps the last good scene and, once the bytes have settled, sets `error`.
    func reload(_ replaced: () -> Void) -> (version: Int, error: String?) {
        let read = Result { () throws(SceneError) in try SceneDecoder.read(file: file) }
        let data = try? read.get()
        let inputs = Self.stamps(document)
        let now = DispatchTime.now().uptimeNanoseconds
        return lock.withLock {
            guard data != lastData || inputs != lastInputs || data == nil else {
                unsettled = nil
                return (currentVersion, currentError)
            }
            do throws(SceneError) {
                let bytes = try read.get()
                let doc = try Self.decodeFile(file, bytes, scale: scale, maxMemory: maxMemory)
                currentText = String(decoding: bytes, as: UTF8.self)
                current = doc
                lastData = data
                lastInputs = Self.stamps(doc)
                unsettled = nil
                replaced()
                currentError = nil
                currentVersion += 1
            } catch {
                guard let u = unsettled, u.data == data, Double(now - u.since) / 1e9 >= Self.settle else {
                    if unsettled?.data != data { unsettled = (data, now) }
                    return (currentVersion, currentError)
                }
                lastData = data
                lastInputs = inputs
                unsettled = nil
                currentError = error.diagnostic
            }
            return (currentVersion, currentError)
        }
    }
}

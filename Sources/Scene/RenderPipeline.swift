import Dispatch
import Foundation
import Raster

/// Renders a list of frames of a scene and hands them to sinks, encoding frame N while frame N+1 renders.
///
/// Rendering uses every worker; encoding runs on one more thread, at most `inFlight` frames behind, so the
/// encoder never leaves the cores idle and memory stays bounded. The bytes of every frame are independent of
/// worker count and of which frames are rendered (the simulation always replays from t = 0).
public struct RenderPipeline {
    public var document: SceneDocument
    public var workers: Workers
    public var inFlight = 2

    public init(document: SceneDocument, workers: Workers) {
        self.document = document
        self.workers = workers
    }

    public struct Report: Sendable {
        public var frames: Int
        public var stages: StageTimes
        public var encode: Double
        public var wall: Double
    }

    /// Renders `frames` (ascending indices) into `sinks`. `progress(done)` is called after each frame has been
    /// encoded; `cancelled()` is polled between frames. On any error or cancellation, every sink is aborted.
    public func run(frames: [Int], sinks: [any FrameSink],
                    progress: @escaping @Sendable (Int) -> Void = { _ in },
                    cancelled: () -> Bool = { false }) throws(OutputError) -> Report {
        let start = DispatchTime.now()
        var compositor = Compositor(document: document, workers: workers)
        let queue = DispatchQueue(label: "forkrender.encode")
        let slots = DispatchSemaphore(value: max(1, inFlight))
        let state = EncodeState()

        for i in frames {
            if cancelled() { state.fail(OutputError("interrupted")) }
            if state.error != nil { break }
            let image = compositor.render(frame: i)
            // Cancelled inside the frame (workers.cancellation): it is incomplete, publish nothing of it.
            if workers.isCancelled { state.fail(OutputError("interrupted")); break }
            slots.wait()
            queue.async {
                defer { slots.signal() }
                guard state.error == nil else { return }
                let t0 = DispatchTime.now()
                do throws(OutputError) {
                    for sink in sinks { try sink.consume(frame: i, image: image) }
                } catch {
                    state.fail(error)
                    return
                }
                progress(state.addEncoded(t0.secondsSince))
            }
        }
        queue.sync {}
        if let error = state.error {
            for sink in sinks { sink.abort() }
            throw error
        }
        do throws(OutputError) {
            for sink in sinks { try sink.finish() }
        } catch {
            for sink in sinks { sink.abort() }
            throw error
        }
        return Report(frames: frames.count, stages: compositor.times, encode: state.encodeSeconds,
                      wall: start.secondsSince)
    }
}

/// What the encoding thread shares with the render loop, behind a lock.
private final class EncodeState: @unchecked Sendable {
    private let lock = NSLock()
    private var _error: OutputError?
    private var done = 0
    private var seconds = 0.0

    var error: OutputError? { lock.withLock { _error } }
    var encodeSeconds: Double { lock.withLock { seconds } }

    func fail(_ e: OutputError) { lock.withLock { if _error == nil { _error = e } } }

    func addEncoded(_ s: Double) -> Int {
        lock.withLock {
            done += 1
            seconds += s
            return done
        }
    }
}

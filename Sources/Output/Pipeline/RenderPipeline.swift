import Compose
import Dispatch
import Foundation
import Raster
import SceneFormat

/// Renders a list of frames of a scene and hands them to sinks: one thread renders (its bands spread over the
/// workers), `encoders` threads encode different frames at once, and the encoded frames are delivered to the
/// sinks in frame order.
///
/// Rules
/// 1. Bytes: every frame is rendered, quantized and compressed by code that depends only on that frame, so the
///    output is byte-identical for any worker count, encoder count or scheduling (the simulation always replays
///    from t = 0, so a subset of frames equals a full run's).
/// 2. Memory: at most `inFlight` float frames exist between the start of their render and the end of their
///    encode, recycled through a pool, so a render allocates no frame-sized memory after the first `inFlight`
///    frames (faulting in a fresh 47 MB frame at 1170 x 2532 costs more CPU than the encode). A buffer
///    travels as a `FrameSlot`, with what it holds, so the next frame drawn into it copies from the plane only
///    what changed (any slot, in any order: the bytes do not depend on which one a frame gets); at most
///    `inFlight + waiting` frames exist between render start and delivery, the extra ones as `EncodedFrame`s
///    (a PNG, or for `--video` a raw frame of yuv420p, or RGBA for .gif). A frame's buffer goes back to the
///    pool when its encode ends, not when it is delivered, so that an encoder that finished frame k + 1 before
///    another finished frame k does not hold up the next render. A lone sink that prepares its frames
///    (`FrameSink.prepare`: a PNG folder quantizes into its kept samples) has that step done by the render
///    loop itself, with the render's workers, and the buffer is free for the next frame at once: a PNG folder
///    renders with one float frame, and the encoders only deflate.
/// 3. Cores: encoders are as many as workers, and the renderer's bands use the same workers; an encoder blocked
///    on a pipe or a file does not hold a core. Encoders run at a lower priority than the render (EncoderPool),
///    which is the critical path: they fill its gaps.
/// 4. Failure: the first error, a cancellation or a frame the compositor could not draw whole
///    (`Compositor.incomplete`) stops rendering, waits for the encoders, and aborts every sink; nothing
///    half-written remains, and the incomplete frame reaches no sink.
public struct RenderPipeline {
    public var document: SceneDocument
    public var workers: Workers
    /// Frames between render start and delivery; default one per worker, at least 2. One more buys no speed
    /// on 2 cores and costs a float frame (47 MB at 1170 x 2532).
    public var inFlight: Int
    /// Encoded frames that may wait for an earlier frame's delivery, beyond `inFlight`: with n encoders, at
    /// most n - 1 frames can finish while an earlier one is still being encoded.
    public var waiting: Int
    /// Threads encoding frames at once.
    public var encoders: Int

    /// The tilt the glass is lit by: the document's keyframes unless a caller gives a `TiltOverride`.
    public let tilt: Keyframes<Tilt>

    public init(document: SceneDocument, workers: Workers, tilt: TiltOverride? = nil) {
        self.document = document
        self.workers = workers
        self.tilt = document.tilt(under: tilt)
        self.encoders = workers.count
        self.inFlight = max(2, workers.count)
        self.waiting = max(1, workers.count - 1)
    }

    public struct Report: Sendable {
        public var frames: Int
        public var stages: StageTimes
        public var encode: EncodeTimes
        /// Seconds the encoders were busy, summed over encoders.
        public var encodeBusy: Double
        /// Seconds the encoders waited for a frame, summed over encoders (the last frames' tail included).
        public var encodeIdle: Double
        /// Seconds the render loop waited for a frame buffer or for an earlier frame's delivery.
        public var renderWait: Double
        /// CPU seconds of the whole process during the run (user + system, every thread).
        public var cpu: Double
        public var wall: Double
    }

    /// Renders `frames` (ascending indices) into `sinks`. `progress(done)` is called after each frame has been
    /// delivered; `cancelled()` is polled before each frame and by every encoder. On any error or cancellation,
    /// every sink is aborted.
    public func run(frames: [Int], sinks: [any FrameSink],
                    progress: @escaping @Sendable (Int) -> Void = { _ in },
                    cancelled: @escaping @Sendable () -> Bool = { false }) throws(OutputError) -> Report {
        let start = DispatchTime.now(), cpuStart = CPUClock.process
        var compositor = Compositor(document: document, workers: workers)
        compositor.setTilt(tilt)
        let state = PipelineState(frames: frames, sinks: sinks, buffers: max(1, inFlight), window: max(1, inFlight) + max(0, waiting),
                                  progress: progress)
        let pool = EncoderPool(threads: max(1, encoders))
        // Polls for cancellation while the loop below may be blocked (waiting for its turn behind an ffmpeg that
        // stopped reading), so that Ctrl-C stops the run within a tenth of a second in every state.
        let watcher = Watcher(every: 0.05) { if cancelled() { state.fail(OutputError("interrupted")) } }
        defer { watcher.stop() }
        var renderWait = 0.0
        var renderScratch = EncodeScratch()

        for i in frames {
            if cancelled() { state.fail(OutputError("interrupted")) }
            if state.failed { break }
            let waitStart = DispatchTime.now()
            state.waitForSlot()
            renderWait += waitStart.secondsSince
            if state.failed { break }
            var image = state.takeBuffer() ?? FrameSlot(compositor.emptyFrame())
            compositor.render(frame: i, into: &image)
            // Cancelled inside the frame (workers.cancellation): it is incomplete, publish nothing of it.
            if workers.isCancelled {
                state.fail(OutputError("interrupted"))
                break
            }
            // A frame without part of its scene (a backdrop video's frame ffmpeg did not deliver) is an input
            // error: the run fails and publishes nothing of it, as for any error.
            if let missing = compositor.incomplete {
                state.fail(OutputError("\(missing.path): \(missing.message)"))
                break
            }
            state.history.record(i, slot: image)
            // A lone sink that prepares its frames (a PNG folder quantizes into its kept samples) is given the
            // frame's first step here, by the render's workers at the render's priority, and the buffer is free
            // for the next frame at once: in a nicer encoder thread the step would lag behind the next frame's
            // render, which would wait for the buffer with one core idle.
            var prepared: PreparedFrame?
            if sinks.count == 1 && !state.failed {
                renderScratch.changes = state.changes(frame: i)
                do throws(OutputError) {
                    prepared = try sinks[0].prepare(frame: i, image: image.frame, scratch: &renderScratch, workers: workers)
                } catch {
                    state.fail(error)
                }
                renderScratch.changes = nil
            }
            if let prepared {
                state.giveBack(consume image)
                state.hand(frame: i, prepared: prepared)
            } else {
                state.hand(frame: i, consume image)
            }
            pool.submit { scratch in
                state.encode(frame: i, scratch: &scratch, cancelled: cancelled)
            }
        }
        pool.finish()
        var encodeTimes = pool.times
        encodeTimes.times.add(renderScratch.times)
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
        return Report(frames: frames.count, stages: compositor.times, encode: encodeTimes.times,
                      encodeBusy: encodeTimes.busy, encodeIdle: encodeTimes.idle, renderWait: renderWait,
                      cpu: CPUClock.process - cpuStart, wall: start.secondsSince)
    }
}

/// What the render loop and the encoder threads share: the error, the delivery window, the pool of frame slots and the
/// encoded frames waiting for their turn to be delivered.
private final class PipelineState: @unchecked Sendable {
    let sinks: [any FrameSink]
    let progress: @Sendable (Int) -> Void
    private let lock = NSLock()
    private let deliverLock = NSLock()
    /// Float frames free to render into (signalled when an encode ends) and frames that may be started before
    /// the oldest undelivered one is delivered (signalled at delivery).
    private let buffersFree: DispatchSemaphore
    private let window: DispatchSemaphore
    private var _error: OutputError?
    /// Float frames free to render into, each with what it holds (FrameSlot).
    private var buffers: [FrameSlot] = []
    /// Encoded frames by index, waiting until every earlier frame has been delivered.
    private var ready: [Int: [EncodedFrame]] = [:]
    /// The frames in delivery order, and how many of them are delivered.
    private let order: [Int]
    private var delivered = 0

    init(frames: [Int], sinks: [any FrameSink], buffers: Int, window: Int, progress: @escaping @Sendable (Int) -> Void) {
        self.order = frames
        self.sinks = sinks
        self.buffersFree = DispatchSemaphore(value: buffers)
        self.window = DispatchSemaphore(value: max(buffers, window))
        self.progress = progress
    }

    var error: OutputError? { lock.withLock { _error } }
    var failed: Bool { error != nil }

    func fail(_ e: OutputError) {
        let first = lock.withLock { () -> Bool in
            defer { if _error == nil { _error = e } }
            return _error == nil
        }
        // Unblock a deliver that waits on a pipe (ffmpeg that stopped reading) and free the render loop.
        if first {
            for sink in sinks { sink.abort() }
            window.signal()
            buffersFree.signal()
        }
    }

    /// Waits until a frame may start: one within the delivery window, and a free float buffer.
    func waitForSlot() {
        window.wait()
        if failed { return }
        buffersFree.wait()
    }

    func takeBuffer() -> FrameSlot? { lock.withLock { buffers.popLast() } }

    /// Rendered frames waiting for an encoder. The buffers travel through here, never captured by a closure,
    /// so the one reference to a buffer moves from the render loop to an encoder and back to the pool: a
    /// second reference would make the next render into it copy the whole frame.
    private var rendered: [Int: FrameSlot] = [:]
    /// Frames the render loop prepared (their first step done, the buffer given back), waiting for an encoder.
    private var preparedFrames: [Int: PreparedFrame] = [:]

    func hand(frame i: Int, _ image: consuming FrameSlot) {
        lock.withLock { rendered[i] = image }
    }

    func hand(frame i: Int, prepared: PreparedFrame) {
        lock.withLock { preparedFrames[i] = prepared }
    }

    /// What may have changed in frame `i` since an earlier frame, from the history.
    func changes(frame i: Int) -> FrameChanges {
        let history = self.history
        return FrameChanges(frame: i, unchanged: { band, other in history.unchanged(band: band, frame: i, as: other) },
                            changedColumns: { other in history.changedColumns(frame: i, as: other) })
    }

    /// What the last frames held, so that an encoder keeps what an earlier frame shares with this one
    /// (`FrameHistory`, `FrameChanges`).
    let history = FrameHistory()

    /// Encodes one frame for every sink, returns its buffer to the pool and delivers whatever is now in order.
    func encode(frame i: Int, scratch: inout EncodeScratch, cancelled: () -> Bool) {
        // Moved straight out of the dictionary, with no `let` copy beside it: a second reference to the buffer
        // kept until this function returns (after the delivery's blocking write to ffmpeg) would make the next
        // render into the buffer copy it on write.
        var image: FrameSlot?
        let done = lock.withLock { () -> PreparedFrame? in
            image = rendered.removeValue(forKey: i)
            return preparedFrames.removeValue(forKey: i)
        }
        scratch.changes = changes(frame: i)
        defer { scratch.changes = nil }
        var encoded: [EncodedFrame] = []
        if !failed && !cancelled() {
            do throws(OutputError) {
                // One sink that can take the float frame's samples first (a PNG folder): the buffer goes back to
                // the renderer before the deflate, which is most of the encode. The render
                // loop prepares such frames itself when the sink has kept samples free.
                if let done {
                    encoded.append(try sinks[0].encode(frame: i, prepared: done, scratch: &scratch))
                } else if sinks.count == 1,
                          let prepared = try sinks[0].prepare(frame: i, image: image!.frame, scratch: &scratch, workers: .single) {
                    giveBack(image.take()!)
                    encoded.append(try sinks[0].encode(frame: i, prepared: prepared, scratch: &scratch))
                } else {
                    for sink in sinks { encoded.append(try sink.encode(frame: i, image: image!.frame, scratch: &scratch)) }
                }
            } catch {
                fail(error)
            }
        } else if !failed {
            fail(OutputError("interrupted"))
        }
        if let slot = image.take() { giveBack(slot) }
        lock.withLock { ready[i] = encoded }
        deliverInOrder()
    }

    /// A frame buffer back to the pool, for the next render. Moved in, not copied, and no reference left here
    /// when the renderer wakes (no closure captures `slot`): a second one would make its next draw copy the
    /// 47 MB buffer (copy on write).
    func giveBack(_ slot: consuming FrameSlot) {
        lock.lock()
        buffers.append(slot)
        lock.unlock()
        buffersFree.signal()
    }

    /// Delivers ready frames in ascending order; one thread at a time, the others leave their frames behind.
    private func deliverInOrder() {
        guard deliverLock.try() else { return }
        while true {
            let next: (Int, [EncodedFrame])? = lock.withLock {
                guard delivered < order.count else { return nil }
                let i = order[delivered]
                guard let encoded = ready.removeValue(forKey: i) else { return nil }
                return (i, encoded)
            }
            guard let (i, encoded) = next else { break }
            if !failed {
                do throws(OutputError) {
                    for (sink, e) in zip(sinks, encoded) { try sink.deliver(frame: i, e) }
                } catch {
                    fail(error)
                }
            }
            let done = lock.withLock { delivered += 1; return delivered }
            window.signal()
            if !failed { progress(done) }
        }
        deliverLock.unlock()
        // A frame that became ready while this thread was finishing must not be stranded.
        let pending = lock.withLock { delivered < order.count && ready[order[delivered]] != nil }
        if pending { deliverInOrder() }
    }
}

/// A failure to write output (a folder that can't be created, a full disk, a closed pipe, ffmpeg failing).
public struct OutputError: Error, CustomStringConvertible, Sendable {
    public var message: String
    /// The machine failed, not the input: a full disk, an I/O error, ffmpeg stopping or failing. The same
    /// command may succeed on another try or another machine (the command line exits 3, which a job controller
    /// retries); every other output error would fail again (exit 2).
    public var retryable: Bool
    public init(_ message: String, retryable: Bool = false) {
        self.message = message
        self.retryable = retryable
    }
    public var description: String { message }

    /// Whether a failed write's errno is the machine's (space, quota, I/O, memory, descriptors), not the path's.
    public static func isMachine(errno e: Int32) -> Bool {
        [ENOSPC, EDQUOT, EIO, ENOMEM, EAGAIN, EMFILE, ENFILE].contains(e)
    }
}

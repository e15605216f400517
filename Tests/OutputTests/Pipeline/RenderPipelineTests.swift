import Dispatch
import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The pipeline's scheduling: frames reach the sinks in order whatever order their encodes end in, a frame's
/// buffer is free for the next render as soon as its encode ends, and encoders run nicer than the render.
@Suite struct RenderPipelineTests {
    /// Frame 0's encode does not end until frame 2's has started. Two frame buffers, two encoders: frame 2 can
    /// only be rendered into the buffer frame 1 returned, while frame 0 is still encoding and undelivered. With
    /// buffers released at delivery (`waiting = 0`, the pipeline before) frame 2 waits for frame 0, which waits
    /// for frame 2: the 10 s timeout below ends that, and the test fails.
    @Test func aFrameStartsWhileAnEarlierOneIsStillEncoding() throws {
        let doc = try SceneDecoder(scale: 0.1).decode(text: CancellationTests.longScene)
        let sink = HoldingSink(holding: 0, until: 2)
        var pipeline = RenderPipeline(document: doc, workers: Workers(2))
        (pipeline.inFlight, pipeline.encoders) = (2, 2)
        pipeline.waiting = 1
        let report = try pipeline.run(frames: [0, 1, 2, 3, 4], sinks: [sink])
        #expect(report.frames == 5)
        #expect(!sink.timedOut, "frame 2 did not start while frame 0 was encoding")
        #expect(sink.delivered == [0, 1, 2, 3, 4])
        #expect(sink.deliveredBytes == [[0], [1], [2], [3], [4]])
    }

    /// The same frames with one buffer and no waiting room: everything in order, one frame at a time.
    @Test func oneFrameInFlightStillDeliversInOrder() throws {
        let doc = try SceneDecoder(scale: 0.1).decode(text: CancellationTests.longScene)
        let sink = HoldingSink(holding: nil, until: 0)
        var pipeline = RenderPipeline(document: doc, workers: Workers(2))
        (pipeline.inFlight, pipeline.waiting, pipeline.encoders) = (1, 0, 3)
        _ = try pipeline.run(frames: Array(0..<8), sinks: [sink])
        #expect(sink.delivered == Array(0..<8))
        #expect(sink.maxEncodingAtOnce == 1)
    }

    /// A sink that encodes from the float frame (as `--video` does) and whose delivery blocks for a while (as a
    /// write to ffmpeg's full pipe does): the render still draws into the buffers of the pool, never into a copy.
    /// A second reference to a buffer that outlives its return to the pool makes the next render copy it on
    /// write into fresh memory (a 47 MB frame at the showcase's size: 450k page faults in 120 frames against
    /// 24k); the frames then come in more than `inFlight` distinct buffers, and this fails.
    @Test func aBufferBackInThePoolIsDrawnIntoNotCopied() throws {
        let doc = try SceneDecoder(scale: 0.1).decode(text: CancellationTests.longScene)
        let sink = AddressSink()
        var pipeline = RenderPipeline(document: doc, workers: Workers(2))
        (pipeline.inFlight, pipeline.encoders) = (2, 2)
        _ = try pipeline.run(frames: Array(0..<12), sinks: [sink])
        #expect(sink.delivered == Array(0..<12))
        #expect(sink.addresses.count <= 2, "frames were drawn into \(sink.addresses.count) buffers, not the pool's 2")
    }

    /// Records the address of each frame's pixels; each delivery takes 20 ms.
    final class AddressSink: FrameSink, @unchecked Sendable {
        private let lock = NSLock()
        private var seen: Set<UInt> = []
        private var _delivered: [Int] = []
        var addresses: Set<UInt> { lock.withLock { seen } }
        var delivered: [Int] { lock.withLock { _delivered } }

        func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame {
            let address = image.withUnsafePixels { UInt(bitPattern: $0.baseAddress) }
            lock.withLock { _ = seen.insert(address) }
            return EncodedFrame(bytes: [UInt8(index)])
        }

        func deliver(frame index: Int, _ encoded: EncodedFrame) throws(OutputError) {
            Thread.sleep(forTimeInterval: 0.02)
            lock.withLock { _delivered.append(index) }
        }

        func finish() throws(OutputError) {}
        func abort() {}
    }

    #if os(Linux)
    /// Encoder threads run `EncoderPool.niceness` steps nicer than the thread that started them (capped at 19).
    /// Fails when `lowerPriority` is not called or does nothing. Linux only, where nice values are per thread.
    @Test func encodersRunNicerThanTheRender() {
        let mine = EncoderPool.currentNiceness
        let pool = EncoderPool(threads: 2)
        let seen = Seen()
        for _ in 0..<2 { pool.submit { _ in seen.add(EncoderPool.currentNiceness) } }
        pool.finish()
        #expect(seen.values == [min(19, mine + EncoderPool.niceness), min(19, mine + EncoderPool.niceness)])
        #expect(EncoderPool.niceness > 0)
        #expect(EncoderPool.currentNiceness == mine, "the calling thread's priority must not change")
    }
    #endif

    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Int32] = []
        func add(_ v: Int32) { lock.withLock { list.append(v) } }
        var values: [Int32] { lock.withLock { list } }
    }

    /// Encodes a frame as its index in one byte; the encode of frame `holding` blocks until frame `until`'s
    /// encode has begun (at most 10 s).
    final class HoldingSink: FrameSink, @unchecked Sendable {
        let holding: Int?
        let until: Int
        private let lock = NSLock()
        private let started = DispatchSemaphore(value: 0)
        private var encoding = 0
        private(set) var maxEncodingAtOnce = 0
        private var _timedOut = false
        private var _delivered: [Int] = []
        private var _bytes: [[UInt8]] = []

        init(holding: Int?, until: Int) {
            self.holding = holding
            self.until = until
        }

        var timedOut: Bool { lock.withLock { _timedOut } }
        var delivered: [Int] { lock.withLock { _delivered } }
        var deliveredBytes: [[UInt8]] { lock.withLock { _bytes } }

        func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame {
            lock.withLock {
                encoding += 1
                maxEncodingAtOnce = max(maxEncodingAtOnce, encoding)
            }
            defer { lock.withLock { encoding -= 1 } }
            if index == until { started.signal() }
            if index == holding, started.wait(timeout: .now() + 10) == .timedOut {
                lock.withLock { _timedOut = true }
            }
            return EncodedFrame(bytes: [UInt8(index)])
        }

        func deliver(frame index: Int, _ encoded: EncodedFrame) throws(OutputError) {
            lock.withLock {
                _delivered.append(index)
                _bytes.append(encoded.bytes)
            }
        }

        func finish() throws(OutputError) {}
        func abort() {}
    }
}

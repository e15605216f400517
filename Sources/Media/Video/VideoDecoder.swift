import Foundation
import Raster

/// A backdrop video's frames, decoded ahead of the render on a thread of their own: ffmpeg (in a process group
/// of its own, `ProcessGroup(reading:)`) decodes the stream from its first frame to yuv420p at its nominal
/// rate and writes the frames to a pipe; the thread reads them in order, makes each frame a render asks for
/// into the placed backdrop (`make`, run here, off the render's critical path) and queues it. The queue holds
/// at most `depth` frames, so ffmpeg waits on the pipe when the render falls behind.
///
/// Frames come in order only: `frame(k)` skips (reads and drops, never `make`s) the frames before k, and a
/// decoder that has passed k cannot go back (`canServe`): the caller starts a new one, which decodes from the
/// clip's first frame again. Decoding from the start and dropping, rather than seeking with `-ss`, makes the
/// frame a render of frames 50..59 sees the very frame a full run sees (the frame count and cost are bounded by
/// the scene limits' `videoFrames`). Past the end of the stream the last frame is held.
///
/// `cancel` (or deinit) kills the ffmpeg group at once; a `frame` waiting for the thread polls `stop` every
/// 50 ms, so a cancelled render stops waiting within that.
///
/// A frame the stream cannot deliver is an error, never a frame shown without its backdrop: ffmpeg that
/// cannot start, or whose output ends before frame k, fails `frame(k)` with its exit status and the last lines
/// of its stderr (`ErrorTail`), unless it exited 0 within a frame of the clip's N (ffprobe's packet count; the
/// `fps` filter may round the last frame away), where the held final frame is the timing rule's.
public final class VideoDecoder: @unchecked Sendable {
    /// Frames decoded ahead: 4 keeps ffmpeg and the render overlapped on two cores (a frame of decode is a
    /// small part of a frame of render); each costs one placed frame of memory (`MemoryEstimate`).
    public static let depth = 4
    /// Buffers of frames shown, kept to be made into again (`recycle`): the decoder's thread takes one per frame
    /// it makes, and the render gives one back per frame it moves on from, so two cover the two running apart.
    public static let spares = 2

    public let source: VideoStream
    private let stream: Stream

    /// What turns a frame's yuv420p bytes into what `frame` returns, writing into the buffer of a frame already
    /// shown when there is one (`recycle`).
    public typealias Make = @Sendable (UnsafeRawBufferPointer, _ reusing: inout Framebuffer?) -> Framebuffer

    /// Starts decoding `source` with its ffmpeg (`VideoStream.decoder`) for frames from `first` on.
    public init(_ source: VideoStream, first: Int, make: @escaping Make) throws(VideoError) {
        self.source = source
        // ffmpeg's messages go to a pipe, whose tail a failure quotes: no file, which a process that exits
        // without dropping its decoder would leave behind.
        let process: ProcessGroup
        do {
            process = try ProcessGroup(reading: source.decoder, arguments: Self.arguments(source))
        } catch {
            throw VideoError("ffmpeg could not be started (\(error.message))")
        }
        stream = Stream(process: process, first: first, frameCount: source.frameCount, errors: process.errors, file: source.file)
        // The thread holds the stream, not the decoder, so that dropping the decoder cancels it.
        let stream = self.stream, bytes = source.frameBytes
        Thread.detachNewThread { stream.decode(frameBytes: bytes, make: make) }
    }

    deinit { stream.cancel() }

    /// ffmpeg's arguments: the first video stream, made constant-rate at its own nominal rate by the `fps`
    /// filter (a no-op for a constant-rate stream), written as the decoder's own yuv420p (or yuvj420p: the
    /// same planes) so that nothing converts it, with timestamps passed through.
    static func arguments(_ s: VideoStream) -> [String] {
        ["-nostdin", "-hide_banner", "-loglevel", "error", "-i", s.file, "-map", "0:v:0", "-an", "-sn", "-dn",
         "-vf", "fps=\(s.rate)", "-vsync", "passthrough", "-f", "rawvideo", "-pix_fmt", s.pixelFormat, "pipe:1"]
    }

    /// Whether `frame(k)` can still be answered: k is not before a frame already passed.
    public func canServe(_ k: Int) -> Bool { stream.canServe(k) }

    /// The made frame k (past the end of the stream, its final frame), waiting for the thread; nil when `stop()`
    /// became true first. Throws ffmpeg's failure when the stream ended without frame k (see above).
    public func frame(_ k: Int, stop: () -> Bool) throws(VideoError) -> Framebuffer? { try stream.frame(k, stop: stop) }

    /// Kills ffmpeg's group and ends the thread.
    public func cancel() { stream.cancel() }

    /// Gives back the pixels of a frame no longer shown, for a later frame to be made into: a video frame
    /// placed on a 1170 x 2532 canvas is 47 MB, whose fresh allocation (zeroed pages, faulted in) cost more
    /// than resampling into it.
    public func recycle(_ pixels: Framebuffer) { stream.recycle(pixels) }

    /// ffmpeg's process (and group) id.
    public var pid: pid_t { stream.pid }

    /// The queue between the thread and the render, and ffmpeg.
    final class Stream: @unchecked Sendable {
        private let process: ProcessGroup
        private let condition = NSCondition()
        /// Made frames by video frame index, oldest first.
        private var queue: [(index: Int, pixels: Framebuffer)] = []
        /// The first frame the render still wants: earlier ones are read and dropped, not made.
        private var wanted: Int
        /// The index of the next frame ffmpeg will deliver.
        private var next = 0
        /// The last frame handed out.
        private var last: (index: Int, pixels: Framebuffer)?
        private var ended = false
        /// ffmpeg's exit status once its output ended (128 + a signal's number); nil while it runs, and when it
        /// had not exited `exitWait` seconds after its output ended.
        private var status: Int32?
        /// N: the clip's frames, which a stream that ends cleanly delivers (within one).
        private let frameCount: Int
        /// ffmpeg's stderr, and the reasons read from it once its output ended (for a failure's message).
        private let errors: ErrorTail
        private let file: String
        private var reasons: [String] = []
        private var cancelled = false
        /// Buffers of frames shown, to be made into again (at most `VideoDecoder.spares`).
        private var spares: [Framebuffer] = []

        var pid: pid_t { process.pid }

        /// Seconds ffmpeg may take to exit after its output ended: it closes its output as it exits.
        static let exitWait = 2.0

        init(process: ProcessGroup, first: Int, frameCount: Int, errors: ErrorTail, file: String) {
            (self.process, wanted, self.frameCount, self.errors, self.file) = (process, first, frameCount, errors, file)
        }

        /// The thread: reads frame after frame, makes the wanted ones and queues them (waiting while the queue
        /// is full), until the stream ends or the decoder is cancelled. The stream's final frame is made at its
        /// end if it was dropped, so that a request past the end gets it whichever frames came before.
        func decode(frameBytes: Int, make: Make) {
            var raw = [UInt8](repeating: 0, count: frameBytes), previous = raw
            var previousDropped = false
            while true {
                let n = raw.withUnsafeMutableBytes { b in (try? process.read(into: b) { [self] in condition.withLock { cancelled } }) ?? 0 }
                condition.lock()
                if n < frameBytes || cancelled {
                    let stopped = cancelled
                    condition.unlock()
                    var none: Framebuffer?
                    let final = previousDropped && next > 0 && !stopped ? previous.withUnsafeBytes { make($0, &none) } : nil
                    let status = stopped ? nil : process.wait(timeout: Self.exitWait)
                    let reasons = stopped ? [] : Self.reasons(errors.text(waiting: 0.5), file: file)
                    condition.withLock {
                        if let final { queue.append((next - 1, final)) }
                        (self.status, self.reasons, ended) = (status, reasons, true)
                        condition.broadcast()
                    }
                    return
                }
                while !cancelled && next >= wanted && queue.count >= VideoDecoder.depth { condition.wait() }
                let drop = next < wanted
                var spare = drop ? nil : spares.popLast()
                condition.unlock()
                let made = drop ? nil : raw.withUnsafeBytes { make($0, &spare) }
                condition.lock()
                if let made { queue.append((next, made)) }
                next += 1
                condition.broadcast()
                condition.unlock()
                previousDropped = drop
                swap(&raw, &previous)
            }
        }

        /// The reasons in the last three lines of ffmpeg's messages (`VideoProbe.reasons`: without its
        /// "[h264 @ 0x...]" prefixes and the file's name, each once); "Last message repeated n times" repeats one
        /// already there.
        static func reasons(_ messages: String, file: String) -> [String] {
            let lines = messages.split(separator: "\n").filter { !$0.contains("Last message repeated") }.suffix(3)
            return VideoProbe.reasons(lines.joined(separator: "\n"), path: file)
        }

        func recycle(_ pixels: Framebuffer) {
            condition.withLock { if spares.count < VideoDecoder.spares { spares.append(pixels) } }
        }

        public func canServe(_ k: Int) -> Bool { condition.withLock { k >= wanted || last?.index == k } }

        func frame(_ k: Int, stop: () -> Bool) throws(VideoError) -> Framebuffer? {
            condition.lock()
            defer { condition.unlock() }
            wanted = max(wanted, k)
            condition.broadcast()
            while true {
                if ended, !cancelled, let failure = failure(k) { throw failure }
                let target = ended ? min(k, next - 1) : k
                if let last, last.index == target { return last.pixels }
                while let f = queue.first, f.index < target { queue.removeFirst() }
                if let f = queue.first, f.index == target {
                    queue.removeFirst()
                    condition.broadcast()
                    last = f
                    return f.pixels
                }
                if ended && !cancelled { throw VideoError("ffmpeg's frame \(target) was lost") }
                if cancelled || stop() { return nil }
                _ = condition.wait(until: Date().addingTimeInterval(0.05))
            }
        }

        /// Why the ended stream cannot give frame k (the caller holds the lock), nil when it can: ffmpeg
        /// delivered k, or it exited 0 within a frame of the clip's N frames (the final one is then held).
        private func failure(_ k: Int) -> VideoError? {
            guard k >= next else { return nil }
            let delivered = "after \(next) of the clip's \(frameCount) frames" + (reasons.isEmpty ? "" : " ('\(reasons.joined(separator: "; "))')")
            switch status {
            case nil: return VideoError("ffmpeg's output ended \(delivered) and it did not exit within \(VideoProbe.formatSeconds(Self.exitWait)) s")
            case 0? where next > 0 && next >= frameCount - 1: return nil
            case 0?: return VideoError("ffmpeg delivered no more frames \(delivered) and exited 0")
            case let s? where s > 128: return VideoError("ffmpeg was killed by signal \(s - 128) \(delivered)")
            case let s?: return VideoError("ffmpeg stopped with exit status \(s) \(delivered)")
            }
        }

        func cancel() {
            condition.withLock {
                cancelled = true
                condition.broadcast()
            }
            process.kill(grace: 0)
        }
    }
}

/// What `VideoDecoder` decodes: a stream already probed and checked (a decoded scene's `VideoSource` gives one).
public struct VideoStream: Sendable, Equatable {
    public let file: String
    /// The ffmpeg executable that decodes it.
    public let decoder: String
    public let width: Int
    public let height: Int
    /// "yuv420p" or "yuvj420p": the decoder's own output, handed over unconverted.
    public let pixelFormat: String
    /// The nominal frame rate as ffmpeg's `fps` filter is given it: the exact fraction "num/den".
    public let rate: String
    /// N: the frames of the stream (its packets, counted by ffprobe).
    public let frameCount: Int

    public init(file: String, decoder: String, width: Int, height: Int, pixelFormat: String, rate: String, frameCount: Int) {
        (self.file, self.decoder, self.width, self.height) = (file, decoder, width, height)
        (self.pixelFormat, self.rate, self.frameCount) = (pixelFormat, rate, frameCount)
    }

    /// Bytes of one decoded frame (yuv420p).
    public var frameBytes: Int { YUV420.byteCount(width: width, height: height) }
}

import Foundation
import SceneFormat
import Compose
import Output

/// Playback's render-ahead thread: a frame asked for with `play` sets it drawing the frames after that one (up
/// to `seconds` of the timeline, at least 8 frames, never past the last) with the same tilt and switches, one at
/// a time, so the page's next requests are answered from the frame cache while the renderer works on the frames
/// after them. Any other frame request stops it (a tilt drag must not wait behind frames nobody asked for).
///
/// Page requests come first: the thread starts no frame while one waits for the render lock (NSLock is not
/// fair: the thread could take the lock back frame after frame while a request waits), and a request for the
/// frame the thread is drawing waits for it rather than draw it again.
final class RenderAhead: @unchecked Sendable {
    /// How far playback renders ahead of the frame on screen: one second of the timeline (at least 8 frames).
    static let seconds = 1.0
    /// Where each session's render-ahead loop runs (a concurrent queue: one blocked loop per session).
    private static let queue = DispatchQueue(label: "forkrender preview render-ahead", qos: .userInitiated, attributes: .concurrent)

    struct Job {
        var template: FrameRequest
        var next: Int
        var last: Int
    }
    /// Guards everything below; the thread waits on it.
    let condition = NSCondition()
    /// The frames to render ahead.
    var job: Job?
    /// The frame the thread is drawing now.
    var rendering: FrameRequest?
    /// Page requests waiting for the render lock.
    private var pageWaiting = 0
    private var started = false
    /// Set by `stop`: the loop ends and starts no frame.
    private var stopped = false
    /// Draws one frame for the thread (unless cached or no longer `wanted`); false when its session is gone.
    private var draw: (@Sendable (FrameRequest) -> Bool)?

    /// Asks for the frames after `r` (same tilt and switches) of a timeline of `frameCount` frames at `fps`;
    /// `draw` draws one of them.
    func start(after r: FrameRequest, frameCount: Int, fps: Double, draw: @escaping @Sendable (FrameRequest) -> Bool) {
        let window = max(8, Int(Self.seconds * fps))
        condition.lock()
        defer { condition.unlock() }
        let last = min(frameCount - 1, r.frame + window)
        job = r.frame < last ? Job(template: r, next: r.frame + 1, last: last) : nil
        self.draw = draw
        if job != nil && !started {
            started = true
            // The loop holds the thread's state only while it works; it ends within a second of the session's end.
            Self.queue.async { [weak self] in
                while let s = self, s.step() {}
            }
        }
        condition.broadcast()
    }

    /// Drops the frames not drawn yet.
    func cancel() {
        condition.lock()
        job = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Ends rendering ahead for good, for the end of the process: the loop starts no new frame, and the one it
    /// draws ends within a band once the workers' cancellation is raised.
    func stop() {
        condition.lock()
        stopped = true
        job = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `body` (which takes the render lock) ahead of the thread: waits while the thread draws `r` itself and
    /// keeps the thread from starting a frame until `body` is done.
    func pageRequest<T, E: Error>(for r: FrameRequest, _ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        while rendering == r { condition.wait() }
        pageWaiting += 1
        condition.unlock()
        defer {
            condition.lock()
            pageWaiting -= 1
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// Whether `r` is the frame the thread is to draw next (a reload or another request may have come while it
    /// waited for the render lock).
    func isWanted(_ r: FrameRequest) -> Bool {
        condition.withLock {
            guard let j = job else { return false }
            var t = j.template
            t.frame = r.frame
            return t == r && j.next == r.frame
        }
    }

    /// One turn of the thread: waits up to a second for work (and while a page request waits for the render
    /// lock), draws one frame. Returns true to be called again.
    private func step() -> Bool {
        condition.lock()
        if job == nil || pageWaiting > 0 { _ = condition.wait(until: Date(timeIntervalSinceNow: pageWaiting > 0 ? 0.05 : 1)) }
        guard var r = job?.template, let j = job, let draw, pageWaiting == 0, !stopped else {
            let more = !stopped
            condition.unlock()
            return more
        }
        r.frame = j.next
        rendering = r
        condition.unlock()
        let alive = draw(r)
        condition.lock()
        if var now = job, now.template == j.template, now.next == j.next {
            now.next += 1
            job = now.next <= now.last ? now : nil
        }
        rendering = nil
        condition.broadcast()
        condition.unlock()
        return alive
    }
}

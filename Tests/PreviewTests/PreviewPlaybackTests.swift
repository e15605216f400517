import Foundation
import Testing
@testable import Preview
import Raster
import SceneFormat
import Compose
import Output

/// Playback renders ahead into a bounded cache, with the physics kept, and the frames it renders ahead are the
/// command line's own bytes.
@Suite("Preview playback", .serialized)
struct PreviewPlaybackTests {
    /// `forkrender scene.json --scale 1 --frames a..b -o folder`: the real binary's files, by frame.
    static func cliFrames(_ file: String, _ frames: ClosedRange<Int>, extra: [String] = []) throws -> [Int: [UInt8]] {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-cli-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try PreviewProcess.run(PreviewProcess.binary.path, [file, "--scale", "1", "--frames", "\(frames.lowerBound)..\(frames.upperBound)",
                                                                    "-o", out, "-q", "--threads", "2"] + extra, timeout: 120)
        #expect(r.status == 0, "\(r.err)")
        var files: [Int: [UInt8]] = [:]
        for i in frames {
            files[i] = FileManager.default.contents(atPath: out + String(format: "/%04d.png", i)).map([UInt8].init)
        }
        return files
    }

    @Test("A frame asked for while playing renders the next second ahead; those frames are the CLI's bytes and come from the cache")
    func rendersAhead() throws {
        let f = try Fixture("ahead")
        let first = f.get("/frame.png", [("frame", "10"), ("play", "true")])
        #expect(first.status == 200)
        #expect(f.session.waitForRenderAhead(timeout: 120))
        // One second at 30 fps after frame 10: frames 11 to 40, all in the cache, the physics never replayed.
        let window = 11...40
        for i in window { #expect(f.session.cache.contains(FrameRequest(frame: i)), "frame \(i) was not rendered ahead") }
        #expect(!f.session.cache.contains(FrameRequest(frame: 41)))
        #expect(f.session.restarts == 0)
        let cli = try Self.cliFrames(f.file, 10...40)
        #expect(first.body == cli[10])
        for i in window {
            // The compositor has reached frame 40: answering frame i by rendering would restart it from t = 0.
            let r = f.get("/frame.png", [("frame", "\(i)"), ("play", "true")])
            #expect(r.body == cli[i], "frame \(i) rendered ahead differs from forkrender's")
        }
        #expect(f.session.restarts == 0)
        // Scrubbing forward past the cached frames continues the same simulation.
        #expect(f.get("/frame.png", [("frame", "47")]).body == (try f.reference(frame: 47)))
        #expect(f.session.restarts == 0)
    }

    @Test("Rendering ahead keeps the tilt and switches of the frame asked for, and any other request stops it")
    func aheadFollowsTheRequest() throws {
        let f = try Fixture("ahead-tilt")
        let tilt = [("pitch", "0.3"), ("roll", "-0.5"), ("tier", "liquid")]
        #expect(f.get("/frame.png", [("frame", "100"), ("play", "1")] + tilt).status == 200)
        #expect(f.session.waitForRenderAhead(timeout: 120))
        let held = FrameRequest(frame: 119, tilt: Tilt(pitch: 0.3, roll: -0.5), settings: PreviewSettings(platform: .ios26))
        #expect(f.session.cache.contains(held), "rendering ahead stops at the last frame, with the request's tilt and tier")
        #expect(f.get("/frame.png", [("frame", "119"), ("play", "1")] + tilt).body ==
                (try f.reference(frame: 119, tilt: Tilt(pitch: 0.3, roll: -0.5))))
        // A play request, then at once a request without play (a scrub): the window after frame 50 is abandoned.
        #expect(f.get("/frame.png", [("frame", "50"), ("play", "true")]).status == 200)
        #expect(f.get("/frame.png", [("frame", "51")]).status == 200)
        #expect(f.session.waitForRenderAhead(timeout: 120))
        #expect(!f.session.cache.contains(FrameRequest(frame: 70)) && !f.session.cache.contains(FrameRequest(frame: 80)))
        #expect(f.get("/frame.png", [("frame", "5"), ("play", "maybe")]).text.hasPrefix("play 'maybe' is not true or false"))
        #expect(f.get("/lint", [("frame", "5"), ("play", "true")]).status == 400)
    }

    @Test("The frame cache holds its byte budget, dropping the least recently used frame first")
    func cacheBudget() {
        let cache = FrameCache(budget: 250)
        let a = FrameRequest(frame: 0), b = FrameRequest(frame: 1), c = FrameRequest(frame: 2)
        cache.insert([UInt8](repeating: 1, count: 100), for: a)
        cache.insert([UInt8](repeating: 2, count: 100), for: b)
        #expect(cache[a]?.first == 1)  // a is now the most recently used
        cache.insert([UInt8](repeating: 3, count: 100), for: c)
        #expect(cache.contains(a) && !cache.contains(b) && cache.contains(c))
        #expect(cache.usage.bytes == 200 && cache.usage.frames == 2)
        cache.insert([UInt8](repeating: 4, count: 120), for: a)
        #expect(cache.usage.bytes == 220 && cache[a]?.first == 4)
        #expect(FrameCache().budget == 64 << 20)
    }
}

import Foundation
import Testing
import Raster
import ChildProcess
@testable import SceneFormat
@testable import Compose
@testable import Output
import Media

/// A video backdrop through the compositor: frame n shows the video frame the timing rule picks, whatever
/// frames a run renders, on any thread count and in shards; the clip loops or holds its last frame; a scene
/// frame that shows the same video frame as the one before changes nothing.
@Suite struct BackdropVideoTests {
    static let clip = AllScenesTests.root.appendingPathComponent("scenes/backdrops/pan.mp4").path

    /// scenes/backdrop-video.json (90 frames at 30 fps over a 60-frame clip, looping) at `scale`.
    static func scene(scale: Float = 0.25) throws -> SceneDocument {
        try SceneDecoder(scale: scale).decode(file: AllScenesTests.root.appendingPathComponent("scenes/backdrop-video.json").path)
    }

    /// A bare scene over the clip with `backdrop` keys added, at a quarter of a point per pixel.
    static func document(_ backdrop: String, duration: Double = 3, fps: Double = 30) throws -> SceneDocument {
        try SceneDecoder(scale: 0.25).decode(text: #"{"duration": \#(duration), "fps": \#(fps), "plane": {"backdrop": {"video": "\#(clip)", "dots": false\#(backdrop)}}}"#)
    }

    @Test func theClipIsDescribedByFFprobe() throws {
        let v = try #require(try Self.scene().plane.backdrop?.video)
        #expect(v.width == 130 && v.height == 196 && v.frameCount == 60 && v.codec == "h264" && v.pixelFormat == "yuv420p")
        #expect(v.rate == "30/1" && v.colors == VideoColors(matrix: .bt601, fullRange: false))
        #expect(MemoryEstimate(try Self.scene()).parts.contains { $0.what.hasPrefix("backdrop video (130 x 196 px, 4 frames decoded ahead") })
    }

    /// The estimate counts every placed frame the decoder can hold at once: the queue, the one shown, and the two
    /// shown before kept to be made into again (`VideoDecoder.recycle`); and the resample's columns-first pass
    /// (placed width x the video's rows) beside the frame being made.
    @Test func theEstimateCountsEveryBufferOfTheDecoder() throws {
        let doc = try Self.scene(scale: 1)
        let v = try #require(doc.plane.backdrop?.video), placement = try #require(doc.plane.backdrop?.placement)
        let placed = placement.intersection(PixelRect(x: 0, y: 0, width: doc.canvas.pixelWidth, height: doc.canvas.pixelHeight))
        let part = try #require(MemoryEstimate(doc).parts.first { $0.what.hasPrefix("backdrop video") })
        let buffers = Double(VideoDecoder.depth + 1 + 2) * Double(placed.width * placed.height) * 16
        let making = Double(v.width * v.height) * (2 * 1.5 + 4 + 16) + Double(placed.width * v.height) * 16
        #expect(part.bytes >= buffers + making, "\(part.what): \(part.bytes) B")
    }

    /// The timing rule in integers: start rounded to the nearest video frame, loop and hold, non-integer rates.
    @Test func theTimingRuleIsExact() throws {
        let loop = try #require(try Self.document("").plane.backdrop?.video)
        #expect((0..<200).map(loop.frame(forSceneFrame:)) == (0..<200).map { $0 % 60 })
        let hold = try #require(try Self.document(#", "loop": false"#).plane.backdrop?.video)
        #expect((0..<200).map(hold.frame(forSceneFrame:)) == (0..<200).map { min($0, 59) })
        // start 1/60 s is half a video frame: rounded up to frame 1; just under it, frame 0.
        #expect(try Self.document(#", "start": 0.016666666666666667"#).plane.backdrop?.video?.frame(forSceneFrame: 0) == 1)
        #expect(try Self.document(#", "start": 0.0166"#).plane.backdrop?.video?.frame(forSceneFrame: 0) == 0)
        #expect(try Self.document(#", "start": 1.5"#).plane.backdrop?.video?.frame(forSceneFrame: 20) == 5)
        // 60 fps over the 30 fps clip shows each video frame twice; 29.97 fps is 2997/100 exactly.
        let double = try #require(try Self.document("", duration: 1, fps: 60).plane.backdrop?.video)
        #expect((0..<8).map(double.frame(forSceneFrame:)) == [0, 0, 1, 1, 2, 2, 3, 3])
        let ntsc = try #require(try Self.document("", duration: 40, fps: 29.97).plane.backdrop?.video)
        #expect(ntsc.sceneRate == (2997, 100))
        #expect(ntsc.frame(forSceneFrame: 999) == (999 * 30 * 100 / 2997) % 60)
    }

    /// Scene rates that are no decimal of three places are exact fractions too: at 1/3 fps frame 100 is at 300 s,
    /// video frame 9,000 (0 of the looped 60), and at 100/9 fps frame 10 is at 0.9 s, video frame 27.
    @Test func anyDecimalRateIsItsExactFraction() throws {
        #expect(VideoSource.fraction(1.0 / 3) == (1, 3) && VideoSource.fraction(100.0 / 9) == (100, 9))
        #expect(VideoSource.fraction(30000.0 / 1001) == (30000, 1001) && VideoSource.fraction(0.001) == (1, 1000))
        #expect(VideoSource.fraction(29.97) == (2997, 100) && VideoSource.fraction(1000) == (1000, 1))
        let third = try #require(try Self.document("", duration: 600, fps: 1.0 / 3).plane.backdrop?.video)
        #expect(third.frame(forSceneFrame: 100) == 9000 % 60 && third.frame(forSceneFrame: 179) == (179 * 90) % 60)
        let ninth = try #require(try Self.document("", duration: 600, fps: 100.0 / 9).plane.backdrop?.video)
        #expect((0..<6000).allSatisfy { ninth.frame(forSceneFrame: $0) == ($0 * 30 * 9 / 100) % 60 })
    }

    /// A running decoder leaves no file of its own behind: one that outlived a process ending without dropping
    /// its decoder (an exit, Ctrl-C) would stay in the temporary folder. ffmpeg's stderr is a pipe (`ErrorTail`).
    @Test func theDecoderKeepsNoFile() throws {
        let doc = try Self.document("")
        var c = Compositor(document: doc, workers: Workers(2))
        _ = c.render(frame: 0)
        #if os(Linux)
        let pid = try #require(c.state.backdrop.store.access { $0.video?.pid })
        let stderr = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/2")
        #expect(stderr.hasPrefix("pipe:"), "ffmpeg's stderr is \(stderr)")
        #endif
        let mine = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("forkrender-decode-\(getpid())-") }
        #expect(mine.isEmpty, "\(mine)")
        withExtendedLifetime(c) {}
    }

    @Test func framesAreIdenticalForAnyRangeThreadsAndShards() throws {
        let doc = try Self.scene()
        let one = BackdropCompositingTests.hashes(doc, 0..<90, threads: 1)
        #expect(Set(one).count >= 59, "the clip must move in every video frame")
        #expect(one[60] == one[0] && one[75] == one[15], "the clip loops after 60 frames")
        for k in [0, 25, 50, 55, 62] {
            #expect(BackdropCompositingTests.hashes(doc, k..<k + 10, threads: 1) == Array(one[k..<k + 10]), "frames \(k)..\(k + 9) alone")
        }
        for threads in [2, 8] { #expect(BackdropCompositingTests.hashes(doc, 0..<90, threads: threads) == one, "\(threads) threads") }
        let shards = stride(from: 0, to: 90, by: 23).flatMap { BackdropCompositingTests.hashes(doc, $0..<min(90, $0 + 23), threads: 2) }
        #expect(shards == one, "four shards")
    }

    @Test func aHeldClipShowsItsLastFrame() throws {
        let doc = try Self.document(#", "loop": false"#)
        let h = BackdropCompositingTests.hashes(doc, 55..<70, threads: 2)
        #expect(Set(h[4...]).count == 1, "frames 59..69 all show video frame 59")
        #expect(h[3] != h[4])
        #expect(BackdropCompositingTests.hashes(doc, 80..<82, threads: 1) == [h[4], h[4]], "a run starting past the end holds too")
    }

    /// At 60 fps each video frame is shown twice: the second showing marks nothing changed, a new frame marks
    /// the placed rectangle (the whole canvas: the clip covers it).
    @Test func onlyANewVideoFrameMarksTheCanvasChanged() throws {
        let doc = try Self.document("", duration: 1, fps: 60)
        var c = Compositor(document: doc, workers: Workers(2))
        _ = c.render(frame: 0)
        let first = c.planeRecord
        _ = c.render(frame: 1)
        let second = c.planeRecord
        #expect(second.changedRows(since: first)?.pixelCount == 0)
        _ = c.render(frame: 2)
        #expect(c.planeRecord.changedRows(since: second)?.pixelCount == doc.canvas.pixelWidth * doc.canvas.pixelHeight)
    }

    /// A compositor dropped while its decoder runs ahead kills ffmpeg's group: the process is gone at once.
    @Test func droppingTheSessionKillsFFmpeg() throws {
        let doc = try Self.document("")
        var pid: pid_t = 0
        do {
            var c = Compositor(document: doc, workers: Workers(2))
            _ = c.render(frame: 0)
            pid = try #require(c.state.backdrop.store.access { $0.video?.pid })
            #expect(kill(pid, 0) == 0, "ffmpeg runs ahead")
        }
        let deadline = Date().addingTimeInterval(1)
        while kill(pid, 0) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(kill(pid, 0) != 0, "ffmpeg (pid \(pid)) outlived its session")
    }
}

/// A clip ffprobe passes and ffmpeg cannot decode to its end: the frame ffmpeg did not deliver is never drawn
/// without its backdrop in silence; it fails naming `plane.backdrop.video`, and a render publishes nothing of it.
@Suite struct BackdropVideoFailureTests {
    /// A clip ffmpeg stops decoding after its first frames (`DamagedVideo`), written under a name of its own
    /// (the tests run at once) and removed when `body` returns: no test leaves it in the temporary folder.
    static func withClip<R>(_ body: (String) throws -> R) throws -> R {
        let clip = try DamagedVideo.write(to: FileManager.default.temporaryDirectory
            .appendingPathComponent("forkrender-damaged-\(UUID().uuidString).mp4").path)
        defer { unlink(clip) }
        return try body(clip)
    }

    /// A second of the scene over the clip.
    static func withDocument<R>(_ body: (SceneDocument) throws -> R) throws -> R {
        try withClip { clip in
            try body(try SceneDecoder(scale: 0.25).decode(text: #"{"duration": 1, "fps": 30, "plane": {"backdrop": {"video": "\#(clip)"}}}"#))
        }
    }

    /// The first frame ffmpeg did not deliver, rendered frame by frame: every frame before it is whole.
    @Test func theFrameFFmpegDidNotDeliverFailsNamingThePath() throws { try Self.withDocument { doc in
        var c = Compositor(document: doc, workers: Workers(2))
        var failed: Int?
        for i in 0..<30 where failed == nil {
            do { _ = try c.renderWhole(frame: i) } catch let error as SceneError {
                failed = i
                #expect(error.path == "plane.backdrop.video", "\(error)")
                #expect(error.message.contains("has no frame \(i) for scene frame \(i): ffmpeg stopped with exit status "), "\(error.message)")
                #expect(error.message.contains("('") && error.message.contains("NAL unit"), "ffmpeg's reason: \(error.message)")
            }
        }
        let f = try #require(failed, "every frame was drawn")
        #expect(f > 0, "ffmpeg decodes the clip's first frames")
    } }

    /// Through the render pipeline into a PNG folder: the run throws the same error, and no frame from the
    /// first undecoded one on is written.
    @Test func aRenderPublishesNoFrameWithoutItsBackdrop() throws { try Self.withDocument { doc in
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-damaged-frames-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sink = try PNGFolderSink(folder: dir, settings: EncodeSettings(dither: doc.dither), frameCount: doc.frameCount)
        do {
            _ = try RenderPipeline(document: doc, workers: Workers(2)).run(frames: Array(0..<doc.frameCount), sinks: [sink])
            Issue.record("the render passed")
        } catch let error as OutputError {
            #expect(error.message.hasPrefix("plane.backdrop.video: ") && error.message.contains("ffmpeg stopped with exit status"), "\(error.message)")
            let frame = try #require(Int(error.message.split(separator: " ").first { Int($0) != nil } ?? ""))
            let written = try FileManager.default.contentsOfDirectory(atPath: dir)
            #expect(written.allSatisfy { Int($0.prefix(4)).map { $0 < frame } ?? false }, "\(written), failed at \(frame)")
        }
    } }
}

/// `plane.backdrop.video` at decode: bad files, budgets and exclusive keys, each refused with its JSON path.
@Suite struct BackdropVideoSectionTests {
    /// Bad video files, written at test time, with what the message must say: missing, a directory, random
    /// bytes, a truncated mp4, a PNG and a text file named .mp4, headers claiming 20000 x 20000 and 4096 x 4096
    /// pixels (YUV4MPEG, which ffprobe reads whatever the name), a clip of 36,001 frames, and a file a byte over
    /// the size limit, named directly and through a symbolic link.
    static func badFiles() throws -> [(file: String, reason: String)] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-backdrop-video-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        func write(_ name: String, _ data: Data) throws -> String {
            let url = dir.appendingPathComponent(name)
            // Atomically: HostileCorpusTests writes the same files while this suite reads them.
            try data.write(to: url, options: .atomic)
            return url.path
        }
        var random: UInt64 = 3
        let noise = Data((0..<5000).map { _ -> UInt8 in
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: random >> 56)
        })
        let clip = try Data(contentsOf: URL(fileURLWithPath: BackdropVideoTests.clip))
        let png = try Data(contentsOf: URL(fileURLWithPath: BackdropCompositingTests.list))
        // Over the size limit, sparse (nothing is written), named directly and through a relative symbolic link; made so
        // that another suite making them at the same time never sees them otherwise.
        let big = dir.appendingPathComponent("big.mp4").path, link = dir.appendingPathComponent("big-link.mp4").path
        let fd = open(big, O_WRONLY | O_CREAT, 0o644)
        defer { close(fd) }
        #expect(fd >= 0 && ftruncate(fd, off_t(SceneLimits.videoFileBytes + 1)) == 0)
        #expect(symlink("big.mp4", link) == 0 || errno == EEXIST)
        var long = Data("YUV4MPEG2 W2 H2 F60:1 Ip A1:1 C420jpeg\n".utf8)
        for _ in 0...SceneLimits.videoFrames { long.append(Data("FRAME\n".utf8) + Data(count: 6)) }
        return [(dir.appendingPathComponent("missing.mp4").path, "does not exist"),
                (dir.path, "is a directory"),
                (try write("random.mp4", noise), "cannot be read as a video: ffprobe says"),
                (try write("truncated.mp4", clip.prefix(clip.count / 2)), "is truncated or damaged: ffprobe read"),
                (try write("photo.mp4", png), "is png (png_pipe), not a video forkrender decodes exactly"),
                (try write("notes.mp4", Data("hello, world\n".utf8)), "cannot be read as a video"),
                (try write("giant.mp4", Data("YUV4MPEG2 W20000 H20000 F25:1 Ip A1:1 C420jpeg\nFRAME\n".utf8)), "Picture size 20000x20000 is invalid"),
                (try write("huge.mp4", Data("YUV4MPEG2 W4096 H4096 F25:1 Ip A1:1 C420jpeg\nFRAME\n".utf8)),
                 "of 4096 x 4096 pixels a frame is over the limit of 8294400 pixels"),
                (try write("long.mp4", long), "of 36001 frames is over the limit of 36000 frames"),
                (big, "of 1000000001 bytes is over the limit of 1000 MB"), (link, "of 1000000001 bytes is over the limit of 1000 MB")]
    }

    @Test func badFilesAreRefusedWithThePathAndTheReason() throws {
        for (file, reason) in try Self.badFiles() {
            do {
                _ = try SceneDecoder().decode(text: #"{"plane": {"backdrop": {"video": "\#(file)"}}}"#)
                Issue.record("\(file) was accepted")
            } catch {
                #expect(error.path == "plane.backdrop.video" && error.location != nil, "\(error)")
                #expect(error.message.contains(reason), "\(error.message)")
            }
        }
    }

    /// ffprobe's reading of scenes/backdrops/pan.mp4 with `changes` made: what `VideoCheck.check` is given.
    static func header(_ changes: [String: String]) -> VideoHeader {
        let clip = ["codec_name": "h264", "width": "130", "height": "196", "pix_fmt": "yuv420p", "r_frame_rate": "30/1",
                    "avg_frame_rate": "30/1", "nb_frames": "60", "nb_read_packets": "60", "duration": "2.000000"]
        return VideoHeader(fields: clip.merging(changes) { $1 })
    }

    static func check(_ changes: [String: String]) -> Result<VideoSource, VideoRefusal> {
        VideoCheck.check(header(changes), path: BackdropVideoTests.clip, name: "clip.mp4", start: 0, loop: true, fps: 30, decoder: "/usr/bin/ffmpeg")
    }

    /// Sides ffprobe reports as zero or negative (a hostile header), and a variable-rate stream: 20 packets whose
    /// timestamps span 56 frames at the nominal 30 fps (ffprobe's reading of a screen-recording-like clip: the
    /// decoder's `fps` filter delivers 56 frames, which a loop over N = 20 would cut to the first third).
    @Test(arguments: [
        (["width": "-2"], "has no picture size (ffprobe says -2 x 196)"),
        (["height": "0"], "has no picture size"),
        (["width": "-130", "height": "-196"], "has no picture size"),
        (["avg_frame_rate": "75/7", "nb_frames": "20", "nb_read_packets": "20", "duration": "1.866667"],
         "has a variable frame rate: at its nominal 30/1 fps its 20 frames span 56 frames"),
        (["avg_frame_rate": "60/1"], "its 60 frames span 30 frames"),
        (["color_space": "bt2020c"], "colour matrix 'bt2020c'"),
        (["color_space": "ycgco"], "colour matrix 'ycgco'"),
        (["color_space": "gbr"], "colour matrix 'gbr'"),
    ])
    func hostileHeadersAreRefused(changes: [String: String], reason: String) {
        switch Self.check(changes) {
        case .success(let v): Issue.record("\(changes) was accepted: \(v.width) x \(v.height), \(v.frameCount) frames")
        case .failure(let e): #expect(e.message.hasPrefix("video 'clip.mp4' ") && e.message.contains(reason), "\(e.message)")
        }
    }

    /// The matrix each `color_space` tag names; untagged, what players assume from the height; the range from
    /// its tag or the pixel format.
    @Test(arguments: [
        (["color_space": "bt709"], VideoColors(matrix: .bt709, fullRange: false)),
        (["color_space": "smpte170m"], VideoColors(matrix: .bt601, fullRange: false)),
        (["color_space": "bt470bg", "color_range": "pc"], VideoColors(matrix: .bt601, fullRange: true)),
        (["color_space": "smpte240m"], VideoColors(matrix: .smpte240m, fullRange: false)),
        (["color_space": "bt2020nc"], VideoColors(matrix: .bt2020, fullRange: false)),
        (["color_space": "fcc", "pix_fmt": "yuvj420p"], VideoColors(matrix: .fcc, fullRange: true)),
        (["color_space": "unknown"], VideoColors(matrix: .bt601, fullRange: false)),
        (["height": "720"], VideoColors(matrix: .bt709, fullRange: false)),
    ])
    func theColourTagsChooseTheConversion(changes: [String: String], conversion: VideoColors) throws {
        #expect(try Self.check(changes).get().colors == conversion)
    }

    /// Two readings of a video are equal only when every field is: here the colour conversion, the size or the
    /// codec alone differ.
    @Test func sourcesDifferingInAnyFieldAreUnequal() throws {
        let plain = try Self.check([:]).get()
        #expect(try Self.check([:]).get() == plain)
        for changes in [["color_space": "bt709"], ["width": "132"], ["codec_name": "hevc"], ["duration": "2.5"]] {
            #expect(try Self.check(changes).get() != plain, "\(changes)")
        }
    }

    /// Within a frame of the nominal rate (a last frame's duration rounded), or without an average, a stream is
    /// taken as constant-rate.
    @Test(arguments: ["30/1", "1800/61", "1800/59", "0/0", "N/A"])
    func aStreamWithinAFrameOfItsRateIsAccepted(average: String) throws {
        let v = try Self.check(["avg_frame_rate": average]).get()
        #expect(v.frameCount == 60 && v.rate == "30/1")
    }

    @Test(arguments: [
        (#""image": "x.png", "video": "\#(BackdropVideoTests.clip)""#, "plane.backdrop.video", "not both"),
        (#""video": "\#(BackdropVideoTests.clip)", "scroll": {"keyframes": [{"offset": [0, 0]}]}"#, "plane.backdrop.scroll", "does not scroll"),
        (#""image": "\#(BackdropCompositingTests.list)", "loop": false"#, "plane.backdrop.loop", "belongs to a video"),
        (#""video": "\#(BackdropVideoTests.clip)", "start": -1"#, "plane.backdrop.start", "from 0 to 600 s"),
        (#""video": "\#(BackdropVideoTests.clip)", "start": 1e308"#, "plane.backdrop.start", "from 0 to 600 s"),
        (#""video": "\#(BackdropVideoTests.clip)", "loop": 1"#, "plane.backdrop.loop", "true or false"),
    ])
    func keysAreChecked(keys: String, path: String, reason: String) {
        do {
            _ = try SceneDecoder().decode(text: #"{"plane": {"backdrop": {\#(keys)}}}"#)
            Issue.record("\(keys) was accepted")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }
}

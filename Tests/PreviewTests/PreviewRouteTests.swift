import Foundation
import Testing
@testable import Preview
import Raster
import SceneFormat
import Compose
import Output
import ChildProcess

/// A scene file in a fresh folder (the showcase unless told), and the routes over it; the folder is removed
/// with the fixture.
final class Fixture {
    let folder: URL
    let file: String
    let session: PreviewSession
    let routes: PreviewRoutes

    init(_ name: String, text: String = Showcase.json, export: Bool = false, copying: [(URL, String)] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-preview-\(name)-\(UUID().uuidString)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("scene.json").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        for (source, name) in copying { try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name)) }
        session = try PreviewSession(file: file, scale: 1, exportFolder: export ? folder.appendingPathComponent("export").path : nil,
                                     workers: Workers(2))
        routes = PreviewRoutes(session: session)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The port the fixture's requests claim to have come in on (no socket: the routes are called directly).
    static let port = 8040

    /// A GET as the page sends it: `Host: 127.0.0.1:8040`, no Origin (Chromium sends none on a same-origin GET).
    func get(_ path: String, _ args: [(String, String)] = []) -> PreviewResponse {
        routes.respond(PreviewRequest(path: path, arguments: args, headers: [("Host", "127.0.0.1:\(Self.port)")], port: Self.port))
    }

    /// A POST as the page's Export button sends it: its own Origin, Sec-Fetch-Site same-origin and the token.
    func post(_ path: String, _ args: [(String, String)] = []) -> PreviewResponse {
        let headers = [("Host", "127.0.0.1:\(Self.port)"), ("Origin", "http://127.0.0.1:\(Self.port)"),
                       ("Sec-Fetch-Site", "same-origin"), ("X-Forkrender-Token", routes.access.token)]
        return routes.respond(PreviewRequest(method: "POST", path: path, arguments: args, headers: headers, port: Self.port))
    }

    /// What `forkrender scene.json --scale 1` writes for frame `i` (a fresh compositor from t = 0).
    func reference(frame i: Int, tilt: Tilt? = nil, appearance: Appearance? = nil) throws -> [UInt8] {
        var decoder = SceneDecoder(scale: 1)
        decoder.tilt = tilt.map { .fixed($0) }
        decoder.appearance = appearance
        let doc = try decoder.decode(file: file)
        var c = Compositor(document: doc, workers: Workers(2))
        return try EncodeSettings(dither: doc.dither).pngBytes(c.render(frame: i))
    }
}

@Suite("Preview routes")
struct PreviewRouteTests {
    @Test("Bad parameters get 400 with a message that quotes them", arguments: [
        ([("frame", "120")], "frame '120' is out of range: expected a whole number from 0 to 119"),
        ([("frame", "-1")], "frame '-1' is out of range"),
        ([("frame", "x")], "frame 'x' is out of range"),
        ([], "missing parameter 'frame'"),
        ([("frame", "1"), ("pitch", "1.6"), ("roll", "0")], "pitch '1.6' is out of range: expected radians from -pi/2 to pi/2"),
        ([("frame", "1"), ("pitch", "0"), ("roll", "-1.58")], "roll '-1.58' is out of range"),
        ([("frame", "1"), ("pitch", "nan"), ("roll", "0")], "pitch 'nan' is out of range"),
        ([("frame", "1"), ("pitch", "0.1")], "pitch and roll go together"),
        ([("frame", "1"), ("tier", "ios99")], "tier 'ios99' is unknown: expected one of liquid, frosted, web, android, android-legacy"),
        ([("frame", "1"), ("appearance", "sepia")], "appearance 'sepia' is not light or dark"),
        ([("frame", "1"), ("reduceTransparency", "maybe")], "reduceTransparency 'maybe' is not true or false"),
        ([("frame", "1"), ("path", "/etc/passwd")], "unknown parameter 'path' for /frame.png"),
        ([("frame", "1"), ("frame", "2")], "parameter 'frame' given more than once"),
    ] as [([(String, String)], String)])
    func badParameters(args: [(String, String)], message: String) throws {
        let f = try Fixture("bad")
        let r = f.get("/frame.png", args)
        #expect(r.status == 400)
        #expect(r.text.hasPrefix(message), "\(r.text)")
        #expect(f.get("/lint", args).status == 400)
    }

    @Test("Only the fixed routes answer; any other path is 404 and no file is read")
    func unknownRoutes() throws {
        let f = try Fixture("routes")
        for path in ["/etc/passwd", "/../scene.json", "/scene.json", "/frame.png/", "//scene", "/index.html"] {
            #expect(f.get(path).status == 404, "\(path)")
        }
        #expect(f.get("/scene", [("x", "1")]).status == 400)
        #expect(f.get("/").contentType.hasPrefix("text/html"))
        let scene = try JSONSerialization.jsonObject(with: Data(f.get("/scene").body)) as? [String: Any]
        #expect(scene?["frameCount"] as? Int == 120)
        #expect(scene?["fps"] as? Double == 30)
        let panels = scene?["panels"] as? [[String: Any]] ?? []
        #expect(panels.count == 3)
        #expect((panels.first?["frames"] as? [[Double]])?.count == 120)
        #expect((panels.first?["frames"] as? [[Double]])?.first == [12, 52, 366, 64])
        #expect((scene?["tilt"] as? [Any])?.count == 2)
    }

    @Test("A frame's bytes equal a normal render, scrubbing forward never replays from t = 0")
    func framesEqualRender() throws {
        let f = try Fixture("bytes")
        for i in [3, 17, 40] {
            let r = f.get("/frame.png", [("frame", "\(i)")])
            #expect(r.status == 200 && r.contentType == "image/png")
            #expect(r.body == (try f.reference(frame: i)), "frame \(i)")
        }
        #expect(f.session.restarts == 0)
        // A held tilt and other switches (liquid: frosted tiers do not follow tilt): the same as decoding with them and rendering from t = 0.
        let tilted = f.get("/frame.png", [("frame", "41"), ("pitch", "0.4"), ("roll", "-0.7"), ("tier", "liquid"), ("appearance", "dark")])
        #expect(f.session.restarts == 0)
        var d = SceneDecoder()
        d.platform = .ios26
        d.appearance = .dark
        d.scale = 1
        d.tilt = .fixed(Tilt(pitch: 0.4, roll: -0.7))
        let doc = try d.decode(file: f.file)
        var c = Compositor(document: doc, workers: Workers(2))
        #expect(tilted.body == (try EncodeSettings(dither: doc.dither).pngBytes(c.render(frame: 41))))
        // The scene's own tilt again on the liquid compositor that has reached frame 40.
        #expect(f.get("/frame.png", [("frame", "42")]).body == (try f.reference(frame: 42)))
        // Back in time: one restart, same bytes.
        #expect(f.get("/frame.png", [("frame", "10"), ("pitch", "0"), ("roll", "0")]).body ==
                (try f.reference(frame: 10, tilt: .level)))
        #expect(f.session.restarts == 1)
    }

    /// `base` (a decoded frame, its samples scaled to 16 bits) with the patch's rectangles put over it, as the
    /// page puts them: the body holds each rectangle's RGBA rows in the header's order, and nothing else.
    static func composite(_ base: PNGImage, patch r: PreviewResponse) throws -> [UInt16] {
        let header = r.headers.first { $0.0 == PreviewRoutes.patchHeader }?.1 ?? ""
        var out = base.samples, offset = 0
        for place in header.split(separator: ";").map({ $0.split(separator: ",").compactMap { Int($0) } }) {
            let (x, y, w, h) = (place[0], place[1], place[2], place[3])
            #expect(place.count == 4 && x >= 0 && y >= 0 && x + w <= base.width && y + h <= base.height, "\(place) is in the frame")
            #expect(offset + w * h * 4 <= r.body.count, "\(place) is in the body")
            guard offset + w * h * 4 <= r.body.count else { return [] }
            for row in 0..<h {
                let from = offset + row * w * 4, to = ((y + row) * base.width + x) * 4
                out.replaceSubrange(to..<(to + w * 4), with: r.body[from..<(from + w * 4)].map { UInt16($0) * 257 })
            }
            offset += w * h * 4
        }
        #expect(offset == r.body.count, "the body holds the rectangles and nothing else")
        return out
    }

    @Test("A tilt's patch over the frame at another tilt is the frame at that tilt, byte for byte")
    func patchesCompositeToTheFrame() throws {
        let f = try Fixture("patch")
        let base = try PNG.decode(f.get("/frame.png", [("frame", "7"), ("pitch", "0.6"), ("roll", "-0.9")]).body)
        for (pitch, roll) in [("-0.6", "0.9"), ("0.1", "0.2"), ("1.2", "-1.2")] {
            let tilt = [("frame", "7"), ("pitch", pitch), ("roll", roll)]
            let patch = f.get("/patch", tilt)
            #expect(patch.status == 200 && patch.contentType == "application/octet-stream", "\(patch.text)")
            let whole = try PNG.decode(try f.reference(frame: 7, tilt: Tilt(pitch: Double(pitch)!, roll: Double(roll)!)))
            #expect(try Self.composite(base, patch: patch) == whole.samples, "tilt \(pitch), \(roll)")
            // A patch covers a part of the frame: the glass and the labels, not the plane.
            let area = patch.headers.first { $0.0 == PreviewRoutes.patchHeader }.map { h in
                h.1.split(separator: ";").map { $0.split(separator: ",").compactMap { Int($0) } }.reduce(0) { $0 + $1[2] * $1[3] }
            } ?? 0
            #expect(area > 0 && area * 3 < 390 * 844, "patch rectangles \(patch.headers)")
        }
        // Also over the scene's own tilt, with a switch set.
        let dark = try PNG.decode(f.get("/frame.png", [("frame", "9"), ("appearance", "dark")]).body)
        let patch = f.get("/patch", [("frame", "9"), ("appearance", "dark"), ("pitch", "0.3"), ("roll", "0.3")])
        let whole = try PNG.decode(f.get("/frame.png", [("frame", "9"), ("appearance", "dark"), ("pitch", "0.3"), ("roll", "0.3")]).body)
        #expect(try Self.composite(dark, patch: patch) == whole.samples)
        #expect(f.session.restarts == 0)
    }

    /// A backdrop with a file per appearance (scenes/backdrop-appearance.json: coffee in light, Chelsea in dark):
    /// the page's appearance switch serves the frame of that appearance, its own file beneath.
    @Test("The appearance switch picks the backdrop's file for that appearance")
    func appearanceSwitchPicksTheBackdropFile() throws {
        let root = ChildProcess.packageRoot
        let text = try String(contentsOf: root.appendingPathComponent("scenes/backdrop-appearance.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"backdrops/", with: "\"\(root.path)/scenes/backdrops/")
        let f = try Fixture("backdrop-appearance", text: text)
        for (look, file) in [(Appearance.light, "coffee.png"), (.dark, "chelsea.png")] {
            let page = try PNG.decode(f.get("/frame.png", [("frame", "0"), ("appearance", look.rawValue)]).body)
            // The same scene with that file as its only backdrop, rendered in that appearance.
            var scene = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var plane = try #require(scene["plane"] as? [String: Any]), backdrop = try #require(plane["backdrop"] as? [String: Any])
            backdrop["image"] = root.appendingPathComponent("scenes/backdrops/\(file)").path
            plane["backdrop"] = backdrop
            scene["plane"] = plane
            let alone = try Fixture("backdrop-\(look.rawValue)-alone", text: String(decoding: try JSONSerialization.data(withJSONObject: scene), as: UTF8.self))
            #expect(page.samples == (try PNG.decode(try alone.reference(frame: 0, appearance: look))).samples, "\(look)")
        }
    }

    @Test("A patch takes the frame's parameters, pitch and roll required, and nothing else")
    func patchParameters() throws {
        let f = try Fixture("patch-bad")
        #expect(f.get("/patch", [("frame", "1")]).text.hasPrefix("a patch is what a tilt changes: give pitch and roll"))
        for args in [[("frame", "1"), ("pitch", "0.1"), ("roll", "0"), ("play", "true")], [("frame", "1"), ("pitch", "2"), ("roll", "0")],
                     [("frame", "120"), ("pitch", "0"), ("roll", "0")], [("pitch", "0"), ("roll", "0")]] {
            #expect(f.get("/patch", args).status == 400, "\(args)")
        }
    }

    @Test("Tilt changes pixels inside the glass only")
    func tiltMovesHighlights() throws {
        let f = try Fixture("tilt")
        let a = try PNG.decode(f.get("/frame.png", [("frame", "5"), ("pitch", "0.6"), ("roll", "-0.9")]).body)
        let b = try PNG.decode(f.get("/frame.png", [("frame", "5"), ("pitch", "-0.6"), ("roll", "0.9")]).body)
        // The showcase's three panels (points = pixels at scale 1), grown by 24 px for their shadows and halos.
        let panels = f.session.document.glass.panels.map { $0.frame(at: 0) }
        func inGlass(_ x: Int, _ y: Int) -> Bool {
            panels.contains { Float(x) >= $0.x - 24 && Float(x) < $0.x + $0.width + 24 && Float(y) >= $0.y - 24 && Float(y) < $0.y + $0.height + 24 }
        }
        var inside = 0, outside = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let k = (y * a.width + x) * 4
                guard a.samples[k..<k + 4] != b.samples[k..<k + 4] else { continue }
                if inGlass(x, y) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 100)
        #expect(outside == 0)
    }

    @Test("Saving the backdrop image reloads the scene, its text unchanged")
    func backdropImageReload() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let photos = root.appendingPathComponent("scenes/backdrops")
        let f = try Fixture("backdrop", text: #"{"duration": 0.2, "canvas": {"width": 60, "height": 60}, "plane": {"backdrop": {"image": "b.png"}}}"#,
                            copying: [(photos.appendingPathComponent("list.png"), "b.png")])
        #expect(f.session.reload().version == 1)
        #expect(f.session.document.plane.backdrop?.image?.width == 1170)
        try FileManager.default.removeItem(atPath: f.folder.appendingPathComponent("b.png").path)
        try FileManager.default.copyItem(at: photos.appendingPathComponent("coffee.png"), to: f.folder.appendingPathComponent("b.png"))
        let v = f.session.reload()
        #expect(v.version == 2 && v.error == nil)
        #expect(f.session.document.plane.backdrop?.image?.width == 300)
        #expect(f.session.reload().version == 2, "nothing changed since")
    }

    @Test("Saving the backdrop video reloads the scene, its text unchanged")
    func backdropVideoReload() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let clip = root.appendingPathComponent("scenes/backdrops/pan.mp4")
        let f = try Fixture("backdrop-video", text: #"{"duration": 0.2, "canvas": {"width": 60, "height": 60}, "plane": {"backdrop": {"video": "v.mp4"}}}"#,
                            copying: [(clip, "v.mp4")])
        #expect(f.session.reload().version == 1)
        #expect(f.session.document.plane.backdrop?.video?.width == 130)
        // The same clip at half the size, written over the old one.
        let half = f.folder.appendingPathComponent("half.mp4").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ffmpeg", "-loglevel", "error", "-y", "-i", clip.path, "-vf", "scale=64:98", "-c:v", "libx264", half]
        try p.run()
        p.waitUntilExit()
        try FileManager.default.removeItem(atPath: f.folder.appendingPathComponent("v.mp4").path)
        try FileManager.default.moveItem(atPath: half, toPath: f.folder.appendingPathComponent("v.mp4").path)
        let v = f.session.reload()
        #expect(v.version == 2 && v.error == nil)
        #expect(f.session.document.plane.backdrop?.video?.width == 64)
        #expect(f.session.reload().version == 2, "nothing changed since")
    }

    @Test("A backdrop video's frame ffmpeg cannot decode is answered with its error, not drawn without it")
    func undecodedVideoFrame() throws {
        let clip = try DamagedVideo.write(to: FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-preview-damaged-\(UUID().uuidString).mp4").path)
        defer { unlink(clip) }
        let f = try Fixture("backdrop-video-damaged", text: #"{"duration": 1, "fps": 30, "canvas": {"width": 60, "height": 60}, "plane": {"backdrop": {"video": "v.mp4"}}}"#,
                            copying: [(URL(fileURLWithPath: clip), "v.mp4")])
        #expect(f.get("/frame.png", [("frame", "0")]).status == 200)
        let r = f.get("/frame.png", [("frame", "20")])
        #expect(r.status == 500, "frame 20 was drawn")
        let text = String(decoding: r.body, as: UTF8.self)
        #expect(text.contains("plane.backdrop.video: video ") && text.contains("has no frame 20 for scene frame 20: ffmpeg stopped"), "\(text)")
    }

    @Test("Saving the file reloads it; a broken file shows the command line's error and keeps the last good frame")
    func liveReload() throws {
        let f = try Fixture("reload")
        #expect(f.session.reload().version == 1)
        #expect(f.get("/frame.png", [("frame", "2")]).status == 200)
        try Showcase.json.replacingOccurrences(of: "\"duration\": 4", with: "\"duration\": 2").write(toFile: f.file, atomically: true, encoding: .utf8)
        let v = f.session.reload()
        #expect(v.version == 2 && v.error == nil)
        #expect(f.session.document.frameCount == 60)
        let before59 = f.get("/frame.png", [("frame", "59")]).body
        #expect(before59 == (try f.reference(frame: 59)))
        try "{\n  \"canvas\": {\"width\": 390, \"height\": \"tall\"}\n}\n".write(toFile: f.file, atomically: true, encoding: .utf8)
        // Shown only once the broken bytes have stayed put: an editor saving in place passes through them.
        #expect(f.session.reload() == (2, nil))
        Thread.sleep(forTimeInterval: SceneWatch.settle + 0.05)
        let broken = f.session.reload()
        var cli = ""
        do throws(SceneError) { _ = try SceneDecoder().decode(file: f.file) } catch { cli = error.diagnostic }
        #expect(broken.version == 2)
        #expect(broken.error == cli)
        // The compilers' form, as the command line prints it.
        #expect(cli.hasPrefix("\(f.file):2:") && cli.contains(": error: canvas.height: "), "\(cli)")
        let versionJSON = f.get("/version").text
        #expect(versionJSON.contains("canvas.height"), "\(versionJSON)")
        // The last good scene (2 s, 60 frames) still renders: frame 59 exists, frame 60 does not.
        #expect(f.get("/frame.png", [("frame", "59")]).body == before59)
        #expect(f.get("/frame.png", [("frame", "60")]).status == 400)
    }

    @Test("A file saved in place, caught half-written, shows no error and then the saved scene")
    func halfWrittenSave() throws {
        let f = try Fixture("half-written")
        #expect(f.session.reload().version == 1)
        let saved = Showcase.json.replacingOccurrences(of: "\"duration\": 4", with: "\"duration\": 2")
        for cut in [0, saved.utf8.count / 2] {
            // The file truncated, then part of it written, as a write in place is seen between two polls.
            let handle = try #require(FileHandle(forWritingAtPath: f.file))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(saved.utf8.prefix(cut)))
            try handle.close()
            #expect(f.session.reload() == (1, nil), "cut at \(cut)")
        }
        try saved.write(toFile: f.file, atomically: false, encoding: .utf8)
        #expect(f.session.reload() == (2, nil))
        #expect(f.session.document.frameCount == 60)
        // Bytes that stay broken past the settle time are shown, and a good save clears them.
        try Data(saved.utf8.prefix(100)).write(to: URL(fileURLWithPath: f.file))
        #expect(f.session.reload() == (2, nil))
        Thread.sleep(forTimeInterval: SceneWatch.settle + 0.05)
        #expect(f.session.reload().error?.contains("invalid JSON") == true)
        try Showcase.json.write(toFile: f.file, atomically: false, encoding: .utf8)
        #expect(f.session.reload() == (3, nil))
    }

    @Test("/scene says what each panel is: its shape, the radius it is drawn with, and its name without quotes")
    func sceneDescribesPanels() throws {
        let f = try Fixture("panels", text: #"""
        {"canvas": {"width": 300, "height": 200, "scale": 1}, "duration": 0.1, "glass": [
          {"id": "play", "shape": "circle", "frame": [20, 20, 64, 64]},
          {"shape": "capsule", "frame": [100, 20, 100, 40]},
          {"id": "card", "frame": [20, 100, 200, 80], "radius": 12},
          {"id": "chip", "frame": [230, 100, 40, 16], "radius": 30}]}
        """#)
        let scene = try JSONSerialization.jsonObject(with: Data(f.get("/scene").body)) as? [String: Any]
        let panels = scene?["panels"] as? [[String: Any]] ?? []
        #expect(panels.map { $0["name"] as? String } == ["play", "glass[1]", "card", "chip"])
        #expect(panels.map { $0["shape"] as? String } == ["circle", "capsule", "rect", "rect"])
        // A circle's radius is half its size, a capsule's half its shorter side; a rect's corner radius is
        // limited to half its shorter side, as drawn.
        #expect(panels.map { $0["radius"] as? Double } == [32, 20, 12, 8])
    }

    @Test("The lint route reports each label's figures for one frame")
    func lint() throws {
        let f = try Fixture("lint")
        let r = f.get("/lint", [("frame", "3")])
        #expect(r.status == 200)
        let root = try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any]
        let entries = root?["entries"] as? [[String: Any]] ?? []
        #expect(entries.contains { $0["id"] as? String == "title" && $0["wcag"] is Double && $0["apca"] is Double })
    }

    @Test("/scene lists each content item's states and transitions; the lint route measures the state a frame shows")
    func contentInTime() throws {
        let text = #"""
        {"canvas": {"width": 200, "height": 120}, "duration": 1,
         "glass": [{"id": "bar", "frame": [10, 40, 180, 60]}],
         "content": [{"id": "tab", "text": "Search", "on": "bar", "at": [90, 20], "align": "center", "size": 13,
                      "vibrancy": "secondaryLabel", "states": [{"t": 0.5, "color": "systemBlue"}]},
                     {"id": "hint", "text": "New", "at": [20, 10], "appear": {"t": 0.2, "duration": 0.3, "transition": "scale"}}]}
        """#
        let f = try Fixture("content-time", text: text)
        let scene = try JSONSerialization.jsonObject(with: Data(f.get("/scene").body)) as? [String: Any]
        let content = scene?["content"] as? [[String: Any]] ?? []
        #expect(content.count == 2)
        let states = content.first?["states"] as? [[String: Any]] ?? []
        #expect(states.count == 1 && states.first?["t"] as? Double == 0.5 && states.first?["color"] as? String == "#007AFF")
        let appear = content.last?["appear"] as? [String: Any]
        #expect(appear?["transition"] as? String == "scale" && content.last?["animated"] as? Bool == true)
        for (frame, measured) in [("3", false), ("20", true)] {
            let root = try JSONSerialization.jsonObject(with: Data(f.get("/lint", [("frame", frame)]).body)) as? [String: Any]
            let tab = (root?["entries"] as? [[String: Any]])?.first { $0["id"] as? String == "tab" }
            let figures = (tab?["states"] as? [[String: Any]])?.first
            #expect((figures?["wcag"] is Double) == measured, "frame \(frame): \(String(describing: figures))")
        }
    }

    /// Frames ffprobe decodes from a video (`-count_frames`), or nil when it cannot read it.
    static func videoFrames(_ path: String) throws -> Int? {
        guard let ffprobe = PreviewProcess.which("ffprobe") else { return nil }
        let r = try PreviewProcess.run(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                 "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path], timeout: 60)
        return Int(r.out.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("Export writes the frame's bytes, the timeline and a tilt sweep into --export's folder, and is off without it")
    func export() throws {
        let off = try Fixture("export-off")
        #expect(off.post("/export", [("frame", "1")]).text.hasPrefix("export is off: start forkrender preview with --export <folder>"))
        #expect(off.post("/export", [("frame", "1")]).status == 400)
        let f = try Fixture("export", text: #"{"canvas": {"width": 200, "height": 300, "scale": 2}, "duration": 0.3, "glass": [{"frame": [20, 20, 160, 60]}]}"#, export: true)
        let r = f.post("/export", [("frame", "7"), ("pitch", "0.2"), ("roll", "0.3")])
        #expect(r.status == 200, "\(r.text)")
        let png = f.folder.appendingPathComponent("export/frame-0007.png").path
        let timeline = f.folder.appendingPathComponent("export/timeline.mp4").path
        let sweep = f.folder.appendingPathComponent("export/tilt-sweep.mp4").path
        #expect(r.text.contains("frame-0007.png") && r.text.contains("timeline.mp4") && r.text.contains("tilt-sweep.mp4"))
        #expect(FileManager.default.contents(atPath: png).map([UInt8].init) ==
                (try f.reference(frame: 7, tilt: Tilt(pitch: 0.2, roll: 0.3))))
        // 0.3 s at 30 fps: 9 frames in each video, read back by ffprobe.
        #expect(try Self.videoFrames(timeline) == 9)
        #expect(try Self.videoFrames(sweep) == 9)
        // Nothing half-written is left beside them (the files are renamed into place when complete).
        let names = try FileManager.default.contentsOfDirectory(atPath: f.folder.appendingPathComponent("export").path).sorted()
        #expect(names == ["frame-0007.png", "tilt-sweep.mp4", "timeline.mp4"])
        // With the scene's own tilt, the PNG is the command line's file byte for byte.
        #expect(f.post("/export", [("frame", "4")]).status == 200)
        let cli = try PreviewPlaybackTests.cliFrames(f.file, 4...4)
        #expect(FileManager.default.contents(atPath: f.folder.appendingPathComponent("export/frame-0004.png").path).map([UInt8].init) == cli[4])
        #expect(cli[4] != nil)
        // The videos are `forkrender --video`'s and `forkrender --tilt-sweep --video`'s files (same pipeline, same
        // ffmpeg command; x264 gives the same bytes for the same frames).
        for (name, extra) in [("timeline.mp4", [String]()), ("tilt-sweep.mp4", ["--tilt-sweep"])] {
            let out = f.folder.appendingPathComponent("cli-" + name).path
            let run = try PreviewProcess.run(PreviewProcess.binary.path, [f.file, "--scale", "1", "--video", out, "-q"] + extra, timeout: 120)
            #expect(run.status == 0, "\(run.err)")
            let exported = FileManager.default.contents(atPath: f.folder.appendingPathComponent("export/" + name).path)
            #expect(exported != nil && exported == FileManager.default.contents(atPath: out), "\(name) differs from the command line's")
        }
    }
}

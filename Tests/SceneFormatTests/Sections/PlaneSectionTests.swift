import Foundation
import Raster
import SceneFormat
import Compose
import Output
import Testing

private func decode(_ events: String, plane: String = "{}", duration: Double = 2) -> Result<SceneDocument, SceneError> {
    let text = "{\"duration\": \(duration), \"plane\": \(plane), \"events\": \(events)}"
    do { return .success(try SceneDecoder().decode(text: text)) } catch { return .failure(error) }
}

private func failure(_ events: String, plane: String = "{}") -> String {
    if case .failure(let e) = decode(events, plane: plane) { return e.description }
    return "(decoded without error)"
}

@Test func unknownNamesSuggestTheNearestOne() {
    #expect(failure(#"[{"type": "effect", "effect": "ripel", "at": [1, 1], "t": 0}]"#)
        .contains("events[0].effect: unknown value 'ripel'"))
    #expect(failure(#"[{"type": "effect", "effect": "ripel", "at": [1, 1], "t": 0}]"#).hasSuffix("Did you mean 'ripple'?"))
    #expect(failure(#"[{"type": "field", "field": "vortx", "at": [1, 1], "t": 0}]"#).hasSuffix("Did you mean 'vortex'?"))
    #expect(failure(#"[{"type": "tapp", "at": [1, 1], "t": 0}]"#).hasSuffix("Did you mean 'tap'?"))
    #expect(failure(#"[{"type": "drag", "mode": "repulsio", "points": [[0, 0], [9, 9]], "t": 0}]"#)
        .hasSuffix("Did you mean 'repulsion'?"))
    // A key of another event type is refused for this one.
    #expect(failure(#"[{"type": "tap", "at": [1, 1], "t": 0, "points": []}]"#).contains("events[0].points: unknown key"))
}

@Test func negativeSizesAndStrengthsAreRefused() {
    #expect(failure(#"[{"type": "field", "field": "vortex", "at": [1, 1], "t": 0, "radius": -5}]"#)
        .contains("events[0].radius: expected a positive number of at most 100000 pt, found -5"))
    #expect(failure(#"[{"type": "effect", "effect": "ring", "at": [1, 1], "t": 0, "width": -1}]"#)
        .contains("events[0].width: expected a positive number"))
    #expect(failure(#"[{"type": "effect", "effect": "ring", "at": [1, 1], "t": 0, "speed": 0}]"#)
        .contains("events[0].speed: expected a positive number, found 0"))
    #expect(failure(#"[{"type": "effect", "effect": "ripple", "at": [1, 1], "t": 0, "strength": -2}]"#)
        .contains("events[0].strength: expected a number of at least 0, found -2"))
    #expect(failure("[]", plane: #"{"attachments": [{"frame": [0, 0, 10, 10], "reach": -3}]}"#)
        .contains("plane.attachments[0].reach: expected a positive number"))
}

@Test func planeKeysOverrideTheSeedDefaults() throws {
    let doc = try decode("[]", plane: #"{"dotTap": 0.2, "spacing": 30, "tint": "systemPink", "ambient": {"interval": [1, 2], "first": 0.5}}"#).get()
    let c = doc.plane.configuration
    #expect(c.dotTap == 0.2 && c.spacing == 30)
    #expect(c.dotIdle == 0.05 && c.dotField == 0.3)           // light defaults kept
    #expect(c.accent == Token.systemPink.color(.light))
    #expect(c.ambient.interval == 1...2 && c.ambient.first == 0.5)
    #expect(failure("[]", plane: #"{"spacing": 2}"#).contains("plane.spacing: expected a number from 4 to 100000, found 2"))
    #expect(failure("[]", plane: #"{"dotIdel": 0.1}"#).hasSuffix("Did you mean 'dotIdle'?"))
}

@Test func eventsOutsideTheSceneAreRefused() {
    #expect(failure(#"[{"type": "tap", "at": [1, 1], "t": 2.5}]"#)
        .contains("events[0].t: expected a time within the scene, from 0 to below 2 s, found 2.5"))
    #expect(failure(#"[{"type": "tap", "at": [1, 1], "t": -1}]"#).contains("events[0].t: expected a time within the scene"))
}

@Test func gestureShapesAreChecked() {
    #expect(failure(#"[{"type": "drag", "points": [[5, 5]], "t": 0}]"#)
        .contains("events[0].points: a drag needs at least 2 points, found 1"))
    #expect(failure(#"[{"type": "drag", "t": 0}]"#).contains("events[0]: missing key 'points'"))
    #expect(failure(#"[{"type": "hold", "at": [1, 1], "t": 0, "duration": 0.2}]"#)
        .contains("events[0].duration: a hold must last at least 0.3 s (the long-press threshold), found 0.2 s"))
    #expect(failure(#"[{"type": "hold", "at": [1, 1], "t": 0.5}, {"type": "release", "t": 0.6}]"#)
        .contains("events[1].t: a hold must last at least 0.3 s"))
    #expect(failure(#"[{"type": "release", "t": 0.6}]"#).contains("events[0].t: a release needs a hold"))
    #expect(failure(#"[{"type": "tap", "t": 0}]"#).contains("events[0]: missing key 'at'"))
    #expect(failure("[]", plane: #"{"attachments": [{"element": "tabBr"}]}"#).contains("no glass panel has id 'tabBr'"))
}

@Test func releasePairsWithTheOpenHold() throws {
    let doc = try decode(#"[{"type": "hold", "at": [10, 10], "t": 0.2}, {"type": "release", "t": 1.1}]"#).get()
    #expect(doc.plane.events.count == 1)
    guard case .hold(_, let t, let d, _) = doc.plane.events[0] else { Issue.record("not a hold"); return }
    #expect(t == 0.2)
    #expect(abs(d - 0.9) < 1e-12)
}

// MARK: The scenes/dots-*.json files

private let scenesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenes")

private let dotScenes: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: scenesDirectory.path)) ?? [])
    .filter { $0.hasPrefix("dots-") && $0.hasSuffix(".json") }.sorted()

@Test func dotScenesCoverEveryEffectFieldAndGesture() throws {
    var text = ""
    for name in dotScenes { text += try String(contentsOf: scenesDirectory.appendingPathComponent(name), encoding: .utf8) }
    for word in ["ripple", "\"ring\"", "shockwave", "bloom", "noiseTint", "radialGravity", "outline", "repulsion",
                 "vortex", "magnetic", "attachments", "\"tap\"", "\"hold\"", "\"drag\"", "\"hover\"", "\"release\"",
                 "\"first\"", "\"light\"", "\"dark\""] {
        #expect(text.contains(word), "no dots scene uses \(word)")
    }
}

/// Every dots scene decodes, and its frames are byte-identical with 1, 2 and 8 workers (first, middle and last
/// frame, visited as a subset so the skipped frames' simulation is exercised too). Drawn at scale 1 to keep the
/// run short; `dotSceneAtFullScaleIsIdenticalForAnyWorkerCount` checks the 1170 x 2532 case.
@Test(arguments: dotScenes)
func dotSceneFramesAreIdenticalForAnyWorkerCount(name: String) throws {
    let doc = try SceneDecoder(scale: 1).decode(file: scenesDirectory.appendingPathComponent(name).path)
    try expectIdenticalFrames(doc)
}

@Test func dotSceneAtFullScaleIsIdenticalForAnyWorkerCount() throws {
    try expectIdenticalFrames(try SceneDecoder().decode(file: scenesDirectory.appendingPathComponent("dots-drag-vortex-dark.json").path))
}

private func expectIdenticalFrames(_ doc: SceneDocument) throws {
    let frames = [0, doc.frameCount / 2, doc.frameCount - 1]
    var outputs: [[[UInt8]]] = []
    for n in [1, 2, 8] {
        var compositor = Compositor(document: doc, workers: Workers(n))
        outputs.append(frames.map { compositor.render(frame: $0).rgba8(dither: doc.dither) })
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0] == outputs[2])
}

/// Not a check: with FORK_DUMP=dir and FORK_DUMP_SCENE=name, writes raw RGBA8 frames every `FORK_DUMP_EVERY`
/// frames (default 6) of that scene, for looking at the motion while developing.
@Test func dumpDotSceneFrames() throws {
    let env = ProcessInfo.processInfo.environment
    guard let dir = env["FORK_DUMP"], let name = env["FORK_DUMP_SCENE"] else { return }
    let doc = try SceneDecoder().decode(file: scenesDirectory.appendingPathComponent(name + ".json").path)
    var compositor = Compositor(document: doc, workers: .allCores)
    let every = Int(env["FORK_DUMP_EVERY"] ?? "6") ?? 6
    for f in stride(from: 0, to: doc.frameCount, by: every) {
        let bytes = compositor.render(frame: f).rgba8(dither: doc.dither)
        _ = FileManager.default.createFile(atPath: "\(dir)/\(name)-\(f).rgba", contents: Data(bytes))
    }
}

/// Through the whole pipeline (scene text, compositor, 8-bit quantization with the default dither): an idle dot's
/// center pixels hold bg (1 - a) + label a, within one 8-bit level (rounding and the ordered dither's half step).
@Test(arguments: ["light", "dark"])
func idleDotCentersShowTheTokenAlphaInRenderedFrames(appearance: String) throws {
    let doc = try SceneDecoder().decode(text: #"{"canvas": {"width": 84, "height": 84, "scale": 3}, "appearance": "\#(appearance)", "duration": 1}"#)
    var compositor = Compositor(document: doc, workers: Workers(2))
    let bytes = compositor.render(frame: 0).rgba8(dither: doc.dither)
    let a: Float = appearance == "light" ? 0.05 : 0.02
    let bg = Token.systemGroupedBackground.color(doc.appearance), label = Token.label.color(doc.appearance)
    for (x, y) in [(63, 63), (62, 62), (126, 189), (188, 125)] {
        let o = (y * 252 + x) * 4
        let want = [bg.red, bg.green, bg.blue].enumerated().map { i, b in b * (1 - a) + [label.red, label.green, label.blue][i] * a }
        for ch in 0..<3 {
            #expect(abs(Float(bytes[o + ch]) / 255 - want[ch]) <= 1.0 / 255 + 1e-6, "pixel (\(x), \(y)) channel \(ch)")
        }
    }
}

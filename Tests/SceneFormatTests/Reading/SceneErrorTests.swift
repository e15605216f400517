import Testing
@testable import SceneFormat
@testable import Compose
@testable import Output

/// One test per class of scene error: each names the JSON path, the line and column, and what was expected.
@Suite struct SceneErrorTests {
    func error(_ text: String) -> SceneError? {
        do {
            _ = try SceneDecoder().decode(text: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownKeyGetsADidYouMean() {
        let e = error("{\n  \"apperance\": \"dark\"\n}")
        #expect(e?.path == "apperance")
        #expect(e?.location == SourceLocation(line: 2, column: 3))
        #expect(e?.suggestion == "appearance")
        #expect(e?.description.hasPrefix("<scene>:2:3: apperance: unknown key 'apperance'") == true)
        #expect(e?.description.hasSuffix("Did you mean 'appearance'?") == true)
    }

    @Test func unknownNestedKey() {
        let e = error("{\"canvas\": {\"widht\": 100}}")
        #expect(e?.path == "canvas.widht")
        #expect(e?.suggestion == "width")
    }

    @Test func unknownEnumValue() {
        let e = error("{\"platform\": \"ios2b\"}")
        #expect(e?.path == "platform")
        #expect(e?.suggestion == "ios26")
        #expect(e?.message.contains("expected one of") == true)
    }

    @Test func wrongType() {
        let e = error("{\"fps\": \"30\"}")
        #expect(e?.path == "fps")
        #expect(e?.message == "expected a number, found a string")
    }

    @Test(arguments: [
        ("{\"canvas\": {\"width\": 0}}", "canvas.width", "expected a positive number of at most 100000 pt, found 0"),
        ("{\"canvas\": {\"height\": -5}}", "canvas.height", "expected a positive number of at most 100000 pt, found -5"),
        ("{\"canvas\": {\"scale\": 0}}", "canvas.scale", "expected a positive number of at most 16, found 0"),
        ("{\"fps\": 0}", "fps", "expected a positive number of at most 1000, found 0"),
        ("{\"duration\": 0}", "duration", "expected a positive number of at most 3600 s, found 0"),
        ("{\"seed\": 1.5}", "seed", "expected a whole number, found 1.5"),
        ("{\"seed\": -1}", "seed", "expected a number from 0"),
    ])
    func outOfRangeNumbers(text: String, path: String, message: String) {
        let e = error(text)
        #expect(e?.path == path)
        #expect(e?.message.hasPrefix(message) == true, "\(e?.message ?? "no error")")
    }

    @Test func canvasOverThePixelLimitIsRefusedBeforeAllocation() {
        let e = error("{\"canvas\": {\"width\": 100000, \"height\": 100000, \"scale\": 1}}")
        #expect(e?.path == "canvas")
        #expect(e?.message.contains("over the limit of 64 megapixels") == true)
        let raised = try? SceneDecoder(maxPixels: 20_000_000_000, maxMemory: .infinity)
            .decode(text: "{\"canvas\": {\"width\": 100000, \"height\": 100000, \"scale\": 1}, \"plane\": {\"spacing\": 100}}")
        #expect(raised?.canvas.pixelWidth == 100000)
    }

    @Test func tiltKeyframesMustBeInOrder() {
        let e = error("{\"tilt\": [{\"t\": 1}, {\"t\": 0.5}]}")
        #expect(e?.path == "tilt[1].t")
        #expect(e?.message.contains("increasing time order") == true)
    }

    @Test func badColor() throws {
        let n = try JSON.parse("\"#12345\"")
        #expect(throws: SceneError.self) { try Value.color(n, path: "glass[0].tint", appearance: .light) }
        let m = try JSON.parse("\"systemBlu\"")
        do {
            _ = try Value.color(m, path: "glass[0].tint", appearance: .light)
        } catch {
            #expect(error.suggestion == "systemBlue")
        }
    }

    @Test func invalidJSONNamesLineAndColumn() {
        let e = error("{\n  \"fps\": 30,\n}")
        #expect(e?.location == SourceLocation(line: 3, column: 1))
        #expect(e?.message.hasPrefix("invalid JSON") == true)
    }

    @Test func fileErrorsNameTheFile() {
        do {
            _ = try SceneDecoder().decode(file: "/nonexistent/scene.json")
        } catch {
            #expect(error.description == "/nonexistent/scene.json: scene file does not exist")
        }
    }

    @Test func defaultsComeFromTheSeeds() throws {
        let d = try SceneDecoder().decode(text: "{}")
        #expect(d.canvas.pixelWidth == 1170 && d.canvas.pixelHeight == 2532)
        #expect(d.plane.configuration.dotSize == 3 && d.plane.configuration.spacing == 21)
        #expect(d.frameCount == 120)
    }
}

@Suite struct FrameSelectionTests {
    @Test func ranges() throws {
        #expect(try FrameSelection.parse("30..59", frameCount: 120) == 30...59)
        #expect(try FrameSelection.parse("7", frameCount: 120) == 7...7)
        #expect(try FrameSelection.parse("100..", frameCount: 120) == 100...119)
        #expect(try FrameSelection.parse("..3", frameCount: 120) == 0...3)
        #expect(throws: SelectionError.self) { try FrameSelection.parse("50..40", frameCount: 120) }
        #expect(throws: SelectionError.self) { try FrameSelection.parse("0..120", frameCount: 120) }
        #expect(throws: SelectionError.self) { try FrameSelection.parse("a..b", frameCount: 120) }
    }
}

@Suite struct TiltTests {
    @Test func tiltEasesBetweenKeysAndSweepCoversTheRange() throws {
        let text = #"{"duration": 2, "tilt": [{"t": 0, "roll": -0.2, "ease": "linear"}, {"t": 2, "roll": 0.2, "ease": "linear"}]}"#
        let d = try SceneDecoder().decode(text: text)
        #expect(abs(d.tilt(at: 1).roll) < 1e-12)
        #expect(d.tilt(at: 5).roll == 0.2)
        var decoder = SceneDecoder()
        decoder.tilt = .sweep
        let swept = try decoder.decode(text: text)
        #expect(swept.tilt(at: 0).roll == -0.6 && swept.tilt(at: 2).roll == 0.6)
        #expect(abs(swept.tilt(at: 1).roll) < 1e-12)
        decoder.tilt = .fixed(Tilt(pitch: 0.1, roll: 0.25))
        let held = try decoder.decode(text: text)
        #expect(held.tilt(at: 0) == Tilt(pitch: 0.1, roll: 0.25) && held.tilt(at: 2) == Tilt(pitch: 0.1, roll: 0.25))
        let level = try SceneDecoder().decode(text: "{}")
        #expect(level.tilt(at: 1) == .level)
    }
}

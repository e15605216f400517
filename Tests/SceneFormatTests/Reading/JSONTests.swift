import Testing
@testable import SceneFormat
@testable import Compose
@testable import Output

@Suite struct JSONTests {
    @Test func valuesAndLocations() throws {
        let text = "{\n  \"a\": [1, -2.5e1, true, null],\n  \"b\": \"x\\u00e9\\ud83d\\ude00\\n\"\n}"
        let root = try JSON.parse(text)
        guard case .object(let m) = root.value else { Issue.record("not an object"); return }
        #expect(m.map(\.key) == ["a", "b"])
        #expect(m[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(m[1].value.location == SourceLocation(line: 3, column: 8))
        guard case .array(let items) = m[0].value.value, case .number(let v) = items[1].value else { Issue.record("array"); return }
        #expect(v == -25)
        guard case .string(let s) = m[1].value.value else { Issue.record("string"); return }
        #expect(s == "xé😀\n")
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a key"),
        ("[1, 2", 1, 6, "unterminated array"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key \"a\""),
        ("{\"a\": 01}", 1, 7, "leading zeros"),
        ("{\"a\": 1e999}", 1, 7, "too large"),
        ("{\n\"a\": tru}", 2, 6, "expected 'true'"),
        ("{} x", 1, 4, "after the end"),
        ("", 1, 1, "found end of file"),
    ])
    func syntaxErrors(text: String, line: Int, column: Int, fragment: String) {
        do {
            _ = try JSON.parse(text)
            Issue.record("parsed invalid JSON \(text)")
        } catch {
            #expect(error.message.contains(fragment), "\(error.message)")
            #expect(error.location.line == line)
            #expect(error.location.column == column, "\(error.message)")
        }
    }

    @Test func suggestions() {
        #expect(Suggest.closest(to: "apperance", in: ["appearance", "platform"]) == "appearance")
        #expect(Suggest.closest(to: "--fsp", in: ["--fps", "--frames"]) == "--fps")
        #expect(Suggest.closest(to: "zzzz", in: ["appearance", "platform"]) == nil)
    }
}

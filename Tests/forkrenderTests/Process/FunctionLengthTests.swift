import ChildProcess
import Foundation
import Testing

/// No function in Sources is over 80 lines: scripts/function-lengths measures every function, initializer,
/// accessor and closure-bodied property, and CI runs it before the tests. The suite runs it too, and checks the
/// script itself on a file it writes, so a script that measured nothing could not pass. The script runs by its
/// own `#!/usr/bin/env python3` line: the python3 of a machine without the --dev tools is enough.
@Suite struct FunctionLengthTests {
    static let script = CLI.root.appendingPathComponent("scripts/function-lengths")

    static func measure(_ args: [String]) throws -> ChildProcess.Outcome {
        try ChildProcess.run(script, args, cwd: CLI.root)
    }

    @Test func noFunctionInSourcesIsOverEightyLines() throws {
        let r = try Self.measure([CLI.root.appendingPathComponent("Sources").path])
        #expect(r.status == 0, "functions over 80 lines (file:line name length); split them into named stages:\n\(r.out)\(r.err)")
    }

    /// An 81-line function is reported with its line and length, braces in its strings and comments do not end
    /// it early, and an 80-line one passes.
    @Test func theScriptSeesAnEightyOneLineFunction() throws {
        let dir = CLI.temporaryFolder("function-lengths")
        defer { try? FileManager.default.removeItem(at: dir) }
        let long = "struct A {\n    func tooLong() {\n" + lines(79) + "\n    }\n}\n"
        let short = "struct B {\n    func fits() {\n" + lines(78) + "\n    }\n}\n"
        let longFile = dir.appendingPathComponent("Long.swift"), shortFile = dir.appendingPathComponent("Short.swift")
        try long.write(to: longFile, atomically: true, encoding: .utf8)
        try short.write(to: shortFile, atomically: true, encoding: .utf8)
        let r = try Self.measure([dir.path])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.out == "\(longFile.path):2 tooLong 81\n", "\(r.out)\(r.err)")
        let s = try Self.measure([shortFile.path])
        #expect(s.status == 0 && s.out.isEmpty, "\(s.out)\(s.err)")
    }

    /// `count` lines of body, with closing braces inside strings, interpolations, multi-line strings and comments.
    func lines(_ count: Int) -> String {
        var out: [String] = []
        var i = 0
        while out.count < count {
            switch i % 3 {
            case 0: out.append("        let s\(i) = \"}\\(\"}\")\" // }")
            case 1: out.append("        /* } */ _ = \(i)")
            default:
                if out.count + 3 <= count {
                    out += ["        _ = \"\"\"", "        }", "        \"\"\""]
                } else {
                    out.append("        _ = \(i)")
                }
            }
            i += 1
        }
        return out.joined(separator: "\n")
    }
}

import Foundation
import Raster
import SceneFormat
import Compose
import Output
import Regression

/// `forkrender lint scene.json`: renders the scene and reports the legibility of every label and symbol against
/// the pixels actually behind it (worst case over the frames), plus the material guidance's rules.
enum LintCommand: Command {
    static let configuration = CommandConfiguration(
        name: "lint",
        abstract: "Legibility report: contrast of every label against the pixels behind it.",
        overview: "Measure the contrast of every label and symbol on the pixels behind it (WCAG 2 and APCA) and check the material guidance.",
        usage: ["forkrender lint <scene.json> [--strict] [--json] [--scale <s>] [--threads <n>]"],
        arguments: [("<scene.json>", "The scene file.")],
        options: [
            OptionSpec(name: "--strict", help: "Exit 1 when anything is flagged; a missing font becomes an error."),
            .fontDirectory,
            OptionSpec(name: "--json", help: "Print the report as JSON for tools."),
            .scaleOverride("Render at this scale (pixels per point); the figures do not depend on it, so 1 is quickest.", defaultText: "the scene's"),
            .frameList("Measure only these frames", defaultText: "all"),
            OptionSpec(name: "--map", value: "file",
                       help: "Write a PNG of the frame where the worst contrast fails, dimmed: each item's failing pixels red, passing green, outlined red when flagged."),
            .threads,
        ],
        discussion: "EXIT STATUS: 0 no flags (or not --strict), 1 something flagged under --strict, 2 usage or scene error.")

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let file = try p.sceneFile()
        let threads = try p.threads()
        let strict = p.has("--strict"), json = p.has("--json")
        try p.addFontDirectories()
        var decoder = SceneDecoder()
        decoder.scale = try p.scaleOverride()
        let document = try decoder.decode(file: file)
        let frames = try p.frameList(frameCount: document.frameCount)
        if strict {
            for var warning in document.content.fontWarnings + document.symbolWarnings {
                warning.file = file
                _ = report(warning)
            }
        }
        let report = try LegibilityAudit.run(document: document, frames: frames, strict: strict, workers: Workers(threads))
        let unsafe = SafeAreaAudit.run(document: document, frames: frames ?? Array(0..<document.frameCount))
        print(json ? jsonText(report, unsafe: unsafe, file: file) : table(report, unsafe: unsafe, file: file), terminator: "")
        if let map = p.value("--map") {
            let shown = LegibilityMap.frame(for: report, document: document, frames: frames ?? Array(0..<document.frameCount))
            let image = try LegibilityMap.draw(document: document, report: report, frame: shown, workers: Workers(threads))
            try AtomicFile.write(try image.pngBytes(), to: map)
            printError("map: \(map) (frame \(shown))")
        }
        return strict && !(report.passes && unsafe.isEmpty) ? ExitCode.checkFailed : ExitCode.success
    }

    /// The safe-area findings (`SafeAreaAudit`), a line each, as the report's flags are printed.
    static func lines(_ unsafe: [SafeAreaAudit.Finding]) -> String {
        unsafe.map { u in
            "\(u.path)\(u.id.map { " (\($0))" } ?? ""): unsafe-area: \(u.message) at t=\(String(format: "%.2f", u.time))s\n"
        }.joined()
    }

    static func f(_ v: Float?, _ digits: Int = 1) -> String {
        guard let v else { return "-" }
        return String(format: "%.\(digits)f", Double(v))
    }

    /// A measured figure rounded down to `digits` decimals: a contrast under its minimum never prints as the
    /// minimum (2.97 prints 2.9 beside a minimum of 3.0).
    static func floored(_ v: Float?, _ digits: Int = 1) -> String {
        guard let v else { return "-" }
        return String(format: "%.\(digits)f", LegibilityAudit.floored(v, digits))
    }

    static func quoted(_ s: String?, max: Int = 22) -> String {
        guard let s else { return "-" }
        let flat = s.replacingOccurrences(of: "\n", with: " ")
        return "\"" + (flat.count > max ? String(flat.prefix(max - 1)) + "…" : flat) + "\""
    }

    static func table(_ r: LegibilityReport, unsafe: [SafeAreaAudit.Finding] = [], file: String) -> String {
        let header = ["item", "kind", "text", "color", "on", "size", "WCAG", "min", "APCA", "min", "worst at", "flags"]
        var rows: [[String]] = [header]
        for e in r.entries {
            let on = e.panel.map { "\($0) (\(e.material ?? "?"))" } ?? "-"
            let at: String
            if let t = e.worstTime, let p = e.worstPoint {
                at = String(format: "t=%.2fs (%.0f,%.0f)", t, Double(p.x), Double(p.y))
            } else { at = "-" }
            rows.append([e.id ?? e.path, e.kind, quoted(e.text), e.color, on, e.size.map { f($0, 0) } ?? "-",
                         floored(e.wcag), f(e.threshold.wcag), floored(e.apca), f(e.threshold.apca, 0), at,
                         e.flags.isEmpty ? "ok" : e.flags.map(\.code).joined(separator: ",")])
            // Each state on a row of its own: its time, its color and its worst figures.
            for st in e.states {
                rows.append(["  state", "", String(format: "t=%.2fs", st.time), st.color, "", "", floored(st.wcag),
                             f(e.threshold.wcag), floored(st.apca), f(e.threshold.apca, 0), "", ""])
            }
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (i, c) in row.enumerated() { widths[i] = max(widths[i], c.count) } }
        var out = "legibility of \(file): \(r.entries.count) items over \(r.frames) frames\n"
        for row in rows {
            let line = row.enumerated().map { i, c in i == row.count - 1 ? c : c + String(repeating: " ", count: widths[i] - c.count) }
                .joined(separator: "  ")
            out += String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
        }
        let flagged = r.entries.filter { !$0.flags.isEmpty }
        if !flagged.isEmpty { out += "\n" }
        for e in flagged {
            for fl in e.flags { out += "\(e.path)\(e.id.map { " (\($0))" } ?? ""): \(fl.code): \(fl.message)\n" }
        }
        if flagged.isEmpty && !unsafe.isEmpty { out += "\n" }
        out += lines(unsafe)
        for w in r.warnings { out += "warning: \(w)\n" }
        let problems = r.flagCount + unsafe.count + (r.strict ? r.warnings.count : 0)
        out += problems == 0 ? "\nno problems found\n" : "\n\(r.flagCount + unsafe.count) flagged, \(r.warnings.count) warnings\n"
        return out
    }

    static func jsonText(_ r: LegibilityReport, unsafe: [SafeAreaAudit.Finding] = [], file: String) -> String {
        func num(_ v: Float?) -> Any { v.map { Double(($0 * 100).rounded() / 100) } ?? NSNull() }
        func measured(_ v: Float?) -> Any { v.map { LegibilityAudit.floored($0, 2) } ?? NSNull() }
        let entries: [[String: Any]] = r.entries.map { e in
            [
                "path": e.path, "id": e.id ?? NSNull(), "kind": e.kind, "text": e.text ?? NSNull(), "color": e.color,
                "on": e.panel ?? NSNull(), "material": e.material ?? NSNull(), "size": num(e.size),
                "wcag": measured(e.wcag), "wcagMin": num(e.threshold.wcag), "apca": measured(e.apca), "apcaMin": num(e.threshold.apca),
                "worstTime": e.worstTime ?? NSNull(),
                "worstPoint": e.worstPoint.map { [Double($0.x), Double($0.y)] } ?? NSNull(),
                "flags": e.flags.map { ["code": $0.code, "message": $0.message] },
                "states": e.states.map { ["t": $0.time, "color": $0.color, "wcag": measured($0.wcag), "apca": measured($0.apca)] },
            ]
        }
        let safeArea: [[String: Any]] = unsafe.map { ["path": $0.path, "id": $0.id ?? NSNull(), "code": "unsafe-area", "message": $0.message, "time": $0.time] }
        let root: [String: Any] = ["scene": file, "frames": r.frames, "strict": r.strict, "passes": r.passes && unsafe.isEmpty,
                                   "entries": entries, "warnings": r.warnings, "safeArea": safeArea]
        guard let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

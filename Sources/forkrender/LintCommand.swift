import Foundation
import Raster
import Scene

/// `forkrender lint scene.json`: renders the scene and reports the legibility of every label and symbol against
/// the pixels actually behind it (worst case over the frames), plus the material guidance's rules.
enum LintCommand {
    static let usage = "forkrender lint <scene.json> [--strict] [--json] [--scale <s>] [--threads <n>]"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--strict", help: "Exit 1 when anything is flagged; a missing font becomes an error."),
        fontDirOption,
        OptionSpec(name: "--json", help: "Print the report as JSON for tools."),
        OptionSpec(name: "--scale", value: "s", help: "Override the canvas scale (pixels per point) while measuring.",
                   defaultText: "the scene's"),
        OptionSpec(name: "--frames", value: "first..last", help: "Measure only these frames (30..59, 30, 30.., ..59).",
                   defaultText: "all"),
        OptionSpec(name: "--threads", value: "n", help: "Worker threads.", defaultText: "all cores"),
    ]

    static func run(_ args: [String]) -> Int32 {
        if args.contains("--help") || args.contains("-h") {
            print(helpText(overview: "Measure the contrast of every label and symbol on the pixels behind it (WCAG 2 and APCA) and check the material guidance.",
                           usage: [usage],
                           arguments: [("<scene.json>", "The scene file.")], options: options,
                           footer: "EXIT STATUS: 0 no flags (or not --strict), 1 something flagged under --strict, 2 usage or scene error."),
                  terminator: "")
            return ExitCode.success
        }
        do {
            let p = try parseArguments(args, options: options)
            _ = try p.sceneFile()
            let threads = try p.int("--threads", in: 1...1024) ?? Workers.allCores.count
            let strict = p.has("--strict"), json = p.has("--json")
            try addFontDirectories(p)
            var document = try SceneDecoder().decode(file: p.positionals[0])
            if let s = try p.double("--scale", in: 0.01...100) { document.canvas.scale = Float(s) }
            var frames: [Int]?
            if let f = p.value("--frames") { frames = Array(try FrameSelection.parse(f, frameCount: document.frameCount)) }
            if strict, let first = document.content.fontWarnings.first {
                var e = first
                e.file = p.positionals[0]
                printError("error: \(e)")
                for more in document.content.fontWarnings.dropFirst() { printError("error: \(more)") }
            }
            let report = LegibilityAudit.run(document: document, frames: frames, strict: strict, workers: Workers(threads))
            print(json ? jsonText(report, file: p.positionals[0]) : table(report, file: p.positionals[0]), terminator: "")
            return strict && !report.passes ? ExitCode.checkFailed : ExitCode.success
        } catch let e as UsageError {
            return usageFailure(e.message, usage: usage)
        } catch let e as SceneError {
            printError("error: \(e)")
            return ExitCode.usage
        } catch {
            printError("error: \(error)")
            return ExitCode.usage
        }
    }

    static func f(_ v: Float?, _ digits: Int = 1) -> String {
        guard let v else { return "-" }
        return String(format: "%.\(digits)f", Double(v))
    }

    static func quoted(_ s: String?, max: Int = 22) -> String {
        guard let s else { return "-" }
        let flat = s.replacingOccurrences(of: "\n", with: " ")
        return "\"" + (flat.count > max ? String(flat.prefix(max - 1)) + "…" : flat) + "\""
    }

    static func table(_ r: LegibilityReport, file: String) -> String {
        let header = ["item", "kind", "text", "color", "on", "size", "WCAG", "min", "APCA", "min", "worst at", "flags"]
        var rows: [[String]] = [header]
        for e in r.entries {
            let on = e.panel.map { "\($0) (\(e.material ?? "?"))" } ?? "-"
            let at: String
            if let t = e.worstTime, let p = e.worstPoint {
                at = String(format: "t=%.2fs (%.0f,%.0f)", t, Double(p.x), Double(p.y))
            } else { at = "-" }
            rows.append([e.id ?? e.path, e.kind, quoted(e.text), e.color, on, e.size.map { f($0, 0) } ?? "-",
                         f(e.wcag), f(e.threshold.wcag), f(e.apca), f(e.threshold.apca, 0), at,
                         e.flags.isEmpty ? "ok" : e.flags.map(\.code).joined(separator: ",")])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (i, c) in row.enumerated() { widths[i] = max(widths[i], c.count) } }
        var out = "legibility of \(file): \(r.entries.count) items over \(r.frames) frames\n"
        for row in rows {
            out += row.enumerated().map { i, c in i == row.count - 1 ? c : c + String(repeating: " ", count: widths[i] - c.count) }
                .joined(separator: "  ") + "\n"
        }
        let flagged = r.entries.filter { !$0.flags.isEmpty }
        if !flagged.isEmpty { out += "\n" }
        for e in flagged {
            for fl in e.flags { out += "\(e.path)\(e.id.map { " (\($0))" } ?? ""): \(fl.code): \(fl.message)\n" }
        }
        for w in r.warnings { out += "warning: \(w)\n" }
        let problems = r.flagCount + (r.strict ? r.warnings.count : 0)
        out += problems == 0 ? "\nno problems found\n" : "\n\(r.flagCount) flagged, \(r.warnings.count) warnings\n"
        return out
    }

    static func jsonText(_ r: LegibilityReport, file: String) -> String {
        func num(_ v: Float?) -> Any { v.map { Double(($0 * 100).rounded() / 100) } ?? NSNull() }
        let entries: [[String: Any]] = r.entries.map { e in
            [
                "path": e.path, "id": e.id ?? NSNull(), "kind": e.kind, "text": e.text ?? NSNull(), "color": e.color,
                "on": e.panel ?? NSNull(), "material": e.material ?? NSNull(), "size": num(e.size),
                "wcag": num(e.wcag), "wcagMin": num(e.threshold.wcag), "apca": num(e.apca), "apcaMin": num(e.threshold.apca),
                "worstTime": e.worstTime ?? NSNull(),
                "worstPoint": e.worstPoint.map { [Double($0.x), Double($0.y)] } ?? NSNull(),
                "flags": e.flags.map { ["code": $0.code, "message": $0.message] },
            ]
        }
        let root: [String: Any] = ["scene": file, "frames": r.frames, "strict": r.strict, "passes": r.passes,
                                   "entries": entries, "warnings": r.warnings]
        guard let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

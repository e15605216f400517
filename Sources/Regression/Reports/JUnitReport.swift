import Foundation

/// A JUnit XML report of a check run, the format CI systems (GitHub Actions reporters, GitLab, Jenkins)
/// display: one `testsuite` per scene, one `testcase` per frame, `failure` for differences and missing
/// references, `error` for unreadable ones. Recorded and updated references pass, with a `system-out` note.
public enum JUnitReport {
    public static func xml(_ items: [CheckItem]) -> String {
        var scenes: [String] = []
        for i in items where !scenes.contains(i.scene) { scenes.append(i.scene) }
        let failures = items.filter { $0.status == .failed || $0.status == .missing }.count
        let errors = items.filter { $0.status == .error }.count
        let total = items.reduce(0.0) { $0 + $1.seconds }
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<testsuites name=\"forkrender check\" tests=\"\(items.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(total))\">\n"
        for scene in scenes {
            let mine = items.filter { $0.scene == scene }
            let f = mine.filter { $0.status == .failed || $0.status == .missing }.count
            let e = mine.filter { $0.status == .error }.count
            let t = mine.reduce(0.0) { $0 + $1.seconds }
            s += "  <testsuite name=\"\(escape(scene))\" tests=\"\(mine.count)\" failures=\"\(f)\" errors=\"\(e)\" time=\"\(seconds(t))\">\n"
            for i in mine {
                s += "    <testcase classname=\"\(escape(scene))\" name=\"frame \(CheckItem.frameName(i.frame))\" file=\"\(escape(i.scenePath))\" time=\"\(seconds(i.seconds))\""
                switch i.status {
                case .passed:
                    // A pass at another renderer's tolerance says so: it is a weaker promise than an exact one.
                    s += i.fallback.map { _ in ">\n      <system-out>\(escape("passed: " + i.message))</system-out>\n    </testcase>\n" } ?? "/>\n"
                case .recorded, .updated:
                    s += ">\n      <system-out>\(escape(i.status.rawValue + ": " + i.message))</system-out>\n    </testcase>\n"
                case .failed, .missing:
                    s += ">\n      <failure type=\"\(i.status.rawValue)\" message=\"\(escape(i.message))\">\(escape(details(i)))</failure>\n    </testcase>\n"
                case .error:
                    s += ">\n      <error type=\"error\" message=\"\(escape(i.message))\">\(escape(details(i)))</error>\n    </testcase>\n"
                }
            }
            s += "  </testsuite>\n"
        }
        s += "</testsuites>\n"
        return s
    }

    static func details(_ i: CheckItem) -> String {
        var lines = ["reference: \(i.referencePath)"]
        if let a = i.artifacts {
            for (label, p) in [("expected", a.expected), ("actual", a.actual), ("diff", a.diff), ("panels", a.panels)] {
                if let p { lines.append("\(label): " + (a.folder as NSString).appendingPathComponent(p)) }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func seconds(_ t: Double) -> String { String(format: "%.3f", t) }

    /// XML attribute and text escaping; control characters other than tab and newline are dropped.
    public static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n": out.unicodeScalars.append(u)
            default: if u.value >= 0x20 { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}

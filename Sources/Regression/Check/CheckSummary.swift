/// The table `forkrender check` prints on stdout, one row per frame, and its closing line.
public enum CheckSummary {
    public static func table(_ items: [CheckItem]) -> String {
        let header = ["SCENE", "FRAME", "STATUS", "DIFFERENT", "DETAILS"]
        var rows = [header]
        for i in items {
            let diff = i.result.map { "\($0.differentPixels)" } ?? "-"
            rows.append([i.scene, CheckItem.frameName(i.frame), i.status.rawValue, diff, i.message])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for r in rows { for (k, c) in r.enumerated() { widths[k] = max(widths[k], c.count) } }
        var s = ""
        for r in rows {
            var line = ""
            for (k, c) in r.enumerated() {
                let last = k == r.count - 1
                let pad = last ? "" : String(repeating: " ", count: widths[k] - c.count + 2)
                // Numbers right-aligned, text left-aligned.
                line += k == 3 ? String(repeating: " ", count: widths[k] - c.count) + c + "  " : c + pad
            }
            while line.hasSuffix(" ") { line.removeLast() }
            s += line + "\n"
        }
        return s
    }

    /// "3 frames: 2 passed, 1 failed" style totals, in a fixed order.
    public static func totals(_ items: [CheckItem]) -> String {
        let order: [CheckItem.Status] = [.passed, .recorded, .updated, .failed, .missing, .error]
        let parts = order.compactMap { st -> String? in
            let n = items.filter { $0.status == st }.count
            return n > 0 ? "\(n) \(st.rawValue)" : nil
        }
        return "\(items.count) frame\(items.count == 1 ? "" : "s"): " + (parts.isEmpty ? "none" : parts.joined(separator: ", "))
    }
}

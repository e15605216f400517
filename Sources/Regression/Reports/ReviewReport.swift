import Foundation

/// The review page of a check run: `index.html` beside the expected, actual and diff PNGs it shows.
///
/// One self-contained file (inline CSS and a few lines of script, no network): a summary table, then for each
/// frame that did not pass, expected | diff | actual side by side and a compare box that overlays actual on
/// expected with a slider (drag to wipe between them) or blinks between them. Paths are relative, so the folder
/// can be uploaded as a CI artifact and opened anywhere.
public struct ReviewReport {
    public var title = "forkrender check"
    /// The settings line (threshold, tolerance, anti-aliasing, scale).
    public var settings: String
    /// The command that accepts the changes shown.
    public var acceptCommand: String

    public init(settings: String, acceptCommand: String) {
        self.settings = settings
        self.acceptCommand = acceptCommand
    }

    /// Writes `<folder>/index.html` atomically.
    public func write(_ items: [CheckItem], to folder: String) throws(CheckError) {
        let path = (folder as NSString).appendingPathComponent("index.html")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let tmp = (folder as NSString).appendingPathComponent(".index.html.tmp-\(ProcessInfo.processInfo.processIdentifier)")
            try Data(html(items).utf8).write(to: URL(fileURLWithPath: tmp))
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: tmp, toPath: path)
        } catch {
            throw CheckError("cannot write the report '\(path)': \(error.localizedDescription)")
        }
    }

    public func html(_ items: [CheckItem]) -> String {
        let e = JUnitReport.escape
        var s = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(e(title))</title>
        <style>
        \(Self.css)
        </style>
        </head>
        <body>
        <h1>\(e(title))</h1>
        <p class="totals">\(e(CheckSummary.totals(items)))</p>
        <p class="settings">\(e(settings))</p>

        """
        let failing = items.filter { $0.status.isFailure }
        let fallback = items.filter { $0.fallback != nil }
        if let why = fallback.first?.fallback {
            s += "<p class=\"fallback\">\(fallback.count) of \(items.count) frames were not compared exactly: \(e(why))</p>\n"
        }
        if let scale = failing.lazy.compactMap(\.referenceScale).first {
            s += "<p class=\"accept\">The references were rendered at scale \(e(scale)), not this run's: check again with <code>--scale \(e(scale))</code>. Accepting these frames would overwrite them with pictures of another size.</p>\n"
        } else if !failing.isEmpty {
            s += "<p class=\"accept\">If these changes are intended, accept them with <code>\(e(acceptCommand))</code></p>\n"
        }
        s += "<table class=\"summary\">\n<tr><th>scene</th><th>frame</th><th>status</th><th>different pixels</th><th>details</th></tr>\n"
        for i in items {
            let id = Self.anchor(i)
            let frame = i.artifacts != nil ? "<a href=\"#\(id)\">\(CheckItem.frameName(i.frame))</a>" : CheckItem.frameName(i.frame)
            s += "<tr class=\"\(i.status.rawValue)\"><td>\(e(i.scene))</td><td>\(frame)</td><td><span class=\"badge \(i.status.rawValue)\">\(i.status.rawValue)</span></td>"
            s += "<td class=\"num\">\(i.result.map { "\($0.differentPixels)" } ?? "&ndash;")</td><td>\(e(i.message))</td></tr>\n"
        }
        s += "</table>\n"
        for i in items {
            guard let a = i.artifacts else { continue }
            s += "<section id=\"\(Self.anchor(i))\" class=\"item\">\n"
            s += "<h2>\(e(i.scene)) &middot; frame \(CheckItem.frameName(i.frame)) <span class=\"badge \(i.status.rawValue)\">\(i.status.rawValue)</span></h2>\n"
            s += "<p class=\"message\">\(e(i.message))</p>\n<p class=\"paths\">reference <code>\(e(i.referencePath))</code> &middot; scene <code>\(e(i.scenePath))</code></p>\n"
            s += "<div class=\"panels\">\n"
            for (label, p) in [("expected", a.expected), ("diff", a.diff), ("actual", a.actual)] {
                guard let p else { continue }
                s += "<figure><figcaption>\(label)</figcaption><a href=\"\(e(Self.link(p)))\"><img src=\"\(e(Self.link(p)))\" alt=\"\(label)\"></a></figure>\n"
            }
            s += "</div>\n"
            // The overlay needs two pictures of one size: after a size mismatch (no comparison) it would stretch one.
            if let ex = a.expected.map(Self.link), let ac = a.actual.map(Self.link), i.result != nil {
                s += """
                <div class="compare" data-mode="slider">
                <div class="controls">
                <label><input type="radio" name="mode-\(Self.anchor(i))" value="slider" checked> slider</label>
                <label><input type="radio" name="mode-\(Self.anchor(i))" value="blink"> blink</label>
                <input type="range" min="0" max="100" value="50" aria-label="wipe position">
                <span class="legend">left of the line: expected &middot; right: actual</span>
                </div>
                <div class="stack"><img class="under" src="\(e(ex))" alt="expected"><img class="over" src="\(e(ac))" alt="actual" style="clip-path: inset(0 0 0 50%)"><div class="line" style="left: 50%"></div></div>
                </div>

                """
            }
            s += "</section>\n"
        }
        s += "<script>\n\(Self.script)\n</script>\n</body>\n</html>\n"
        return s
    }

    /// A relative path as a URL: `tab#1/0000-diff.png` must not end at the `#`.
    public static func link(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// `<folder>/<name>` decoded as `T`, and its path: refused with `missing` when the file cannot be read, and
    /// as "not a `what`" when it does not decode. The report folder's JSON files (`review.json`,
    /// `check-result.json`) are read this one way.
    static func readJSON<T: Decodable>(_ type: T.Type, named name: String, in folder: String, missing: String,
                                       what: String) throws(CheckError) -> (value: T, path: String) {
        let path = (folder as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else { throw CheckError(missing) }
        do {
            return (try JSONDecoder().decode(T.self, from: data), path)
        } catch {
            throw CheckError("'\(path)' is not \(what): \(error)")
        }
    }

    /// The files earlier runs wrote into `folder` (index.html and each scene's frame PNGs), removed so the
    /// folder shows only this run's. Nothing else in it is touched: `--report .` must not empty a project.
    public static func removePreviousRun(in folder: String) {
        try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent("index.html"))
        for sub in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            _ = removeArtifacts(in: (folder as NSString).appendingPathComponent(sub), depth: 8)
        }
    }

    /// Removes the frame PNGs a run wrote into `dir` and its subfolders (a scene's key may hold folders,
    /// `ios/home`), and `dir` itself when nothing else was in it. Returns whether `dir` was removed.
    private static func removeArtifacts(in dir: String, depth: Int) -> Bool {
        let fm = FileManager.default
        guard depth > 0, let names = try? fm.contentsOfDirectory(atPath: dir) else { return false }
        var removed = 0
        for n in names {
            let path = (dir as NSString).appendingPathComponent(n)
            if ["actual", "expected", "diff", "panels"].contains(where: { n.hasSuffix("-\($0).png") }) {
                if (try? fm.removeItem(atPath: path)) != nil { removed += 1 }
            } else if removeArtifacts(in: path, depth: depth - 1) {
                removed += 1
            }
        }
        guard removed == names.count, removed > 0 else { return false }
        return (try? fm.removeItem(atPath: dir)) != nil
    }

    static func anchor(_ i: CheckItem) -> String {
        let safe = i.scene.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : "-" }.joined()
        return "\(safe)-\(CheckItem.frameName(i.frame))"
    }

    static let css = """
    body { font: 14px/1.45 -apple-system, "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
    h1 { font-size: 22px; margin: 0 0 4px; }
    h2 { font-size: 17px; margin: 0 0 6px; }
    code { font: 12px "DejaVu Sans Mono", Menlo, monospace; background: #e5e5ea; padding: 1px 4px; border-radius: 4px; }
    .totals { font-weight: 600; margin: 0; } .settings, .paths { color: #636366; margin: 2px 0; }
    .fallback { background: #e8f0fe; border: 1px solid #8ab4f8; padding: 8px 12px; border-radius: 8px; }
    .accept { background: #fff8e1; border: 1px solid #ffd54f; padding: 8px 12px; border-radius: 8px; }
    table.summary { border-collapse: collapse; background: #fff; border-radius: 10px; overflow: hidden; margin: 12px 0 24px; }
    table.summary th, table.summary td { padding: 5px 12px; text-align: left; border-bottom: 1px solid #e5e5ea; }
    table.summary td.num { text-align: right; font-variant-numeric: tabular-nums; }
    .badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #fff; background: #8e8e93; }
    .badge.passed { background: #34c759; } .badge.recorded, .badge.updated { background: #007aff; }
    .badge.failed, .badge.missing { background: #ff3b30; } .badge.error { background: #af52de; }
    section.item { background: #fff; border-radius: 12px; padding: 16px; margin: 0 0 24px; }
    .message { margin: 0 0 4px; }
    .panels { display: flex; gap: 12px; align-items: flex-start; margin: 12px 0; }
    .panels figure { margin: 0; flex: 1 1 0; min-width: 0; }
    .panels figcaption { font-weight: 600; color: #636366; margin-bottom: 4px; }
    .panels img { width: 100%; height: auto; display: block; border: 1px solid #d1d1d6; image-rendering: pixelated; }
    .compare .controls { display: flex; gap: 14px; align-items: center; margin-bottom: 6px; }
    .compare .controls input[type=range] { width: 240px; }
    .compare .legend { color: #636366; }
    .stack { position: relative; display: inline-block; max-width: 100%; border: 1px solid #d1d1d6; }
    .stack img { display: block; max-width: 100%; max-height: 85vh; width: auto; height: auto; image-rendering: pixelated; }
    .stack img.over { position: absolute; left: 0; top: 0; width: 100%; height: 100%; max-height: none; }
    .stack .line { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #ff3b30; }
    .compare[data-mode=blink] img.over { clip-path: none !important; animation: blink 1s steps(1) infinite; }
    .compare[data-mode=blink] .line, .compare[data-mode=blink] input[type=range] { display: none; }
    @keyframes blink { 0% { opacity: 1; } 50% { opacity: 0; } }
    """

    static let script = """
    document.querySelectorAll('.compare').forEach(function (box) {
      var over = box.querySelector('img.over'), line = box.querySelector('.line'), range = box.querySelector('input[type=range]');
      range.addEventListener('input', function () {
        over.style.clipPath = 'inset(0 0 0 ' + range.value + '%)';
        line.style.left = range.value + '%';
      });
      box.querySelectorAll('input[type=radio]').forEach(function (r) {
        r.addEventListener('change', function () { box.dataset.mode = r.value; });
      });
    });
    """
}

/// Quotes command-line words for a POSIX shell, so that a suggested command can be pasted as printed: a
/// scene named `tab#1.json` or a folder with a space must reach forkrender as one argument.
public enum ShellQuote {
    /// Characters that never need quoting (the set Python's shlex.quote leaves bare).
    static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_")

    /// `word` as is when it is safe, else in single quotes with each `'` written as `'\''`.
    public static func quote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The words quoted and joined by spaces.
    public static func command(_ words: [String]) -> String { words.map(quote).joined(separator: " ") }
}

import Foundation

/// The programs only `scripts/setup.sh --dev` installs (the oracles and the recipes the suite runs), looked up in
/// one place, so that every test needing one skips with a printed reason where it is missing: the README's test
/// command must pass on a machine set up without `--dev`.
///
/// `FORKRENDER_HIDE_DEV_TOOLS=1` makes every lookup fail, as on such a machine: `DevToolGuardTests` runs the
/// suites that use these tools with it set and expects them to pass (their tests skipped). A test that looks a
/// dev tool up any other way is caught by the same guard, which reads the test sources.
public enum DevTool {
    /// Every --dev program a test runs (Debian packages: parallel, libharfbuzz-bin, librsvg2-bin, chromium,
    /// chromium-driver, python3 with python3-selenium, nodejs: the preview page's syntax check).
    public static let names = ["parallel", "hb-view", "hb-shape", "rsvg-convert", "chromium", "chromium-browser",
                               "chromedriver", "python3", "node"]
    public static let hideVariable = "FORKRENDER_HIDE_DEV_TOOLS"

    /// Whether lookups are hidden in `environment` (ours by default).
    public static func hidden(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment[hideVariable] == "1"
    }

    /// The first executable `name` on PATH, then in the usual install folders; nil when missing or hidden.
    public static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        findAll(name, environment: environment).first
    }

    /// Every executable `name` on PATH and in the usual install folders, in that order (a pyenv python3 first on
    /// PATH may lack a module Debian's /usr/bin/python3 has); empty when hidden.
    public static func findAll(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        precondition(names.contains(name), "\(name) is not a --dev tool: add it to DevTool.names and scripts/setup.sh --dev")
        guard !hidden(environment) else { return [] }
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        var found: [String] = []
        for dir in path + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"] {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate), !found.contains(candidate) { found.append(candidate) }
        }
        return found
    }

    /// A Python 3 that imports every module of `modules` (comma-separated), among the python3 programs found
    /// (Debian's /usr/bin/python3, where python3-selenium lives, or the python3 on PATH, where pip puts
    /// skia-python under pyenv or a venv); nil when none does or the --dev tools are hidden.
    public static func python(importing modules: String) -> String? {
        for candidate in findAll("python3") {
            if let r = try? ChildProcess.run(URL(fileURLWithPath: candidate), ["-c", "import \(modules)"], timeout: 60),
               r.status == 0 { return candidate }
        }
        return nil
    }

    /// The reason a test skips without `name`.
    public static func missing(_ name: String, package: String) -> String {
        hidden() ? "\(name) hidden by \(hideVariable)=1" : "\(name) (\(package)) is not installed: run scripts/setup.sh --dev"
    }
}

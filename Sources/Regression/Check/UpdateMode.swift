import Foundation

/// When `check` writes reference images, by the names teams know from snapshot tools.
///
/// - `none`: never; a missing reference is a failure.
/// - `missing` (the default off CI): record references that do not exist yet; compare the others.
/// - `changed`: also replace references that differ beyond the tolerance (or cannot be read).
/// - `all`: replace every reference whose pixels changed at all, even within the tolerance.
///
/// On CI (environment variable `CI` set to `true`, `1` or `yes`, as GitHub Actions, GitLab, CircleCI and
/// Buildkite do) nothing is ever written: the effective mode is `none`, so a missing reference fails the run.
public enum UpdateMode: String, Sendable, CaseIterable {
    case none, missing, changed, all

    /// Parses a mode name; `never` is accepted for `none` (swift-snapshot-testing's word).
    public init?(name: String) {
        if name == "never" { self = .none; return }
        self.init(rawValue: name)
    }

    public static let names = "none, missing, changed, all"

    /// Whether the process runs on a CI system (`CI=true`).
    public static var isCI: Bool { isCI(ProcessInfo.processInfo.environment) }

    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let v = environment["CI"]?.lowercased() else { return false }
        return v == "true" || v == "1" || v == "yes"
    }
}

import Foundation

/// The files of the forkrender package that `bench --peers` reads and the binary does not ship (the browser
/// peer's driver script, the web twin scene), found in the folder named by `FORKRENDER_PACKAGE` or else the
/// working directory. A peer whose file is absent skips with the note `missing` gives.
public struct PackageFiles: Sendable {
    public static let variable = "FORKRENDER_PACKAGE"
    /// The folder looked in.
    public let root: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                currentDirectory: String = FileManager.default.currentDirectoryPath) {
        root = environment[Self.variable].flatMap { $0.isEmpty ? nil : $0 } ?? currentDirectory
    }

    /// The path of `relative` in the package, nil when it is not there.
    public func path(_ relative: String) -> String? {
        let path = (root as NSString).appendingPathComponent(relative)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The note of a peer skipped because `relative` is not in the package.
    public func missing(_ relative: String) -> String {
        "\(relative) not found in \(root) (run bench from the forkrender package, or set \(Self.variable) to it)"
    }
}

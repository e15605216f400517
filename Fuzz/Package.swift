// swift-tools-version: 6.0
//
// libFuzzer targets for forkrender, kept out of the main package: they build only with
// `-sanitize=fuzzer,address -parse-as-library` (libFuzzer supplies main). Run them with scripts/fuzz.sh.
import PackageDescription

let package = Package(
    name: "forkrender-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "forkrender", path: "..")],
    targets: [
        // Declares LLVMFuzzerRunDriver for the targets' entry points.
        .target(name: "FuzzDriver"),
        // Scene bytes -> decode -> validate -> render one tiny frame.
        .executableTarget(name: "FuzzScene", dependencies: ["FuzzDriver", .product(name: "ForkRenderKit", package: "forkrender")]),
        // PNG bytes -> header cap -> decode, the path `diff` and `check` read references through.
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzDriver", .product(name: "ForkRenderKit", package: "forkrender")]),
        // A request (method, path, query, headers) -> PreviewAccess and PreviewRoutes, no socket.
        .executableTarget(name: "FuzzPreview", dependencies: ["FuzzDriver", .product(name: "ForkRenderKit", package: "forkrender")]),
        // An icon file's bytes or inline path data -> the scene decoder's symbol checks -> one tiny frame.
        .executableTarget(name: "FuzzIcon", dependencies: ["FuzzDriver", .product(name: "ForkRenderKit", package: "forkrender")]),
        // ffprobe's output -> VideoProbe's parser -> the scene decoder's video checks (a resolver, no process).
        .executableTarget(name: "FuzzVideoProbe", dependencies: ["FuzzDriver", .product(name: "ForkRenderKit", package: "forkrender")]),
    ],
    swiftLanguageModes: [.v6]
)

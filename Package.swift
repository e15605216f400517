// swift-tools-version: 6.0
//
// forkrender: a software rasterizer for the FORK design language.
// Dependencies run one way: CPNG <- Raster <- (Dots, Glass, Content) <- SceneFormat <- Compose <- Output
// <- Regression <- forkrender; (Raster, CProcess) <- Media <- (Compose, Output); CText, CSVG <- Content;
// (Regression, CHTTP) <- Preview <- forkrender; every library module <- Benchmarks <- forkrender-bench (a program of
// its own: neither ForkRenderKit nor the installed `forkrender` holds benchmark code). SceneFormat opens no process and decodes no image: a
// backdrop's file reaches it through the `SceneResolver` its caller hands in (Output's `RenderResolver`).
// Every module's folders are its rooms (docs/architecture.md, "Rooms"): Raster: PNG/, Geometry/, Lanes/, Threads/,
// Math/, Color/. Content: Text/, SVG/. Dots: Input/, Forces/, Physics/, Sprites/. Glass: Blur/, Frosted/, Halo/,
// Liquid/, Shape/, Window/. SceneFormat: Reading/, Sections/, Model/, Budgets/. Compose: Layers/, Kept/.
// Output: Pipeline/, Sinks/. Media: Process/, Video/, Color/. Regression: Comparison/, Check/, Reports/, Review/, Approval/.
// Preview: Frames/, Session/, Page/, Review/.
// forkrender: Commands/, Options/, Documentation/. Tests/<Module>Tests mirror the rooms.
// Test hooks live in `+Testing.swift` files, internal (tests `@testable import`) or `package` (benchmarks).
import PackageDescription

let package = Package(
    name: "forkrender",
    platforms: [.macOS(.v13)],
    products: [
        // MARK: Public modules
        .executable(name: "forkrender", targets: ["forkrender"]),
        .library(name: "ForkRenderKit", targets: ["SceneFormat", "Compose", "Output", "Media", "Content", "Glass", "Dots", "Raster",
                                                  "Regression", "Preview"]),
    ],
    targets: [
        // MARK: Implementation details (system C libraries)
        // libpng: longjmp stays inside the C shim; Swift sees error codes and messages.
        .systemLibrary(
            name: "SystemPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // ISA-L's igzip: the deflate of a frame's bands of pre-filtered rows (4x zlib's fastest here; cpng.c).
        .systemLibrary(
            name: "SystemISAL",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]
        ),
        // zlib directly too: bands of pre-filtered rows are compressed by zlib or igzip, and libpng frames them.
        .target(name: "CPNG", dependencies: ["SystemPNG", "SystemISAL"], linkerSettings: [.linkedLibrary("z")]),
        // Text: fontconfig finds faces, FreeType rasterizes them, HarfBuzz shapes; errors stay in the C shim.
        .systemLibrary(
            name: "SystemFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        .systemLibrary(
            name: "SystemHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        .systemLibrary(
            name: "SystemFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
        ),
        // GNU FriBidi: the Unicode Bidirectional Algorithm (embedding levels of mixed-direction paragraphs).
        .systemLibrary(
            name: "SystemFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]
        ),
        .target(name: "CText", dependencies: ["SystemFreeType", "SystemHarfBuzz", "SystemFontconfig", "SystemFriBidi"]),
        // Icons: librsvg parses SVG documents and renders them through cairo; GObject and GError stay in the shim.
        // pkg-config names cairo, not librsvg-2.0: librsvg's flags carry GLib's -pthread, which SwiftPM refuses
        // with a warning on every build; CSVG links librsvg and GLib (see Sources/CSVG/csvg.c).
        .systemLibrary(
            name: "SystemRsvg",
            pkgConfig: "cairo",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        .target(name: "CSVG", dependencies: ["SystemRsvg"],
                linkerSettings: ["rsvg-2", "gio-2.0", "gobject-2.0", "glib-2.0"].map { .linkedLibrary($0) }),

        // GNU libmicrohttpd: the HTTP server of `forkrender preview`; its variadic API stays in the C shim.
        .systemLibrary(
            name: "SystemMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        .target(name: "CHTTP", dependencies: ["SystemMicroHTTPD"]),
        // prctl (variadic) for the children forkrender starts: ffmpeg without transparent huge pages.
        .target(name: "CProcess"),

        // MARK: Public modules
        .target(name: "Raster", dependencies: ["CPNG"]),
        .target(name: "Dots", dependencies: ["Raster"]),
        .target(name: "Glass", dependencies: ["Raster"]),
        .target(name: "Content", dependencies: ["Raster", "CText", "CSVG"]),
        // Child processes (one launcher), video probe, decode and encode, YUV conversion.
        .target(name: "Media", dependencies: ["Raster", "CProcess"]),
        // The scene format: plain values, decoding, limits and budgets; no process, no image decoded.
        .target(name: "SceneFormat", dependencies: ["Raster", "Dots", "Glass", "Content"]),
        // The compositor: the layers in order, the frame state and its kept stores.
        .target(name: "Compose", dependencies: ["SceneFormat", "Media", "Raster", "Dots", "Glass", "Content"]),
        // The pipeline, encoders, frame history, sinks, and the resolver every command decodes with.
        .target(name: "Output", dependencies: ["Compose", "SceneFormat", "Media", "Raster", "Dots", "Glass", "Content"]),
        .target(name: "Regression", dependencies: ["Output", "Compose", "SceneFormat", "Raster", "Glass", "Content"]),
        // The preview page's files (Sources/Preview/Page), compiled into the binary as byte arrays
        // (`PackageResources`), so the binary stays one file and no bundle is looked up at run time.
        .target(name: "Preview", dependencies: ["Regression", "Output", "Compose", "SceneFormat", "Raster", "CHTTP"],
                resources: ["index.html", "preview.css", "preview.js", "patch-worker.js"].map { .embedInCode("Page/" + $0) }
                    + [.embedInCode("Review/review.js")]),
        // The stage benchmarks and peers, outside the library modules and the installed binary (as tiny-skia's
        // benches/): a program of their own, `forkrender-bench`, which scripts/install.sh and the .deb never build.
        .target(name: "Benchmarks", dependencies: ["Output", "Compose", "SceneFormat", "Media", "Regression", "Glass", "Dots",
                                                   "Content", "Raster"]),
        .executableTarget(name: "forkrender-bench", dependencies: ["Benchmarks", "Output", "SceneFormat", "Raster"]),
        .executableTarget(name: "forkrender", dependencies: ["Output", "Compose", "SceneFormat", "Media", "Regression", "Preview",
                                                             "Glass", "Dots", "Content", "Raster"]),

        // MARK: Tests
        // The built binary, a child-process runner, the damaged clip and CIEDE2000, shared by the test targets.
        .target(name: "ChildProcess", path: "Tests/ChildProcess"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "ChildProcess", "SystemISAL"]),
        .testTarget(name: "DotsTests", dependencies: ["Dots", "Benchmarks"]),
        .testTarget(name: "GlassTests", dependencies: ["Glass", "Benchmarks"]),
        .testTarget(name: "ContentTests", dependencies: ["Content", "SceneFormat", "Compose", "Output", "Regression", "SystemFreeType", "ChildProcess"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "MediaTests", dependencies: ["Media", "Raster", "Output", "Compose", "SceneFormat", "ChildProcess"]),
        // Decoding suites that also render what they decode (through Compose and Output's resolver); the wall
        // itself is tested with a resolver that answers from memory (`BackdropResolverTests`).
        .testTarget(name: "SceneFormatTests", dependencies: ["SceneFormat", "Compose", "Output", "ChildProcess"], exclude: ["Fixtures"]),
        .testTarget(name: "ComposeTests", dependencies: ["Compose", "SceneFormat", "Output", "Media", "Regression", "ChildProcess"]),
        .testTarget(name: "OutputTests", dependencies: ["Output", "Compose", "SceneFormat", "Media", "ChildProcess"]),
        .testTarget(name: "RegressionTests", dependencies: ["Regression", "Output", "Compose", "SceneFormat", "Raster", "forkrender",
                                                           "ChildProcess", "Benchmarks"]),
        .testTarget(name: "GoldenTests", dependencies: ["Regression", "Output", "Compose", "SceneFormat"], exclude: ["References"]),
        .testTarget(name: "forkrenderTests", dependencies: ["Output", "Compose", "SceneFormat", "Media", "forkrender", "ChildProcess"]),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "Regression", "Output", "Compose", "SceneFormat", "Raster", "forkrender", "ChildProcess"],
                    exclude: ["Browser"]),
    ],
    swiftLanguageModes: [.v6]
)

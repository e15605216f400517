import Foundation
import Testing

/// The house rules that a reviewer used to keep by hand, kept by the suite instead: every room (folder) of a
/// module in Sources has a room of the same name in that module's tests; docs/performance.md stays a reference
/// of at most 450 lines; a module's top folder holds at most 8 Swift files (the rest live in rooms); at most 20
/// Swift files in Sources are under 30 lines (a file that small is usually part of a concept whose file is
/// elsewhere). Each rule is a function of a folder, so each test also runs it on a tree it builds to break the
/// rule, and a rule that measured nothing could not pass. (No function over 80 lines: FunctionLengthTests.)
@Suite struct HouseRuleTests {
    static let root = CLI.root

    /// Modules with no test target of their own: the benchmarks are measured, not tested, and their reports are
    /// run by DotsTests, GlassTests and RegressionTests (`BenchmarkRun`), the bench program by BenchProgramTests.
    static let untestedModules: Set<String> = ["Benchmarks", "forkrender-bench"]

    /// Rooms that had no test room when the rule was written: the list may only shrink (a listed room that
    /// gains its test room fails `theMissingRoomsListOnlyShrinks` until it is taken off).
    static let roomsWithoutTestsYet: Set<String> = [
        "Dots/Input", "Media/Video", "Output/Sinks", "Preview/Frames", "SceneFormat/Budgets", "SceneFormat/Model",
    ]

    static let performanceLines = 450
    static let topFiles = 8
    static let smallFileLines = 30
    static let smallFilesAllowed = 20

    // MARK: The rules, as functions of a package folder

    static func folders(_ url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path, isDirectory: &d) && d.boolValue }.sorted()
    }

    static func swiftFiles(_ url: URL, recursive: Bool) -> [URL] {
        if recursive {
            let all = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            return all.filter { $0.pathExtension == "swift" }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.map { url.appendingPathComponent($0) }
    }

    /// The Swift modules of `package`/Sources (C targets hold no Swift file).
    static func swiftModules(_ package: URL) -> [String] {
        let sources = package.appendingPathComponent("Sources")
        return folders(sources).filter { !swiftFiles(sources.appendingPathComponent($0), recursive: true).isEmpty }
    }

    /// `Module/Room` for every room of a tested module without `Tests/<Module>Tests/<Room>`.
    static func roomsWithoutTests(_ package: URL, untested: Set<String> = untestedModules) -> Set<String> {
        var missing: Set<String> = []
        for module in swiftModules(package) where !untested.contains(module) {
            let tests = package.appendingPathComponent("Tests/\(module)Tests")
            for room in folders(package.appendingPathComponent("Sources/\(module)"))
            where !folders(tests).contains(room) {
                missing.insert("\(module)/\(room)")
            }
        }
        return missing
    }

    /// `Module: n` for every module whose top folder holds more than `topFiles` Swift files.
    static func crowdedTops(_ package: URL) -> [String] {
        swiftModules(package).compactMap { m in
            let n = swiftFiles(package.appendingPathComponent("Sources/\(m)"), recursive: false).count
            return n > topFiles ? "\(m): \(n)" : nil
        }
    }

    static func lineCount(_ url: URL) -> Int {
        ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false).count - 1
    }

    /// The Swift files of Sources under `smallFileLines` lines, as paths from the package.
    static func smallFiles(_ package: URL) -> [String] {
        swiftFiles(package.appendingPathComponent("Sources"), recursive: true)
            .filter { lineCount($0) < smallFileLines }
            .map { $0.path.replacingOccurrences(of: package.path + "/", with: "") }.sorted()
    }

    // MARK: The package as it is

    @Test func everySourceRoomHasATestRoom() {
        let missing = Self.roomsWithoutTests(Self.root).subtracting(Self.roomsWithoutTestsYet)
        #expect(missing.isEmpty, "rooms without a room of the same name in their module's tests: \(missing.sorted())")
    }

    @Test func theMissingRoomsListOnlyShrinks() {
        let tested = Self.roomsWithoutTestsYet.subtracting(Self.roomsWithoutTests(Self.root))
        #expect(tested.isEmpty, "these rooms have tests now: take them off `roomsWithoutTestsYet`: \(tested.sorted())")
    }

    @Test func thePerformanceReferenceStaysShort() {
        let n = Self.lineCount(Self.root.appendingPathComponent("docs/performance.md"))
        #expect(n > 0 && n <= Self.performanceLines,
                "docs/performance.md has \(n) lines (at most \(Self.performanceLines)): today's figures with their commands; stories go to commit messages")
    }

    @Test func aModulesTopHoldsAtMostEightFiles() {
        #expect(Self.crowdedTops(Self.root).isEmpty, "give these modules' files rooms: \(Self.crowdedTops(Self.root))")
    }

    @Test func fewSmallFiles() {
        let small = Self.smallFiles(Self.root)
        #expect(small.count <= Self.smallFilesAllowed,
                "\(small.count) Swift files under \(Self.smallFileLines) lines (at most \(Self.smallFilesAllowed)); fold each into its concept's file: \(small)")
    }

    // MARK: Each rule on a tree built to break it

    @Test func theRulesSeeABrokenTree() throws {
        let dir = CLI.temporaryFolder("house-rules")
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ path: String, lines: Int) throws {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try String(repeating: "// line\n", count: lines).write(to: url, atomically: true, encoding: .utf8)
        }
        for i in 0...Self.topFiles { try write("Sources/Crowded/File\(i).swift", lines: Self.smallFileLines) }
        try write("Sources/Roomy/Room/A.swift", lines: Self.smallFileLines - 1)
        try write("Sources/Roomy/Tested/B.swift", lines: Self.smallFileLines)
        try write("Tests/RoomyTests/Tested/BTests.swift", lines: Self.smallFileLines)
        try write("Sources/CThing/include/thing.h", lines: 1)
        #expect(Self.roomsWithoutTests(dir, untested: []) == ["Roomy/Room"])
        #expect(Self.roomsWithoutTests(dir, untested: ["Roomy"]).isEmpty)
        #expect(Self.crowdedTops(dir) == ["Crowded: \(Self.topFiles + 1)"])
        #expect(Self.smallFiles(dir) == ["Sources/Roomy/Room/A.swift"])
        try write("docs/performance.md", lines: Self.performanceLines + 1)
        #expect(Self.lineCount(dir.appendingPathComponent("docs/performance.md")) == Self.performanceLines + 1)
    }
}

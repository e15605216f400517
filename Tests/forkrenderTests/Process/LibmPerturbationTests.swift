import ChildProcess
import Foundation
import Testing

/// Frames do not depend on libm's last bit: `scripts/libm-perturb.c`, built here with the system C compiler as
/// an LD_PRELOAD library, moves the result of every libm transcendental called from forkrender's own code by one
/// ulp, and every check frame of every scene in scenes/ (the golden suite's frames, at scale 1) and every frame
/// of the built-in showcase (at scale 1) must keep its bytes. Before DMath, 20 of 55 scenes changed (issue 23).
///
/// The system libraries' own libm calls are not perturbed here (FORKRENDER_PERTURB=binary): what they do under a
/// different libm is measured by hand and documented in docs/regression.md ("libm"). Skipped, with the reason
/// printed, on macOS (no LD_PRELOAD) and where no C compiler is installed.
@Suite(.serialized) struct LibmPerturbationTests {
    static let root = ChildProcess.packageRoot

    /// The system C compiler, or nil.
    static var compiler: String? {
        for c in ["cc", "gcc", "clang"] {
            for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
                let path = "\(dir)/\(c)"
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }

    /// Our environment without CI (the runs record into folders of their own) and without a preload of its own.
    static func environment(preload: String?, log: String? = nil) -> [String: String] {
        var e = ProcessInfo.processInfo.environment
        e["CI"] = nil
        e["LD_PRELOAD"] = preload
        e["FORKRENDER_PERTURB"] = "binary"
        e["FORKRENDER_PERTURB_LOG"] = log
        return e
    }

    /// Builds the shim and a control program calling pow, powf, sin and cos from its own code; the control must
    /// print other bits under the shim, or the shim wraps nothing and the comparison below would prove nothing.
    static func buildShim(in dir: URL) throws -> URL? {
        #if os(Linux)
        guard let cc = compiler else {
            print("LibmPerturbationTests skipped: no C compiler (cc, gcc or clang) on PATH")
            return nil
        }
        let shim = dir.appendingPathComponent("libm-perturb.so")
        let built = try ChildProcess.run(URL(fileURLWithPath: cc), [
            "-shared", "-fPIC", "-O1", "-fno-builtin", "-o", shim.path,
            root.appendingPathComponent("scripts/libm-perturb.c").path, "-ldl", "-lm"], timeout: 120)
        #expect(built.status == 0, "building the shim failed: \(built.err)")
        let control = dir.appendingPathComponent("control.c"), controlBinary = dir.appendingPathComponent("control")
        try """
        #include <math.h>
        #include <stdio.h>
        int main(void) {
            volatile double x = 2.0; volatile float f = 2.0f;
            printf("%a %a %a %a\\n", pow(x, 0.5), (double)powf(f, 0.5f), sin(x), cos(x));
            return 0;
        }
        """.write(to: control, atomically: true, encoding: .utf8)
        let c = try ChildProcess.run(URL(fileURLWithPath: cc), ["-O1", "-fno-builtin", "-o", controlBinary.path, control.path, "-lm"],
                                     timeout: 120)
        #expect(c.status == 0, "building the control failed: \(c.err)")
        let plain = try ChildProcess.run(controlBinary, [], environment: environment(preload: nil)).out
        let moved = try ChildProcess.run(controlBinary, [], environment: environment(preload: shim.path)).out
        let a = plain.split(separator: " "), b = moved.split(separator: " ")
        #expect(a.count == 4 && b.count == 4 && zip(a, b).allSatisfy { $0 != $1 },
                "the shim must move every result of the control: \(plain) vs \(moved)")
        return built.status == 0 ? shim : nil
        #else
        print("LibmPerturbationTests skipped: LD_PRELOAD is Linux's (macOS has DYLD_INSERT_LIBRARIES under SIP)")
        return nil
        #endif
    }

    /// Every file under `dir`, relative path -> bytes.
    static func contents(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: dir.path) ?? .init() {
            let url = dir.appendingPathComponent(path)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue,
               let d = try? Data(contentsOf: url) { out[path] = d }
        }
        return out
    }

    /// The files that differ (or exist on one side only) between two renders.
    static func differences(_ a: [String: Data], _ b: [String: Data]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    @Test func everySceneAndTheShowcaseIgnoreLibmsLastBit() throws {
        let dir = ChildProcess.temporaryFolder("libm-perturb")
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let shim = try Self.buildShim(in: dir) else { return }
        let binary = ChildProcess.forkrender
        let log = dir.appendingPathComponent("perturbed-calls.txt")
        var renders: [[String: Data]] = []
        for (name, preload) in [("plain", nil), ("perturbed", shim.path)] {
            let refs = dir.appendingPathComponent("\(name)-scenes"), show = dir.appendingPathComponent("\(name)-showcase")
            let env = Self.environment(preload: preload, log: preload == nil ? nil : log.path)
            let check = try ChildProcess.run(binary, ["check", Self.root.appendingPathComponent("scenes").path,
                                                      "--references", refs.path, "--update", "all", "--scale", "1", "-q"],
                                             environment: env, timeout: 600)
            #expect(check.status == 0, "\(name) check: \(check.err)")
            let showcase = try ChildProcess.run(binary, ["-o", show.path, "--scale", "1", "-q"], environment: env, timeout: 600)
            #expect(showcase.status == 0, "\(name) showcase: \(showcase.err)")
            renders.append(Self.contents(refs).merging(Self.contents(show).map { ("showcase/" + $0.key, $0.value) }) { a, _ in a })
        }
        let perturbed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        print("libm calls from forkrender's code under the shim: \(perturbed.isEmpty ? "none" : perturbed)")
        let scenes = Set(renders[0].keys.map { $0.split(separator: "/").first.map(String.init) ?? $0 })
        #expect(renders[0].count > 100 && scenes.count > 50, "too few frames: \(renders[0].count) in \(scenes.count) scenes")
        let changed = Self.differences(renders[0], renders[1])
        let changedScenes = Set(changed.map { $0.split(separator: "/").first.map(String.init) ?? $0 }).sorted()
        #expect(changed.isEmpty, "\(changed.count) frames of \(changedScenes.count) of \(scenes.count) scenes change when libm's results move by one ulp: \(changedScenes.joined(separator: ", "))")
        print("libm perturbation: \(renders[0].count) frames of \(scenes.count) scenes (showcase included), \(changed.count) changed")
    }
}

import ChildProcess
import Foundation
import Testing

/// The completion scripts of `forkrender --generate-completion-script <shell>`, loaded into the real shells and
/// asked for a subcommand, an option, a tier name and a scene file, as a user's Tab would. bash is always there;
/// zsh and fish are tried where installed (skipped with the reason otherwise).
@Suite struct CompletionScriptTests {
    /// A folder with a scene, an image and a subfolder, and the script for `shell` in it.
    static func fixture(_ shell: String) throws -> (dir: URL, script: URL) {
        let dir = CLI.temporaryFolder("completion-\(shell)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("shots"), withIntermediateDirectories: true)
        for name in ["tap.json", "frame.png"] { _ = FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data()) }
        let r = try CLI.run(["--generate-completion-script", shell])
        #expect(r.status == 0 && r.stderr.isEmpty)
        let script = dir.appendingPathComponent(shell == "zsh" ? "_forkrender" : "forkrender.\(shell)")
        try r.stdout.write(to: script)
        return (dir, script)
    }

    static func shell(_ name: String) -> URL? {
        ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }

    @Test func bashCompletesCommandsOptionsTiersAndScenes() throws {
        let bash = try #require(Self.shell("bash"))
        let (dir, script) = try Self.fixture("bash")
        defer { try? FileManager.default.removeItem(at: dir) }
        // `complete` then `_forkrender` on each word list; one line of replies per case, sorted.
        let program = """
        source \(script.path)
        complete -p forkrender
        t() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _forkrender; printf '%s\\n' "$(printf '%s\\n' "${COMPREPLY[@]}" | sort | tr '\\n' ' ')"; }
        t forkrender li
        t forkrender --ti
        t forkrender --tier a
        t forkrender --appearance ''
        t forkrender lint ''
        t forkrender diff ''
        t forkrender help sh
        """
        let r = try ChildProcess.run(bash, ["--norc", "-c", program], cwd: dir)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "complete -F _forkrender forkrender",
            "lint ",
            "--tier --tilt-sweep ",
            "android android-legacy ",
            "dark light ",
            "shots tap.json ",
            "frame.png shots ",
            "sheet showcase ",
            "",
        ])
    }

    @Test func fishCompletesCommandsOptionsTiersAndScenes() throws {
        guard let fish = Self.shell("fish") else {
            print("completion test: fish skipped: fish is not installed")
            return
        }
        let (dir, script) = try Self.fixture("fish")
        defer { try? FileManager.default.removeItem(at: dir) }
        func complete(_ line: String) throws -> [String] {
            let r = try ChildProcess.run(fish, ["--no-config", "-c", "source \(script.path); complete -C '\(line)'"], cwd: dir)
            #expect(r.status == 0, "\(r.err)")
            return r.out.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
        }
        #expect(try complete("forkrender li") == ["lint"])
        #expect(try complete("forkrender --ti") == ["--tier", "--tilt-sweep"])
        #expect(try complete("forkrender --tier a") == ["android", "android-legacy"])
        #expect(try complete("forkrender lint ").contains("tap.json"))
        #expect(try !complete("forkrender lint ").contains("frame.png"))
    }

    /// zsh's completion runs only inside its line editor: a pseudo-terminal (zsh/zpty) types the words and Tab,
    /// and the listing zsh draws is searched.
    @Test func zshCompletesCommandsOptionsAndTiers() throws {
        guard let zsh = Self.shell("zsh") else {
            print("completion test: zsh skipped: zsh is not installed")
            return
        }
        let (dir, _) = try Self.fixture("zsh")
        defer { try? FileManager.default.removeItem(at: dir) }
        let driver = """
        zmodload zsh/zpty
        zpty z 'zsh -f -i'
        zpty -w z "PS1='> '; fpath=(\(dir.path) \\$fpath); autoload -Uz compinit; compinit -u -D"
        sleep 1
        for line in 'forkrender li' 'forkrender --ti' 'forkrender --tier a'; do
          zpty -w z "$line"$'\\t\\t'
          sleep 1
          zpty -w z $'\\C-u'
        done
        sleep 1
        out=
        while zpty -rt z chunk; do out+=$chunk; done
        print -r -- "$out"
        zpty -d z
        """
        let r = try ChildProcess.run(zsh, ["-f", "-c", driver], cwd: dir, timeout: 60)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("forkrender lint"), "a subcommand: \(r.out)")
        #expect(r.out.contains("--tier") && r.out.contains("--tilt-sweep"), "an option: \(r.out)")
        #expect(r.out.contains("android-legacy"), "a tier: \(r.out)")
    }
}

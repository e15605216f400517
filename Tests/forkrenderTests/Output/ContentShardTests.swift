import Foundation
import Testing

/// Content that changes in time (a tab bar whose selection moves at a tap, a label fading in), and Liquid Glass
/// matted over a transparent canvas from its kept matte (`LiquidMatteCache`), render the same PNG files, byte for
/// byte, as three shards on one thread and as one full run on two.
@Suite struct ContentShardTests {
    @Test(arguments: ["content-tabbar-select.json", "content-fade-in.json", "transparent-glass.json"])
    func shardsEqualAFullRun(scene name: String) throws {
        let dir = CLI.temporaryFolder("content-shards-\(name)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = CLI.root.appendingPathComponent("scenes/\(name)").path
        for i in 0..<3 {
            let r = try CLI.run([scene, "-o", "shards", "-q", "--scale", "0.5", "--threads", "1", "--shard", "\(i)/3"], cwd: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let full = try CLI.run([scene, "-o", "full", "-q", "--scale", "0.5", "--threads", "2"], cwd: dir)
        #expect(full.status == 0, "\(full.stderr)")
        let names = CLI.files(in: dir.appendingPathComponent("full"))
        #expect(names.count >= 30)
        #expect(CLI.files(in: dir.appendingPathComponent("shards")) == names)
        for n in names {
            let a = try Data(contentsOf: dir.appendingPathComponent("full/\(n)"))
            let b = try Data(contentsOf: dir.appendingPathComponent("shards/\(n)"))
            #expect(a == b, "\(name) \(n) differs between the shards and the full run")
        }
    }
}

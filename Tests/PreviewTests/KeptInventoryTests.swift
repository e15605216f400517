import Foundation
import Testing
import Raster
@testable import Preview
@testable import SceneFormat
@testable import Compose
@testable import Output

/// docs/architecture.md's table of the stores kept between frames ("State kept between frames") has one row
/// per declared store (`KeptInventory` and the preview's `FrameCache` and `PreviewCompositors`), each cell the declaration's, and every
/// store a session makes is declared. Here because Preview is the highest module that owns a store.
@Suite struct KeptInventoryTests {
    static let declared = KeptInventory.all + [FrameCache.descriptor, PreviewCompositors.descriptor]

    static func row(_ d: KeptStoreDescriptor) -> [String] {
        ["`\(d.name)`", d.place, d.holds, d.key, d.dropped, d.bound]
    }

    /// The cells of the rows of the section's table, by store name.
    static func documentedRows() throws -> [[String]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let section = text.components(separatedBy: "\n## State kept between frames\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        return section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
        }
    }

    @Test func everyDeclaredStoreHasItsRowAndEveryRowAStore() throws {
        let rows = try Self.documentedRows()
        let documented = Dictionary(rows.map { ($0[0], $0) }, uniquingKeysWith: { a, _ in a })
        for d in Self.declared {
            let expected = Self.row(d)
            #expect(documented[expected[0]] == expected, "docs/architecture.md needs the row:\n| \(expected.joined(separator: " | ")) |")
        }
        let names = Set(Self.declared.map { "`\($0.name)`" })
        for r in rows where !names.contains(r[0]) {
            Issue.record("docs/architecture.md lists \(r[0]), which no store declares")
        }
        #expect(rows.count == Self.declared.count)
    }

    @Test func everyStoreASessionMakesIsDeclared() throws {
        var c = Compositor(document: try SceneDecoder(scale: 0.5).decode(text: Showcase.json), workers: Workers(2))
        _ = c.render(frame: 0)
        let names = Set(Self.declared.map(\.name))
        // KeptStoreTests makes a store of its own in the same test process: a test of the mechanism, no store.
        for made in KeptStoreDescriptor.madeNames where made != "KeptStoreTests" {
            #expect(names.contains(made), "\(made) is made but not in KeptInventory")
        }
    }
}

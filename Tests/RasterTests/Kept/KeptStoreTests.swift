import Foundation
import Testing
@testable import Raster

/// `KeptStore`, `KeptTable` and the declaration's cancel rule on their own: a table's bound and what passing it
/// evicts, a store that keeps nothing, and what a cancelled frame drops (only what is kept, never what is counted).
@Suite struct KeptStoreTests {
    /// A value that keeps entries and counts what it was asked, as the session's stores do.
    struct Counted: KeptValue {
        var table = KeptTable<Int, String>(limit: 3)
        var asked = 0
        mutating func dropKept() { table.dropKept() }
    }

    static func descriptor(dropsOnCancel: Bool) -> KeptStoreDescriptor {
        KeptStoreDescriptor("KeptStoreTests", place: "Tests", holds: "strings", key: "an int", dropped: "all beyond 3",
                            bound: "3 entries", dropsOnCancelledFrame: dropsOnCancel)
    }

    @Test func aTableHoldsAtMostItsLimitAndEvictsAllWhenOneMoreWouldPassIt() {
        var t = KeptTable<Int, String>(limit: 3)
        for k in 0..<3 { t[k] = "\(k)" }
        #expect(t.entries.count == 3)
        t[1] = "one"                       // replacing a kept key passes nothing
        #expect(t.entries.count == 3 && t[1] == "one")
        t[3] = "3"                         // a fourth key: every entry goes, the new one stays
        #expect(t.entries == [3: "3"])
        #expect(t.removeValue(forKey: 3) == "3" && t.entries.isEmpty)
    }

    @Test func aStoreKeepsBetweenAccessesUnlessItKeepsNothing() {
        let kept = KeptStore(Self.descriptor(dropsOnCancel: true), keeping: .everything, Counted())
        kept.access { $0.table[1] = "a"; $0.asked += 1 }
        #expect(kept.access { $0.table[1] } == "a")
        let none = KeptStore(Self.descriptor(dropsOnCancel: true), keeping: .nothing, Counted())
        none.access { $0.table[1] = "a"; $0.asked += 1 }
        // Within one access the value is there; after it, only what is counted stays.
        #expect(none.access { $0.table[1] } == nil)
        #expect(none.access { $0.asked } == 1)
        #expect(!none.keeps && kept.keeps)
    }

    /// `forgetCancelledFrame` drops exactly the stores whose declaration says a cancelled frame drops them, and
    /// leaves what they count.
    @Test func aCancelledFrameDropsWhatTheDeclarationSays() {
        let drops = KeptStore(Self.descriptor(dropsOnCancel: true), keeping: .everything, Counted())
        let stays = KeptStore(Self.descriptor(dropsOnCancel: false), keeping: .everything, Counted())
        for s in [drops, stays] { s.access { $0.table[7] = "seven"; $0.asked = 5 } }
        let stores: [any AnyKeptStore] = [drops, stays]
        stores.forgetCancelledFrame()
        #expect(drops.access { $0.table[7] } == nil && drops.access { $0.asked } == 5)
        #expect(stays.access { $0.table[7] } == "seven")
    }

    /// Two threads changing one store never lose an update: every access runs under the store's lock.
    @Test func accessesAreSerialized() {
        let store = KeptStore(Self.descriptor(dropsOnCancel: false), keeping: .everything, Counted())
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1000 { store.access { $0.asked += 1 } }
        }
        #expect(store.access { $0.asked } == 8000)
    }
}

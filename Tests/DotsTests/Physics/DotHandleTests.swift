@testable import Dots
import Testing

/// The dots' handle asserts every index in debug builds (release builds compile the asserts out, so this test
/// exists only in debug: `swift test --filter DotHandleTests`).
#if DEBUG
@Test func anIndexPastTheDotsTrapsInDebugBuilds() async {
    await #expect(processExitsWith: .failure) {
        // 4 x 3 dots: index 12 is one past the x array (it would read y[0] unchecked).
        let storage = DotStorage.make(columns: 4, rows: 3, firstColumn: 0, firstRow: 0, spacing: 12, idle: 0.2)
        storage.withHandle { h in _ = h.x[12] }
    }
}

@Test func anEightLaneLoadPastTheRowTrapsInDebugBuilds() async {
    await #expect(processExitsWith: .failure) {
        let storage = DotStorage.make(columns: 4, rows: 3, firstColumn: 0, firstRow: 0, spacing: 12, idle: 0.2)
        storage.withHandle { h in _ = h.vy.load8(5) }
    }
}

@Test func inRangeAccessDoesNotTrap() {
    let storage = DotStorage.make(columns: 4, rows: 3, firstColumn: 0, firstRow: 0, spacing: 12, idle: 0.2)
    storage.withHandle { h in
        #expect(h.x[11] == 36 && h.y[11] == 24)  // last dot: column 3, row 2, 12 pt apart
        #expect(h.hx.load8(4) == SIMD8(0, 12, 24, 36, 0, 12, 24, 36))
    }
}
#endif

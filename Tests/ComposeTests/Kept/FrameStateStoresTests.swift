import Testing
import Raster
@testable import Compose

/// The frame state owns its stores as data: the stores it holds are the ones it declares (`sessionStores`, what
/// the inventory and the memory estimate read), and a cancelled frame drops exactly those whose declaration says
/// so, without naming any.
@Suite struct FrameStateStoresTests {
    @Test func theStoresHeldAreTheStoresDeclared() {
        let state = FrameState(pixels: 100, keeping: .everything)
        #expect(state.stores.map(\.descriptor) == FrameState.sessionStores)
    }

    @Test func aCancelledFrameDropsTheStoresAFrameFillsAsItDraws() {
        let dropped = FrameState.sessionStores.filter(\.dropsOnCancelledFrame).map(\.name)
        #expect(dropped == ["GlassReuse", "HaloCellCache", "LensWindowCache", "LiquidBodyCache", "LiquidMatteCache"])
    }
}

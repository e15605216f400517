import Content
import SceneFormat
/// Test hooks of the content layer.
extension ContentLayer {
    /// The mask of item `i` at rest (its own place, no transition) on a panel placement (nil: the canvas).
    func mask(item i: Int, placement: PanelPlacement?) -> CoverageMask {
        mask(item: i, placing: Placing(placement: placement, place: document.content.items[i].kind.place, scale: 1))
    }
}

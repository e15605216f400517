import Raster

/// A lens window a drawing blurred, kept for the next frame's drawing of the same container (work proportional
/// to what changed): where the plane did not change within the kernel's reach, a blurred pixel is the
/// same (the blur's sums are exact integers, so a pixel's value is a function of the plane around it alone,
/// WindowBlur.swift), and only the rest is blurred again.
///
/// Opaque to callers: `LiquidGlass.apply` returns one and takes one back through `WindowReuse`. It is taken out
/// when used (`take`), so that the window's memory has one owner and is written in place, never copied.
public final class KeptWindow: @unchecked Sendable {
    private var window: Window?
    let tent: Tent
    /// The window's pixels, for the bound of the store that keeps it.
    public let pixelCount: Int

    init(_ window: Window, blur tent: Tent) {
        self.window = window
        self.tent = tent
        pixelCount = window.width * window.height
    }

    /// The window, which this object no longer holds.
    func take() -> Window? {
        defer { window = nil }
        return window
    }
}

/// A kept window and where the plane may differ from the one it was blurred from: rectangles in frame pixels
/// (the boxes of the dots that moved or changed color since, old and new: `PlaneSpriteRecord.changedBoxes`).
public struct WindowReuse: Sendable {
    public let kept: KeptWindow
    public let changed: [PixelRect]

    public init(kept: KeptWindow, changed: [PixelRect]) {
        self.kept = kept
        self.changed = changed
    }
}

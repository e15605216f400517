import Raster
import SceneFormat

/// A region glass or content drew over the plane in a frame, and, for a glass panel kept between frames
/// (`GlassReuse`), the token of the pixels it copied there: two frames whose overlays hold the same region
/// with the same token hold the same glass pixels in it (the encoders' `FrameHistory` relies on this).
public struct Overlay: Sendable, Equatable {
    public var rect: PixelRect
    /// Nil: nothing is known about these pixels beyond this frame.
    public var token: UInt64?

    public init(_ rect: PixelRect, token: UInt64? = nil) {
        self.rect = rect
        self.token = token
    }
}

import Foundation
import Raster
import SceneFormat
import Compose

/// Streams PNG frames back to back on a file descriptor (stdout), for `ffmpeg -f image2pipe -c:v png -i -`.
public final class PNGStreamSink: FrameSink, @unchecked Sendable {
    let fd: Int32
    let settings: EncodeSettings
    /// The bands of the frames encoded last, shared by the encoders (`PNGBandCache`).
    public let bands = PNGBandCache()

    public init(fileDescriptor fd: Int32 = 1, settings: EncodeSettings) {
        self.fd = fd
        self.settings = settings
    }

    public func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame {
        try EncodedFrame(bytes: settings.pngBytes(image, scratch: &scratch, bands: bands))
    }

    public func deliver(frame index: Int, _ encoded: EncodedFrame) throws(OutputError) {
        try writeAll(fd, encoded.bytes, what: "standard output")
    }

    public func finish() throws(OutputError) {}
    public func abort() {}
}

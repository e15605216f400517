import Media
import Raster
import SceneFormat

/// The plane layer's backdrop stage: the document's image (or a decoded video frame) resampled to its placement
/// (`ImageResample`), faded by its opacity and composited source-over the plane's background, in the blend
/// space. Pure functions of their inputs, so what `BackdropCache` keeps of them is what they would make again.
enum BackdropStage {
    /// The part of a still backdrop's placement on the canvas (in placement pixels).
    static func canvasPart(_ spec: BackdropSpec, _ document: SceneDocument) -> PixelRect {
        let canvas = PixelRect(x: 0, y: 0, width: document.canvas.pixelWidth, height: document.canvas.pixelHeight)
        let onCanvas = spec.placement.intersection(canvas)
        return PixelRect(x: onCanvas.x - spec.placement.x, y: onCanvas.y - spec.placement.y, width: onCanvas.width, height: onCanvas.height)
    }

    /// A decoded yuv420p frame as premultiplied pixels in `space`: RGB by `YUVToRGB`, then each 8-bit sample
    /// taken as sRGB as a PNG's is (`Framebuffer(image:space:)`, the same values), opaque.
    static func videoFrame(_ yuv: UnsafeRawBufferPointer, _ video: VideoSource, space: BlendSpace) -> Framebuffer {
        let (w, h) = (video.width, video.height)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let colors = YUVToRGB(matrix: video.colors.matrix, fullRange: video.colors.fullRange)
        rgba.withUnsafeMutableBytes { colors.apply(yuv: yuv, width: w, height: h, into: $0) }
        let levels: [Float] = (0...255).map { b in
            let v = Float(b * 257) / 65535
            return space == .linear ? srgbToLinear(v) : v
        }
        var fb = Framebuffer(width: w, height: h, space: space)
        fb.withUnsafeMutablePixels { px in
            for i in 0..<px.count {
                px[i] = SIMD4(levels[Int(rgba[4 * i])], levels[Int(rgba[4 * i + 1])], levels[Int(rgba[4 * i + 2])], 1)
            }
        }
        return fb
    }

    /// `part` of the placed image (in placement pixels), each pixel the resampled image's at the backdrop's
    /// opacity, source-over the background.
    static func placed(_ spec: BackdropSpec, part: PixelRect, background: SIMD4<Float>) -> Framebuffer {
        var none: Framebuffer?
        return placed(spec.image!, spec, part: part, background: background, reusing: &none)
    }

    /// `part` of `image` placed as `spec` says, at its opacity, source-over the background, into `reusing`'s
    /// buffer when it fits.
    static func placed(_ image: Framebuffer, _ spec: BackdropSpec, part: PixelRect, background: SIMD4<Float>,
                       reusing: inout Framebuffer?) -> Framebuffer {
        ImageResample(width: spec.placement.width, height: spec.placement.height).apply(image, region: part, into: &reusing)
        // Moved out, so that the buffer is written in place (its only reference).
        var px = reusing!
        reusing = nil
        let opacity = spec.opacity
        px.withUnsafeMutablePixels { p in
            for i in p.indices { p[i] = sourceOver(background, p[i] * opacity) }
        }
        return px
    }
}

import Raster

extension Plane {
    /// The scalar reference: the background, the backdrop copied over it, and every dot filled as a Raster `Circle`, one after another, on one thread.
    func renderReference(into fb: inout Framebuffer, scale: Float) {
        let c = configuration
        fb.fill(fb.space.premultiply(c.background))
        if let b = backdrop {
            let on = b.rect.intersection(PixelRect(fb))
            if !on.isEmpty { fb.copyPixels(from: b.pixels, rect: PixelRect(x: on.x - b.x, y: on.y - b.y, width: on.width, height: on.height), to: (on.x, on.y)) }
        }
        guard c.visible else { return }
        let paint = paint(fb.space)
        for n in 0..<dotCount {
            let (center, premul) = storage.withHandle { st in (spriteCenter(n, st, scale: scale), Self.spriteColor(n, st, paint)) }
            fb.fill(Circle(center: center, radius: c.dotSize * scale / 2), color: fb.space.color(premul))
        }
    }
}

import Raster

/// Apple's vibrancy levels for foreground content on a material: four for labels, three for fills, one for
/// separators. The name says the relative contrast: the plain level has the most, quaternary the least.
public enum VibrancyLevel: String, Sendable, CaseIterable, Hashable {
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel
    case fill, secondaryFill, tertiaryFill
    case separator

    /// The dynamic system color the level starts from (its hue and its alpha).
    public var token: Token {
        switch self {
        case .label: return .label
        case .secondaryLabel: return .secondaryLabel
        case .tertiaryLabel: return .tertiaryLabel
        case .quaternaryLabel: return .quaternaryLabel
        case .fill: return .systemFill
        case .secondaryFill: return .secondarySystemFill
        case .tertiaryFill: return .tertiarySystemFill
        case .separator: return .separator
        }
    }

    public var isLabel: Bool { [.label, .secondaryLabel, .tertiaryLabel, .quaternaryLabel].contains(self) }
}

/// Vibrancy as an image operation: foreground content whose color is pulled forward from the pixels behind it.
///
/// For each pixel of the content's coverage mask, with `b` the straight sRGB color already in the frame there
/// (the material, with whatever it blurred), `t` the level's token color and alpha `a`:
///
///     shaded = b * depth.light                      (light appearance: the backdrop's hue, darker)
///     shaded = b + (1 - b) * depth.dark             (dark appearance: the backdrop's hue, lighter)
///     color  = t * (1 - pull) + shaded * pull       (pull from the material and appearance table)
///     frame  = color at alpha a * coverage, source-over the frame (in the frame's blend space)
///
/// So a label over a blue-tinged patch of glass turns slightly blue, and the levels keep their order: alpha
/// falls from label to quaternaryLabel, so contrast with the backdrop falls too. Without a material (content not
/// on glass) `pull` is 0 and the level is its flat token color.
///
/// Values: `pull` and `depth` in 0...1 (ContentDefaults.vibrancyPull, .vibrancyDepth). Alpha contract: the frame
/// is read and written premultiplied in its blend space; an opaque frame stays opaque.
public struct Vibrancy: Sendable, Hashable {
    public var level: VibrancyLevel
    public var material: Material?
    public var appearance: Appearance

    public init(level: VibrancyLevel, material: Material?, appearance: Appearance) {
        self.level = level
        self.material = material
        self.appearance = appearance
    }

    public var pull: Float {
        guard let material, let p = ContentDefaults.vibrancyPull[material] else { return 0 }
        return appearance == .light ? p.light : p.dark
    }

    /// The straight color the level takes over a backdrop color (alpha: the level's alpha).
    public func color(over b: Color) -> Color { Blend(self).color(over: b) }
}

/// A paint with its table lookups done, for the per-pixel loop.
struct Blend {
    var token: SIMD3<Float>
    var alpha: Float
    var pull: Float
    var light: Bool
    var depth: Float

    init(_ v: Vibrancy) {
        let t = v.level.token.color(v.appearance)
        token = SIMD3(t.red, t.green, t.blue)
        alpha = t.alpha
        pull = v.pull
        light = v.appearance == .light
        depth = light ? ContentDefaults.vibrancyDepth.light : ContentDefaults.vibrancyDepth.dark
    }

    init(plain c: Color) {
        token = SIMD3(c.red, c.green, c.blue)
        alpha = c.alpha
        pull = 0
        light = true
        depth = 0
    }

    /// The crossfade of two paints, `p` of `b`: what `a` and `b` each composited alone over the same pixel and
    /// mixed give (their premultiplied sources mixed). Still a token pulled toward the shaded backdrop, so the
    /// compositing loop is the same: with straight alpha `alpha`, the token term `(1 - p) a.alpha a.token
    /// (1 - a.pull) + p b.alpha b.token (1 - b.pull)` and the backdrop term `(1 - p) a.alpha a.pull + p b.alpha
    /// b.pull`, each divided by the alpha. A plain paint pulls nothing, so the shading is the vibrant one's.
    init(mixing a: Blend, _ b: Blend, _ p: Float) {
        let wa = (1 - p) * a.alpha, wb = p * b.alpha
        alpha = wa + wb
        let shaded = wa * a.pull + wb * b.pull
        let tokenTerm = a.token * (wa * (1 - a.pull)) + b.token * (wb * (1 - b.pull))
        pull = alpha > 0 ? shaded / alpha : 0
        token = alpha - shaded > 0 ? tokenTerm / (alpha - shaded) : SIMD3(repeating: 0)
        let shading = a.pull > 0 || b.pull == 0 ? a : b
        light = shading.light
        depth = shading.depth
    }

    @inline(__always)
    func color(over b: Color) -> Color {
        let c = rgb(over: SIMD3(b.red, b.green, b.blue))
        return Color(red: c.x, green: c.y, blue: c.z, alpha: alpha)
    }

    @inline(__always)
    func rgb(over bs: SIMD3<Float>) -> SIMD3<Float> {
        let shaded = light ? bs * depth : bs + (1 - bs) * depth
        return token * (1 - pull) + shaded * pull
    }
}

/// What content is painted with: a vibrancy level, or a plain color (allowed, and flagged on glass by the
/// legibility report).
public enum Paint: Sendable, Hashable {
    case vibrant(Vibrancy)
    case plain(Color)
    /// A crossfade from the first paint to the second, a fraction 0...1 of the way (a state switch or a color
    /// keyframe in progress; `Blend.init(mixing:)`).
    indirect case mix(Paint, Paint, Float)

    /// The straight color for one pixel over backdrop `b`.
    public func color(over b: Color) -> Color { blend.color(over: b) }

    /// The straight color a pixel wholly covered by this paint at `opacity` shows over the opaque backdrop color
    /// `b`, in the frame's blend space `space`: what `apply` writes where coverage is 1. The legibility
    /// report compares it with `b`.
    public func ink(over b: Color, opacity: Float = 1, space: BlendSpace) -> Color {
        space.color(sourceOver(space.premultiply(b), space.premultiply(color(over: b)) * opacity))
    }

    var blend: Blend {
        switch self {
        case .vibrant(let v): return Blend(v)
        case .plain(let c): return Blend(plain: c)
        case .mix(let a, let b, let p): return Blend(mixing: a.blend, b.blend, p)
        }
    }

    /// Composites a coverage mask painted with this paint over a frame. Rows of the mask are split across
    /// workers; each frame pixel is written by the one worker that owns its row, so the bytes do not depend on
    /// the worker count.
    public func apply(_ mask: CoverageMask, to frame: inout Framebuffer, opacity: Float = 1, workers: Workers = .single) {
        guard !mask.isEmpty else { return }
        let w = frame.width, h = frame.height, space = frame.space
        let x0 = max(0, mask.originX), x1 = min(w, mask.originX + mask.width)
        let y0 = max(0, mask.originY), y1 = min(h, mask.originY + mask.height)
        guard x1 > x0, y1 > y0 else { return }
        let plain: SIMD4<Float>? = { if case .plain(let c) = self { return space.premultiply(c) } else { return nil } }()
        let blend = self.blend
        mask.values.withUnsafeBufferPointer { m in
            frame.withUnsafeMutablePixels { px in
                workers.forEachBand(y1 - y0) { band in
                    for row in band {
                        let y = y0 + row
                        let mrow = (y - mask.originY) * mask.width - mask.originX
                        for x in x0..<x1 {
                            let cov = m[mrow + x] * opacity
                            guard cov > 0 else { continue }
                            let dst = px[y * w + x]
                            let src: SIMD4<Float>
                            if let plain {
                                src = plain
                            } else if space == .srgb {
                                // BlendSpace.color and .premultiply inlined for the sRGB space (same operations,
                                // same bits: VibrancyTests compares against the per-pixel reference).
                                let a = dst.w
                                let straight = a > 0 ? SIMD3(dst.x, dst.y, dst.z) / a : SIMD3<Float>(repeating: 0)
                                let c = blend.rgb(over: straight)
                                src = SIMD4(c.x * blend.alpha, c.y * blend.alpha, c.z * blend.alpha, blend.alpha)
                            } else {
                                src = space.premultiply(blend.color(over: space.color(dst)))
                            }
                            px[y * w + x] = sourceOver(dst, src * cov)
                        }
                    }
                }
            }
        }
    }
}

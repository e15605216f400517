#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// The Liquid Glass tier (iOS 26): the plane seen through a refracting lens, lightly blurred, washed with the
/// adaptive surface color, tinted by light (tint bleeds, never paints), and lit by a tilt-driven specular band
/// and rim. It reads only the plane and writes only the pixels its shape covers.
///
/// Alpha contract: the output over the shape is opaque (it is the plane seen through glass); it is blended into
/// the frame by the shape's anti-aliased coverage. Color space: the frame's blend space.
/// Allocations: one scratch copy of the plane over the shape's bounds plus the lens's reach, and three small
/// lookup tables; nothing per pixel.
public struct LiquidGlass: Sendable {
    public var lens: Lens
    /// Extra index for blue over red (0 = no dispersion); red uses index - dispersion/2, blue + dispersion/2.
    public var dispersion: Double
    public var specular: Specular
    /// Light direction in device coordinates (`Specular.light(pitch:roll:)`).
    public var light: SIMD3<Double>
    /// Surface wash: white in light styling, black in dark, at the adaptive opacity.
    public var surface: Color
    /// Tint glowing through the glass (alpha = strength), or nil.
    public var tint: Color?
    /// Radius in pixels of the light blur applied to what is seen through the glass (two box passes).
    public var blurRadius: Int
    /// How much of the glass is there (a `materialize` transition animates it from 0 to 1).
    public var opacity: Float = 1
    /// Black laid over what the glass shows before the wash (the `clear` variant's dimming layer), 0...1.
    public var dimming: Float = 0
    /// An extra band of light running across the panel (an interactive panel's shimmer): position along the
    /// diagonal (0...1) and strength.
    public var shimmer: (position: Double, strength: Double)?

    public init(lens: Lens, dispersion: Double = 0, specular: Specular = Specular(), light: SIMD3<Double>,
                surface: Color, tint: Color? = nil, blurRadius: Int = 1) {
        self.lens = lens
        self.dispersion = dispersion
        self.specular = specular
        self.light = light
        self.surface = surface
        self.tint = tint
        self.blurRadius = max(0, blurRadius)
    }

    /// Adaptive opacity of the surface wash: larger surfaces are more opaque, smaller ones clearer. Grows with
    /// the logarithm of the area in square points, from 0.04 for a 22 pt button to 0.30 for a full-screen sheet,
    /// anchored at 0.10 for a 44 x 44 pt control (Apple's minimum hit target).
    public static func adaptiveOpacity(areaInPoints area: Double) -> Float {
        let a = 0.10 + 0.035 * log2(max(area, 1) / (44 * 44))
        return Float(min(max(a, 0.04), 0.30))
    }

    /// Light or dark styling from the luminance of what lies behind (relative luminance, 0...1).
    public static func prefersLightStyling(backdropLuminance l: Double) -> Bool { l >= 0.4 }

    /// Draws joined panels, the compositor's case. Calling the generic `apply` from here, inside this module,
    /// lets the compiler specialize it for the union type; called across modules it would run unspecialized,
    /// looking up generic metadata per pixel (measured: 3x slower).
    public func apply(plane: Framebuffer, joined shape: SmoothUnion<PanelUnion>, into frame: inout Framebuffer, workers: Workers) {
        apply(plane: plane, shape: shape, into: &frame, workers: workers)
    }

    public func apply(plane: Framebuffer, shape: some Shape, into frame: inout Framebuffer, workers: Workers) {
        precondition(plane.width == frame.width && plane.height == frame.height, "plane and frame differ in size")
        let reach = Int((lens.thickness * 2 + Double(blurRadius) + 2).rounded(.up))
        let (xs, ys) = shape.bounds.insetBy(-1).pixelBounds(clippedTo: frame.width, frame.height)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        let (sx, sy) = shape.bounds.insetBy(Float(-reach)).pixelBounds(clippedTo: frame.width, frame.height)
        let source = Self.blurred(plane, columns: sx, rows: sy, radius: blurRadius, workers: workers)

        let tables = [lens.index - dispersion / 2, lens.index, lens.index + dispersion / 2].map { index in
            BezelTable(lens: lens) { lens.displacement(inward: $0, index: index) }
        }
        let space = frame.space
        let wash = space.premultiply(surface)
        let tintColor = tint.map { space.premultiply($0.withAlpha(1)) }
        let tintStrength = tint?.alpha ?? 0
        let box = shape.bounds
        let diagonal = Double(box.width + box.height) / 2.0.squareRoot()
        let w = frame.width
        // The distance field over the bounds plus a one-pixel margin, evaluated once per pixel (in parallel); the
        // gradient then comes from neighbouring samples. (Evaluating the shape five times per pixel, as central
        // differences at the pixel would, cost 5x: the continuous corner's distance takes several pow calls.)
        let field = DistanceField(shape, columns: xs, rows: ys, workers: workers)
        let slopes = BezelTable(lens: lens) { lens.slope(inward: $0) }
        // The kernel reads plain pointers and scalars only: touching arrays inside structs per pixel cost a
        // retain and a release each time (measured: 17% of the frame).
        let tableLength = tables[0].values.count
        let displacements = tables.flatMap(\.values)
        let (fieldStride, fieldX0, fieldY0) = (field.stride, field.x0, field.y0)
        let view = (x0: source.x0, y0: source.y0, width: source.width, height: source.height)
        frame.withUnsafeMutablePixels { out in
            source.pixels.withUnsafeBufferPointer { src in
                field.values.withUnsafeBufferPointer { f in
                displacements.withUnsafeBufferPointer { dp in
                slopes.values.withUnsafeBufferPointer { sp in
                workers.forEachBand(ys.count) { band in
                    for row in band {
                        let y = ys.lowerBound + row
                        for x in xs {
                            let p = Point(Float(x) + 0.5, Float(y) + 0.5)
                            let k = (y - fieldY0) * fieldStride + (x - fieldX0)
                            let sd = f[k]
                            let cov = coverage(distance: sd) * opacity
                            guard cov > 0 else { continue }
                            // Inward direction: minus the distance field's gradient (central differences).
                            var g = Point(f[k + 1] - f[k - 1], f[k + fieldStride] - f[k - fieldStride])
                            let gl = (g * g).sum().squareRoot()
                            g = gl > 0 ? g / gl : Point(0, 0)
                            let inward = -g
                            let d = Double(max(0, -sd))
                            var seen = SIMD4<Float>(0, 0, 0, 1)
                            for c in 0..<3 {
                                let table = UnsafeBufferPointer(rebasing: dp[(c * tableLength)..<((c + 1) * tableLength)])
                                let q = p + inward * Float(Self.interpolate(table, d))
                                let s = Window.sample(src, view.x0, view.y0, view.width, view.height, q)
                                seen[c] = s[c]
                            }
                            // Dimming and surface wash (source-over), then tint glow and specular as light (screen).
                            if dimming > 0 { seen = SIMD4(seen.x * (1 - dimming), seen.y * (1 - dimming), seen.z * (1 - dimming), 1) }
                            seen = sourceOver(seen, wash)
                            if let tintColor {
                                // Colored glass filters the light through it (multiply by the tint at its strength), so
                                // the tint follows the backdrop: vivid over bright, dark over dark; then it glows a
                                // little (screen) like an LED behind frosted plastic, so it never vanishes on black.
                                let a = tintStrength
                                let filter = SIMD4(1 - a + a * tintColor.x, 1 - a + a * tintColor.y, 1 - a + a * tintColor.z, 1)
                                seen = seen * filter
                                let glow = tintColor * (a * 0.35)
                                seen = 1 - (1 - seen) * (1 - SIMD4(glow.x, glow.y, glow.z, 0))
                            }
                            let s = Self.interpolate(sp, d)
                            let len = (s * s + 1).squareRoot()
                            let n = SIMD3(Double(-inward.x) * s / len, Double(-inward.y) * s / len, 1 / len)
                            let u = Double((p.x - box.minX) + (p.y - box.minY)) / 2.0.squareRoot() / diagonal
                            var light = specular.intensity(u: u, normal: n, light: self.light)
                            if let shimmer {
                                let t = (u - shimmer.position) / specular.bandWidth
                                light += shimmer.strength * exp(-t * t)
                            }
                            let spec = Float(min(1, light))
                            seen = seen + (1 - seen) * SIMD4(spec, spec, spec, 0)
                            seen.w = 1
                            let i = y * w + x
                            out[i] = out[i] * (1 - cov) + seen * cov
                        }
                    }
                }
                }
                }
                }
            }
        }
    }

    /// Linear interpolation in a `BezelTable`'s values (zero past its end).
    @inline(__always)
    static func interpolate(_ t: UnsafeBufferPointer<Double>, _ d: Double) -> Double {
        let f = d * BezelTable.samplesPerPixel
        let i = Int(f)
        guard i + 1 < t.count else { return 0 }
        let w = f - Double(i)
        return t[i] * (1 - w) + t[i + 1] * w
    }

    /// The plane over a window, blurred by two box passes of `radius` (a light frosting of what the lens shows).
    static func blurred(_ plane: Framebuffer, columns: Range<Int>, rows: Range<Int>, radius: Int, workers: Workers) -> Window {
        var win = Window(plane, columns: columns, rows: rows)
        guard radius > 0 else { return win }
        for _ in 0..<2 {
            win.boxBlur(radius: radius, horizontal: true, workers: workers)
            win.boxBlur(radius: radius, horizontal: false, workers: workers)
        }
        return win
    }
}

/// A function of inward distance across the bezel (the lens's displacement or slope), tabulated every 1/8 px
/// from the rim and read back by `LiquidGlass.interpolate`: the exact evaluation costs several pow calls per
/// pixel. Past the bezel both functions are zero, as `interpolate` returns past the table's end.
struct BezelTable: Sendable {
    static let samplesPerPixel = 8.0
    let values: [Double]

    init(lens: Lens, _ f: (Double) -> Double) {
        let n = Int((lens.bezel * Self.samplesPerPixel).rounded(.up)) + 2
        values = (0..<n).map { f(Double($0) / Self.samplesPerPixel) }
    }
}

/// A shape's signed distance sampled at pixel centers over a window with a one-pixel margin on every side, so
/// that every pixel of the window has four neighbours for its gradient. Rows are filled by the workers.
struct DistanceField: Sendable {
    let x0: Int, y0: Int, stride: Int
    var values: [Float]

    init(_ shape: some Shape, columns: Range<Int>, rows: Range<Int>, workers: Workers) {
        let x0 = columns.lowerBound - 1, y0 = rows.lowerBound - 1
        let w = columns.count + 2, h = rows.count + 2
        var v = [Float](repeating: 0, count: w * h)
        v.withUnsafeMutableBufferPointer { out in
            workers.forEachBand(h) { band in
                for j in band {
                    for i in 0..<w {
                        out[j * w + i] = shape.signedDistance(Point(Float(x0 + i) + 0.5, Float(y0 + j) + 0.5))
                    }
                }
            }
        }
        (self.x0, self.y0, self.stride, values) = (x0, y0, w, v)
    }
}

/// A copy of part of a framebuffer, in absolute pixel coordinates, with clamped bilinear sampling.
struct Window: Sendable {
    let x0: Int, y0: Int, width: Int, height: Int
    var pixels: [SIMD4<Float>]

    init(_ fb: Framebuffer, columns: Range<Int>, rows: Range<Int>) {
        let (x0, y0, w, h) = (columns.lowerBound, rows.lowerBound, columns.count, rows.count)
        var px = [SIMD4<Float>](repeating: .zero, count: w * h)
        px.withUnsafeMutableBufferPointer { dst in
            fb.withUnsafePixels { src in
                for y in 0..<h {
                    let from = (y0 + y) * fb.width + x0
                    for x in 0..<w { dst[y * w + x] = src[from + x] }
                }
            }
        }
        (self.x0, self.y0, width, height, pixels) = (x0, y0, w, h, px)
    }

    /// Bilinear sample at a point in absolute pixel coordinates (pixel centers at +0.5), clamped to the window
    /// whose origin and size are given (the kernel passes them as scalars, not the window, to avoid retains).
    @inline(__always)
    static func sample(_ px: UnsafeBufferPointer<SIMD4<Float>>, _ x0: Int, _ y0: Int, _ width: Int, _ height: Int,
                       _ p: Point) -> SIMD4<Float> {
        let fx = min(max(p.x - 0.5 - Float(x0), 0), Float(width - 1))
        let fy = min(max(p.y - 0.5 - Float(y0), 0), Float(height - 1))
        let ix = min(Int(fx), width - 2 < 0 ? 0 : width - 2), iy = min(Int(fy), height - 2 < 0 ? 0 : height - 2)
        let tx = fx - Float(ix), ty = fy - Float(iy)
        let x1 = min(ix + 1, width - 1), y1 = min(iy + 1, height - 1)
        let a = px[iy * width + ix], b = px[iy * width + x1]
        let c = px[y1 * width + ix], d = px[y1 * width + x1]
        return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty
    }

    /// One box pass of width 2r+1 with clamped edges, by running sums; each row or column written by one worker.
    mutating func boxBlur(radius r: Int, horizontal: Bool, workers: Workers) {
        let w = width, h = height
        let lines = horizontal ? h : w, length = horizontal ? w : h
        let stride = horizontal ? 1 : w
        let norm = 1 / Float(2 * r + 1)
        pixels.withUnsafeMutableBufferPointer { px in
            workers.forEachBand(lines, bandSize: 8) { band in
                var line = [SIMD4<Float>](repeating: .zero, count: length)
                for l in band {
                    let base = horizontal ? l * w : l
                    for i in 0..<length { line[i] = px[base + i * stride] }
                    var sum = SIMD4<Float>.zero
                    for k in -r...r { sum += line[min(max(k, 0), length - 1)] }
                    for i in 0..<length {
                        px[base + i * stride] = sum * norm
                        sum += line[min(i + r + 1, length - 1)] - line[max(i - r, 0)]
                    }
                }
            }
        }
    }
}

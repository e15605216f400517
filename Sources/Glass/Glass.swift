// Glass: the material of every elevated FORK surface, as image operations on the rendered plane.
//
// Guide
// -----
// Purpose: turn one glass surface (a shape, a material, a tint, an appearance and a tier) into pixels drawn over
// the frame, reading only the plane layer. The compositor (Scene) owns the layer order; this module owns what a
// glass surface looks like on each platform.
//
// Glossary: pixel (x, y) has its center at (x + 0.5, y + 0.5), origin top-left, y down. Pixels are premultiplied
// `SIMD4<Float>` in the framebuffer's blend space (sRGB-encoded by default, as iOS and browsers composite).
// Sizes inside this module are in pixels unless a name says points (`...Points`); the caller passes the scale.
//
// The rules, by construction:
//  1. A glass operation reads the plane layer and nothing else (`Frost.apply` and `LiquidGlass.apply` take it
//     as a separate, read-only value), so glass never samples glass, and overlapping panels each see the plane.
//  2. There is one blur between the plane and a surface: the surface's own. Nothing else blurs the plane.
//  3. No drop shadows: the surface is the elevation; a hairline separator border defines the edge.
//  4. A surface writes only pixels its anti-aliased shape covers; inside it, the frame pixel becomes the glass
//     pixel (coverage-weighted at the edge).
//
// Structure: `Tier` (which look a platform gets, chosen in one function) -> the look's kernel. There are two:
// every non-liquid tier is a `Frost` (blur, saturate, fills, highlight, border, clip) built from the defaults
// table in `GlassDefaults` (`Tier.effect(for:)`), and Liquid Glass is `LiquidGlass`, which the compositor calls
// with each container's joined shape and one material per part (docs/liquid-glass.md). Each states the pixels it
// draws and writes (`Frost.drawnPixels`, `LiquidGlass.drawnPixels` and `writtenRegions`), which is where it reads
// the glow halo and what the frame slot restores.
//
// Why no protocol over the two: there was one (`GlassEffect`, "one per look") with `Frost` its only conformer.
// The two looks take different things: a frosted surface is one shape drawn alone, Liquid Glass a container's
// joined shape, a material per part and a field cache. A shared method would either take a `GlassSurface` (and
// lose the container) or a bag of optionals each look ignores half of; the compositor's two-case `Drawing`
// (Scene's GlassLayer) dispatches between them in one switch, which reads simpler than either.
//
// Rooms (one family a folder; at the top only this guide and the types every family shares: `GlassSurface`,
// `Material`, `Tier`, `GlassDefaults`, `GlowHalo`, `ColorPlanes`):
//  - Frosted/  the frosted, web and Android tiers: `Frost` and its stages (saturation, border, highlight, the
//              backdrop's extent) and the tier -> effect table (`TierEffects`).
//  - Blur/     `GaussianBlur` (tent-decimated sampled Gaussian) and its plain reference.
//  - Liquid/   Liquid Glass: the kernel (`LiquidGlass`, its lanes, mix and reference), lens and bezel, specular,
//              press response and transitions.
//  - Shape/    panel outlines, the smooth union, the distance field and its cache.
//  - Window/   the lens window: the measured blur Liquid Glass samples (`Tent`), kept across frames.
//
// Limits: `Glass.draw` alone has no container context, so a lone `.liquid` surface drawn through it is frosted.
import Raster

/// Draws glass surfaces into a frame.
public enum Glass {
    /// Draws `surface` over `frame`, sampling only `plane` (which must have the frame's size and blend space).
    public static func draw(_ surface: GlassSurface, plane: Framebuffer, into frame: inout Framebuffer,
                            workers: Workers = .single) {
        precondition(plane.width == frame.width && plane.height == frame.height && plane.space == frame.space,
                     "glass reads a plane of the frame's size and space")
        surface.tier.effect(for: surface).apply(surface, plane: plane, into: &frame, workers: workers)
    }
}

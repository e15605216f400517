/// What `forkrender check` compares with when neither the command line nor the scene says: one table
/// (docs/regression.md, "Defaults").
///
/// forkrender's frames are byte-identical on every machine of one renderer fingerprint (thread counts, shards,
/// SIMD levels, libm's last bit: docs/regression.md, "Portability"), so where the reference's fingerprint
/// matches, any changed byte is a change: the golden suite's rule. Where it does not (another FreeType,
/// HarfBuzz, librsvg or font file), text and symbols may move by a fraction of a pixel, and the check falls
/// back to the tolerance measured between the fingerprints this project could produce.
public enum CheckDefaults {
    /// Same fingerprint: any change of any channel of any pixel counts (YIQ threshold 0)...
    public static let exactThreshold = 0.0
    /// ... and no pixel may differ, anti-aliasing counted.
    public static let exactTolerance = Tolerance.pixels(0)

    /// Other fingerprint: the threshold above the largest per-pixel difference measured between the renders of
    /// every scene's check frames under the fingerprints producible here (docs/regression.md, "Across
    /// fingerprints": FreeType 2.12.1, 2.10.4 and 2.14.1, HarfBuzz 6.0.0 and 11.5.1).
    public static let crossThreshold = 0.1
    /// Any number of scattered pixels above it...
    public static let crossTolerance = Tolerance.ratio(1)
    /// ... unless they gather: a square of this side (pixels) ...
    public static let crossClusterWindow = 16
    /// ... holding this many of them fails (a 26 -> 12 pt corner at scale 1 redraws a 14 px arc).
    public static let crossClusterPixels = 8
    public static var crossCluster: ClusterGate { ClusterGate(window: crossClusterWindow, pixels: crossClusterPixels) }
    /// Anti-aliased edge pixels are not counted across fingerprints: a rasterizer's coverage rounding moves
    /// exactly those.
    public static let crossIgnoresAntialiasing = true

    /// Fingerprint entries that can change pixels. The others change file bytes only (libpng, zlib, ISA-L: the
    /// check compares decoded pixels) or are what the check exists to catch (`forkrender`'s own version), so a
    /// reference differing only there is still compared exactly.
    public static func shapesPixels(_ entry: String) -> Bool {
        !["forkrender", "libpng", "zlib", "ISA-L"].contains(entry)
    }
}

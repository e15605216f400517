import Raster
@testable import Regression

/// Deterministic test images built from integers only (no floats), so other implementations can rebuild them.
enum Fixtures {
    /// A 64-bit LCG (Knuth's MMIX constants); `next()` gives the top 31 bits.
    struct LCG {
        var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
    }

    /// An 8x8-supersampled disc, center and radius in 1/8 pixel; coverage k/64 blends `color` over the image
    /// with integer rounding down (the same formula as scripts/pixelmatch-oracle.mjs).
    static func disc(_ img: inout RGBAImage, cx8: Int, cy8: Int, r8: Int, color: (Int, Int, Int)) {
        for y in 0..<img.height {
            for x in 0..<img.width {
                var k = 0
                for sy in 0..<8 {
                    for sx in 0..<8 {
                        let dx = x * 8 + sx - cx8, dy = y * 8 + sy - cy8
                        if dx * dx + dy * dy <= r8 * r8 { k += 1 }
                    }
                }
                guard k > 0 else { continue }
                let o = (y * img.width + x) * 4
                let c = [color.0, color.1, color.2]
                for ch in 0..<3 {
                    img.pixels[o + ch] = UInt8((Int(img.pixels[o + ch]) * (64 - k) + c[ch] * k) / 64)
                }
            }
        }
    }

    /// A busy image: background, discs, flat rectangles, speckles and some translucent pixels, so that every
    /// branch of the comparison (equal, below threshold, anti-aliasing, different, alpha) is reached.
    static func busy(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var img = RGBAImage(width: width, height: height, fill: (242, 242, 247, 255))
        var rng = LCG(seed)
        for _ in 0..<6 {
            let x = rng.next() % width, y = rng.next() % height, w = 3 + rng.next() % 20, h = 3 + rng.next() % 20
            let c = (UInt8(rng.next() % 256), UInt8(rng.next() % 256), UInt8(rng.next() % 256), UInt8(255))
            for yy in y..<min(height, y + h) { for xx in x..<min(width, x + w) { img[xx, yy] = c } }
        }
        for _ in 0..<5 {
            disc(&img, cx8: rng.next() % (width * 8), cy8: rng.next() % (height * 8), r8: 16 + rng.next() % 80,
                 color: (rng.next() % 256, rng.next() % 256, rng.next() % 256))
        }
        for _ in 0..<(width * height / 50) {
            let x = rng.next() % width, y = rng.next() % height
            img[x, y] = (UInt8(rng.next() % 256), UInt8(rng.next() % 256), UInt8(rng.next() % 256),
                         rng.next() % 4 == 0 ? UInt8(rng.next() % 256) : 255)
        }
        return img
    }

    /// `img` with small and large changes: the discs of `busy` move when `seed` differs, plus noise.
    static func perturbed(_ img: RGBAImage, seed: UInt64) -> RGBAImage {
        var out = img
        var rng = LCG(seed)
        for _ in 0..<(img.pixelCount / 10) {
            let i = (rng.next() % img.pixelCount) * 4 + rng.next() % 3
            let step = [1, -1, 3, -6, 20, -40, 120][rng.next() % 7]
            out.pixels[i] = UInt8(max(0, min(255, Int(out.pixels[i]) + step)))
        }
        return out
    }
}

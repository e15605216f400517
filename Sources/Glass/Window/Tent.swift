import Raster

/// The lens window's blur kernel, each way: a box of 2 `small` + 1 taps convolved with a box of 2 `large` + 1
/// (`large` is `small` or `small` + 1), so 2 `reach` + 1 taps in all, with integer weights summing to
/// `taps.0 x taps.1`. Two equal boxes make a tent; a box one tap wider on each side puts the variance halfway
/// between two tents, so that each measured sigma is met within 4% at scales 1 to 3 (a tent alone misses 1.2 pt at
/// scale 2 by 17%).
///
/// Variance: a box of radius r has r(r + 1)/3, so the kernel has (small(small + 1) + large(large + 1))/3.
public struct Tent: Sendable, Hashable {
    public let small: Int, large: Int

    /// Two boxes of radius r (0: no blur).
    public init(radius r: Int) { (small, large) = (max(0, r), max(0, r)) }

    init(small: Int, large: Int) {
        precondition(small >= 0 && (large == small || large == small + 1), "boxes of radius \(small) and \(large)")
        (self.small, self.large) = (small, large)
    }

    /// The kernel whose standard deviation is nearest `sigma` pixels, among tents and the half steps between them
    /// (ties to the smaller); none below 0.41 px (the smallest kernel, boxes of radius 0 and 1, has 0.82 px).
    public init(sigma: Double) {
        var best = Tent(radius: 0)
        var step = Tent(small: 0, large: 1)
        while step.sigma < sigma + 1 {
            if abs(step.sigma - sigma) < abs(best.sigma - sigma) { best = step }
            step = step.large == step.small ? Tent(small: step.small, large: step.small + 1) : Tent(radius: step.large)
        }
        self = best
    }

    /// How far the kernel reaches each way, pixels: a pixel of the blur depends on the plane within this alone.
    public var reach: Int { small + large }
    public var taps: (Int, Int) { (2 * small + 1, 2 * large + 1) }
    public var isNone: Bool { large == 0 }

    /// Standard deviation in pixels.
    public var sigma: Double { ((Double(small * (small + 1)) + Double(large * (large + 1))) / 3).squareRoot() }

    /// The kernel's integer weight at offset d: how many pairs of taps, one from each box, sum to d.
    func weight(_ d: Int) -> Int { max(0, min(small, d + large) - max(-small, d - large) + 1) }
}

import CText

/// One paragraph of text in the Unicode Bidirectional Algorithm's terms (UAX #9, through GNU FriBidi): its
/// characters, their embedding levels (even left to right, odd right to left) and the paragraph's direction.
///
/// The levels decide two things: the direction each run is shaped in, and the visual order of runs on a line
/// (rule L2: from the highest level down to the lowest odd level, reverse every maximal sequence of runs at that
/// level or above). Trailing spaces of a line are not drawn, so rule L1's reset of their level does not arise.
public struct BidiParagraph: Sendable {
    public let scalars: [Unicode.Scalar]
    public let levels: [UInt8]
    /// True when the paragraph runs right to left (its first strong character is R or AL, rules P2 and P3).
    public let isRightToLeft: Bool

    public init(_ text: Substring) {
        scalars = Array(text.unicodeScalars)
        var codes = scalars.map(\.value)
        var levels = [UInt8](repeating: 0, count: scalars.count)
        var rtl: Int32 = -1
        if ctext_bidi_levels(&codes, Int32(codes.count), &rtl, &levels) != 0 {
            // FriBidi only fails on allocation; left to right at level 0 is the safe reading.
            levels = [UInt8](repeating: 0, count: scalars.count)
            rtl = 0
        }
        self.levels = levels
        isRightToLeft = rtl == 1
    }

    /// Visual order of items given their levels (rule L2): indices into `levels`, left to right.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let high = levels.max(), let lowOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = high
        while level >= lowOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}

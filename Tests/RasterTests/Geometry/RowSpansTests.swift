import Testing
@testable import Raster

/// `RowSpans` built from rectangles against a plain computation: each row's covered columns marked one by one,
/// read back as maximal runs.
@Suite struct RowSpansTests {
    @Test func boxesMergeIntoEachRowsMaximalRuns() {
        var rng = SplitMix(seed: 3)
        func next(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        for trial in 0..<200 {
            let (w, h) = (1 + next(70), 1 + next(30))
            // Rectangles that overlap, touch, lie inside each other, reach past the top or bottom, or are empty;
            // one trial in four with up to 100, so that rows hold more than the 32 spans insertion sort takes.
            let boxes = (0..<(trial % 4 == 3 ? 40 + next(60) : next(12))).map { _ -> (columns: Range<Int>, rows: Range<Int>) in
                let x = next(w), y = next(h + 6) - 3
                return (x..<min(w, x + next(w - x + 1)), y..<(y + next(8)))
            }
            var covered = [[Bool]](repeating: [Bool](repeating: false, count: w), count: h)
            for b in boxes {
                for y in b.rows where y >= 0 && y < h { for x in b.columns { covered[y][x] = true } }
            }
            let spans = RowSpans(height: h, boxes: boxes)
            #expect(spans.height == h)
            for y in 0..<h {
                var runs: [Range<Int>] = []
                var x = 0
                while x < w {
                    guard covered[y][x] else { x += 1; continue }
                    var e = x
                    while e < w && covered[y][e] { e += 1 }
                    runs.append(x..<e)
                    x = e
                }
                #expect(Array(spans[y]) == runs, "trial \(trial) row \(y)")
                #expect(spans.isEmpty(row: y) == runs.isEmpty)
            }
            #expect(spans.pixelCount == covered.reduce(0) { $0 + $1.filter { $0 }.count })
            #expect(RowSpans(rows: (0..<h).map { Array(spans[$0]) }) == spans)
        }
    }

    /// `subtracting` against the same per-pixel coverage: covered by the first and not by the second.
    @Test func subtractingLeavesTheColumnsOutsideTheCut() {
        var rng = SplitMix(seed: 9)
        func next(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        for _ in 0..<200 {
            let (w, h) = (1 + next(50), 1 + next(12))
            func boxes() -> [(columns: Range<Int>, rows: Range<Int>)] {
                (0..<next(8)).map { _ in
                    let x = next(w), y = next(h)
                    return (x..<min(w, x + next(w - x + 1)), y..<(y + next(5)))
                }
            }
            let a = RowSpans(height: h, boxes: boxes()), b = RowSpans(height: h, boxes: boxes())
            let d = a.subtracting(b)
            // In the canonical form (ascending, disjoint, merged where they touch), as the boxes' initializer makes it.
            #expect(RowSpans(rows: (0..<h).map { Array(d[$0]) }) == d)
            for y in 0..<h {
                func inside(_ s: RowSpans, _ x: Int) -> Bool { s[y].contains { $0.contains(x) } }
                for x in 0..<w { #expect(inside(d, x) == (inside(a, x) && !inside(b, x))) }
            }
        }
    }

    /// `union` against the boxes' initializer given both sets of boxes (the canonical form it must equal, flat
    /// lists and all), and against the per-pixel coverage: covered by either.
    @Test func unionIsTheSpansOfBothSetsOfBoxes() {
        var rng = SplitMix(seed: 17)
        func next(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        for _ in 0..<300 {
            let (w, h) = (1 + next(50), 1 + next(12))
            // Spans that overlap, touch end to start, share a first column, or lie inside each other.
            func boxes() -> [(columns: Range<Int>, rows: Range<Int>)] {
                (0..<next(9)).map { _ in
                    let x = next(w), y = next(h + 4) - 2
                    return (x..<min(w, x + next(w - x + 1)), y..<(y + next(5)))
                }
            }
            let (p, q) = (boxes(), boxes())
            let a = RowSpans(height: h, boxes: p), b = RowSpans(height: h, boxes: q)
            let u = a.union(b)
            #expect(u == RowSpans(height: h, boxes: q + p))
            #expect(b.union(a) == u && a.union(RowSpans(height: h)) == a)
            var wrong = 0
            for y in 0..<h {
                func inside(_ s: RowSpans, _ x: Int) -> Bool { s[y].contains { $0.contains(x) } }
                for x in 0..<w where inside(u, x) != (inside(a, x) || inside(b, x)) { wrong += 1 }
            }
            #expect(wrong == 0)
        }
    }
}

/// Column spans row by row, ascending and disjoint within each row, in one flat list (no array per row): where
/// two frames may differ, as the frame slot copies it and the encoders quantize it again.
///
/// Why flat: the showcase's plane changes about 1,500 dots a frame, whose boxes make some 33,000 row spans; one
/// array per row (2,532 of them, each sorted and merged) cost more instructions than the copies and quantizing
/// they saved (callgrind, docs/performance.md).
public struct RowSpans: Sendable, Equatable {
    public let height: Int
    /// Row y's spans are `spans[starts[y] ..< starts[y + 1]]`.
    private var starts: [Int]
    private var spans: [Range<Int>]

    /// No row has a span.
    public init(height: Int) {
        self.height = max(0, height)
        starts = [Int](repeating: 0, count: self.height + 1)
        spans = []
    }

    /// The union of rectangles (`columns` x `rows` each; parts outside rows 0..<height are dropped, empty ones
    /// ignored), merged row by row: overlapping or touching spans join.
    public init(height: Int, boxes: [(columns: Range<Int>, rows: Range<Int>)]) {
        let h = max(0, height)
        /// A box's rows within 0..<h (empty when it lies above or below them).
        func rows(_ r: Range<Int>) -> Range<Int> {
            let lo = max(0, r.lowerBound), hi = min(h, r.upperBound)
            return lo < hi ? lo..<hi : 0..<0
        }
        var counts = [Int](repeating: 0, count: h + 1)
        for b in boxes where !b.columns.isEmpty {
            for y in rows(b.rows) { counts[y + 1] += 1 }
        }
        for y in 0..<h { counts[y + 1] += counts[y] }
        var unsorted = [Range<Int>](repeating: 0..<0, count: counts[h])
        var fill = counts
        for b in boxes where !b.columns.isEmpty {
            for y in rows(b.rows) {
                unsorted[fill[y]] = b.columns
                fill[y] += 1
            }
        }
        var starts = [Int](repeating: 0, count: h + 1)
        var merged: [Range<Int>] = []
        merged.reserveCapacity(unsorted.count)
        unsorted.withUnsafeMutableBufferPointer { u in
            for y in 0..<h {
                var row = UnsafeMutableBufferPointer(rebasing: u[counts[y]..<counts[y + 1]])
                if row.count > 32 {
                    row.sort { $0.lowerBound < $1.lowerBound }
                } else if row.count > 1 {
                    Self.sortByStart(&row)
                }
                if var run = row.first {
                    for s in row.dropFirst() {
                        if s.lowerBound <= run.upperBound {
                            run = run.lowerBound..<max(run.upperBound, s.upperBound)
                        } else {
                            merged.append(run)
                            run = s
                        }
                    }
                    merged.append(run)
                }
                starts[y + 1] = merged.count
            }
        }
        (self.height, self.starts, self.spans) = (h, starts, merged)
    }

    /// Sorts a row's few spans by their first column: insertion sort, in place. A row holds 13 spans on average
    /// for the showcase's changed dots, mostly in order already (boxes come row-major); the standard library's
    /// sort with its comparison closure was 0.5% of a showcase render's samples (perf). Rows of more than 32
    /// take that sort still (insertion sort is quadratic, and a scene can put thousands of dots in one row).
    /// The merge after it does not depend on how spans with the same first column are ordered.
    @inline(__always)
    static func sortByStart(_ row: inout UnsafeMutableBufferPointer<Range<Int>>) {
        for i in 1..<row.count {
            let s = row[i]
            var j = i
            while j > 0, row[j - 1].lowerBound > s.lowerBound {
                row[j] = row[j - 1]
                j -= 1
            }
            row[j] = s
        }
    }

    /// Each row's own list, merged as `init(height:boxes:)` merges them (tests and whole-row callers).
    public init(rows: [[Range<Int>]]) {
        self.init(height: rows.count, boxes: rows.enumerated().flatMap { y, spans in spans.map { ($0, y..<(y + 1)) } })
    }

    /// Whole rows: every row for which `changed(y)` holds is the span `0..<width`.
    public init(height: Int, width: Int, changed: (Int) -> Bool) {
        self.init(height: height, boxes: (0..<max(0, height)).filter(changed).map { (0..<width, $0..<($0 + 1)) })
    }

    /// Each row's columns outside `cut`'s spans of that row (`cut` of the same height): the frame slot's copy less
    /// the pixels glass overwrites without reading them.
    /// Written straight into the flat lists: a row's pieces come out ascending and disjoint, as its spans and the
    /// cut's are, and no two touch (a piece ends where a cut begins), so nothing needs sorting or merging again.
    /// (Made as one-row boxes through `init(height:boxes:)`, the frame slot's copy less the showcase's bar, 33,000
    /// spans a frame, was built twice over.)
    public func subtracting(_ cut: RowSpans) -> RowSpans {
        precondition(cut.height == height, "spans of another height")
        var starts = [Int](repeating: 0, count: height + 1)
        var out: [Range<Int>] = []
        out.reserveCapacity(spans.count)
        // Through the flat lists: a row's `self[y]` and `cut[y]` slices retained and released both lists' storage
        // every row (swift_retain and swift_release under this loop were most of its samples, on the render
        // thread alone: the frame slot's copy less the bar, perf).
        withUnsafeLists { own, mine in
            cut.withUnsafeLists { cutStarts, cuts in
                for y in 0..<height {
                    let c0 = cutStarts[y], c1 = cutStarts[y + 1]
                    for k in own[y]..<own[y + 1] {
                        let s = mine[k]
                        var from = s.lowerBound
                        for j in c0..<c1 {
                            let c = cuts[j]
                            guard c.upperBound > from && c.lowerBound < s.upperBound else { continue }
                            if c.lowerBound > from { out.append(from..<c.lowerBound) }
                            from = max(from, c.upperBound)
                        }
                        if from < s.upperBound { out.append(from..<s.upperBound) }
                    }
                    starts[y + 1] = out.count
                }
            }
        }
        return RowSpans(height: height, starts: starts, spans: out)
    }

    /// Each row's spans joined with `other`'s (of the same height), overlapping or touching spans merged: the
    /// spans `init(height:boxes:)` makes from both sets of boxes, since a row's merged spans are the runs of the
    /// columns its boxes cover, however they are grouped. Two sorted lists merged in one pass, for the frame
    /// slot's and the quantizer's rows: the plane's dots' spans, found once a frame, with a few rectangles.
    public func union(_ other: RowSpans) -> RowSpans {
        precondition(other.height == height, "spans of another height")
        var joined = [Int](repeating: 0, count: height + 1)
        var out: [Range<Int>] = []
        out.reserveCapacity(spans.count + other.spans.count)
        for y in 0..<height {
            var i = starts[y], j = other.starts[y]
            let ie = starts[y + 1], je = other.starts[y + 1]
            var run: Range<Int>? = nil
            while i < ie || j < je {
                let s: Range<Int>
                if j >= je || (i < ie && spans[i].lowerBound <= other.spans[j].lowerBound) {
                    s = spans[i]; i += 1
                } else {
                    s = other.spans[j]; j += 1
                }
                if let r = run, s.lowerBound <= r.upperBound {
                    run = r.lowerBound..<max(r.upperBound, s.upperBound)
                } else {
                    if let r = run { out.append(r) }
                    run = s
                }
            }
            if let r = run { out.append(r) }
            joined[y + 1] = out.count
        }
        return RowSpans(height: height, starts: joined, spans: out)
    }

    /// Flat lists already in this type's form (each row's spans ascending, disjoint and not touching).
    private init(height: Int, starts: [Int], spans: [Range<Int>]) {
        (self.height, self.starts, self.spans) = (height, starts, spans)
    }

    /// Calls `body` with the flat lists (row y's spans are `spans[starts[y] ..< starts[y + 1]]`), valid only inside
    /// it: for kernels that walk every row on several workers. Through `self[y]` each row's slice retained and
    /// released the shared storage from both workers at once (swift_release 1.8% of a showcase render's CPU in the
    /// frame slot's copy, perf).
    public func withUnsafeLists<R>(_ body: (_ starts: UnsafeBufferPointer<Int>, _ spans: UnsafeBufferPointer<Range<Int>>) -> R) -> R {
        starts.withUnsafeBufferPointer { st in spans.withUnsafeBufferPointer { sp in body(st, sp) } }
    }

    /// Row y's spans.
    @inline(__always)
    public subscript(y: Int) -> ArraySlice<Range<Int>> { spans[starts[y]..<starts[y + 1]] }

    /// Whether row y has no span.
    @inline(__always)
    public func isEmpty(row y: Int) -> Bool { starts[y] == starts[y + 1] }

    /// The number of pixels in all spans.
    public var pixelCount: Int { spans.reduce(0) { $0 + $1.count } }
}

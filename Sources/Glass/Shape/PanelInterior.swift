import Raster

extension PanelShape {
    /// The columns of whole bands of `band` rows (band k is rows k x band ..< (k + 1) x band) within `region`
    /// where every pixel center lies at least `depth` inside the panel. Per band, the interior runs of its first
    /// and last row: the panel is convex, so the rows between hold both runs' common columns. The frame slot
    /// leaves such pixels uncopied when a drawing sets each of them without reading the frame
    /// (`Frost.overwrittenSpans`, `LiquidGlass.overwrittenSpans`).
    func interiorSpans(within region: PixelRect, band: Int, depth: Float) -> [(band: Int, columns: Range<Int>)] {
        guard region.width > 0 && region.height > 0, band > 0 else { return [] }
        // The whole bands inside the region: none when it is shorter than a band or lies within one (a range
        // of them written directly trapped on such a panel: the fuzzers' corpus has one).
        let first = (region.y + band - 1) / band, end = region.maxY / band
        guard first < end else { return [] }
        var spans: [(band: Int, columns: Range<Int>)] = []
        for k in first..<end {
            let top = interior(row: Float(k * band) + 0.5, columns: region.columns, depth: depth)
            let bottom = interior(row: Float((k + 1) * band - 1) + 0.5, columns: region.columns, depth: depth)
            let both = top.clamped(to: bottom)
            if !both.isEmpty { spans.append((k, both)) }
        }
        return spans
    }

    /// The pixels of a row (centers at height `y`) whose distance inside the panel is at least `depth`, as one
    /// run within `columns` (empty when there are none). Panels are convex and symmetric about their center, so
    /// along a row the distance falls to the center column and rises after it: each end of the run is found by
    /// bisection, about 2 log2(width) distances a row instead of one a pixel.
    func interior(row y: Float, columns: Range<Int>, depth: Float) -> Range<Int> {
        @inline(__always) func deep(_ x: Int) -> Bool { signedDistance(Point(Float(x) + 0.5, y)) <= -depth }
        let c = min(max(Int(box.center.x.rounded(.down)), columns.lowerBound), columns.upperBound - 1)
        guard !columns.isEmpty, deep(c) else { return c..<c }
        // The first deep pixel at or left of c, and the last at or right of it.
        var lo = columns.lowerBound, hi = c
        while lo < hi { let m = (lo + hi) / 2; if deep(m) { hi = m } else { lo = m + 1 } }
        let first = lo
        lo = c; hi = columns.upperBound - 1
        while lo < hi { let m = (lo + hi + 1) / 2; if deep(m) { lo = m } else { hi = m - 1 } }
        return first..<(lo + 1)
    }
}

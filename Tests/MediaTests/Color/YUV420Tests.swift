import Testing
@testable import Raster
@testable import Media

/// The yuv420p row kernels (`Framebuffer.yuv420p`) against the plain per-sample rule (`YUV420Reference`), and
/// the reuse of an earlier frame's planes. ffmpeg's own conversion is the oracle of the rule itself
/// (Tests/MediaTests/Color/YUV420FFmpegTests.swift).
@Suite struct YUV420Tests {
    /// Frames of saturated random colours, exact and in-between levels, out-of-range and translucent pixels
    /// (`Framebuffer.awkward`), at sizes whose rows end inside a group of 8 or 16 pixels and
    /// whose heights leave the vertical filter's edge cases (2, 4 and 6 rows: every tap clamped somewhere).
    static let sizes = [(2, 2), (16, 4), (38, 6), (18, 10), (70, 38), (128, 9 * 2)]

    static func convert(_ fb: Framebuffer, _ encoding: YUV420Encoding = .bt601Limited, dither: Bool) -> [UInt8] {
        var out = [UInt8](repeating: 0xA5, count: YUV420.byteCount(width: fb.width, height: fb.height))
        out.withUnsafeMutableBytes { _ = fb.yuv420p(encoding, dither: dither, into: $0) }
        return out
    }

    @Test(arguments: [BlendSpace.srgb, .linear], [false, true])
    func kernelsEqualTheReference(space: BlendSpace, dither: Bool) {
        for encoding in YUV420Encoding.allCases {
            for (w, h) in Self.sizes {
                let fb = Framebuffer.awkward(space: space, width: w, height: h)
                let expected = YUV420Reference.planes(encoding, rgba: fb.rgba8(dither: dither), width: w, height: h)
                let same = Self.convert(fb, encoding, dither: dither) == expected
                #expect(same, "\(encoding) \(w)x\(h)")
            }
        }
    }

    /// The weights against the real-valued matrices (ITU-R BT.601 limited: Y's weights sum to 219/255, Cb's and
    /// Cr's reach 112/255 at B and R; BT.709 full: 1 and 1/2): each within 1.5 units of 2^-15 of Kr, Kg, Kb
    /// scaled, so one matrix's weights in the other's place fail (BT.709 full's G weight is 0.72, BT.601 limited's 0.50).
    @Test(arguments: YUV420Encoding.allCases)
    func weightsAreTheMatrix(encoding: YUV420Encoding) {
        let w = YUV420.weights(encoding), (kr, kb) = encoding.matrix.weights, kg = 1 - kr - kb
        let luma = (encoding.fullRange ? 1 : 219.0 / 255) * 32768, chroma = (encoding.fullRange ? 0.5 : 112.0 / 255) * 32768
        let expected: [Double] = [kr * luma, kg * luma, kb * luma,
                                  -kr / (1 - kb) * chroma, -kg / (1 - kb) * chroma, chroma,
                                  chroma, -kg / (1 - kr) * chroma, -kb / (1 - kr) * chroma]
        let actual = [w.ry, w.gy, w.by, w.ru, w.gu, w.bu, w.rv, w.gv, w.bv]
        for (a, e) in zip(actual, expected) { #expect(abs(Double(a) - e) <= 1.5, "\(encoding): \(actual) against \(expected)") }
        #expect(w.ru + w.gu + w.bu == 0 && w.rv + w.gv + w.bv == 0, "grey has chroma 128")
        // Black and white: 16 and 235 limited, 0 and 255 full.
        #expect(w.y(0, 0, 0) == (encoding.fullRange ? 0 : 16) && w.y(255, 255, 255) == (encoding.fullRange ? 255 : 235))
    }

    /// Extreme colours one pixel apart (black, white, the primaries and secondaries in a checkerboard and in
    /// stripes): the vertical filter's negative taps overshoot here, so the clamp to 0...255 is exercised.
    @Test func extremesEqualTheReference() {
        let colours: [SIMD4<Float>] = [[0, 0, 0, 1], [1, 1, 1, 1], [1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1],
                                       [1, 1, 0, 1], [0, 1, 1, 1], [1, 0, 1, 1]]
        var fb = Framebuffer(width: 48, height: 24, space: .srgb)
        for y in 0..<fb.height {
            for x in 0..<fb.width {
                fb[x, y] = y < 8 ? colours[(x + y) % 8] : y < 16 ? colours[(y / 2) % 8] : colours[((x + y) & 1) * 1 + (y % 3) * 2]
            }
        }
        let planes = Self.convert(fb, dither: false)
        #expect(planes == YUV420Reference.planes(.bt601Limited, rgba: fb.rgba8(), width: 48, height: 24))
        let full = Self.convert(fb, .bt709Full, dither: false)
        #expect(full == YUV420Reference.planes(.bt709Full, rgba: fb.rgba8(), width: 48, height: 24))
        #expect(full[0] == 0 && full[1] == 255)
        // Limited range: Y of black 16 and of white 235; Cb of pure blue rows (rows 8-9 are blue, 10-11 yellow).
        #expect(planes[0] == 16 && planes[1] == 235)
    }

    /// A frame converted into a buffer that holds an earlier frame's planes, told which rows did not change:
    /// the same bytes as a full conversion, for single changed rows at every phase of the chroma filter's
    /// reach (a chroma row reads rows 2j - 3 ... 2j + 4; a kernel that read fewer rows of the changed frame
    /// would keep stale chroma here), a changed band, and a change at either edge.
    @Test func reusedRowsGiveTheFullConversion() {
        let (w, h) = (48, 36)
        let before = Framebuffer.awkward(space: .srgb, width: w, height: h)
        for changed in [[0], [1], [5], [6], [7], [8], [9], [17], [18], [35], [34], [12, 13, 14, 15, 16, 17, 18, 19]] {
            var after = before
            for y in changed {
                for x in 0..<w { after[x, y] = SIMD4(0.9, 0.1, Float(x) / Float(w), 1) }
            }
            var planes = Self.convert(before, dither: true)
            let rows = planes.withUnsafeMutableBytes { after.yuv420p(.bt601Limited, dither: true, into: $0, unchanged: { !changed.contains($0) }) }
            #expect(rows == changed.count)
            let same = planes == Self.convert(after, dither: true)
            #expect(same, "rows \(changed)")
        }
    }

    /// A frame converted over an earlier frame's planes, told which columns of each row may have changed: the
    /// same bytes as a full conversion. The changes are random spans (one pixel, inside one block of 16 columns,
    /// across blocks, at either edge, at odd columns) and rectangles over several rows, at a width whose last
    /// block is partial; the pixels changed are exactly those spans. A chroma row that read fewer of its eight
    /// rows, or a block that kept its stale half chroma, would differ here.
    @Test func changedColumnsGiveTheFullConversion() {
        let (w, h) = (74, 40)
        let before = Framebuffer.awkward(space: .srgb, width: w, height: h)
        var rng = SplitMix(seed: 25)
        func next(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        for trial in 0..<60 {
            var spans = [[Range<Int>]](repeating: [], count: h)
            var after = before
            for _ in 0..<(1 + trial % 5) {
                let y0 = next(h), rows = trial % 3 == 0 ? 1 + next(9) : 1
                let x0 = trial % 7 == 0 ? 0 : next(w), x1 = trial % 11 == 0 ? w : min(w, x0 + 1 + next(trial % 2 == 0 ? 3 : 30))
                for y in y0..<min(h, y0 + rows) {
                    spans[y].append(x0..<x1)
                    for x in x0..<x1 {
                        after[x, y] = SIMD4(Float(next(256)) / 255, Float(next(256)) / 255, Float(next(256)) / 255, 1)
                    }
                }
            }
            var planes = Self.convert(before, .bt709Full, dither: true)
            let samples = planes.withUnsafeMutableBytes {
                after.yuv420p(.bt709Full, dither: true, into: $0, changed: RowSpans(rows: spans))
            }
            let same = planes == Self.convert(after, .bt709Full, dither: true)
            #expect(same, "trial \(trial): \(spans.enumerated().filter { !$0.element.isEmpty }.map { "\($0.offset): \($0.element)" })")
            // Whole blocks of 16 around each span, never the whole frame for these small changes.
            #expect(samples >= spans.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } } && samples < w * h)
        }
    }
}

import Raster

/// The update kernel of the dots (their storage is DotStorage.swift).
///
/// Update of one dot with home h, position p, velocity v, state alpha a, tint weight m and tint K, given the
/// sum F of the sources' forces, the largest source alpha target A and the strongest source tint (w*, K*):
///
///     v' = damping x (v + spring x (h - p) + F)
///     p' = p + v'
///     a' = max(a + relaxation x (idle - a), A)
///     m_r = m x (1 - relaxation)
///     if w* > m_r { K' = (K m_r + K* (w* - m_r)) / w*;  m' = w* } else { K' = K; m' = m_r }
///
/// Sleep: when F = 0 and |p' - h| < 1e-3 pt and |v'| < 2e-4 pt/step, the dot is put exactly home at rest; a' within 1e-5 of idle becomes idle and m' below 1e-4 becomes 0. That keeps values out of the slow
/// denormal range and lets untouched rows at exact rest be skipped (the update of a resting dot with no force
/// is the identity, so skipping changes no bit).
extension DotStorage {
    /// Runs the updates of `steps` (one list of sources per update, in order) and returns the largest
    /// displacement |p - h| afterward (points).
    ///
    /// Temporal blocking: a band of rows runs all the updates of the batch before the next band starts, so its
    /// dots stay in cache between updates. That is exact because a dot depends only on itself and the sources:
    /// no dot reads another. A source's reach is widened per row by that row's own largest displacement after
    /// the previous update (plus 0.5 pt), so culling stays conservative within the batch.
    func advance(steps: [[Source]], configuration c: PlaneConfiguration, noise: ValueNoise, culled: Bool,
                 workers: Workers) -> Float {
        withHandle { $0.advance(steps: steps, configuration: c, noise: noise, culled: culled, workers: workers) }
    }
}

extension DotHandle {
    /// Rows per band: big enough to amortize scheduling, small enough to balance two to eight workers.
    static let bandRows = 8

    /// See `DotStorage.advance`.
    func advance(steps: [[Source]], configuration c: PlaneConfiguration, noise: ValueNoise, culled: Bool,
                 workers: Workers) -> Float {
        let s = c.spacing
        let firstColumn = Int(checked: hx[0] / s, .toNearestOrAwayFromZero)
        let law = Law(spring: c.spring, damping: c.damping, relaxation: c.relaxation, idle: idle)
        let cols = columns
        let me = self
        let maxSources = steps.map(\.count).max() ?? 0
        withRows { rest, colorRest, disp in
            let restBox = rest, colorBox = colorRest, dispBox = disp
            workers.forEachBand(rows, bandSize: Self.bandRows) { band in
                withUnsafeTemporaryAllocation(of: Float.self, capacity: cols * 9) { scratch in
                  withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * max(1, maxSources)) { ints in
                    let acc = Accumulator(scratch.baseAddress!, cols)
                    let zeros = scratch.baseAddress! + cols * 8
                    zeros.update(repeating: 0, count: cols)
                    // picked: source indices for the band; spans: 4 bounds per picked source for a row.
                    let picked = ints.baseAddress!, spans = ints.baseAddress! + max(1, maxSources)
                    let bandTop = me.hy[band.lowerBound * cols], bandBottom = me.hy[(band.upperBound - 1) * cols]
                    for sources in steps {
                        // The sources whose reach crosses this band's rows (margin: the band's largest
                        // displacement), so a row only looks at sources that can touch it.
                        var bandMargin: Float = 0
                        for j in band { bandMargin = max(bandMargin, dispBox[j]) }
                        var count = 0
                        for si in sources.indices
                        where !culled || sources[si].reaches(from: bandTop, to: bandBottom, margin: bandMargin + 0.5) {
                            picked[count] = si
                            count += 1
                        }
                        for j in band {
                            let margin = dispBox[j] + 0.5
                            let homeY = me.hy[j * cols]
                            // The columns this row's sources touch: their spans, and the hull lo..<hi of all.
                            var lo = cols, hi = 0
                            for p in 0..<count {
                                let (a, b) = culled
                                    ? sources[picked[p]].spans(row: homeY, margin: margin, firstColumn: firstColumn,
                                                               columns: cols, spacing: s)
                                    : (0..<cols, 0..<0)
                                spans[4 * p] = a.lowerBound; spans[4 * p + 1] = a.upperBound
                                spans[4 * p + 2] = b.lowerBound; spans[4 * p + 3] = b.upperBound
                                if !a.isEmpty { lo = min(lo, a.lowerBound); hi = max(hi, a.upperBound) }
                                if !b.isEmpty { lo = min(lo, b.lowerBound); hi = max(hi, b.upperBound) }
                            }
                            let touched = lo < hi
                            if !touched && restBox[j] && colorBox[j] { continue }
                            let hull = touched ? lo..<hi : 0..<0
                            if touched {
                                acc.clear(hull)
                                for p in 0..<count {
                                    me.accumulate(sources[picked[p]], row: j, from: spans[4 * p], to: spans[4 * p + 1],
                                                  into: acc, noise: noise)
                                    me.accumulate(sources[picked[p]], row: j, from: spans[4 * p + 2], to: spans[4 * p + 3],
                                                  into: acc, noise: noise)
                                }
                            }
                            let (d, motionRest, cRest) = me.integrate(
                                row: j, acc: touched ? acc : nil, hull: hull, zeros: zeros, law: law,
                                motionActive: !restBox[j], colorActive: !colorBox[j])
                            dispBox[j] = d
                            restBox[j] = motionRest
                            colorBox[j] = cRest
                        }
                    }
                  }
                }
            }
        }
        return maxDisplacement
    }

    /// Evaluates one source on the dots of columns c0..<c1 of row j and folds the result into the accumulator.
    private func accumulate(_ src: Source, row j: Int, from c0: Int, to c1: Int, into acc: Accumulator,
                            noise: ValueNoise) {
        guard c0 < c1 else { return }
        let rowBase = j * columns
        for i in c0..<c1 {
            let n = rowBase + i
            guard let e = src.effect(at: Point(x[n], y[n]), velocity: Point(vx[n], vy[n]), noise: noise) else { continue }
            acc.add(i, force: e.force, alpha: e.alpha, weight: e.weight, tint: src.tint)
        }
    }

    struct Law {
        var spring: Float
        var damping: Float
        var relaxation: Float
        var idle: Float
    }

    /// The update equations for one row. `hull` holds the columns the sources touched (their sums are in `acc`);
    /// a row whose motion (or color) was exactly at rest is updated only there, since elsewhere the update is
    /// the identity. Returns the row's largest displacement |p' - h| (before sleeping, so a safe bound) and
    /// whether its motion and its color ended exactly at rest.
    private func integrate(row j: Int, acc: Accumulator?, hull: Range<Int>, zeros: UnsafeMutablePointer<Float>,
                           law: Law, motionActive: Bool, colorActive: Bool) -> (Float, Bool, Bool) {
        let n0 = j * columns
        var maxD: Float = 0, motionRest = true
        func move(_ r: Range<Int>, _ sums: Accumulator?) {
            guard !r.isEmpty else { return }
            let (d, rest) = integrateMotion(n0, r, fx: sums?.fx ?? zeros, fy: sums?.fy ?? zeros, law: law)
            maxD = max(maxD, d)
            motionRest = motionRest && rest
        }
        if motionActive {
            move(0..<hull.lowerBound, nil)
            move(hull, acc)
            move(max(hull.upperBound, hull.lowerBound)..<columns, nil)
        } else {
            move(hull, acc)
        }
        let colorRest = integrateColor(n0, colorActive ? 0..<columns : hull, acc: acc, hull: hull, law: law)
        return (maxD, motionRest, colorRest)
    }

    static let sleepPosition: Float = 1e-3
    static let sleepVelocity: Float = 2e-4

    /// Motion of columns `r` of the row starting at dot n0 (fx, fy indexed by column).
    private func integrateMotion(_ n0: Int, _ r: Range<Int>, fx: UnsafeMutablePointer<Float>, fy: UnsafeMutablePointer<Float>,
                                 law: Law) -> (Float, Bool) {
        typealias V = SIMD8<Float>
        let k = law.spring, damp = law.damping
        let e2 = Self.sleepPosition * Self.sleepPosition, ev2 = Self.sleepVelocity * Self.sleepVelocity
        let px = x.from(n0), py = y.from(n0), pvx = vx.from(n0), pvy = vy.from(n0), phx = hx.from(n0), phy = hy.from(n0)
        let hy8 = V(repeating: phy[0])
        let lanes = V(0, 1, 2, 3, 4, 5, 6, 7)
        var maxV = V(repeating: 0)
        var awake = SIMDMask<SIMD8<Int32>>(repeating: false)
        var i = r.lowerBound
        while i + 8 <= r.upperBound {
            // Home from the grid index (the same Float(index) x spacing the home arrays hold, bit for bit), which
            // saves a fifth of the memory traffic of this bandwidth-bound loop.
            let hx8 = (V(repeating: Float(firstColumn + i)) + lanes) * spacing
            let x8 = px.load8(i)
            let y8 = py.load8(i)
            let fx8 = UnsafeRawPointer(fx + i).loadUnaligned(as: V.self)
            let fy8 = UnsafeRawPointer(fy + i).loadUnaligned(as: V.self)
            let vx8 = pvx.load8(i)
            let vy8 = pvy.load8(i)
            var nvx = damp * (vx8 + k * (hx8 - x8) + fx8)
            var nvy = damp * (vy8 + k * (hy8 - y8) + fy8)
            var nx = x8 + nvx, ny = y8 + nvy
            let dx = nx - hx8, dy = ny - hy8
            let d2 = dx * dx + dy * dy
            let v2 = nvx * nvx + nvy * nvy
            let free = (fx8 .== 0) .& (fy8 .== 0)
            let sleep = free .& (d2 .< e2) .& (v2 .< ev2)
            nx.replace(with: hx8, where: sleep)
            ny.replace(with: hy8, where: sleep)
            nvx.replace(with: 0, where: sleep)
            nvy.replace(with: 0, where: sleep)
            px.store8(nx, i)
            py.store8(ny, i)
            pvx.store8(nvx, i)
            pvy.store8(nvy, i)
            maxV.replace(with: d2, where: d2 .> maxV)
            awake = awake .| .!sleep
            i += 8
        }
        var maxD2 = maxV.max()
        var anyAwake = any(awake)
        while i < r.upperBound {
            var nvx = damp * (pvx[i] + k * (phx[i] - px[i]) + fx[i])
            var nvy = damp * (pvy[i] + k * (phy[i] - py[i]) + fy[i])
            var nx = px[i] + nvx, ny = py[i] + nvy
            let dx = nx - phx[i], dy = ny - phy[i]
            let d2 = dx * dx + dy * dy
            let v2 = nvx * nvx + nvy * nvy
            if fx[i] == 0 && fy[i] == 0 && d2 < e2 && v2 < ev2 {
                nx = phx[i]; ny = phy[i]; nvx = 0; nvy = 0
            } else {
                anyAwake = true
            }
            px[i] = nx; py[i] = ny; pvx[i] = nvx; pvy[i] = nvy
            if d2 > maxD2 { maxD2 = d2 }
            i += 1
        }
        return (maxD2.squareRoot(), !anyAwake)
    }

    /// Color of columns `r` of the row starting at dot n0; source sums in `acc` for the columns of `hull`.
    private func integrateColor(_ n0: Int, _ r: Range<Int>, acc: Accumulator?, hull: Range<Int>, law: Law) -> Bool {
        let rate = law.relaxation, idle = law.idle, keep = 1 - rate
        var rest = true
        for i in r {
            let n = n0 + i
            let summed = acc != nil && hull.contains(i)
            let at = summed ? acc!.alpha[i] : 0, wt = summed ? acc!.weight[i] : 0
            var a = max(alpha[n] + rate * (idle - alpha[n]), at)
            if abs(a - idle) < 1e-5 { a = idle }
            alpha[n] = a
            var m = weight[n] * keep
            if wt > m, let acc {
                let fresh = wt - m, inv = 1 / wt
                tr[n] = (tr[n] * m + acc.tr[i] * fresh) * inv
                tg[n] = (tg[n] * m + acc.tg[i] * fresh) * inv
                tb[n] = (tb[n] * m + acc.tb[i] * fresh) * inv
                ta[n] = (ta[n] * m + acc.ta[i] * fresh) * inv
                m = wt
            }
            if m < 1e-4 { m = 0 }
            weight[n] = m
            if a != idle || m != 0 { rest = false }
        }
        return rest
    }
}

/// Per-row sums of the sources' effects, in scratch memory owned by one band.
struct Accumulator {
    let fx, fy, alpha, weight, tr, tg, tb, ta: UnsafeMutablePointer<Float>
    let count: Int

    init(_ p: UnsafeMutablePointer<Float>, _ n: Int) {
        count = n
        fx = p; fy = p + n; alpha = p + 2 * n; weight = p + 3 * n
        tr = p + 4 * n; tg = p + 5 * n; tb = p + 6 * n; ta = p + 7 * n
    }

    /// Zeroes the sums of columns r.
    func clear(_ r: Range<Int>) {
        let o = r.lowerBound, n = r.count
        (fx + o).update(repeating: 0, count: n); (fy + o).update(repeating: 0, count: n)
        (alpha + o).update(repeating: 0, count: n); (weight + o).update(repeating: 0, count: n)
        (tr + o).update(repeating: 0, count: n); (tg + o).update(repeating: 0, count: n)
        (tb + o).update(repeating: 0, count: n); (ta + o).update(repeating: 0, count: n)
    }

    /// Forces add (in source order); the alpha target is the largest; the tint is the strongest source's
    /// (the earlier one on a tie).
    @inline(__always)
    func add(_ i: Int, force: Point, alpha a: Float, weight w: Float, tint: SIMD4<Float>) {
        fx[i] += force.x
        fy[i] += force.y
        alpha[i] = max(alpha[i], a)
        if w > weight[i] {
            weight[i] = w
            tr[i] = tint.x; tg[i] = tint.y; tb[i] = tint.z; ta[i] = tint.w
        }
    }
}

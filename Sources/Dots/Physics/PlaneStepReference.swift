import Raster

/// The plain reference of the update kernel (PlaneStep.swift): the equations of its header written once per
/// dot, in scalar code, with every source evaluated on every dot, no SIMD, no reach culling, no row skipping,
/// no temporal blocking and one thread. DeterminismTests compares the kernel's bytes with it.
extension Plane {
    /// One update (step + 1) by the plain reference.
    mutating func plainUpdate(bounds: (String, Double) -> Rect? = { _, _ in nil }) {
        makeUnique()
        let sources = launchSources(to: step + 1, bounds: bounds)[0]
        let c = configuration, noise = noise
        maxDisplacement = storage.withHandle { h in
            var rowMax = [Float](repeating: 0, count: h.rows)
            for n in 0..<h.count {
                // Sum of forces in source order, largest alpha target, strongest tint (the earlier on a tie).
                var force = Point(0, 0), target: Float = 0, strongest: Float = 0, tint = SIMD4<Float>.zero
                for src in sources {
                    guard let e = src.effect(at: Point(h.x[n], h.y[n]), velocity: Point(h.vx[n], h.vy[n]), noise: noise) else { continue }
                    force = Point(force.x + e.force.x, force.y + e.force.y)
                    target = max(target, e.alpha)
                    if e.weight > strongest { strongest = e.weight; tint = src.tint }
                }
                // v' = damping (v + spring (h - p) + F); p' = p + v'; asleep exactly home when free and still.
                var vx = c.damping * (h.vx[n] + c.spring * (h.hx[n] - h.x[n]) + force.x)
                var vy = c.damping * (h.vy[n] + c.spring * (h.hy[n] - h.y[n]) + force.y)
                var x = h.x[n] + vx, y = h.y[n] + vy
                let d2 = (x - h.hx[n]) * (x - h.hx[n]) + (y - h.hy[n]) * (y - h.hy[n])
                if force.x == 0 && force.y == 0 && d2 < DotHandle.sleepPosition * DotHandle.sleepPosition
                    && vx * vx + vy * vy < DotHandle.sleepVelocity * DotHandle.sleepVelocity {
                    x = h.hx[n]; y = h.hy[n]; vx = 0; vy = 0
                }
                h.x[n] = x; h.y[n] = y; h.vx[n] = vx; h.vy[n] = vy
                rowMax[n / h.columns] = max(rowMax[n / h.columns], d2.squareRoot())
                // a' = max(a + relaxation (idle - a), A); the tint weight relaxes unless a stronger tint arrives.
                var a = max(h.alpha[n] + c.relaxation * (h.idle - h.alpha[n]), target)
                if abs(a - h.idle) < 1e-5 { a = h.idle }
                h.alpha[n] = a
                var m = h.weight[n] * (1 - c.relaxation)
                if strongest > m {
                    let fresh = strongest - m, inv = 1 / strongest
                    h.tr[n] = (h.tr[n] * m + tint.x * fresh) * inv
                    h.tg[n] = (h.tg[n] * m + tint.y * fresh) * inv
                    h.tb[n] = (h.tb[n] * m + tint.z * fresh) * inv
                    h.ta[n] = (h.ta[n] * m + tint.w * fresh) * inv
                    m = strongest
                }
                h.weight[n] = m < 1e-4 ? 0 : m
            }
            // No row may be skipped by a later kernel update until the kernel has seen it again.
            h.withRows { rest, colorRest, displacement in
                for j in 0..<h.rows { rest[j] = false; colorRest[j] = false; displacement[j] = rowMax[j] }
            }
            return rowMax.max() ?? 0
        }
        step += 1
    }

    /// One update with every source evaluated on every dot, through the update kernel: what the reach culling
    /// and the temporal blocking are tested against (it must give the same bytes). The kernel itself is tested
    /// against `plainUpdate` (above).
    mutating func referenceUpdate(bounds: (String, Double) -> Rect? = { _, _ in nil }) {
        makeUnique()
        advance(to: step + 1, workers: .single, bounds: bounds, culled: false)
    }
}

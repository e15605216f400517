/// The plain reference of `ClusterGate.densest`: every window position, every pixel in it counted one by one
/// (O(width x height x window^2)). Only for tests on small images, which compare it with the summed-area table.
public enum ClusterGateReference {
    public static func densest(_ gate: ClusterGate, in map: DifferenceMap) -> ClusterGate.Densest {
        let ww = min(gate.window, map.width), wh = min(gate.window, map.height)
        var best = ClusterGate.Densest(count: 0, x: 0, y: 0)
        for y0 in 0...(map.height - wh) {
            for x0 in 0...(map.width - ww) {
                var n = 0
                for y in y0..<(y0 + wh) {
                    for x in x0..<(x0 + ww) { n += Int(map.bits[y * map.width + x]) }
                }
                if n > best.count { best = ClusterGate.Densest(count: n, x: x0, y: y0) }
            }
        }
        return best
    }
}

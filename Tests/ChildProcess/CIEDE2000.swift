import Foundation

/// CIEDE2000 color difference (CIE 142-2001), written from the formula as Sharma, Wu and Dalal state it ("The
/// CIEDE2000 color-difference formula: implementation notes, supplementary test data, and mathematical
/// observations", Color Research & Application 30(1), 2005), with kL = kC = kH = 1. Test-only (it calls libm), shared
/// by the suites that measure colours against an oracle (glass, video); checked against the paper's table in
/// ComposeTests (`ciede2000MatchesSharmaWuDalalTable`).
public enum CIEDE2000 {
    public struct Lab {
        public var l, a, b: Double
        public init(l: Double, a: Double, b: Double) { (self.l, self.a, self.b) = (l, a, b) }
    }

    private static let linear: [Double] = (0..<256).map {
        let c = Double($0) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    /// An 8-bit sRGB color in CIELAB (D65 white, the sRGB standard's matrix).
    public static func lab(rgb: (UInt8, UInt8, UInt8)) -> Lab {
        let r = linear[Int(rgb.0)], g = linear[Int(rgb.1)], b = linear[Int(rgb.2)]
        let x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x / 0.95047), fy = f(y / 1.0), fz = f(z / 1.08883)
        return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// ΔE00 between two CIELAB colors.
    public static func difference(_ p: Lab, _ q: Lab) -> Double {
        let deg = Double.pi / 180
        let c1 = hypot(p.a, p.b), c2 = hypot(q.a, q.b)
        let cMean = (c1 + c2) / 2
        let c7 = pow(cMean, 7)
        let g = 0.5 * (1 - (c7 / (c7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * p.a, a2 = (1 + g) * q.a
        let c1p = hypot(a1, p.b), c2p = hypot(a2, q.b)
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / deg
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(p.b, a1), h2 = hue(q.b, a2)
        let dL = q.l - p.l, dC = c2p - c1p
        var dh = 0.0
        if c1p * c2p != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (c1p * c2p).squareRoot() * sin(dh / 2 * deg)
        let lMean = (p.l + q.l) / 2, cpMean = (c1p + c2p) / 2
        var hMean = h1 + h2
        if c1p * c2p != 0 {
            if abs(h1 - h2) <= 180 { hMean = (h1 + h2) / 2 }
            else if h1 + h2 < 360 { hMean = (h1 + h2 + 360) / 2 }
            else { hMean = (h1 + h2 - 360) / 2 }
        }
        let t = 1 - 0.17 * cos((hMean - 30) * deg) + 0.24 * cos(2 * hMean * deg)
            + 0.32 * cos((3 * hMean + 6) * deg) - 0.20 * cos((4 * hMean - 63) * deg)
        let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
        let cp7 = pow(cpMean, 7)
        let rc = 2 * (cp7 / (cp7 + pow(25, 7))).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sc = 1 + 0.045 * cpMean
        let sh = 1 + 0.015 * cpMean * t
        let rt = -sin(2 * dTheta * deg) * rc
        let (x, y, z) = (dL / sl, dC / sc, dH / sh)
        return (x * x + y * y + z * z + rt * y * z).squareRoot()
    }
}

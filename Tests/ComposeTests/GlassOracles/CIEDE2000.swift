import Foundation
import Testing

/// CIEDE2000 color difference (CIE 142-2001), written from the formula as Sharma, Wu and Dalal state it ("The
/// CIEDE2000 color-difference formula: implementation notes, supplementary test data, and mathematical
/// observations", Color Research & Application 30(1), 2005), with kL = kC = kH = 1. Test-only (it calls libm).
enum CIEDE2000 {
    struct Lab { var l, a, b: Double }

    private static let linear: [Double] = (0..<256).map {
        let c = Double($0) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    /// An 8-bit sRGB color in CIELAB (D65 white, the sRGB standard's matrix).
    static func lab(rgb: (UInt8, UInt8, UInt8)) -> Lab {
        let r = linear[Int(rgb.0)], g = linear[Int(rgb.1)], b = linear[Int(rgb.2)]
        let x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x / 0.95047), fy = f(y / 1.0), fz = f(z / 1.08883)
        return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// ΔE00 between two CIELAB colors.
    static func difference(_ p: Lab, _ q: Lab) -> Double {
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

/// The 34 pairs of Sharma, Wu and Dalal's Table 1 (L, a, b of each color and the ΔE00 they publish, to 4
/// decimals). They exercise the hue wrap-around, the mean hue's branch cuts, and the a' rescaling near neutral.
@Test func ciede2000MatchesSharmaWuDalalTable() {
    let pairs: [(Double, Double, Double, Double, Double, Double, Double)] = [
        (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
        (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
        (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
        (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
        (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
        (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
        (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
        (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
        (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
        (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
        (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
        (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
        (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
        (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
        (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
        (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
        (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
        (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
        (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
        (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
    ]
    for (i, p) in pairs.enumerated() {
        let a = CIEDE2000.Lab(l: p.0, a: p.1, b: p.2), b = CIEDE2000.Lab(l: p.3, a: p.4, b: p.5)
        let d = CIEDE2000.difference(a, b), e = CIEDE2000.difference(b, a)
        #expect(abs(d - p.6) < 5e-5, "pair \(i + 1): \(d), published \(p.6)")
        #expect(abs(d - e) < 1e-12, "pair \(i + 1) is not symmetric")
    }
    // sRGB white is L 100, a = b = 0 (the D65 white point); pure sRGB red is the well-known (53.24, 80.09, 67.20).
    let white = CIEDE2000.lab(rgb: (255, 255, 255)), red = CIEDE2000.lab(rgb: (255, 0, 0))
    #expect(abs(white.l - 100) < 1e-3 && abs(white.a) < 1e-3 && abs(white.b) < 1e-3)
    #expect(abs(red.l - 53.24) < 0.01 && abs(red.a - 80.09) < 0.01 && abs(red.b - 67.20) < 0.01)
}

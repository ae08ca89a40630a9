import LibC
import Raster

/// A colour in CIELAB (D65 white, the sRGB white): L* 0…100, a* and b* roughly −128…127.
public struct LabColor: Sendable, Equatable {
    /// Lightness, 0 (black) … 100 (white).
    public let l: Double
    /// Green (−) … red (+).
    public let a: Double
    /// Blue (−) … yellow (+).
    public let b: Double

    /// A colour from its three coordinates.
    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The Lab coordinates of an sRGB colour given as 0…255 channels (fractions allowed): the
    /// sRGB transfer function undone, the sRGB matrix to XYZ (D65), then CIELAB relative to D65.
    public init(srgb red: Double, _ green: Double, _ blue: Double) {
        func linear(_ v: Double) -> Double {
            let c = max(0, min(255, v)) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        self.init(l: 116 * f(y) - 16, a: 500 * (f(x) - f(y)), b: 200 * (f(y) - f(z)))
    }

    /// The Lab coordinates of an opaque `Color` (its alpha is ignored).
    public init(_ color: Color) {
        self.init(srgb: Double(color.red), Double(color.green), Double(color.blue))
    }
}

/// CIEDE2000 colour difference (Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference Formula:
/// Implementation Notes, Supplementary Test Data, and Mathematical Observations", 2005), with
/// kL = kC = kH = 1. About 1 is the smallest difference people see side by side; 2 is the
/// tolerance `frames measure --against` uses by default. Tested against the paper's 34 pairs.
public enum ColorDifference {
    /// ΔE00 between two Lab colours (symmetric, ≥ 0).
    public static func ciede2000(_ one: LabColor, _ two: LabColor) -> Double {
        let rad = Double.pi / 180
        let c1 = (one.a * one.a + one.b * one.b).squareRoot()
        let c2 = (two.a * two.a + two.b * two.b).squareRoot()
        let mean = (c1 + c2) / 2
        let mean7 = pow(mean, 7)
        let g = 0.5 * (1 - (mean7 / (mean7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * one.a
        let a2 = (1 + g) * two.a
        let cp1 = (a1 * a1 + one.b * one.b).squareRoot()
        let cp2 = (a2 * a2 + two.b * two.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / rad
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(one.b, a1)
        let h2 = hue(two.b, a2)
        let dL = two.l - one.l
        let dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(dh / 2 * rad)
        let lMean = (one.l + two.l) / 2
        let cpMean = (cp1 + cp2) / 2
        var hMean = h1 + h2
        if cp1 * cp2 != 0 {
            if abs(h1 - h2) <= 180 {
                hMean = (h1 + h2) / 2
            } else {
                hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2
            }
        }
        let t =
            1 - 0.17 * cos((hMean - 30) * rad) + 0.24 * cos(2 * hMean * rad) + 0.32 * cos((3 * hMean + 6) * rad)
            - 0.20 * cos((4 * hMean - 63) * rad)
        let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
        let cpMean7 = pow(cpMean, 7)
        let rC = 2 * (cpMean7 / (cpMean7 + pow(25, 7))).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sC = 1 + 0.045 * cpMean
        let sH = 1 + 0.015 * cpMean * t
        let rT = -sin(2 * dTheta * rad) * rC
        let termL = dL / sL
        let termC = dC / sC
        let termH = dH / sH
        return (termL * termL + termC * termC + termH * termH + rT * termC * termH).squareRoot()
    }

    /// ΔE00 between two opaque sRGB colours (alpha ignored).
    public static func ciede2000(_ one: Color, _ two: Color) -> Double {
        ciede2000(LabColor(one), LabColor(two))
    }
}

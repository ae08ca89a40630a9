import CLittleCMS
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

/// CIEDE2000 colour difference, from Little CMS (`cmsCIE2000DeltaE`, kL = kC = kH = 1). About 1
/// is the smallest difference people see side by side; 2 is the tolerance `frames measure
/// --against` uses by default. Tested against Sharma, Wu and Dalal's published pairs and, on a
/// grid of Lab pairs, against the formula as their paper writes it.
public enum ColorDifference {
    /// ΔE00 between two Lab colours (symmetric, ≥ 0).
    public static func ciede2000(_ one: LabColor, _ two: LabColor) -> Double {
        var first = cmsCIELab(L: one.l, a: one.a, b: one.b)
        var second = cmsCIELab(L: two.l, a: two.a, b: two.b)
        return cmsCIE2000DeltaE(&first, &second, 1, 1, 1)
    }

    /// ΔE00 between two opaque sRGB colours (alpha ignored).
    public static func ciede2000(_ one: Color, _ two: Color) -> Double {
        ciede2000(LabColor(one), LabColor(two))
    }
}

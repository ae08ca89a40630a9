import LibC
import Raster

/// Contrast as WCAG 2.2 defines it: the relative luminance of an sRGB colour (each channel
/// linearised with the sRGB transfer function, threshold 0.04045, then 0.2126 R + 0.7152 G +
/// 0.0722 B) and the ratio (L1 + 0.05) / (L2 + 0.05) of the lighter to the darker, from 1 to 21.
/// Colours that are not opaque are first composited over what lies under them (straight alpha,
/// in sRGB values, as browsers and Core Graphics blend by default).
public enum Contrast {
    /// The contrast ratio of two opaque colours, 1…21 (alpha is ignored).
    public static func ratio(_ a: Color, _ b: Color) -> Double {
        let (la, lb) = (a.relativeLuminance, b.relativeLuminance)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `ratio` floored to two decimals (2.6499 is 2.64: a ratio is never rounded up to pass).
    static func floored(_ ratio: Double) -> Double {
        (ratio * 100).rounded(.down) / 100
    }

    /// The ratio as WCAG writes it: two decimals, rounded down so that a ratio shown as passing
    /// passes ("2.64:1").
    public static func text(_ ratio: Double) -> String {
        let floored = floored(ratio)
        var digits = String(Int((floored * 100).rounded()))
        while digits.count < 3 { digits = "0" + digits }
        return String(digits.dropLast(2)) + "." + String(digits.suffix(2)) + ":1"
    }

    /// The colour nearest to `color` of the same hue and saturation (HSL), changing only its
    /// lightness, whose ratio against every one of `backgrounds` is at least `minimum`; nil when
    /// no lightness reaches it. Lightness is tried in steps of 1/1000, the smallest change first.
    public static func nearestColor(to color: Color, against backgrounds: [Color], minimum: Double) -> Color? {
        let (hue, saturation, lightness) = color.hsl
        var best: (distance: Double, color: Color)? = nil
        for step in 0...1000 {
            let candidateLightness = Double(step) / 1000
            let distance = abs(candidateLightness - lightness)
            if let best, best.distance <= distance { continue }
            var candidate = Color(hue: hue, saturation: saturation, lightness: candidateLightness)
            candidate.alpha = color.alpha
            let passes = backgrounds.allSatisfy { ratio(candidate.composited(over: $0), $0) >= minimum }
            if passes { best = (distance, candidate) }
        }
        return best?.color
    }
}

extension Color {
    /// WCAG 2.2's relative luminance of the colour's sRGB channels, 0 (black) … 1 (white).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The colour drawn over the opaque `background` with its alpha: an opaque colour, each
    /// channel the straight-alpha blend of the two, rounded to 8 bits.
    public func composited(over background: Color) -> Color {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return Color(
            red8: mix(red, background.red), green8: mix(green, background.green), blue8: mix(blue, background.blue))
    }

    /// Hue (degrees, 0…360), saturation and lightness (0…1), as CSS's `hsl()` defines them.
    var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let r = Double(red) / 255
        let g = Double(green) / 255
        let b = Double(blue) / 255
        let high = max(r, g, b)
        let low = min(r, g, b)
        let lightness = (high + low) / 2
        let chroma = high - low
        guard chroma > 0 else { return (0, 0, lightness) }
        let saturation = chroma / (1 - abs(2 * lightness - 1))
        var hue: Double
        if high == r {
            hue = (g - b) / chroma
        } else if high == g {
            hue = (b - r) / chroma + 2
        } else {
            hue = (r - g) / chroma + 4
        }
        hue *= 60
        if hue < 0 { hue += 360 }
        return (hue, saturation, lightness)
    }

    /// An opaque colour from hue (degrees), saturation and lightness (0…1), as CSS's `hsl()`.
    init(hue: Double, saturation: Double, lightness: Double) {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let h = hue / 60
        let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch h {
        case ..<1: (r, g, b) = (chroma, x, 0)
        case ..<2: (r, g, b) = (x, chroma, 0)
        case ..<3: (r, g, b) = (0, chroma, x)
        case ..<4: (r, g, b) = (0, x, chroma)
        case ..<5: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        self.init(red: r + m, green: g + m, blue: b + m)
    }
}

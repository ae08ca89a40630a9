/// A straight (non-premultiplied) sRGB colour, 8 bits a channel: red, green, blue and alpha,
/// each 0…255.
///
/// Built from 0…1 components (`Color(red:green:blue:opacity:)`, each rounded from v × 255 to the
/// nearest integer), or from text as designers type it (`Color(parsing:)`: hex, CSS names,
/// `rgb()`/`rgba()`).
public struct Color: Sendable, Equatable, Hashable {
    /// Red, 0…255, sRGB-encoded, not premultiplied.
    public var red: UInt8
    /// Green, 0…255, sRGB-encoded, not premultiplied.
    public var green: UInt8
    /// Blue, 0…255, sRGB-encoded, not premultiplied.
    public var blue: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque).
    public var alpha: UInt8

    /// A colour from 8-bit channels (0…255).
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        red = red8
        green = green8
        blue = blue8
        alpha = alpha8
    }

    /// A colour from components in 0…1 (clamped), each rounded from v × 255 to the nearest 8-bit
    /// value, as SwiftUI's `Color(red:green:blue:opacity:)` is stored in an 8-bit context.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func channel(_ value: Double) -> UInt8 {
            guard value.isFinite else { return 0 }
            return UInt8((min(1, max(0, value)) * 255).rounded())
        }
        self.init(red8: channel(red), green8: channel(green), blue8: channel(blue), alpha8: channel(opacity))
    }

    /// Opaque white, #FFFFFF.
    public static let white = Color(red8: 255, green8: 255, blue8: 255)
    /// Opaque black, #000000.
    public static let black = Color(red8: 0, green8: 0, blue8: 0)
    /// Fully transparent, #00000000.
    public static let clear = Color(red8: 0, green8: 0, blue8: 0, alpha8: 0)

    /// `#RRGGBB` for an opaque colour, `#RRGGBBAA` otherwise; upper-case digits.
    public var hex: String {
        func two(_ value: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
        }
        return "#" + two(red) + two(green) + two(blue) + (alpha == 255 ? "" : two(alpha))
    }

    /// The colour premultiplied by its alpha and by `opacity` (0…1), as floats in 0…1.
    public func premultiplied(opacity: Double = 1) -> PremultipliedColor {
        let a = Float(alpha) / 255 * Float(opacity)
        return PremultipliedColor(
            red: Float(red) / 255 * a, green: Float(green) / 255 * a,
            blue: Float(blue) / 255 * a, alpha: a)
    }
}

/// An sRGB colour premultiplied by its alpha, as floats in 0…1, each colour channel ≤ alpha.
/// The form every layer is composited in.
public struct PremultipliedColor: Sendable, Equatable, Hashable {
    /// Red times alpha, 0…1.
    public var red: Float
    /// Green times alpha, 0…1.
    public var green: Float
    /// Blue times alpha, 0…1.
    public var blue: Float
    /// Opacity, 0…1.
    public var alpha: Float

    /// A premultiplied colour; each channel must be 0…alpha.
    public init(red: Float, green: Float, blue: Float, alpha: Float) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A pixmap's packed 8-bit pixel (R in the low byte), as floats 0…1.
    @inline(__always)
    public init(packed pixel: UInt32) {
        self.init(
            red: Float(pixel & 0xFF) / 255, green: Float((pixel >> 8) & 0xFF) / 255,
            blue: Float((pixel >> 16) & 0xFF) / 255, alpha: Float(pixel >> 24) / 255)
    }

    /// Nothing: every channel 0.
    public static let transparent = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
}

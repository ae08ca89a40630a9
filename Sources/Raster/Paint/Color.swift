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

/// Colours as designers type them, each read to one 8-bit value a channel:
///
/// - hex: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` (the `#` may be left out; either case); a
///   short form repeats each digit (`#F80` is `#FF8800`, `#F808` is `#FF880088`);
/// - a name, in any case: the 148 named colours of CSS Color 4 (`red`, `rebeccapurple`, both
///   `gray` and `grey`), `transparent`, and SwiftUI's `clear` (both #00000000);
/// - `rgb()` and `rgba()` (one function, as in CSS Color 4), with commas (`rgb(26, 120, 232)`,
///   `rgba(26, 120, 232, 0.5)`; the three channels all numbers or all percentages) or spaces
///   (`rgb(26 120 232)`, `rgb(10% 47% 91% / 50%)`). A channel is a number from 0 to 255 or a
///   percentage from 0% to 100% (p% is p × 2.55); alpha is a number from 0 to 1 or a percentage
///   (a is a × 255). Each is rounded to the nearest integer, halves away from zero:
///   `rgb(50% 0 0)` is #800000 (127.5 → 128), alpha 0.5 is 0x80. A value out of range is refused,
///   not clamped.
extension Color {
    /// The forms `Color(parsing:)` reads, as messages list them.
    public static let acceptedForms =
        "#RGB, #RRGGBB, #RGBA or #RRGGBBAA, a CSS colour name (red, rebeccapurple, clear), or rgb(r g b / a) "
        + "or rgba(r, g, b, a) with channels 0-255 or 0%-100% and alpha 0-1 or 0%-100%"

    /// The names `Color(parsing:)` reads, lower case: CSS's 148, `transparent` and `clear`.
    public static var names: [String] { cssNames.map(\.name) + ["transparent", "clear"] }

    /// Parses one of the forms above (surrounding spaces ignored). Returns nil for anything
    /// else, including a channel out of range.
    public init?(parsing text: String) {
        let text = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()).lowercased()
        if text == "clear" || text == "transparent" {
            self = .clear
        } else if let named = Color.cssNames.first(where: { $0.name == text }) {
            self.init(hex: named.rgb << 8 | 0xFF, digits: 8)
        } else if text.hasPrefix("rgb"), let color = Color.function(text) {
            self = color
        } else {
            let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
            guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
                let value = UInt32(digits, radix: 16)
            else { return nil }
            self.init(hex: value, digits: digits.count)
        }
    }

    /// A colour from `digits` hex digits of `value`: RGB, RGBA, RRGGBB or RRGGBBAA.
    private init(hex value: UInt32, digits: Int) {
        let short = digits <= 4
        let count = short ? digits : digits / 2
        let bits: UInt32 = short ? 4 : 8
        var channels: [UInt8] = (0..<count).map { index in
            let field = UInt8((value >> (UInt32(count - 1 - index) * bits)) & (short ? 0xF : 0xFF))
            return short ? field * 17 : field
        }
        if channels.count == 3 { channels.append(255) }
        self.init(red8: channels[0], green8: channels[1], blue8: channels[2], alpha8: channels[3])
    }

    /// `rgb(…)` or `rgba(…)`, lower case, with commas or spaces.
    private static func function(_ text: String) -> Color? {
        let open = text.hasPrefix("rgba(") ? 5 : text.hasPrefix("rgb(") ? 4 : 0
        guard open > 0, text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst(open).dropLast()
        var channels: [Substring]
        var alpha: Substring? = nil
        if inner.contains(",") {
            channels = inner.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
            guard channels.count == 3 || channels.count == 4 else { return nil }
            if channels.count == 4 { alpha = channels.removeLast() }
            // CSS's comma form takes three numbers or three percentages, not a mix.
            guard Set(channels.map { $0.hasSuffix("%") }).count == 1 else { return nil }
        } else {
            let halves = inner.split(separator: "/", omittingEmptySubsequences: false).map(trimmed)
            guard halves.count <= 2 else { return nil }
            channels = halves[0].split(separator: " ")
            if halves.count == 2 { alpha = halves[1] }
            guard channels.count == 3 else { return nil }
        }
        guard let red = channel(channels[0]), let green = channel(channels[1]), let blue = channel(channels[2])
        else { return nil }
        var opacity: UInt8 = 255
        if let alpha {
            guard let value = Color.alpha(alpha) else { return nil }
            opacity = value
        }
        return Color(red8: red, green8: green, blue8: blue, alpha8: opacity)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        Substring(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// A channel: 0…255, or 0%…100% (× 255 / 100), rounded to the nearest integer, halves up.
    private static func channel(_ text: Substring) -> UInt8? {
        if text.hasSuffix("%") { return scaled(text.dropLast(), by: 255, over: 100) }
        return scaled(text, by: 1, over: 1)
    }

    /// Alpha: 0…1, or 0%…100%, times 255, rounded to the nearest integer, halves up.
    private static func alpha(_ text: Substring) -> UInt8? {
        text.hasSuffix("%") ? scaled(text.dropLast(), by: 255, over: 100) : scaled(text, by: 255, over: 1)
    }

    /// The decimal `text` (digits with at most one point, no sign or exponent) times
    /// `factor / divisor`, rounded to the nearest integer with halves up, in exact integer
    /// arithmetic (0.3 × 255 is 76.5, which rounds to 77; in binary floating point it would be
    /// 76.4999…), from the first 12 decimals. Nil when `text` is not such a number or the result
    /// is over 255.
    private static func scaled(_ text: Substring, by factor: Int, over divisor: Int) -> UInt8? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let decimals = (parts.count == 2 ? parts[1] : "").prefix(12)
        // "5", "5.25" and ".25" as CSS writes numbers; not "5.", "" or a sign.
        guard !(parts.count == 2 ? parts[1] : whole).isEmpty, whole.count <= 9,
            text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), (Int(whole) ?? 0) <= 255
        else { return nil }
        var scale = 1
        for _ in 0..<decimals.count { scale *= 10 }
        let numerator = (Int(whole) ?? 0) * scale + (Int(decimals) ?? 0)
        let denominator = scale * divisor
        guard numerator * factor <= 255 * denominator else { return nil }
        return UInt8((2 * numerator * factor + denominator) / (2 * denominator))
    }
}

/// The 148 named colours of CSS Color Module Level 4 (§ 6.1, "Named Colors"), as
/// `#RRGGBB` values packed in 24 bits, in the specification's (alphabetical) order; `Color(parsing:)`
/// takes them in any case. Both spellings of the greys (gray, grey) are there, as in CSS.
extension Color {
    /// CSS's named colours: name, 0xRRGGBB.
    static let cssNames: [(name: String, rgb: UInt32)] = [
        ("aliceblue", 0xF0F8FF),
        ("antiquewhite", 0xFAEBD7),
        ("aqua", 0x00FFFF),
        ("aquamarine", 0x7FFFD4),
        ("azure", 0xF0FFFF),
        ("beige", 0xF5F5DC),
        ("bisque", 0xFFE4C4),
        ("black", 0x000000),
        ("blanchedalmond", 0xFFEBCD),
        ("blue", 0x0000FF),
        ("blueviolet", 0x8A2BE2),
        ("brown", 0xA52A2A),
        ("burlywood", 0xDEB887),
        ("cadetblue", 0x5F9EA0),
        ("chartreuse", 0x7FFF00),
        ("chocolate", 0xD2691E),
        ("coral", 0xFF7F50),
        ("cornflowerblue", 0x6495ED),
        ("cornsilk", 0xFFF8DC),
        ("crimson", 0xDC143C),
        ("cyan", 0x00FFFF),
        ("darkblue", 0x00008B),
        ("darkcyan", 0x008B8B),
        ("darkgoldenrod", 0xB8860B),
        ("darkgray", 0xA9A9A9),
        ("darkgreen", 0x006400),
        ("darkgrey", 0xA9A9A9),
        ("darkkhaki", 0xBDB76B),
        ("darkmagenta", 0x8B008B),
        ("darkolivegreen", 0x556B2F),
        ("darkorange", 0xFF8C00),
        ("darkorchid", 0x9932CC),
        ("darkred", 0x8B0000),
        ("darksalmon", 0xE9967A),
        ("darkseagreen", 0x8FBC8F),
        ("darkslateblue", 0x483D8B),
        ("darkslategray", 0x2F4F4F),
        ("darkslategrey", 0x2F4F4F),
        ("darkturquoise", 0x00CED1),
        ("darkviolet", 0x9400D3),
        ("deeppink", 0xFF1493),
        ("deepskyblue", 0x00BFFF),
        ("dimgray", 0x696969),
        ("dimgrey", 0x696969),
        ("dodgerblue", 0x1E90FF),
        ("firebrick", 0xB22222),
        ("floralwhite", 0xFFFAF0),
        ("forestgreen", 0x228B22),
        ("fuchsia", 0xFF00FF),
        ("gainsboro", 0xDCDCDC),
        ("ghostwhite", 0xF8F8FF),
        ("gold", 0xFFD700),
        ("goldenrod", 0xDAA520),
        ("gray", 0x808080),
        ("green", 0x008000),
        ("greenyellow", 0xADFF2F),
        ("grey", 0x808080),
        ("honeydew", 0xF0FFF0),
        ("hotpink", 0xFF69B4),
        ("indianred", 0xCD5C5C),
        ("indigo", 0x4B0082),
        ("ivory", 0xFFFFF0),
        ("khaki", 0xF0E68C),
        ("lavender", 0xE6E6FA),
        ("lavenderblush", 0xFFF0F5),
        ("lawngreen", 0x7CFC00),
        ("lemonchiffon", 0xFFFACD),
        ("lightblue", 0xADD8E6),
        ("lightcoral", 0xF08080),
        ("lightcyan", 0xE0FFFF),
        ("lightgoldenrodyellow", 0xFAFAD2),
        ("lightgray", 0xD3D3D3),
        ("lightgreen", 0x90EE90),
        ("lightgrey", 0xD3D3D3),
        ("lightpink", 0xFFB6C1),
        ("lightsalmon", 0xFFA07A),
        ("lightseagreen", 0x20B2AA),
        ("lightskyblue", 0x87CEFA),
        ("lightslategray", 0x778899),
        ("lightslategrey", 0x778899),
        ("lightsteelblue", 0xB0C4DE),
        ("lightyellow", 0xFFFFE0),
        ("lime", 0x00FF00),
        ("limegreen", 0x32CD32),
        ("linen", 0xFAF0E6),
        ("magenta", 0xFF00FF),
        ("maroon", 0x800000),
        ("mediumaquamarine", 0x66CDAA),
        ("mediumblue", 0x0000CD),
        ("mediumorchid", 0xBA55D3),
        ("mediumpurple", 0x9370DB),
        ("mediumseagreen", 0x3CB371),
        ("mediumslateblue", 0x7B68EE),
        ("mediumspringgreen", 0x00FA9A),
        ("mediumturquoise", 0x48D1CC),
        ("mediumvioletred", 0xC71585),
        ("midnightblue", 0x191970),
        ("mintcream", 0xF5FFFA),
        ("mistyrose", 0xFFE4E1),
        ("moccasin", 0xFFE4B5),
        ("navajowhite", 0xFFDEAD),
        ("navy", 0x000080),
        ("oldlace", 0xFDF5E6),
        ("olive", 0x808000),
        ("olivedrab", 0x6B8E23),
        ("orange", 0xFFA500),
        ("orangered", 0xFF4500),
        ("orchid", 0xDA70D6),
        ("palegoldenrod", 0xEEE8AA),
        ("palegreen", 0x98FB98),
        ("paleturquoise", 0xAFEEEE),
        ("palevioletred", 0xDB7093),
        ("papayawhip", 0xFFEFD5),
        ("peachpuff", 0xFFDAB9),
        ("peru", 0xCD853F),
        ("pink", 0xFFC0CB),
        ("plum", 0xDDA0DD),
        ("powderblue", 0xB0E0E6),
        ("purple", 0x800080),
        ("rebeccapurple", 0x663399),
        ("red", 0xFF0000),
        ("rosybrown", 0xBC8F8F),
        ("royalblue", 0x4169E1),
        ("saddlebrown", 0x8B4513),
        ("salmon", 0xFA8072),
        ("sandybrown", 0xF4A460),
        ("seagreen", 0x2E8B57),
        ("seashell", 0xFFF5EE),
        ("sienna", 0xA0522D),
        ("silver", 0xC0C0C0),
        ("skyblue", 0x87CEEB),
        ("slateblue", 0x6A5ACD),
        ("slategray", 0x708090),
        ("slategrey", 0x708090),
        ("snow", 0xFFFAFA),
        ("springgreen", 0x00FF7F),
        ("steelblue", 0x4682B4),
        ("tan", 0xD2B48C),
        ("teal", 0x008080),
        ("thistle", 0xD8BFD8),
        ("tomato", 0xFF6347),
        ("turquoise", 0x40E0D0),
        ("violet", 0xEE82EE),
        ("wheat", 0xF5DEB3),
        ("white", 0xFFFFFF),
        ("whitesmoke", 0xF5F5F5),
        ("yellow", 0xFFFF00),
        ("yellowgreen", 0x9ACD32),
    ]
}

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

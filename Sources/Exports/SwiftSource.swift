import Raster
import StrictJSON

/// A style as the Swift code that makes it on iOS: the `LoadingStyle(…)` initializer with only
/// the arguments whose values differ from the documented defaults, in the documentation's
/// order, as the component's page writes its example.
extension LoadingStyle {
    /// `LoadingStyle()` for the defaults; otherwise one argument a line, four spaces in.
    public var swiftSource: String {
        let defaults = LoadingStyle()
        let arguments = StyleProperty.all.compactMap { property -> String? in
            let value = property.value(in: self)
            guard value != property.value(in: defaults) else { return nil }
            switch value {
            case .color(let color): return "\(property.name): \(color.swiftSource)"
            case .number(let number): return "\(property.name): \(formatNumber(number))"
            case .fontName(let name): return "\(property.name): " + (name.map(swiftStringLiteral) ?? "nil")
            }
        }
        if arguments.isEmpty { return "LoadingStyle()" }
        return "LoadingStyle(\n" + arguments.map { "    " + $0 }.joined(separator: ",\n") + "\n)"
    }
}

extension Color {
    /// `.white`, `.black` or `.clear`, or `Color(red:green:blue:)` (with `opacity:` when not
    /// opaque) whose components, each rounded from v × 255 as `Color(red:…)` does, give back this
    /// colour's 8-bit channels exactly. Every component has the same number of decimals: two, or
    /// more where two do not round back one of them (0.10 for 26; 0.000, 0.894 and 0.471 for 0,
    /// 228 and 120).
    public var swiftSource: String {
        let swiftUINames: [(String, Color)] = [("white", .white), ("black", .black), ("clear", .clear)]
        if let name = swiftUINames.first(where: { $0.1 == self })?.0 { return "." + name }
        let channels = alpha != 255 ? [red, green, blue, alpha] : [red, green, blue]
        let places = channels.map(Color.places).max() ?? 2
        let components = channels.map { Color.component($0, places: places) }
        var text = "Color(red: \(components[0]), green: \(components[1]), blue: \(components[2])"
        if alpha != 255 { text += ", opacity: \(components[3])" }
        return text + ")"
    }

    /// The shortest decimal with at least two places whose v × 255, rounded, is `channel`.
    static func component(_ channel: UInt8) -> String {
        component(channel, places: places(for: channel))
    }

    /// The fewest decimal places, at least two, at which `channel` / 255 rounds back to `channel`
    /// (three at most: 1/255 is more than 10⁻³ apart from its neighbours' halves).
    static func places(for channel: UInt8) -> Int {
        let exact = Double(channel) / 255
        for places in 2...6 {
            let unit = pow10(places)
            let rounded = (exact * unit).rounded() / unit
            if UInt8((rounded * 255).rounded()) == channel { return places }
        }
        return 6
    }

    /// `channel` / 255 with `places` decimals (at least `places(for: channel)`, so that it rounds
    /// back).
    static func component(_ channel: UInt8, places: Int) -> String {
        fixed((Double(channel) / 255 * pow10(places)).rounded() / pow10(places), places: places)
    }

    private static func pow10(_ places: Int) -> Double {
        (0..<places).reduce(1) { value, _ in value * 10 }
    }

    /// `value` (0…1) with exactly `places` decimals, e.g. "0.10".
    private static func fixed(_ value: Double, places: Int) -> String {
        let scaled = Int((value * pow10(places)).rounded())
        let digits = String(scaled)
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return String(padded.dropLast(places)) + "." + String(padded.suffix(places))
    }
}

/// `text` as a Swift string literal: quotes, backslashes and control characters escaped.
func swiftStringLiteral(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.properties.generalCategory == .control:
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

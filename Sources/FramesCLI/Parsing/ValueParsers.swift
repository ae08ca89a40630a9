import Raster

/// The value parsers options are declared with; each refusal says what was expected.
extension ValueParser where Value == Double {
    /// A decimal number (digits, optional sign, fraction and exponent; no `nan`, `inf` or hex)
    /// that is finite and passes `accept`.
    static func number(_ expected: String, _ accept: @escaping @Sendable (Double) -> Bool) -> ValueParser {
        .accepting(expected) { text in
            guard let value = parseDecimal(text), value.isFinite, accept(value) else { return nil }
            return value
        }
    }
}

extension ValueParser where Value == Int {
    /// A whole number (ASCII digits and a sign) within `range`.
    static func integer(in range: ClosedRange<Int>, expected: String? = nil) -> ValueParser {
        .accepting(expected ?? "a whole number from \(range.lowerBound) to \(range.upperBound)") { text in
            guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "+" || $0 == "-") }),
                let value = Int(text), range.contains(value)
            else { return nil }
            return value
        }
    }
}

extension ValueParser where Value == Color {
    /// A colour in any form `Color(parsing:)` reads: hex, a CSS name, `rgb()`/`rgba()`.
    static var color: ValueParser {
        .accepting("a colour as " + Color.acceptedForms, completion: .words(Color.names)) { Color(parsing: $0) }
    }
}

extension ValueParser where Value == Bool {
    /// true/false, yes/no, 1/0 (any case).
    static var bool: ValueParser {
        .accepting("true or false", completion: .words(["true", "false"])) { text in
            switch text.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        }
    }
}

extension ValueParser where Value == String {
    /// Any text that is not empty, such as a path; shells complete it with `completion` (file
    /// names unless told).
    static func nonEmpty(_ expected: String, completion: ValueCompletion = .files) -> ValueParser {
        .accepting(expected, completion: completion) { $0.isEmpty ? nil : $0 }
    }
}

extension ValueParser {
    /// One of the cases of `T`, by raw value.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(of type: T.Type) -> ValueParser<T>
    where T.RawValue == String {
        .accepting(
            "one of " + T.allCases.map(\.rawValue).joined(separator: ", "),
            completion: .words(T.allCases.map(\.rawValue))
        ) { T(rawValue: $0) }
    }
}

extension ValueParser where Value == StyleProperty.Value {
    /// A value of `property` as the command line writes it, within the range its kind allows.
    static func style(_ property: StyleProperty) -> ValueParser {
        .accepting(property.expected, completion: property.kind == .color ? .words(Color.names) : .none) { text in
            let value: StyleProperty.Value?
            switch property.kind {
            case .color: value = Color(parsing: text).map(StyleProperty.Value.color)
            case .length, .textSize, .opacity: value = parseDecimal(text).map(StyleProperty.Value.number)
            case .fontName: value = .fontName(text)
            }
            return value.flatMap { property.allows($0) ? $0 : nil }
        }
    }
}

/// Parses `[+-]digits[.digits][(e|E)[+-]digits]` (digits on at least one side of the point).
func parseDecimal(_ text: String) -> Double? {
    var sawDigit = false
    var sawPoint = false
    var sawExponent = false
    var exponentDigits = false
    var previous: Character? = nil
    for character in text {
        switch character {
        case "0"..."9":
            if sawExponent { exponentDigits = true } else { sawDigit = true }
        case ".":
            if sawPoint || sawExponent { return nil }
            sawPoint = true
        case "e", "E":
            if sawExponent || !sawDigit { return nil }
            sawExponent = true
        case "+", "-":
            if !(previous == nil || previous == "e" || previous == "E") { return nil }
        default:
            return nil
        }
        previous = character
    }
    guard sawDigit, !sawExponent || exponentDigits else { return nil }
    return Double(text)
}

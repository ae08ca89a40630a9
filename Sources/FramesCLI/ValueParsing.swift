import Raster

/// Typed values from raw option text, each refusal naming the option, the value and what is
/// expected.
extension ParsedArguments {
    /// A decimal number (digits, optional sign, fraction and exponent; no `nan`, `inf` or hex)
    /// that is finite and passes `accept`.
    func number(_ name: String, expected: String, accept: (Double) -> Bool) throws(FramesError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = parseDecimal(text), value.isFinite, accept(value) else {
            throw .invalidValue(option: "--" + name, value: text, expected: expected)
        }
        return value
    }

    /// A length in points: a finite number ≥ 0.
    func length(_ name: String) throws(FramesError) -> Double? {
        try number(name, expected: "a length in points, a finite number ≥ 0") { $0 >= 0 }
    }

    /// A whole number within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>, expected: String) throws(FramesError) -> Int? {
        guard let text = values[name] else { return nil }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "+" || $0 == "-") }),
            let value = Int(text), range.contains(value)
        else {
            throw .invalidValue(option: "--" + name, value: text, expected: expected)
        }
        return value
    }

    func color(_ name: String) throws(FramesError) -> Color? {
        guard let text = values[name] else { return nil }
        guard let color = Color(parsing: text) else {
            throw .invalidValue(
                option: "--" + name, value: text,
                expected: "a colour as #RRGGBB, #RRGGBBAA, white, black or clear")
        }
        return color
    }

    func choice<T: RawRepresentable & CaseIterable>(_ name: String, of type: T.Type) throws(FramesError) -> T?
    where T.RawValue == String {
        guard let text = values[name] else { return nil }
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidValue(option: "--" + name, value: text, expected: "one of \(names)")
        }
        return value
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

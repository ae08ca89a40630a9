import Raster

/// A value from the command line, with the option that gave it and the text as typed, so that a
/// later check can name both.
package struct Given<Value: Sendable>: Sendable {
    package let value: Value
    /// The option as the user would type it, e.g. "--scale".
    let option: String
    /// The value as typed.
    let text: String
}

/// Turns an option's text into a typed value, or says what was expected.
struct ValueParser<Value: Sendable>: Sendable {
    /// Why a text is not a value: what is expected, the value as messages show it (nil: as
    /// typed), and the value meant, when the parser knows better than the closest word of its
    /// completion (`read`).
    struct Refusal: Error {
        let expected: String
        var shown: String? = nil
        var suggestion: String? = nil
    }

    /// What a shell offers for the value (the completion scripts, `frames --generate`).
    var completion: ValueCompletion = .none
    let parse: @Sendable (String) throws(Refusal) -> Value

    /// A parser that accepts the texts `make` turns into a value, and refuses the rest with
    /// `expected`; shells offer `completion`.
    static func accepting(
        _ expected: String, completion: ValueCompletion = .none, _ make: @escaping @Sendable (String) -> Value?
    ) -> ValueParser {
        ValueParser(completion: completion) { (text: String) throws(Refusal) -> Value in
            guard let value = make(text) else { throw Refusal(expected: expected) }
            return value
        }
    }
}

/// What a shell completes an option's value or an argument with.
enum ValueCompletion: Sendable, Equatable {
    /// Nothing: a number or a free text.
    case none
    /// One of these words.
    case words([String])
    /// A file name.
    case files
    /// A folder name.
    case directories
}

/// One option or flag a command accepts, and where its typed value goes in the command's
/// `Options`, in the manner of swift-argument-parser: the name, help, default and type come from
/// one declaration.
struct Option<Options>: Sendable {
    /// The long name without dashes, e.g. "spinner-color".
    let name: String
    let short: Character?
    /// The value's placeholder ("color"); nil for a flag.
    let valueName: String?
    /// One sentence, ending in a period.
    let help: String
    let defaultText: String?
    let values: String?
    /// What a shell offers for the value (nothing for a flag).
    var completion: ValueCompletion = .none
    /// Parses the value (or, for a flag, records it) into the options.
    let store: @Sendable (inout Options, _ text: String) throws(FramesError) -> Void
    /// Whether the option may be given more than once (each value is kept).
    var repeatable = false

    /// "--name" as typed.
    var spelled: String { "--" + name }

    /// The label in help: "-h, --help" or "--scale <s>".
    var label: String {
        let long = spelled + (valueName.map { " <\($0)>" } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }

    /// A flag that sets `path` to true.
    static func flag(
        _ name: String, short: Character? = nil, help: String, _ path: WritableKeyPath<Options, Bool> & Sendable
    ) -> Option {
        Option(name: name, short: short, valueName: nil, help: help, defaultText: nil, values: nil) { options, _ in
            options[keyPath: path] = true
        }
    }

    /// An option whose value `parser` reads into `path`.
    static func value<Value>(
        _ name: String, _ valueName: String, help: String, default defaultText: String? = nil,
        values: String? = nil, _ path: WritableKeyPath<Options, Given<Value>?> & Sendable,
        _ parser: ValueParser<Value>
    ) -> Option {
        Option(
            name: name, short: nil, valueName: valueName, help: help, defaultText: defaultText, values: values,
            completion: parser.completion
        ) { (options: inout Options, text: String) throws(FramesError) in
            options[keyPath: path] = Given(
                value: try parser.read(text, for: "--" + name), option: "--" + name, text: text)
        }
    }
}

extension Option {
    /// An option that may be given more than once: each value `parser` reads is appended to
    /// `path`.
    static func list<Value>(
        _ name: String, _ valueName: String, help: String, _ path: WritableKeyPath<Options, [Given<Value>]> & Sendable,
        _ parser: ValueParser<Value>
    ) -> Option {
        Option(
            name: name, short: nil, valueName: valueName, help: help, defaultText: nil, values: nil,
            store: {
                (options: inout Options, text: String) throws(FramesError) in
                options[keyPath: path].append(
                    Given(value: try parser.read(text, for: "--" + name), option: "--" + name, text: text))
            }, repeatable: true)
    }
}

extension ValueParser {
    /// The value of `text` for `option`, or the usage error that names both, with the value
    /// meant when one is close: the parser's own, or else the closest word of a closed set (the
    /// words a shell completes: styles, languages, colour names, metrics).
    func read(_ text: String, for option: String) throws(FramesError) -> Value {
        do {
            return try parse(text)
        } catch {
            var suggestion = error.suggestion
            if suggestion == nil, case .words(let words) = completion {
                suggestion = closestWord(to: text, among: words)
            }
            throw .invalidValue(
                option: option, value: error.shown ?? text, expected: error.expected, suggestion: suggestion)
        }
    }
}

extension Option {
    /// The same option for a command whose options hold these options at `path` (`frames lint`
    /// takes the style options of `frames`).
    func lifted<Outer>(_ path: WritableKeyPath<Outer, Options> & Sendable) -> Option<Outer> {
        let store = self.store
        return Option<Outer>(
            name: name, short: short, valueName: valueName, help: help, defaultText: defaultText, values: values,
            completion: completion
        ) { (outer: inout Outer, text: String) throws(FramesError) in
            try store(&outer[keyPath: path], text)
        }
    }
}

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

/// The word of a closed set that `text` most likely meant (`closestName`, ignoring case), or nil:
/// none when it is the text itself (refused for a reason of the parser's own), nor when the
/// closest is as far as replacing every character of the text.
func closestWord(to text: String, among words: [String]) -> String? {
    guard let word = closestName(to: text, among: words), word != text,
        editDistance(word.lowercased(), text.lowercased()) < text.count
    else { return nil }
    return word
}

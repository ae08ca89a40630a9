/// A small command-line parser in the manner of swift-argument-parser: kebab-case long options,
/// `--name value` and `--name=value`, `--` ends the options, `-h/--help`, aligned help text with
/// "(default: …)" and "(values: …)", and "Did you mean" for a mistyped option.

/// One option or flag a command accepts.
struct OptionDefinition {
    /// The long name without dashes, e.g. "spinner-color".
    let name: String
    let short: Character?
    /// The value's placeholder for an option ("color"); nil for a flag.
    let valueName: String?
    /// One sentence, ending in a period.
    let help: String
    let defaultValue: String?
    let values: String?

    static func option(
        _ name: String, _ valueName: String, help: String, default defaultValue: String? = nil,
        values: String? = nil
    ) -> OptionDefinition {
        OptionDefinition(
            name: name, short: nil, valueName: valueName, help: help,
            defaultValue: defaultValue, values: values)
    }

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDefinition {
        OptionDefinition(name: name, short: short, valueName: nil, help: help, defaultValue: nil, values: nil)
    }

    var label: String {
        let long = "--" + name + (valueName.map { " <\($0)>" } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }
}

/// What the command line said: raw values by long option name, the flags present, and the
/// positional arguments in order.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

struct CommandParser {
    let commandName: String
    let abstract: String
    let usage: String
    let options: [OptionDefinition]
    /// Extra help sections after OPTIONS (title, body).
    let sections: [(String, String)]
    /// Names of the positional arguments (ARGUMENTS in help); none for a command of options only.
    var positionalNames: [(String, String)] = []

    func parse(_ arguments: [String]) throws(FramesError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                for rest in arguments[index...] { try addPositional(rest, to: &parsed) }
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                try addPositional(argument, to: &parsed)
                continue
            }
            var name: String
            var inlineValue: String? = nil
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                let letters = argument.dropFirst()
                guard letters.count == 1, let option = options.first(where: { $0.short == letters.first }) else {
                    throw .unknownOption(argument, suggestion: nil)
                }
                name = option.name
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw .unknownOption("--" + name, suggestion: suggestion(for: name))
            }
            let spelled = "--" + option.name
            if option.valueName == nil {
                if let inlineValue { throw .flagWithValue(option: spelled, value: inlineValue) }
                if parsed.flags.contains(option.name) { throw .repeatedOption(option: spelled) }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw .missingValue(option: spelled)
                }
                value = arguments[index]
                index += 1
            }
            if parsed.values[option.name] != nil { throw .repeatedOption(option: spelled) }
            parsed.values[option.name] = value
        }
        if parsed.positionals.count < positionalNames.count, !parsed.flags.contains("help") {
            throw .missingArgument(positionalNames[parsed.positionals.count].0)
        }
        return parsed
    }

    private func addPositional(_ argument: String, to parsed: inout ParsedArguments) throws(FramesError) {
        guard parsed.positionals.count < positionalNames.count else { throw .unexpectedArgument(argument) }
        parsed.positionals.append(argument)
    }

    /// The closest option name within an edit distance of 2 (or a prefix match).
    func suggestion(for name: String) -> String? {
        let scored = options.map { ($0.name, editDistance($0.name, name)) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 4) {
            return "--" + best.0
        }
        if let prefixed = options.first(where: { $0.name.hasPrefix(name) && name.count >= 3 }) {
            return "--" + prefixed.name
        }
        return nil
    }

    /// Help in swift-argument-parser's layout, wrapped at 80 columns.
    var helpText: String {
        var lines = wrap(("OVERVIEW: " + abstract).split(separator: " ").map(String.init), width: 80)
        lines += ["", "USAGE: " + usage, ""]
        if !positionalNames.isEmpty {
            lines.append("ARGUMENTS:")
            for (name, help) in positionalNames {
                let label = "  <\(name)>"
                lines.append(label + String(repeating: " ", count: max(2, 30 - label.count)) + help)
            }
            lines.append("")
        }
        lines.append("OPTIONS:")
        let column = 30
        for option in options {
            // Words of the sentence, then the "(values: …)" and "(default: …)" notes, each kept whole.
            var tokens = option.help.split(separator: " ").map(String.init)
            if let values = option.values { tokens.append("(values: \(values))") }
            if let defaultValue = option.defaultValue { tokens.append("(default: \(defaultValue))") }
            let label = "  " + option.label
            var wrapped = wrap(tokens, width: 80 - column)
            if label.count + 2 > column {
                lines.append(label)
            } else {
                lines.append(label + String(repeating: " ", count: column - label.count) + wrapped.removeFirst())
            }
            lines += wrapped.map { String(repeating: " ", count: column) + $0 }
        }
        for (title, body) in sections {
            lines.append("")
            lines.append(title + ":")
            lines.append(body)
        }
        return lines.joined(separator: "\n")
    }
}

/// `tokens` joined by spaces in lines of at most `width` characters (a longer token gets its own
/// line).
func wrap(_ tokens: [String], width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for token in tokens {
        if current.isEmpty {
            current = token
        } else if current.count + 1 + token.count <= width {
            current += " " + token
        } else {
            lines.append(current)
            current = token
        }
    }
    lines.append(current)
    return lines
}

/// Levenshtein distance over characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1,
                previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

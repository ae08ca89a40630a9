import Raster

/// A command's options and positional arguments, parsed in the manner of swift-argument-parser:
/// kebab-case long options, `--name value` and `--name=value`, `--` ends the options, `-h/--help`,
/// an option given twice is an error (unless it is declared repeatable), aligned help text with "(default: …)" and "(values: …)",
/// and "Did you mean" for a mistyped option. Each value is parsed into `Options` as it is read.
package struct CommandParser<Options>: Sendable {
    /// A positional argument: its name in help and usage errors, one sentence, and where it goes.
    /// The last one may be variadic: it takes every argument left (at least one).
    struct Positional: Sendable {
        let name: String
        let help: String
        var variadic = false
        /// What a shell offers for it: a file or folder name unless told.
        var completion: ValueCompletion = .files
        let store: @Sendable (inout Options, String) -> Void
    }

    let commandName: String
    let abstract: String
    let usage: String
    let options: [Option<Options>]
    /// Extra help sections after OPTIONS (title, body).
    let sections: [(String, String)]
    var positionals: [Positional] = []

    /// The options `arguments` give, stored into `options`. The shape of the command line
    /// (unknown, repeated and misplaced options, missing values) is checked before any value is
    /// parsed, so those errors come first.
    package func parse(_ arguments: [String], into options: Options) throws(FramesError) -> Options {
        var options = options
        var given: [(Option<Options>, String)] = []
        var seen: Set<String> = []
        var positionalCount = 0
        var index = 0
        func positional(_ argument: String) throws(FramesError) {
            let variadic = positionals.last?.variadic == true
            guard positionalCount < positionals.count || variadic else { throw .unexpectedArgument(argument) }
            positionals[min(positionalCount, positionals.count - 1)].store(&options, argument)
            positionalCount += 1
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                for rest in arguments[index...] { try positional(rest) }
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                try positional(argument)
                continue
            }
            let (option, inlineValue) = try self.option(for: argument)
            if seen.contains(option.name), !option.repeatable { throw .repeatedOption(option: option.spelled) }
            seen.insert(option.name)
            if option.valueName == nil {
                if let inlineValue { throw .flagWithValue(option: option.spelled, value: inlineValue) }
                given.append((option, ""))
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw .missingValue(option: option.spelled)
                }
                value = arguments[index]
                index += 1
            }
            given.append((option, value))
        }
        if positionalCount < positionals.count, !seen.contains("help") {
            throw .missingArgument(positionals[positionalCount].name)
        }
        for (option, value) in given { try option.store(&options, value) }
        return options
    }

    /// The option an argument names (`--name`, `--name=value`, `-h`), and its inline value.
    private func option(for argument: String) throws(FramesError) -> (Option<Options>, String?) {
        guard argument.hasPrefix("--") else {
            let letters = argument.dropFirst()
            guard letters.count == 1, let option = options.first(where: { $0.short == letters.first }) else {
                throw .unknownOption(argument, suggestion: suggestion(forSingleDash: String(letters)))
            }
            return (option, nil)
        }
        var name = String(argument.dropFirst(2))
        var inlineValue: String? = nil
        if let equals = name.firstIndex(of: "=") {
            inlineValue = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
        }
        guard let option = options.first(where: { $0.name == name }) else {
            throw .unknownOption("--" + name, suggestion: suggestion(for: name))
        }
        return (option, inlineValue)
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

    /// The long option a single-dash spelling meant: `-style` (or `-style=overlay`) is `--style`,
    /// `-stlye` the closest long name; a single letter that no option has as its short name is
    /// the one option whose name starts with it (`-o` → `--out`), or nil when several do.
    func suggestion(forSingleDash letters: String) -> String? {
        let name = String(letters.prefix { $0 != "=" })
        guard name.count == 1 else {
            if options.contains(where: { $0.name == name }) { return "--" + name }
            return suggestion(for: name)
        }
        let starting = options.filter { $0.name.hasPrefix(name) }
        return starting.count == 1 ? starting[0].spelled : nil
    }

    /// Help in swift-argument-parser's layout, wrapped at 80 columns.
    var helpText: String {
        var lines = wrap(("OVERVIEW: " + abstract).split(separator: " ").map(String.init), width: 80)
        lines += ["", "USAGE: " + usage, ""]
        let column = 30
        if !positionals.isEmpty {
            lines.append("ARGUMENTS:")
            for positional in positionals {
                let label = "  <\(positional.name)>" + (positional.variadic ? " ..." : "")
                lines.append(label + String(repeating: " ", count: max(2, column - label.count)) + positional.help)
            }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in options {
            // Words of the sentence, then the "(values: …)" and "(default: …)" notes, each kept whole.
            var tokens = option.help.split(separator: " ").map(String.init)
            if let values = option.values { tokens.append("(values: \(values))") }
            if let defaultText = option.defaultText { tokens.append("(default: \(defaultText))") }
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
            lines += ["", title + ":", body]
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

/// The options of a command as a Markdown table, from the same declarations as `--help`, for the
/// command line reference (`docs/cli.md`; a test keeps the two equal).
extension CommandParser {
    var markdownTable: String {
        var lines = ["| option | meaning | default |", "|---|---|---|"]
        for option in options {
            let label =
                (option.short.map { "`-\($0)`, " } ?? "") + "`\(option.spelled)"
                + (option.valueName.map { " <\($0)>" } ?? "") + "`"
            let meaning = option.help + (option.values.map { " Values: \($0)." } ?? "")
            lines.append("| \(label) | \(cell(meaning)) | \(cell(option.defaultText ?? "")) |")
        }
        return lines.joined(separator: "\n")
    }

    private func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }
}

/// The option tables of every command, by the name the documentation's markers use
/// (`<!-- options:frames -->`).
func documentedOptionTables() -> [String: String] {
    var tables = ["frames": RenderCommand.parser.markdownTable]
    tables["compare"] = CompareCommand.parser.markdownTable
    tables["verify"] = VerifyCommand.parser.markdownTable
    tables["lint"] = LintCommand.parser.markdownTable
    tables["studio"] = StudioCommand.parser.markdownTable
    tables["measure"] = MeasureCommand.parser.markdownTable
    return tables
}

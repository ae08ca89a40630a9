/// A command's declarations without its `Options` type: what `--help`, the man page and the
/// shell completion scripts are all made from (`CommandParser.reference`), so that none of them
/// can list an option the parser does not take, or miss one it does.
struct CommandReference: Sendable {
    /// One option: its names, value, help sentence, default, values and completion.
    struct Entry: Sendable {
        let name: String
        let short: Character?
        let valueName: String?
        let help: String
        let defaultText: String?
        let values: String?
        let completion: ValueCompletion

        /// "--name" as typed.
        var spelled: String { "--" + name }
    }

    /// One positional argument.
    struct Argument: Sendable {
        let name: String
        let help: String
        let variadic: Bool
        let completion: ValueCompletion
    }

    /// "frames" or "frames compare".
    let name: String
    let abstract: String
    let usage: String
    let options: [Entry]
    let arguments: [Argument]
    /// The sections after OPTIONS in `--help` (title, body).
    let sections: [(String, String)]

    /// The subcommand's word ("compare"), or nil for `frames` itself.
    var word: String? {
        name.split(separator: " ").dropFirst().first.map(String.init)
    }

    /// The usage lines, each without the leading spaces that align them under "USAGE: ".
    var usageLines: [String] {
        usage.split(separator: "\n").map { $0.drop { $0 == " " } }.map(String.init)
    }
}

extension CommandParser {
    /// The declarations as a `CommandReference`.
    var reference: CommandReference {
        CommandReference(
            name: commandName, abstract: abstract, usage: usage,
            options: options.map {
                .init(
                    name: $0.name, short: $0.short, valueName: $0.valueName, help: $0.help,
                    defaultText: $0.defaultText, values: $0.values, completion: $0.completion)
            },
            arguments: positionals.map {
                .init(name: $0.name, help: $0.help, variadic: $0.variadic, completion: $0.completion)
            },
            sections: sections)
    }
}

/// Every command: `frames` (rendering) first, then the subcommands in the order help lists them.
/// `frames help` is not among them: it has no options.
var commandReferences: [CommandReference] {
    [RenderCommand.parser.reference] + subcommands.compactMap { $0.reference?() }
}

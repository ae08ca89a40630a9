/// The man page frames(1) in roff (the `man` macros): `frames` and its options, the sections of
/// its help, then one section a subcommand with its arguments, options and notes. Every character
/// outside ASCII is written as a groff escape (`\[u00D7]`), so the page reads the same in any
/// locale.
struct ManPage {
    let commands: [CommandReference]

    var text: String {
        guard let main = commands.first else { return "" }
        var lines = [
            #".\" The man page of frames, made by `frames --generate man` from the declarations of --help."#,
            ".TH FRAMES 1 \"\" \"frames \(RenderCommand.version)\" \"User Commands\"",
            ".nh",
            ".ad l",
            ".SH NAME",
            "frames \\- " + ManPage.escaped(ManPage.summary),
            ".SH SYNOPSIS",
        ]
        lines += main.usageLines.flatMap { [".PP", ManPage.escaped($0)] }
        lines += [".SH DESCRIPTION", ManPage.escaped(main.abstract)]
        lines += [".SH OPTIONS"] + optionLines(main.options)
        for (title, body) in main.sections { lines += [".SH " + quoted(title)] + bodyLines(body) }
        for command in commands.dropFirst() { lines += subcommandLines(command) }
        lines += [
            ".SH " + quoted("FRAMES HELP"), ManPage.escaped(CommandReference.helpAbstract), ".PP",
            ManPage.escaped("Usage: " + HelpCommand.usage),
        ]
        lines += trailingLines
        return lines.joined(separator: "\n") + "\n"
    }

    /// A subcommand's section: what it does, usage, arguments, options, then its own notes.
    func subcommandLines(_ command: CommandReference) -> [String] {
        var lines = [".SH " + quoted(command.name.uppercased()), ManPage.escaped(command.abstract)]
        lines += [".SS Usage"] + command.usageLines.flatMap { [".PP", ManPage.escaped($0)] }
        if !command.arguments.isEmpty {
            lines.append(".SS Arguments")
            for argument in command.arguments {
                lines += [
                    ".TP", "\\fI<\(ManPage.escaped(argument.name))>\\fR" + (argument.variadic ? " ..." : ""),
                    ManPage.escaped(argument.help),
                ]
            }
        }
        lines += [".SS Options"] + optionLines(command.options)
        for (title, body) in command.sections {
            lines += [".SS " + quoted(sentenceCase(title))] + bodyLines(body)
        }
        return lines
    }

    /// `.TP` paragraphs: the option's names and value in bold and italics, then its help.
    func optionLines(_ options: [CommandReference.Entry]) -> [String] {
        options.flatMap { option -> [String] in
            var tag = "\\fB" + ManPage.escaped(option.spelled) + "\\fR"
            if let short = option.short { tag = "\\fB\\-\(short)\\fR, " + tag }
            if let value = option.valueName { tag += " \\fI<" + ManPage.escaped(value) + ">\\fR" }
            var help = option.help
            if let values = option.values { help += " (values: \(values))" }
            if let defaultText = option.defaultText { help += " (default: \(defaultText))" }
            return [".TP", tag, ManPage.escaped(help)]
        }
    }

    /// A help section's body: prose is filled; a table or examples (columns aligned with two
    /// spaces, or command lines) are kept as they are.
    func bodyLines(_ body: String) -> [String] {
        let rows = body.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.drop { $0 == " " })
        }
        let preformatted = rows.contains { $0.contains("  ") || $0.hasPrefix("frames ") }
        if !preformatted { return [ManPage.escaped(rows.joined(separator: " "))] }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { row in
            ManPage.escaped(String(row.dropFirst(min(2, row.prefix { $0 == " " }.count))))
        }
        return [".PP", ".RS 2", ".nf"] + lines + [".fi", ".RE"]
    }

    var trailingLines: [String] {
        [
            ".SH " + quoted("EXIT STATUS"),
            ManPage.escaped(
                "0 on success (and for --help, --version and --generate), 1 for a runtime failure or a check "
                    + "that fails (compare, verify, lint), 64 for a usage error. A run stopped by SIGINT or "
                    + "SIGTERM writes nothing and ends by that signal."),
            ".SH ENVIRONMENT",
            ".TP", "\\fBCI\\fR",
            ManPage.escaped(
                "When set (to anything but empty, 0 or false), frames verify --update is refused unless --force."),
            ".SH " + quoted("SEE ALSO"),
            ManPage.escaped(
                "The documentation in docs/ of the source: cli.md (this reference), designers.md, lint.md, "
                    + "golden-kit.md, studio.md, reliability.md."),
        ]
    }

    /// `text` for a roff text line: backslashes doubled as `\e`, minus signs `\-`, a leading
    /// period or quote guarded with `\&`, and non-ASCII characters as `\[uXXXX]`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default:
                if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    func quoted(_ title: String) -> String { "\"" + ManPage.escaped(title) + "\"" }

    /// The NAME line's description.
    static let summary = "render a payment SDK's loading indicator as PNG frames; compare, verify and lint them"

    /// "EXIT STATUS" as "Exit status".
    func sentenceCase(_ title: String) -> String {
        title.prefix(1) + title.dropFirst().lowercased()
    }
}

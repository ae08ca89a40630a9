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

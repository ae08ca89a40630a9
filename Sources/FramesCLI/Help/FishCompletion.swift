/// The fish completion script: commands, every option of each command with its help and the
/// values it takes. Save it as `frames.fish` in `~/.config/fish/completions` or
/// `/usr/share/fish/vendor_completions.d`.
struct FishCompletion {
    let commands: [CommandReference]

    var text: String {
        let names = (commands.compactMap(\.word) + ["help"]).joined(separator: " ")
        var lines = [
            "# fish completion for frames: save the output as frames.fish in ~/.config/fish/completions.",
            "# Made by `frames --generate complete-fish` from the declarations of --help.",
            "complete -c frames -f",
        ]
        for command in commands.dropFirst() {
            lines.append(
                "complete -c frames -n __fish_use_subcommand -a \(command.word ?? "") -d \(quoted(command.abstract))")
        }
        lines.append("complete -c frames -n __fish_use_subcommand -a help -d \(quoted(CommandReference.helpAbstract))")
        lines.append(
            "complete -c frames -n '__fish_seen_subcommand_from help' -a \(quoted(names)) -d 'Command'")
        for command in commands {
            let condition =
                command.word.map { "'__fish_seen_subcommand_from \($0)'" }
                ?? "'not __fish_seen_subcommand_from \(names)'"
            for option in command.options {
                var line = "complete -c frames -n \(condition)"
                if let short = option.short { line += " -s \(short)" }
                line += " -l \(option.name)"
                if option.valueName != nil { line += " " + valueFlags(option.completion) }
                lines.append(line + " -d \(quoted(option.help))")
            }
            if let argument = command.arguments.first {
                lines.append("complete -c frames -n \(condition) " + valueFlags(argument.completion))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The flags that say what follows an option: `-x -a '…'` for words, `-r -F` for files.
    func valueFlags(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return "-x"
        case .words(let words): return "-x -a " + quoted(words.joined(separator: " "))
        case .files: return "-r -F"
        case .directories: return "-x -a '(__fish_complete_directories)'"
        }
    }

    /// `text` in single quotes for fish.
    func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}

/// The zsh completion script (`_arguments`): commands with their descriptions, every option of
/// each command with its help and the values it takes. Sourced, it registers itself with
/// `compdef`; saved as `_frames` in a folder of `$fpath`, compinit loads it.
struct ZshCompletion {
    let commands: [CommandReference]

    var text: String {
        var lines = [
            "#compdef frames",
            "# zsh completion for frames: save the output as _frames in a folder of $fpath, or source it after",
            "# compinit. Made by `frames --generate complete-zsh` from the declarations of --help.",
            "",
            "_frames_commands() {",
            "    local -a commands",
            "    commands=(",
        ]
        for command in commands.dropFirst() {
            lines.append("        \(quoted((command.word ?? "") + ":" + command.abstract))")
        }
        lines += [
            "        \(quoted("help:" + CommandReference.helpAbstract))",
            "    )",
            "    _describe -t commands 'frames command' commands",
            "}",
            "",
            "_frames() {",
            "    if (( CURRENT > 2 )); then",
            "        case ${words[2]} in",
            "            \(commands.compactMap(\.word).joined(separator: "|")))",
            "                local command=${words[2]}",
            "                shift words",
            "                (( CURRENT-- ))",
            "                _frames_$command",
            "                return",
            "                ;;",
            "            help)",
            "                (( CURRENT == 3 )) && _frames_commands",
            "                return",
            "                ;;",
            "        esac",
            "    fi",
            "    if (( CURRENT == 2 )) && [[ ${words[2]} != -* ]]; then",
            "        _frames_commands",
            "        return",
            "    fi",
            "    _frames_render",
            "}",
        ]
        for command in commands { lines += function(command) }
        lines += [
            "",
            "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then",
            "    _frames \"$@\"",
            "else",
            "    compdef _frames frames",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `_frames_<word>` (`_frames_render` for `frames`): one `_arguments` call.
    func function(_ command: CommandReference) -> [String] {
        var specs: [String] = []
        for option in command.options {
            let help = "[" + bracketed(option.help) + "]"
            var value = ""
            if let name = option.valueName { value = ":" + name + ":" + action(option.completion) }
            if let short = option.short {
                let names = "(-\(short) \(option.spelled))"
                specs.append(quoted(names) + "{-\(short),\(option.spelled)}" + quoted(help + value))
            } else {
                specs.append(quoted(option.spelled + (option.valueName == nil ? "" : "=") + help + value))
            }
        }
        for argument in command.arguments {
            specs.append(quoted((argument.variadic ? "*:" : ":") + argument.name + ":" + action(argument.completion)))
        }
        let name = "_frames_" + (command.word ?? "render")
        return ["", name + "() {", "    _arguments -s -S \\"] + specs.map { "        " + $0 + " \\" }
            + ["        && return 0", "}"]
    }

    func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return " "
        case .words(let words): return "(" + words.joined(separator: " ") + ")"
        case .files: return "_files"
        case .directories: return "_files -/"
        }
    }

    /// A description inside `[…]`: brackets and backslashes escaped.
    func bracketed(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
    }

    /// `text` in single quotes for zsh.
    func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}

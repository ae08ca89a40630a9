/// The bash completion script: commands, every option of each command, and the values an option
/// takes (its choices, files or folders), with `--name value` and `--name=value`. It needs bash
/// alone, not the bash-completion package.
struct BashCompletion {
    let commands: [CommandReference]

    var text: String {
        let names = commands.compactMap(\.word) + ["help"]
        var lines = [
            "# bash completion for frames: `source <(frames --generate complete-bash)`, or save the output as",
            "# /usr/share/bash-completion/completions/frames. Made by `frames --generate complete-bash` from the",
            "# declarations of --help.",
            "# Each line compgen prints is one candidate, taken whole: a name is never split at its spaces",
            "# nor expanded as a glob.",
            "_frames_reply() { local line; COMPREPLY=(); while IFS= read -r line; do COMPREPLY+=(\"$line\"); done; }",
            "# The word being completed as the shell will read it (compgen -f matches names as they are):",
            "# without its opening quote, and with each backslash escape undone unless it is in single quotes.",
            "_frames_name() {",
            "    local rest=$cur",
            "    name=\"\"",
            "    case $rest in",
            "        \\'*) name=${rest:1}; return ;;",
            "        \\\"*) rest=${rest:1} ;;",
            "    esac",
            "    while [[ $rest == *\\\\* ]]; do",
            "        name+=${rest%%\\\\*}",
            "        rest=${rest#*\\\\}",
            "        name+=${rest:0:1}",
            "        rest=${rest:1}",
            "    done",
            "    name+=$rest",
            "}",
            "_frames_words() { local IFS=$' \\t\\n'; _frames_reply < <(compgen -W \"$1\" -- \"$cur\"); }",
            "_frames_files() {",
            "    local name; _frames_name",
            "    _frames_reply < <(compgen -f -- \"$name\"); compopt -o filenames 2> /dev/null",
            "}",
            "_frames_dirs() {",
            "    local name; _frames_name",
            "    _frames_reply < <(compgen -d -- \"$name\"); compopt -o filenames 2> /dev/null",
            "}",
            "_frames() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\" command=\"\"",
            "    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    # --name=value: bash splits the word at '=' (COMP_WORDBREAKS).",
            "    if [[ $cur == \"=\" ]]; then",
            "        cur=\"\"",
            "    elif [[ $prev == \"=\" ]] && (( COMP_CWORD > 1 )); then",
            "        prev=${COMP_WORDS[COMP_CWORD-2]}",
            "    fi",
            "    COMPREPLY=()",
            "    if (( COMP_CWORD > 1 )); then",
            "        case ${COMP_WORDS[1]} in",
            "            \(names.joined(separator: "|"))) command=${COMP_WORDS[1]} ;;",
            "        esac",
            "    fi",
            "    case $command in",
        ]
        for command in commands { lines += commandCase(command) }
        lines += [
            "        help)",
            "            (( COMP_CWORD == 2 )) && _frames_words \"\(names.joined(separator: " "))\"",
            "            ;;",
            "    esac",
            "}",
            "complete -F _frames frames",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One branch of `case $command`: the values after an option, then options or arguments.
    func commandCase(_ command: CommandReference) -> [String] {
        var lines = ["        \(command.word ?? "\"\""))", "            case $prev in"]
        for option in command.options where option.valueName != nil {
            lines.append("                \(option.spelled)) \(action(option.completion)) return ;;")
        }
        lines.append("            esac")
        let options = command.options.flatMap { option in
            (option.short.map { ["-\($0)"] } ?? []) + [option.spelled]
        }.joined(separator: " ")
        lines.append("            if [[ $cur == -* ]]; then")
        lines.append("                _frames_words \"\(options)\"")
        if command.word == nil {
            let names = commands.compactMap(\.word) + ["help"]
            lines.append("            elif (( COMP_CWORD == 1 )); then")
            lines.append("                _frames_words \"\(names.joined(separator: " "))\"")
        } else if let argument = command.arguments.first {
            // Every argument of a subcommand is a path: the first one's kind stands for all.
            lines.append("            else")
            lines.append("                \(action(argument.completion))")
        }
        lines += ["            fi", "            ;;"]
        return lines
    }

    /// The shell command that completes a value.
    func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return ":;"
        case .words(let words): return "_frames_words \"\(words.joined(separator: " "))\";"
        case .files: return "_frames_files;"
        case .directories: return "_frames_dirs;"
        }
    }
}

/// Why a run of `frames` failed. Usage errors exit 64 (EX_USAGE), runtime failures exit 1.
/// Text the user gave is shown with control characters escaped (`\u{1B}`), so a message never
/// moves the terminal's cursor or changes its colours.
enum FramesError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    case repeatedOption(option: String)
    case flagWithValue(option: String, value: String)
    case unexpectedArgument(String)
    case missingArgument(String)
    case invalidValue(option: String, value: String, expected: String)
    /// A style file's content: its path and what is wrong (a key, its value, what is expected).
    case styleFile(path: String, message: String)
    /// A usage error said in full (a folder `frames verify` cannot honour, a refusal).
    case usage(String)
    case runtime(String)

    var isUsageError: Bool {
        if case .runtime = self { return false }
        return true
    }

    var exitCode: Int32 { isUsageError ? 64 : 1 }

    var description: String {
        plainDescription.escapingControlCharacters
    }

    private var plainDescription: String {
        switch self {
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case .missingValue(let option):
            return "missing value for option '\(option)'"
        case .repeatedOption(let option):
            return "option '\(option)' given more than once; give it once"
        case .flagWithValue(let option, let value):
            return "flag '\(option)' takes no value (got '\(value)')"
        case .unexpectedArgument(let argument):
            return "unexpected argument '\(argument)' (see --help for what this command takes)"
        case .missingArgument(let name):
            return "missing argument <\(name)>"
        case .invalidValue(let option, let value, let expected):
            return "invalid value '\(value)' for \(option): expected \(expected)"
        case .styleFile(let path, let message):
            return "style file '\(path)': \(message)"
        case .usage(let message), .runtime(let message):
            return message
        }
    }
}

extension String {
    /// The text with every control character (newline, tab, escape, …) written as `\u{…}`.
    var escapingControlCharacters: String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar.properties.generalCategory == .control {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

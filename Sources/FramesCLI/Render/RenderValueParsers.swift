import Raster

/// Value parsers of the render command's own kinds of values.
extension ValueParser where Value == Device {
    /// A device from `Device.all`, by name (case, spaces and dashes ignored), with a suggestion.
    static var device: ValueParser {
        ValueParser(completion: .words(Device.all.map(\.completionName))) { (text: String) throws(Refusal) -> Device in
            if let found = Device.named(text) { return found }
            let close = Device.all.map { ($0.name, editDistance(Device.key($0.name), Device.key(text))) }
                .min { $0.1 < $1.1 }
            let hint = close.flatMap { $0.1 <= 3 ? " (did you mean '\($0.0)'?)" : nil } ?? ""
            throw Refusal(
                expected: "a device from --list-devices\(hint): " + Device.all.map(\.name).joined(separator: ", "))
        }
    }
}

extension Device {
    /// The name as a shell offers it, one word that `Device.named` finds: "iphone-15-pro",
    /// "ipad-11-inch", "ipad-pro-11-inch-m4".
    var completionName: String {
        name.lowercased().replacing("\"", with: " inch").filter { $0 != "(" && $0 != ")" }.split(separator: " ")
            .joined(separator: "-")
    }
}

extension ValueParser where Value == Translation {
    /// An ISO 639-1 code of a built-in translation.
    static var language: ValueParser {
        let codes = Translation.all.map(\.languageCode).joined(separator: ", ")
        return .accepting(
            "one of \(codes) (see --list-languages)", completion: .words(Translation.all.map(\.languageCode))
        ) { Translation.forLanguage($0) }
    }
}

extension ValueParser where Value == NamePattern {
    static var namePattern: ValueParser {
        ValueParser { (text: String) throws(Refusal) -> NamePattern in
            do throws(NamePattern.Invalid) {
                return try NamePattern(text)
            } catch {
                throw Refusal(expected: error.expected)
            }
        }
    }
}

extension ValueParser where Value == String {
    /// A file name ending in ".png" (`--apng`, `--sheet`).
    static var pngFileName: ValueParser { fileName(ending: ".png") }

    /// A file name ending in `suffix` (".webp"), in any case.
    static func fileName(ending suffix: String) -> ValueParser {
        .accepting("a file name ending in \(suffix)", completion: .files) {
            $0.lowercased().hasSuffix(suffix) && $0.count > suffix.count && !$0.hasSuffix("/") ? $0 : nil
        }
    }

    /// The label: a typed "\n" is a newline ("\\" a backslash); at most `Scene.maxTextLength`
    /// characters, `Scene.maxClusterLength` code points in one; no control characters but the
    /// newline. A refused text longer than 40 code points is shown cut there.
    static var labelText: ValueParser {
        ValueParser { (raw: String) throws(Refusal) -> String in
            let text = raw.replacingEscapedNewlines
            if let expected = Scene.labelTextRefusal(text) {
                let long = raw.unicodeScalars.count > 40
                throw Refusal(expected: expected, shown: long ? String(raw.unicodeScalars.prefix(40)) + "…" : nil)
            }
            return text
        }
    }
}

extension String {
    /// The text with a typed backslash-n ("\\n") turned into a newline, and "\\\\" into one backslash.
    var replacingEscapedNewlines: String {
        var out = ""
        var escaped = false
        for character in self {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "\\": out.append("\\")
                default: out += "\\" + String(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        if escaped { out.append("\\") }
        return out
    }
}

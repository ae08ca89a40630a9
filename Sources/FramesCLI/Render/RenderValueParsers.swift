import Raster

/// Value parsers of the render command's own kinds of values.
extension ValueParser where Value == Device {
    /// A device from `Device.all`, by name (case, spaces and dashes ignored), with a suggestion.
    static var device: ValueParser {
        ValueParser { (text: String) throws(Refusal) -> Device in
            if let found = Device.named(text) { return found }
            let close = Device.all.map { ($0.name, editDistance(Device.key($0.name), Device.key(text))) }
                .min { $0.1 < $1.1 }
            let hint = close.flatMap { $0.1 <= 3 ? " (did you mean '\($0.0)'?)" : nil } ?? ""
            throw Refusal(
                expected: "a device from --list-devices\(hint): " + Device.all.map(\.name).joined(separator: ", "))
        }
    }
}

extension ValueParser where Value == Translation {
    /// An ISO 639-1 code of a built-in translation.
    static var language: ValueParser {
        let codes = Translation.all.map(\.languageCode).joined(separator: ", ")
        return .accepting("one of \(codes) (see --list-languages)") { Translation.forLanguage($0) }
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
    static var pngFileName: ValueParser {
        .accepting("a file name ending in .png") { $0.lowercased().hasSuffix(".png") && !$0.hasSuffix("/") ? $0 : nil }
    }

    /// The label: a typed "\n" is a newline ("\\" a backslash); at most
    /// `RenderCommand.maxTextLength` characters, `RenderCommand.maxClusterLength` code points in
    /// one; no control characters but the newline.
    static var labelText: ValueParser {
        ValueParser { (raw: String) throws(Refusal) -> String in
            let text = raw.replacingEscapedNewlines
            let limit = RenderCommand.maxTextLength
            if text.count > limit {
                throw Refusal(
                    expected: "at most \(limit) characters (got \(text.count))", shown: String(raw.prefix(40)) + "…")
            }
            let clusterLimit = RenderCommand.maxClusterLength
            if let cluster = text.first(where: { $0.unicodeScalars.count > clusterLimit }) {
                throw Refusal(
                    expected: "at most \(clusterLimit) Unicode characters in one grapheme cluster, a letter with its "
                        + "marks (found one of \(cluster.unicodeScalars.count))",
                    shown: String(raw.unicodeScalars.prefix(40)) + "…")
            }
            if let control = text.unicodeScalars.first(where: {
                $0 != "\n" && $0.properties.generalCategory == .control
            }) {
                throw Refusal(
                    expected: "text without control characters other than a newline "
                        + "(found U+\(String(control.value, radix: 16, uppercase: true)))")
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

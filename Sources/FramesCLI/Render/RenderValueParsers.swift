import Raster

/// Value parsers of the render command's own kinds of values.
extension ValueParser where Value == Device {
    /// A device from `Device.all`, by name (case, spaces and dashes ignored), with a suggestion
    /// (`Device.closest(to:)`).
    static var device: ValueParser {
        ValueParser(completion: .words(Device.all.map(\.completionName))) { (text: String) throws(Refusal) -> Device in
            if let found = Device.named(text) { return found }
            throw Refusal(
                expected: "a device from --list-devices: " + Device.all.map(\.name).joined(separator: ", "),
                suggestion: Device.closest(to: text)?.name)
        }
    }
}

extension Device {
    /// The device a name that is none most likely meant: by number first, the device of the same
    /// words whose number is nearest ("iPhone 99" → iPhone 17, "iphone 12 pro" → iPhone 14 Pro),
    /// else by edit distance within 3 ("iPhone 15 Pro Maxx"). Nil when neither finds one.
    static func closest(to text: String) -> Device? {
        let wanted = key(text)
        if let number = Device.number(in: wanted) {
            let shape = Device.shape(of: wanted)
            let sameWords = all.compactMap { device -> (Device, Double)? in
                let name = key(device.name)
                guard shape == Device.shape(of: name), let other = Device.number(in: name) else { return nil }
                return (device, abs(other - number))
            }
            if let nearest = sameWords.min(by: { $0.1 < $1.1 }) { return nearest.0 }
        }
        let close = all.map { ($0, editDistance(key($0.name), wanted)) }.min { $0.1 < $1.1 }
        return close.flatMap { $0.1 <= 3 ? $0.0 : nil }
    }

    /// The first number in a device key ("iphone15pro" → 15), or nil.
    private static func number(in key: String) -> Double? {
        let digits = key.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "." }
        return Double(digits)
    }

    /// A device key with its first number as "#" ("iphone15pro" → "iphone#pro").
    private static func shape(of key: String) -> String {
        guard let start = key.firstIndex(where: \.isNumber) else { return key }
        let end = key[start...].firstIndex { !($0.isNumber || $0 == ".") } ?? key.endIndex
        return String(key[..<start]) + "#" + String(key[end...])
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

/// File names from a printf-like pattern with one number field: `%d`, `%4d` (spaces are not
/// allowed in names, so width pads with zeros too) or `%04d`; `%%` is a percent sign. The name
/// must end in ".png", must not start with "." (hidden, and the form of temporary files) and must
/// not contain "/".
struct NamePattern: Equatable {
    struct Invalid: Error { let expected: String }

    let prefix: String
    let suffix: String
    let width: Int

    static func `default`(frameCount: Int) -> NamePattern {
        NamePattern(prefix: "frame_", suffix: ".png", width: max(4, String(frameCount - 1).count))
    }

    init(prefix: String, suffix: String, width: Int) {
        self.prefix = prefix
        self.suffix = suffix
        self.width = width
    }

    init(_ text: String) throws(Invalid) {
        var prefix = ""
        var suffix = ""
        var width = 0
        var fields = 0
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                if fields == 0 { prefix.append(character) } else { suffix.append(character) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if fields == 0 { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            var digits = ""
            while let next = characters.first, next.isASCII, next.isNumber {
                digits.append(next)
                characters.removeFirst()
            }
            guard characters.popFirst() == "d" else {
                throw Invalid(expected: "a pattern whose only % field is %d, %4d or %04d (write %% for a percent sign)")
            }
            fields += 1
            width = Int(digits) ?? 0
        }
        guard fields == 1 else {
            throw Invalid(
                expected: fields == 0
                    ? "a pattern with a number field such as %04d" : "a pattern with one number field, not \(fields)")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Invalid(expected: "a file name without control characters (a newline, a tab, …)")
        }
        guard !text.contains("/") else { throw Invalid(expected: "a file name without a path separator '/'") }
        guard suffix.lowercased().hasSuffix(".png") else { throw Invalid(expected: "a file name ending in .png") }
        guard !prefix.hasPrefix(".") else {
            throw Invalid(expected: "a file name that does not start with '.'")
        }
        guard width <= 9 else { throw Invalid(expected: "a number field at most 9 digits wide") }
        self.init(prefix: prefix, suffix: suffix, width: width)
    }

    /// The pattern as `--name-pattern` takes it: "frame_%04d.png" (a width pads with zeros).
    var text: String {
        func escaped(_ part: String) -> String { part.replacing("%", with: "%%") }
        return escaped(prefix) + (width == 0 ? "%d" : "%0\(width)d") + escaped(suffix)
    }

    /// Whether `name` is one this pattern gives (for some frame number).
    func matches(_ name: String) -> Bool {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return false
        }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        return digits.allSatisfy { $0.isASCII && $0.isNumber } && digits.count >= max(1, width)
    }

    /// The pattern of a version 1 manifest's names, read from its first file: the last number in
    /// it is the frame's, zero-padded to its width.
    static func inferred(from name: String) -> NamePattern {
        let characters = Array(name)
        let end = characters.lastIndex { $0.isASCII && $0.isNumber }.map { $0 + 1 } ?? 0
        var start = end
        while start > 0, characters[start - 1].isASCII, characters[start - 1].isNumber { start -= 1 }
        let digits = end - start
        return NamePattern(
            prefix: String(characters[..<start]), suffix: String(characters[end...]),
            width: digits > 1 && characters[start] == "0" ? digits : 0)
    }

    func name(for frame: Int) -> String {
        let number = String(frame)
        return prefix + String(repeating: "0", count: max(0, width - number.count)) + number + suffix
    }
}

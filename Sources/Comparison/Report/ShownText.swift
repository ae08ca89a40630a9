/// `text` as every message and report shows text from outside (a path, an option's value, a
/// file name): each control character (newline, tab, escape, …) and each character that
/// changes the direction of text written as `\u{…}`, so that no name can move the cursor,
/// clear the screen or forge a line of its own.
package func shownText(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        let category = scalar.properties.generalCategory
        if category == .control || category == .lineSeparator || category == .paragraphSeparator
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Bytes that may not be UTF-8, shown as `shown` shows text, each invalid byte as `\xFF`.
package func shownText(bytes: [UInt8]) -> String {
    var out = ""
    var rest = bytes[...]
    while !rest.isEmpty {
        // The longest prefix that decodes, then one byte that does not.
        var end = rest.endIndex
        while end > rest.startIndex, String(validating: rest[rest.startIndex..<end], as: UTF8.self) == nil {
            end -= 1
        }
        out += shownText(String(decoding: rest[rest.startIndex..<end], as: UTF8.self))
        rest = rest[end...]
        if let byte = rest.first {
            out += "\\x" + String(byte, radix: 16, uppercase: true)
            rest = rest.dropFirst()
        }
    }
    return out
}

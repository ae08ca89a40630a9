/// A JSON text that could not be read, with where (line and column, from 1).
package struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    let message: String
    let line: Int
    let column: Int

    package var description: String { "\(message) at line \(line), column \(column)" }
}

extension JSONValue {
    /// The deepest nesting `parse` accepts.
    static let maxDepth = 64

    /// Parses UTF-8 JSON text (RFC 8259): one value, surrounded by whitespace only. Duplicate keys
    /// are refused; so is nesting deeper than `maxDepth` and invalid UTF-8.
    package static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func error(_ message: String) -> JSONError {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONError(message: message, line: line, column: column)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= JSONValue.maxDepth else { throw error("nesting deeper than \(JSONValue.maxDepth) levels") }
        guard index < bytes.count else { throw error("unexpected end of the text, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character, expected a value")
        }
    }

    mutating func literal(_ word: String) throws(JSONError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw error("unexpected text, expected \(word)")
        }
        index += expected.count
    }

    mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in quotes")
            }
            let keyStart = index
            let key = try string()
            if members[key] != nil {
                index = keyStart
                throw error("key '\(key)' given twice")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key")
            }
            index += 1
            skipWhitespace()
            members[key] = try value(depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the text, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("expected ',' or '}'")
        }
    }

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            values.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the text, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            throw error("expected ',' or ']'")
        }
    }

    mutating func string() throws(JSONError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() throws(JSONError) {
            if raw.isEmpty { return }
            guard let text = String(validating: raw, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
            scalars.append(contentsOf: text.unicodeScalars)
            raw.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try flush()
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw error("a lone surrogate in \\u escape") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate in \\u escape") }
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate in \\u escape") }
                    scalars.append(scalar)
                default:
                    index -= 1
                    throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            case 0..<0x20:
                throw error("a control character inside a string (write it as an escape)")
            default:
                raw.append(byte)
                index += 1
            }
        }
        throw error("unexpected end of the text inside a string")
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
        else { throw error("expected four hex digits after \\u") }
        index += 4
        return value
    }

    mutating func number() throws(JSONError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        let integer = digits()
        guard integer > 0 else { throw error("expected digits in a number") }
        if integer > 1, bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == UInt8(ascii: "0") {
            throw error("a number with a leading zero")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected digits after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("not a number") }
        return value
    }
}

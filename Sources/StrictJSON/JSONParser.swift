/// A JSON text that could not be read, with where (line and column, from 1); or `stopped`, a
/// text whose reading was given up when asked (`JSONValue.parse(_:shouldStop:)`).
package struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    let message: String
    let line: Int
    let column: Int

    /// Reading was given up because the caller asked: nothing is wrong with the text.
    package static let stopped = JSONError(message: "reading stopped before the end of the text", line: 0, column: 0)

    package var description: String { self == .stopped ? message : "\(message) at line \(line), column \(column)" }
}

extension JSONValue {
    /// The deepest nesting `parse` accepts.
    static let maxDepth = 64

    /// Parses UTF-8 JSON text (RFC 8259): one value, surrounded by whitespace only. Duplicate keys
    /// are refused; so is nesting deeper than `maxDepth` and invalid UTF-8. The time taken is
    /// linear in the text's length. `shouldStop` is asked at the first value, then each time another
    /// 64 KiB of the text have been read: when it answers true, parsing ends with
    /// `JSONError.stopped`.
    package static func parse(_ bytes: [UInt8], shouldStop: (@Sendable () -> Bool)? = nil) throws(JSONError)
        -> JSONValue
    {
        var parser = JSONParser(bytes: bytes, shouldStop: shouldStop)
        try parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        try parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }
}

/// The reader behind `JSONValue.parse`: one pass over the bytes, each byte looked at a bounded
/// number of times.
private struct JSONParser {
    /// The most bytes read between two questions to `shouldStop`.
    static let checkInterval = 1 << 16

    let bytes: [UInt8]
    let shouldStop: (@Sendable () -> Bool)?
    var index = 0
    /// Where `shouldStop` is asked next.
    var nextCheck = 0

    init(bytes: [UInt8], shouldStop: (@Sendable () -> Bool)?) {
        self.bytes = bytes
        self.shouldStop = shouldStop
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

    /// Asks `shouldStop` once `checkInterval` bytes were read since it was last asked.
    mutating func checkpoint() throws(JSONError) {
        guard index >= nextCheck else { return }
        nextCheck = index + JSONParser.checkInterval
        if shouldStop?() == true { throw .stopped }
    }

    mutating func skipWhitespace() throws(JSONError) {
        while true {
            let end = min(bytes.count, index + JSONParser.checkInterval)
            while index < end {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
            if index == bytes.count { return }
            try checkpoint()
        }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        try checkpoint()
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
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            try skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in quotes")
            }
            let keyStart = index
            let key = try string()
            if members[key] != nil {
                index = keyStart
                throw error("key '\(key)' given twice")
            }
            try skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key")
            }
            index += 1
            try skipWhitespace()
            members[key] = try value(depth: depth + 1)
            try skipWhitespace()
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
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            try skipWhitespace()
            values.append(try value(depth: depth + 1))
            try skipWhitespace()
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

    /// A string, from its opening quote: its bytes gathered once (a run of plain bytes is copied
    /// whole, an escape adds the UTF-8 of its character), so the work is linear in the string's
    /// length; a run with bytes over 0x7F is validated as UTF-8 where it ends.
    mutating func string() throws(JSONError) -> String {
        index += 1
        var utf8: [UInt8] = []
        var run = index
        var high: UInt8 = 0
        while true {
            let end = min(bytes.count, index + JSONParser.checkInterval)
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                high |= byte
                index += 1
            }
            try checkpoint()
            guard index < bytes.count else { throw error("unexpected end of the text inside a string") }
            let byte = bytes[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
            if byte < 0x20 { throw error("a control character inside a string (write it as an escape)") }
            if high >= 0x80, String(validating: bytes[run..<index], as: UTF8.self) == nil {
                throw error("invalid UTF-8 in a string")
            }
            utf8.append(contentsOf: bytes[run..<index])
            index += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: utf8, as: UTF8.self) }
            try escape(into: &utf8)
            run = index
            high = 0
        }
    }

    /// The escape after a backslash, its character appended to `utf8` as UTF-8.
    mutating func escape(into utf8: inout [UInt8]) throws(JSONError) {
        guard index < bytes.count else { throw error("unexpected end of the text inside a string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("a lone surrogate in \\u escape") }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate in \\u escape") }
                code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate in \\u escape") }
            UTF8.encode(scalar) { utf8.append($0) }
        default:
            index -= 1
            throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
        }
    }

    /// Four hex digits after `\u` (no sign, no other character).
    mutating func hex4() throws(JSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    mutating func number() throws(JSONError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integer = try digits()
        guard integer > 0 else { throw error("expected digits in a number") }
        if integer > 1, bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == UInt8(ascii: "0") {
            throw error("a number with a leading zero")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard try digits() > 0 else { throw error("expected digits after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard try digits() > 0 else { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("not a number") }
        return value
    }

    /// Moves past a run of decimal digits; how many there were.
    mutating func digits() throws(JSONError) -> Int {
        let from = index
        while true {
            let end = min(bytes.count, index + JSONParser.checkInterval)
            while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            if index < end || index == bytes.count { return index - from }
            try checkpoint()
        }
    }
}

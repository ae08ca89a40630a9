/// A JSON value and its text, written without Foundation so the binary starts fast. Objects keep
/// their keys sorted, numbers print as people write them, so the same value gives the same bytes.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Pretty-printed with two-space indentation and a final newline.
    package var text: String { String(decoding: utf8, as: UTF8.self) }

    /// `text` as UTF-8 bytes, written as bytes (a manifest's hundred strings cost microseconds).
    package var utf8: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out, indent: 0)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private func write(to out: inout [UInt8], indent: Int) {
        func pad(_ level: Int) { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level)) }
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .number(let value): out += formatNumber(value).utf8 // finite: lengths, counts, scale
        case .string(let value): JSONValue.quote(value, into: &out)
        case .array(let values):
            if values.isEmpty {
                out += "[]".utf8
                return
            }
            out += "[\n".utf8
            for (i, value) in values.enumerated() {
                pad(indent + 1)
                value.write(to: &out, indent: indent + 1)
                out += (i + 1 < values.count ? ",\n" : "\n").utf8
            }
            pad(indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out += "{}".utf8
                return
            }
            out += "{\n".utf8
            let keys = members.keys.sorted()
            for (i, key) in keys.enumerated() {
                pad(indent + 1)
                JSONValue.quote(key, into: &out)
                out += ": ".utf8
                members[key]!.write(to: &out, indent: indent + 1)
                out += (i + 1 < keys.count ? ",\n" : "\n").utf8
            }
            pad(indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, every
    /// other character as it is (UTF-8 bytes are copied whole).
    static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += #"\""#.utf8
            case UInt8(ascii: "\\"): out += #"\\"#.utf8
            case UInt8(ascii: "\n"): out += #"\n"#.utf8
            case UInt8(ascii: "\r"): out += #"\r"#.utf8
            case UInt8(ascii: "\t"): out += #"\t"#.utf8
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                out += #"\u00"#.utf8
                out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `quote(_:into:)` onto a string.
    package static func quote(_ text: String, into out: inout String) {
        var bytes: [UInt8] = []
        quote(text, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }
}

extension JSONValue {
    /// The value's kind, for messages ("a string", "a number", …).
    package var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as JSON text on one line (for messages), shortened to `limit` characters. A
    /// string's first `limit` characters only are quoted: they give the first `limit` of its
    /// text, however long the string.
    package func brief(limit: Int = 40) -> String {
        let text: String
        switch self {
        case .null: text = "null"
        case .bool(let value): text = value ? "true" : "false"
        case .number(let value): text = formatNumber(value)
        case .string(let value):
            var quoted = ""
            JSONValue.quote(String(value.prefix(limit)), into: &quoted)
            text = quoted
        case .array: text = "[…]"
        case .object: text = "{…}"
        }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}

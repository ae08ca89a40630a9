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
    package var text: String {
        var out = ""
        write(to: &out, indent: 0)
        return out + "\n"
    }

    private func write(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += formatNumber(value) // finite: lengths, counts, scale
        case .string(let value): JSONValue.quote(value, into: &out)
        case .array(let values):
            if values.isEmpty {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, value) in values.enumerated() {
                out += pad
                value.write(to: &out, indent: indent + 1)
                out += i + 1 < values.count ? ",\n" : "\n"
            }
            out += closing + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            let keys = members.keys.sorted()
            for (i, key) in keys.enumerated() {
                out += pad
                JSONValue.quote(key, into: &out)
                out += ": "
                members[key]!.write(to: &out, indent: indent + 1)
                out += i + 1 < keys.count ? ",\n" : "\n"
            }
            out += closing + "}"
        }
    }

    package static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
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

    /// The value as JSON text on one line (for messages), shortened to `limit` characters.
    package func brief(limit: Int = 40) -> String {
        let text: String
        switch self {
        case .null: text = "null"
        case .bool(let value): text = value ? "true" : "false"
        case .number(let value): text = formatNumber(value)
        case .string(let value):
            var quoted = ""
            JSONValue.quote(value, into: &quoted)
            text = quoted
        case .array: text = "[…]"
        case .object: text = "{…}"
        }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}

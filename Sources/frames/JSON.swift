import Raster

/// A JSON value and its text, written without Foundation so the binary starts fast. Objects keep
/// their keys sorted, numbers print as people write them, so the same value gives the same bytes.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Pretty-printed with two-space indentation and a final newline.
    var text: String {
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
        case .number(let value): out += formatNumber(value)       // finite: lengths, counts, scale
        case .string(let value): JSONValue.quote(value, into: &out)
        case .array(let values):
            if values.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, value) in values.enumerated() {
                out += pad
                value.write(to: &out, indent: indent + 1)
                out += i + 1 < values.count ? ",\n" : "\n"
            }
            out += closing + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
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


    static func quote(_ text: String, into out: inout String) {
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

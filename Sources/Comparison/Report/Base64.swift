/// Base64 (RFC 4648, with padding), for images embedded in a report as data URIs.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int((n >> UInt32(shift)) & 63)]) }
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out.append(alphabet[Int(n >> 18)])
            out.append(alphabet[Int((n >> 12) & 63)])
            out.append(rest == 2 ? alphabet[Int((n >> 6) & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A `data:` URI of a PNG file.
    package static func pngDataURI(_ png: [UInt8]) -> String {
        "data:image/png;base64," + encode(png)
    }
}

/// Base64 written as its bytes come: up to two bytes wait for the next call, `finish` pads the
/// last group. The same text as `Base64.encode` of everything given, with memory for one call's
/// bytes.
struct Base64Stream {
    private var pending: [UInt8] = []

    /// The text for `bytes` (after what waits), leaving the bytes of an unfinished group.
    mutating func text(for bytes: [UInt8]) -> String {
        let all = pending + bytes
        let whole = all.count / 3 * 3
        pending = Array(all[whole...])
        return Base64.encode(Array(all[..<whole]))
    }

    /// The text of what waits, padded.
    mutating func finish() -> String {
        defer { pending = [] }
        return Base64.encode(pending)
    }
}

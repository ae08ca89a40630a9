import FramesCLI

/// A request's target as the client sent it (`/frame.png?token=…&spinner-color=%23E8421A`), read
/// by the studio itself rather than by libmicrohttpd, which would cut a value at a `%00` and
/// keep only one of two equal names: the path, then each parameter once, decoded (`%XX`, and `+`
/// for a space, as forms send it). A target the studio will not take is kept as its `problem`,
/// naming the parameter: one given twice, a NUL, a value that is not UTF-8 or a `%` not followed
/// by two hex digits.
struct HTTPQuery: Sendable {
    /// Why a parameter is refused.
    enum Problem: Sendable, Equatable {
        case repeated(name: String)
        case nul(name: String, value: String)
        case notUTF8(name: String, bytes: [UInt8])
    }

    let path: String
    let pairs: [(name: String, value: String)]
    let problem: Problem?

    init(target: String) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path =
            HTTPQuery.decoded(Array(parts[0].utf8), plusIsSpace: false).flatMap {
                String(validating: $0, as: UTF8.self)
            }
            ?? String(parts[0])
        var pairs: [(name: String, value: String)] = []
        var problem: Problem? = nil
        let query = parts.count > 1 ? parts[1] : ""
        for item in query.split(separator: "&") where !item.isEmpty {
            let halves = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawName = HTTPQuery.decoded(Array(halves[0].utf8)) ?? Array(halves[0].utf8)
            let rawValue = halves.count > 1 ? HTTPQuery.decoded(Array(halves[1].utf8)) : []
            let name = String(decoding: rawName, as: UTF8.self)
            guard problem == nil else { continue }
            guard let rawValue, let value = String(validating: rawValue, as: UTF8.self),
                String(validating: rawName, as: UTF8.self) != nil
            else {
                problem = .notUTF8(name: name, bytes: Array(halves.count > 1 ? halves[1].utf8 : halves[0].utf8))
                continue
            }
            if rawName.contains(0) || rawValue.contains(0) {
                problem = .nul(name: name, value: value)
            } else if pairs.contains(where: { $0.name == name }) {
                problem = .repeated(name: name)
            } else {
                pairs.append((name, value))
            }
        }
        self.pairs = pairs
        self.problem = problem
    }

    /// `bytes` with each `%XX` decoded (and `+` as a space), or nil for a `%` without two hex digits.
    static func decoded(_ bytes: [UInt8], plusIsSpace: Bool = true) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let high = hexDigit(bytes[i + 1]), let low = hexDigit(bytes[i + 2]) else {
                    return nil
                }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                i += 1
            }
        }
        return out
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The problem as the error `frames` gives for the same option on its command line.
    var error: FramesError? {
        switch problem {
        case .repeated(let name): return .repeatedOption(option: "--" + name)
        case .nul(let name, let value):
            return .invalidValue(option: "--" + name, value: value, expected: "text without NUL characters")
        case .notUTF8(let name, let bytes): return .notUTF8(option: "--" + Console.shown(name), bytes: bytes)
        case nil: return nil
        }
    }
}

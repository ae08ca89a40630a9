import FramesCLI

/// A request's query as libmicrohttpd parsed it (`MHD_get_connection_values_n`): every parameter
/// in the order sent, repeats included, each name and value decoded (`%XX`, and `+` for a space,
/// as forms send it) and given with its size, so a `%00` is seen instead of cutting the value. The
/// studio takes each parameter once: a query it will not take is kept as its `problem`, naming
/// the parameter: one given twice, a NUL, a name or value that is not UTF-8, or one with a `%` not
/// followed by two hex digits (which the server leaves undecoded: `HTTPServer`).
struct HTTPQuery: Sendable {
    /// Why a parameter is refused.
    enum Problem: Sendable, Equatable {
        case repeated(name: String)
        case nul(name: String, value: String)
        case notUTF8(name: String, bytes: [UInt8])
        case badEscape(name: String, text: String)
    }

    /// One parameter as libmicrohttpd gives it, decoded: the name's bytes, and the value's (nil
    /// for a parameter without `=`).
    typealias Raw = (name: [UInt8], value: [UInt8]?)

    let pairs: [(name: String, value: String)]
    let problem: Problem?

    /// The query of `raw`'s parameters, in order; the first problem found is kept. Nothing between
    /// two `&` is no parameter. `undecoded` holds the names and values that were left as sent for
    /// a `%` not followed by two hex digits: the first parameter with one of them is refused.
    init(_ raw: [Raw], undecoded: [[UInt8]] = []) {
        var pairs: [(name: String, value: String)] = []
        var problem: Problem? = nil
        for (rawName, rawValue) in raw where problem == nil && !(rawName.isEmpty && rawValue == nil) {
            let name = String(decoding: rawName, as: UTF8.self)
            let bytes = rawValue ?? []
            if let text = [rawName, bytes].first(where: { undecoded.contains($0) }) {
                problem = .badEscape(name: name, text: String(decoding: text, as: UTF8.self))
                continue
            }
            guard let value = String(validating: bytes, as: UTF8.self),
                String(validating: rawName, as: UTF8.self) != nil
            else {
                problem = .notUTF8(name: name, bytes: rawValue ?? rawName)
                continue
            }
            if rawName.contains(0) || bytes.contains(0) {
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

    /// The problem as the error `frames` gives for the same option on its command line.
    var error: FramesError? {
        switch problem {
        case .repeated(let name): return .repeatedOption(option: "--" + name)
        case .nul(let name, let value):
            return .invalidValue(option: "--" + name, value: value, expected: "text without NUL characters")
        case .notUTF8(let name, let bytes): return .notUTF8(option: "--" + Console.shown(name), bytes: bytes)
        case .badEscape(let name, let text):
            return .invalidValue(option: "--" + name, value: text, expected: "'%' followed by two hex digits")
        case nil: return nil
        }
    }
}

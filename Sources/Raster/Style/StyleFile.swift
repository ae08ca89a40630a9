import LibC
import StrictJSON

/// A `LoadingStyle` saved as JSON: keys are the documented property names (`StyleProperty.all`),
/// plus an optional "preset" ("indicator" or "overlay"); colours are strings in any form
/// `Color(parsing:)` reads (written as `#RRGGBB` or `#RRGGBBAA`); lengths are numbers in points; textFontName is a string or null. `json(for:variant:)`
/// writes the same form, so a written style reads back to itself.
///
/// Reading checks the syntax, the keys, each value's type and each value's range on its own
/// (`StyleProperty.allows`); the rule between strokeWidth and spinnerSize needs the whole style
/// and is checked by `LoadingStyle.validated()`.
package struct StyleFile: Sendable {
    /// The largest style file: 1 MB.
    package static let maxBytes = 1 << 20

    /// One property the file sets: the value, and the JSON value it was read from (for messages).
    package struct Entry: Sendable {
        let property: StyleProperty
        package let value: StyleProperty.Value
        package let json: JSONValue
    }

    /// The file's path, as named in messages.
    package let path: String
    package let preset: Variant?
    /// The properties the file sets, in the documentation's order.
    let entries: [Entry]

    /// The style file's content, as read from `path` (named in messages). `shouldStop` is asked
    /// while the text is parsed (`JSONValue.parse(_:shouldStop:)`): true gives up reading with
    /// `.invalidJSON(path:, .stopped)`.
    package init(bytes: [UInt8], path: String, shouldStop: (@Sendable () -> Bool)? = nil) throws(StyleFileError) {
        if bytes.count > StyleFile.maxBytes { throw .tooLarge(path: path) }
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes, shouldStop: shouldStop)
        } catch {
            throw .invalidJSON(path: path, error)
        }
        try self.init(json: json, path: path)
    }

    /// A style file's content already parsed (a manifest's "style"), named `path` in messages.
    package init(json: JSONValue, path: String) throws(StyleFileError) {
        self.path = path
        guard case .object(var members) = json else { throw .notAnObject(path: path, kind: json.kind) }
        let keys = StyleFile.keys
        for key in members.keys.sorted() where !keys.contains(key) && key != StyleFile.resolvedTextKey {
            throw .unknownKey(path: path, key: key, suggestion: closestName(to: key, among: keys))
        }
        // What --print-style reports about the label (fonts used, shaping libraries): not a
        // property, read back without effect so the printed style reads back to the same style.
        members.removeValue(forKey: StyleFile.resolvedTextKey)
        if let preset = members.removeValue(forKey: "preset") {
            guard case .string(let name) = preset, let variant = Variant(rawValue: name) else {
                throw .invalidValue(path: path, key: "preset", value: preset, expected: "\"indicator\" or \"overlay\"")
            }
            self.preset = variant
        } else {
            preset = nil
        }
        var entries: [Entry] = []
        for property in StyleProperty.all {
            guard let json = members[property.name] else { continue }
            guard let value = StyleFile.value(of: json, for: property) else {
                throw .invalidValue(
                    path: path, key: property.name, value: json, expected: StyleFile.expectedJSON(for: property.kind))
            }
            guard property.allows(value) else {
                throw .invalidValue(path: path, key: property.name, value: json, expected: property.expected)
            }
            entries.append(Entry(property: property, value: value, json: json))
        }
        self.entries = entries
    }

    /// The entry for `property`, when the file sets it.
    package func entry(for property: StyleProperty) -> Entry? {
        entries.first { $0.property.name == property.name }
    }

    /// Sets every property the file names.
    package func apply(to style: inout LoadingStyle) {
        for entry in entries { entry.property.set(entry.value, in: &style) }
    }

    /// The keys a style file sets: the properties and "preset", as messages and suggestions
    /// offer them. `resolvedTextKey` is read too, and ignored: it is output only.
    static var keys: [String] { StyleProperty.all.map(\.name) + ["preset"] }

    /// The key under which `--print-style` records the label's font files and the shaping
    /// libraries; ignored when read.
    static let resolvedTextKey = "resolvedText"

    /// The style as a style file: every property, the preset that names the variant, and with
    /// a label, the fonts it uses and the shaping libraries (under `resolvedTextKey`).
    package static func json(for style: LoadingStyle, variant: Variant, label: TextLabel? = nil) -> String {
        var object = object(for: style).merging(["preset": .string(variant.rawValue)]) { $1 }
        if let label {
            object[resolvedTextKey] = .object([
                "fontFiles": .array(label.fontFiles.map(JSONValue.string)),
                "shaping": .string(TextShaping.versions),
            ])
        }
        return JSONValue.object(object).text
    }

    /// The 13 properties as JSON values (colours as hex, a default font as null).
    package static func object(for style: LoadingStyle) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for property in StyleProperty.all {
            switch property.value(in: style) {
            case .color(let color): object[property.name] = .string(color.hex)
            case .number(let number): object[property.name] = .number(number)
            case .fontName(let name): object[property.name] = name.map(JSONValue.string) ?? .null
            }
        }
        return object
    }

    /// The JSON value as a value of `property`'s kind, or nil for the wrong type.
    static func value(of json: JSONValue, for property: StyleProperty) -> StyleProperty.Value? {
        switch (property.kind, json) {
        case (.color, .string(let text)): return Color(parsing: text).map(StyleProperty.Value.color)
        case (.length, .number(let number)), (.textSize, .number(let number)), (.opacity, .number(let number)):
            return .number(number)
        case (.fontName, .null): return .fontName(nil)
        case (.fontName, .string(let name)): return .fontName(name)
        default: return nil
        }
    }

    /// What a JSON value of `kind` must be, as messages say it.
    static func expectedJSON(for kind: StyleProperty.Kind) -> String {
        switch kind {
        case .color: return "a colour as a string: " + Color.acceptedForms
        case .length, .textSize: return "a number of points"
        case .opacity: return "a number from 0 to 1"
        case .fontName: return "a font family name, or null for the default"
        }
    }
}

/// Why a style file cannot be used.
package enum StyleFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be read as a whole (missing, a folder, not a regular file, unreadable).
    case unreadable(path: String, reason: String)
    /// Over `StyleFile.maxBytes`.
    case tooLarge(path: String)
    case invalidJSON(path: String, JSONError)
    case notAnObject(path: String, kind: String)
    case unknownKey(path: String, key: String, suggestion: String?)
    case invalidValue(path: String, key: String, value: JSONValue, expected: String)

    package var path: String {
        switch self {
        case .unreadable(let path, _), .tooLarge(let path), .invalidJSON(let path, _),
            .notAnObject(let path, _), .unknownKey(let path, _, _), .invalidValue(let path, _, _, _):
            return path
        }
    }

    /// For an error of the file as a whole: what the file should have been ("valid JSON (…)").
    /// Nil for an error of one key.
    package var expectedFile: String? {
        switch self {
        case .unreadable(_, let reason):
            return reason == "a folder" ? "a JSON file, not a folder" : "a readable JSON file (\(reason))"
        case .tooLarge: return "a style file of at most 1 MB"
        case .invalidJSON(_, let error): return "valid JSON (\(error))"
        case .notAnObject(_, let kind): return "a JSON object of style properties (it holds \(kind))"
        case .unknownKey, .invalidValue: return nil
        }
    }

    /// What is wrong with one key: "invalid value 40 for key 'strokeWidth': expected …".
    var keyMessage: String? {
        switch self {
        case .unknownKey(_, let key, let suggestion):
            let known = StyleFile.keys
            return "unknown key '\(key)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
                + " Keys are the LoadingStyle property names: " + known.joined(separator: ", ")
        case .invalidValue(_, let key, let value, let expected):
            return "invalid value \(value.brief()) for key '\(key)': expected \(expected)"
        default: return nil
        }
    }

    package var description: String {
        "style file '\(path)': " + (keyMessage ?? "expected \(expectedFile ?? "a style file")")
    }
}

/// The name in `names` closest to `name` (ignoring case) within an edit distance of
/// max(2, a third of its length), or nil. The distance is at least the difference in length, so
/// a name whose length is far from a candidate's is not compared with it: a key of megabytes
/// costs a pass over its characters, not their product with the candidates'.
package func closestName(to name: String, among names: [String]) -> String? {
    let limit = max(2, name.count / 3)
    let lowered = name.lowercased()
    let length = lowered.count
    let scored = names.compactMap { candidate -> (String, Int)? in
        let other = candidate.lowercased()
        guard abs(other.count - length) <= limit else { return nil }
        return (candidate, editDistance(other, lowered))
    }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
    return best.0
}

/// Levenshtein distance over characters.
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1,
                previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

extension LoadingStyle {
    /// The style as a style file, byte for byte what `frames --print-style` prints for it (the
    /// command prints this): every property, "preset" naming `variant`, and with `label` (a
    /// renderer's, `FrameRenderer.label`) the fonts the label uses and the shaping libraries,
    /// which reading ignores. `init(styleFile:)` and `frames --style-file` read it back to this
    /// style.
    public func styleFile(preset variant: Variant, label: TextLabel? = nil) -> String {
        StyleFile.json(for: self, variant: variant, label: label)
    }

    /// The style a style file describes, as `frames --style-file` reads it: the preset it names
    /// (`.indicator` when none) with every property it sets. `path` names the file in the error.
    public init(styleFile bytes: some Sequence<UInt8>, path: String = "style file") throws(StyleFileReadError) {
        let file: StyleFile
        do {
            file = try StyleFile(bytes: Array(bytes), path: path)
        } catch {
            throw StyleFileReadError(description: error.description)
        }
        self = LoadingStyle.preset(for: file.preset ?? .indicator)
        file.apply(to: &self)
    }

    /// The preset a style file names ("preset": "overlay"), or nil when it names none or cannot
    /// be read.
    public static func preset(ofStyleFile bytes: some Sequence<UInt8>) -> Variant? {
        (try? StyleFile(bytes: Array(bytes), path: "style file"))?.preset
    }
}

/// Why a style file cannot be read: one lowercase line naming the file, the key and what was
/// expected, as `frames --style-file` says it.
public struct StyleFileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// "style file 'brand.json': …", naming the key and what it expected.
    public let description: String
}

import Raster
import StrictJSON

/// Why a folder cannot be verified or re-rendered from its manifest: each case names the folder
/// (or its manifest's path) and, where one is to blame, the key.
package enum ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path is missing, or not a folder.
    case notAFolder(path: String, reason: String)
    /// A folder without a manifest.json: not one `frames` wrote.
    case noManifest(folder: String)
    /// The manifest cannot be read as a whole (unreadable, not a regular file, too large).
    case unreadable(path: String, reason: String)
    case invalidJSON(path: String, JSONError)
    /// A newer frames wrote it: its version is above `Manifest.currentVersion`.
    case newerVersion(path: String, version: Int)
    case unknownKey(path: String, key: String, suggestion: String?)
    case missingKey(path: String, key: String)
    case invalidValue(path: String, key: String, value: String, expected: String)
    /// A file the manifest names and the render needs (a `--font-file`, a backdrop image) is not
    /// where it was, nor anywhere `looked` lists.
    case missingInput(path: String, key: String, file: String, looked: [String])

    package var description: String {
        switch self {
        case .notAFolder(let path, let reason):
            return "'\(path)' is not a frames folder: \(reason)"
        case .noManifest(let folder):
            return "'\(folder)' is not a frames folder: it has no \(Manifest.fileName)"
        case .unreadable(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        case .invalidJSON(let path, let error):
            return "'\(path)' is not valid JSON: \(error)"
        case .newerVersion(let path, let version):
            return "'\(path)': manifestVersion \(version) is newer than this frames reads "
                + "(at most \(Manifest.currentVersion)); verify it with the frames that wrote it, or a newer one"
        case .unknownKey(let path, let key, let suggestion):
            return "'\(path)': unknown key '\(key)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case .missingKey(let path, let key):
            return "'\(path)': missing key '\(key)'"
        case .invalidValue(let path, let key, let value, let expected):
            return "'\(path)': invalid value \(value) for key '\(key)': expected \(expected)"
        case .missingInput(let path, let key, let file, let looked):
            return "'\(path)': key '\(key)' names '\(file)', which is not found (looked for "
                + looked.map { "'\($0)'" }.joined(separator: ", ") + ")"
        }
    }
}

/// Reads the values of one manifest, naming the manifest and the key in every error.
struct ManifestReader {
    /// The manifest's path, for messages.
    let path: String
    let version: Int

    func invalid(_ key: String, _ value: JSONValue, _ expected: String) -> ManifestError {
        .invalidValue(path: path, key: key, value: value.brief(), expected: expected)
    }

    /// The value of a key every version has.
    func value<T>(_ value: JSONValue?, _ key: String, _ read: (JSONValue) throws -> T) throws -> T {
        guard let value else { throw ManifestError.missingKey(path: path, key: key) }
        return try read(value)
    }

    /// The value of a key version 2 added: `old` is what a version 1 manifest without it means.
    func value<T>(_ value: JSONValue?, _ key: String, version1 old: T, _ read: (JSONValue) throws -> T) throws -> T {
        if value == nil, version == 1 { return old }
        return try self.value(value, key, read)
    }

    func number(_ value: JSONValue, _ key: String, expected: String, _ accept: (Double) -> Bool) throws -> Double {
        guard case .number(let number) = value, accept(number) else { throw invalid(key, value, expected) }
        return number
    }

    func integer(_ value: JSONValue, _ key: String, in range: ClosedRange<Int>) throws -> Int {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        let number = try self.number(value, key, expected: expected) {
            $0 == $0.rounded() && $0 >= Double(range.lowerBound) && $0 <= Double(range.upperBound)
        }
        return Int(number)
    }

    func string(_ value: JSONValue, _ key: String, expected: String = "a string") throws -> String {
        guard case .string(let text) = value else { throw invalid(key, value, expected) }
        return text
    }

    func strings(_ value: JSONValue, _ key: String) throws -> [String] {
        guard case .array(let items) = value else { throw invalid(key, value, "an array of strings") }
        return try items.map { try string($0, key, expected: "an array of strings") }
    }

    func object(_ value: JSONValue, _ key: String, keys: [String]? = nil) throws -> [String: JSONValue] {
        guard case .object(let members) = value else { throw invalid(key, value, "an object") }
        for name in members.keys.sorted() where keys.map({ !$0.contains(name) }) ?? false {
            throw ManifestError.unknownKey(
                path: path, key: key + "." + name,
                suggestion: closestName(to: name, among: keys!).map { key + "." + $0 })
        }
        return members
    }

    func bool(_ value: JSONValue, _ key: String) throws -> Bool {
        guard case .bool(let flag) = value else { throw invalid(key, value, "true or false") }
        return flag
    }

    /// {"width", "height"} in points, each above 0 and at most `LoadingStyle.maxLength`.
    func size(_ value: JSONValue, _ key: String) throws -> Size {
        let members = try object(value, key, keys: ["width", "height"])
        func side(_ name: String) throws -> Double {
            try self.value(members[name], key + "." + name) {
                try number($0, key + "." + name, expected: "a length above 0, at most 10000 pt") {
                    $0 > 0 && $0 <= LoadingStyle.maxLength
                }
            }
        }
        return Size(width: try side("width"), height: try side("height"))
    }

    /// A style as a style file writes it; a property it lacks is the variant's preset value (a
    /// manifest older than the property). Checked as a whole (`LoadingStyle.validated`).
    func style(_ value: JSONValue, variant: Variant) throws -> LoadingStyle {
        let file: StyleFile
        do {
            file = try StyleFile(json: value, path: path)
        } catch {
            switch error {
            case .unknownKey(_, let key, let suggestion):
                throw ManifestError.unknownKey(
                    path: path, key: "style." + key, suggestion: suggestion.map { "style." + $0 })
            case .invalidValue(_, let key, let value, let expected):
                throw invalid("style." + key, value, expected)
            default:
                throw invalid("style", value, "an object of style properties")
            }
        }
        var style = LoadingStyle.preset(for: variant)
        file.apply(to: &style)
        do {
            return try style.validated()
        } catch {
            switch error {
            case .outOfRange(let name, _):
                let property = StyleProperty.named(name)!
                throw invalid("style." + name, file.entry(for: property)?.json ?? .null, property.expected)
            case .strokeWiderThanHalfTheSpinner(_, let spinnerSize):
                let stroke = file.entry(for: StyleProperty.named("strokeWidth")!)?.json ?? .null
                throw invalid(
                    "style.strokeWidth", stroke,
                    "at most half of style.spinnerSize (\(formatNumber(spinnerSize / 2)) pt)")
            }
        }
    }
}

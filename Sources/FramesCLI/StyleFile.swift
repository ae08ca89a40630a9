import Raster

/// `--style-file FILE.json`: a LoadingStyle saved as JSON. Keys are the documented property
/// names, plus an optional "preset" ("indicator" or "overlay"); colours are hex strings or the
/// colour names; lengths are numbers in points; textFontName is a string or null.
/// `frames --print-style` writes the same form, so a printed style reads back to itself.
struct StyleFile {
    /// The largest style file: 1 MB.
    static let maxBytes = 1 << 20

    let path: String
    let preset: Variant?
    let values: [String: JSONValue]

    /// Reads and checks the file's syntax and keys (values are checked by `apply`).
    init(path: String) throws(FramesError) {
        let bytes: [UInt8]
        do {
            if FileInput.isDirectory(path) {
                throw FramesError.invalidValue(
                    option: "--style-file", value: path, expected: "a JSON file, not a folder")
            }
            bytes = try FileInput.read(path)
        } catch let error as FramesError {
            throw error
        } catch let error as FileError {
            throw .invalidValue(option: "--style-file", value: path, expected: "a readable JSON file (\(error.reason))")
        } catch {
            throw .runtime("\(error)")
        }
        try self.init(bytes: bytes, path: path)
    }

    /// The style file's content, as read from `path` (named in messages).
    init(bytes: [UInt8], path: String) throws(FramesError) {
        self.path = path
        if bytes.count > StyleFile.maxBytes {
            throw .invalidValue(
                option: "--style-file", value: path,
                expected: "a style file of at most 1 MB (it has \(bytes.count) bytes)")
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            throw .invalidValue(option: "--style-file", value: path, expected: "valid JSON (\(error))")
        }
        guard case .object(var members) = json else {
            throw .invalidValue(
                option: "--style-file", value: path,
                expected: "a JSON object of style properties (it holds \(json.kind))")
        }
        let known = LoadingStyle.propertyNames + ["preset"]
        for key in members.keys.sorted() where !known.contains(key) {
            let close = known.map { ($0, editDistance($0.lowercased(), key.lowercased())) }.min { $0.1 < $1.1 }
            let hint = close.flatMap { $0.1 <= max(2, key.count / 3) ? " Did you mean '\($0.0)'?" : nil } ?? ""
            throw .styleFile(
                path: path,
                message: "unknown key '\(key)'.\(hint) Keys are the LoadingStyle property names: "
                    + known.joined(separator: ", "))
        }
        if let preset = members.removeValue(forKey: "preset") {
            guard case .string(let name) = preset, let variant = Variant(rawValue: name) else {
                throw StyleFile.invalid(path, "preset", preset, "\"indicator\" or \"overlay\"")
            }
            self.preset = variant
        } else {
            preset = nil
        }
        values = members
    }

    static func invalid(_ path: String, _ key: String, _ value: JSONValue, _ expected: String) -> FramesError {
        .styleFile(path: path, message: "invalid value \(value.brief()) for key '\(key)': expected \(expected)")
    }

    /// Sets every property the file names, type-checked; ranges are checked with the whole style.
    func apply(to style: inout LoadingStyle) throws(FramesError) {
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "spinnerColor", "trackColor", "textColor", "backgroundColor":
                guard case .string(let text) = value, let color = Color(parsing: text) else {
                    throw StyleFile.invalid(
                        path, key, value, "a colour as \"#RRGGBB\", \"#RRGGBBAA\", \"white\", \"black\" or \"clear\"")
                }
                switch key {
                case "spinnerColor": style.spinnerColor = color
                case "trackColor": style.trackColor = color
                case "textColor": style.textColor = color
                default: style.backgroundColor = color
                }
            case "textFontName":
                switch value {
                case .null: style.textFontName = nil
                case .string(let name) where !name.trimmingSpaces.isEmpty: style.textFontName = name
                default: throw StyleFile.invalid(path, key, value, "a font family name, or null for the default")
                }
            default:
                guard case .number(let number) = value else {
                    throw StyleFile.invalid(
                        path, key, value, key == "dimAmount" ? "a number from 0 to 1" : "a number of points")
                }
                switch key {
                case "strokeWidth": style.strokeWidth = number
                case "spinnerSize": style.spinnerSize = number
                case "textSize": style.textSize = number
                case "textGap": style.textGap = number
                case "cornerRadius": style.cornerRadius = number
                case "paddingHorizontal": style.paddingHorizontal = number
                case "paddingVertical": style.paddingVertical = number
                default: style.dimAmount = number
                }
            }
        }
    }

    /// The style as a style file: every property, and the preset that names the variant.
    static func json(for style: LoadingStyle, variant: Variant) -> String {
        JSONValue.object(styleObject(style).merging(["preset": .string(variant.rawValue)]) { $1 }).text
    }

    /// The 13 properties as JSON values (colours as hex).
    static func styleObject(_ style: LoadingStyle) -> [String: JSONValue] {
        [
            "spinnerColor": .string(style.spinnerColor.hex),
            "trackColor": .string(style.trackColor.hex),
            "strokeWidth": .number(style.strokeWidth),
            "spinnerSize": .number(style.spinnerSize),
            "textColor": .string(style.textColor.hex),
            "textSize": .number(style.textSize),
            "textGap": .number(style.textGap),
            "textFontName": style.textFontName.map(JSONValue.string) ?? .null,
            "backgroundColor": .string(style.backgroundColor.hex),
            "cornerRadius": .number(style.cornerRadius),
            "paddingHorizontal": .number(style.paddingHorizontal),
            "paddingVertical": .number(style.paddingVertical),
            "dimAmount": .number(style.dimAmount),
        ]
    }
}

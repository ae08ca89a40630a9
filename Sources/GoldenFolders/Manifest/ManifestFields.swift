import Images
import Raster
import StrictJSON
/// The keys of manifest.json, each declared once: how its value is written, how it is read back
/// (and what a version 1 manifest that lacks it means), and whether it describes the render.
extension Manifest {
    /// One key of manifest.json.
    struct Field: Sendable {
        let key: String
        /// Whether the value describes what was rendered: then its value is fingerprinted when
        /// written, so that an edit is named when the folder is verified.
        let describesRender: Bool
        /// The value written, or nil to leave the key out.
        let write: @Sendable (Manifest) -> JSONValue?
        /// Reads the value (nil when the key is absent) into the manifest. Throws `ManifestError`
        /// only.
        let read: @Sendable (inout Manifest, JSONValue?, ManifestReader) throws -> Void

        init(
            _ key: String, describes: Bool = false, write: @escaping @Sendable (Manifest) -> JSONValue?,
            read: @escaping @Sendable (inout Manifest, JSONValue?, ManifestReader) throws -> Void
        ) {
            self.key = key
            describesRender = describes
            self.write = write
            self.read = read
        }
    }

    /// Every key, in the order they are read (a key may depend on those before it). The file
    /// lists them sorted.
    static let fields: [Field] =
        [versionField] + environmentFields + textEnvironmentFields + sceneFields + labelFields + sequenceFields
        + fileFields + exportFields
        + [toleranceField]
        + [fingerprintsField]

    /// Read before every other key, so that a newer manifest is refused as such.
    static let versionField = Field(
        "manifestVersion", write: { _ in .number(Double(currentVersion)) }, read: { _, _, _ in })

    /// What the frames were made with.
    static let environmentFields: [Field] = [
        Field(
            "generator", write: { $0.generator.map(JSONValue.string) },
            read: { m, value, r in
                m.generator = try r.value(value, "generator", version1: nil) { try r.string($0, "generator") }
            }),
        Field(
            "libraries", write: { .object($0.libraries.mapValues(JSONValue.string)) },
            read: { m, value, r in
                let members = try r.value(value, "libraries", version1: [:]) { try r.object($0, "libraries") }
                m.libraries = try members.mapValues { try r.string($0, "libraries") }
            }),
        // For readers of version 1, which had only this: "zlib 1.2.13, libpng 1.6.39".
        Field(
            "encoder", write: { .string($0.encoderText) },
            read: { m, value, r in
                guard let value else { return }
                let text = try r.string(value, "encoder")
                guard r.version == 1 else { return }
                for part in text.split(separator: ",") {
                    let words = part.split(separator: " ")
                    if words.count == 2 { m.libraries[String(words[0])] = String(words[1]) }
                }
            }),
        Field(
            "pixelWidth", write: { .number(Double($0.pixelWidth)) },
            read: { m, value, r in
                m.pixelWidth = try r.value(value, "pixelWidth") {
                    try r.integer($0, "pixelWidth", in: 1...Pixmap.maxPixelCount)
                }
            }),
        Field(
            "pixelHeight", write: { .number(Double($0.pixelHeight)) },
            read: { m, value, r in
                m.pixelHeight = try r.value(value, "pixelHeight") {
                    try r.integer($0, "pixelHeight", in: 1...Pixmap.maxPixelCount)
                }
            }),
    ]

    /// What drew the label: its font files, their checksums (and the backdrop image's), the
    /// shaping libraries.
    static let textEnvironmentFields: [Field] = [
        Field(
            "fontFiles", write: { m in m.fontFiles.map { .array($0.map(JSONValue.string)) } },
            read: { m, value, r in
                m.fontFiles = try r.value(value, "fontFiles", version1: nil) { try r.strings($0, "fontFiles") }
            }),
        Field(
            "checksums", write: { .object($0.checksums.mapValues(JSONValue.string)) },
            read: { m, value, r in
                let members = try r.value(value, "checksums", version1: [:]) { try r.object($0, "checksums") }
                m.checksums = try members.mapValues { value in
                    let hex = try r.string(value, "checksums", expected: "8 hex digits")
                    guard hex.count == 8, hex.allSatisfy(\.isHexDigit) else {
                        throw r.invalid("checksums", value, "8 hex digits")
                    }
                    return hex.lowercased()
                }
            }),
        Field(
            "shaping", write: { $0.shaping.map(JSONValue.string) },
            read: { m, value, r in m.shaping = try value.map { try r.string($0, "shaping") } }),
    ]

    /// What the frames show.
    static let sceneFields: [Field] = [
        Field(
            "variant", describes: true, write: { .string($0.variant.rawValue) },
            read: { m, value, r in
                m.variant = try r.value(value, "variant") { value in
                    guard case .string(let name) = value, let variant = Variant(rawValue: name) else {
                        throw r.invalid("variant", value, "\"indicator\" or \"overlay\"")
                    }
                    return variant
                }
            }),
        Field(
            "scale", describes: true, write: { .number($0.scale) },
            read: { m, value, r in
                m.scale = try r.value(value, "scale") {
                    try r.number($0, "scale", expected: "a number above 0, at most 16") {
                        $0 > 0 && $0 <= Scene.maxScale
                    }
                }
            }),
        Field(
            "screen", describes: true, write: { m in m.screen.map(JSONValue.size) },
            read: { m, value, r in
                guard m.variant == .overlay else { return } // the inline image is the card
                m.screen = try r.value(value, "screen") { try r.size($0, "screen") }
            }),
        Field(
            "style", describes: true, write: { .object(StyleFile.object(for: $0.style)) },
            read: { m, value, r in
                m.style = try r.value(value, "style") { try r.style($0, variant: m.variant) }
            }),
    ]

    /// The label and what lies under the card.
    static let labelFields: [Field] = [
        Field(
            "text", describes: true, write: { $0.text.map(JSONValue.string) ?? .null },
            read: { m, value, r in
                m.text = try r.value(value, "text", version1: nil) { value -> String? in
                    if value == .null { return nil }
                    let text = try r.string(value, "text", expected: "a string or null")
                    if let expected = Scene.labelTextRefusal(text) { throw r.invalid("text", value, expected) }
                    return text
                }
            }),
        Field(
            "language", describes: true, write: { .string($0.language) },
            read: { m, value, r in
                m.language = try r.value(value, "language", version1: "en") { value in
                    guard case .string(let code) = value, let translation = Translation.forLanguage(code) else {
                        let codes = Translation.all.map(\.languageCode).joined(separator: ", ")
                        throw r.invalid("language", value, "a language code (\(codes))")
                    }
                    return translation.languageCode
                }
            }),
        Field(
            "fontFile", describes: true, write: { $0.fontFile.map(JSONValue.string) },
            read: { m, value, r in
                m.fontFile = try value.map { value in
                    let path = try r.string(value, "fontFile", expected: "a font file path")
                    if path.isEmpty { throw r.invalid("fontFile", value, "a font file path") }
                    return path
                }
            }),
        Field(
            "backdrop", describes: true, write: \.backdropJSON,
            read: { m, value, r in
                guard let value else {
                    if r.version == 1 { return } // before backdrops: transparent
                    throw ManifestError.missingKey(path: r.path, key: "backdrop")
                }
                let members = try r.object(value, "backdrop", keys: ["color", "image"])
                m.backdropColor = try r.value(members["color"], "backdrop.color") { value in
                    guard case .string(let text) = value, text.hasPrefix("#"), [7, 9].contains(text.count),
                        let color = Color(parsing: text)
                    else {
                        throw r.invalid("backdrop.color", value, "a colour as \"#RRGGBB\" or \"#RRGGBBAA\"")
                    }
                    return color
                }
                m.backdropImage = try members["image"].map {
                    try r.string($0, "backdrop.image", expected: "a file path")
                }
            }),
    ]

    /// Fingerprints of the description as written: read as they are, written afresh.
    static let fingerprintsField = Field(
        "fingerprints", write: { .object(fingerprints(of: $0.described).mapValues(JSONValue.string)) },
        read: {
            m, value, r in
            let members = try value.map { try r.object($0, "fingerprints") }
            m.fingerprints = try members?.mapValues { try r.string($0, "fingerprints") }
        })

    /// "zlib 1.2.13, libpng 1.6.39": the version 1 key "encoder".
    var encoderText: String {
        ["zlib", "libpng"].compactMap { name in libraries[name].map { "\(name) \($0)" } }.joined(separator: ", ")
    }

    var backdropJSON: JSONValue? {
        var object: [String: JSONValue] = ["color": .string(backdropColor.hex)]
        if let backdropImage { object["image"] = .string(backdropImage) }
        return .object(object)
    }
}

extension JSONValue {
    /// A size in points as {"width", "height"}.
    static func size(_ size: Size) -> JSONValue {
        .object(["width": .number(size.width), "height": .number(size.height)])
    }
}

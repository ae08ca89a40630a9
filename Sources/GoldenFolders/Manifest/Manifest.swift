import Images
import Raster
import StrictJSON

/// `manifest.json`: what one run of `frames` wrote into a folder. It holds enough to render the
/// same frames again (the description: variant, scale, screen, style, text, font, backdrop,
/// frames, their names) and the environment they were rendered in (generator, library versions,
/// font files and their checksums), so that a difference can be explained before anyone looks at
/// pixels.
///
/// Every key is declared once, in `Manifest.fields`: its JSON form, how it is read, what a
/// version 1 manifest that lacks it means, and whether it describes the render (then an edit to
/// it is named by its fingerprint). To record something new, add a property here and a field
/// there; the tests walk the table.
public struct Manifest: Sendable, Equatable {
    /// The version this build writes, and the newest it reads. Version 1 is a manifest without a
    /// `manifestVersion` key (frames 0.1.0 before versions were recorded).
    static let currentVersion = 2
    /// The file's name in a frame folder.
    public static let fileName = "manifest.json"
    /// The version of frames (the tool and its libraries), recorded as the generator.
    public static let framesVersion = "0.2.0"
    /// The largest manifest read: 16 MB (a 10 000-frame timeline takes about 300 kB).
    public static let maxBytes = 16 << 20

    /// The manifest format's version (written: `currentVersion`).
    public var version = Manifest.currentVersion

    // What was rendered.
    /// Indicator or overlay.
    public var variant: Variant = .indicator
    /// Pixels per point.
    public var scale = 1.0
    /// The overlay's screen, pt; nil for the inline indicator.
    public var screen: Size? = nil
    /// The style rendered, every property resolved.
    public var style: LoadingStyle = .indicator
    /// The label; nil or "" renders none.
    public var text: String? = nil
    /// The session language's ISO 639-1 code (it chose the default text, which `text` records).
    public var language = "en"
    /// The `--font-file` as given; nil when the label's font is the style's family, found with
    /// fontconfig.
    public var fontFile: String? = nil
    /// Under everything (`--backdrop-color`).
    public var backdropColor: Color = .clear
    /// The `--backdrop-image` as given.
    public var backdropImage: String? = nil
    /// Frames per second of playback.
    public var fps = 60
    /// Frames in the sequence: a timeline's span, or one turn.
    public var frameCount = 60
    /// Frames in one turn of the spinner (the renderer's sequence).
    public var turnFrames = 60
    /// A payment session over the span (`--timeline`, or `--visible false`).
    public var timeline: SessionTimeline? = nil
    /// `--frame K`: the one frame written.
    public var still: Int? = nil
    /// `--name-pattern` as the tool prints it (nil when a version 1 manifest does not say).
    public var namePattern: String? = nil
    /// The files written, one a written frame, in order.
    public var files: [String] = []
    /// The single files written beside the frames (an APNG, a WebP, …), in the order written.
    public var exports: [Export] = []

    // What came out, and what it was made with.
    var pixelWidth = 0
    var pixelHeight = 0
    /// "frames 0.1.0".
    var generator: String? = nil
    /// Versions of the C libraries by name: zlib, libpng, FreeType, fontconfig.
    var libraries: [String: String] = [:]
    /// The font files the label used, main font first (nil when a version 1 manifest predates
    /// labels).
    var fontFiles: [String]? = nil
    /// The libraries that shape, order and break the label's text (`TextShaping.versions`).
    var shaping: String? = nil
    /// CRC-32 of the input files, 8 hex digits (font files, the backdrop image), by path as listed.
    var checksums: [String: String] = [:]
    /// How the folder's frames are judged when verified (a perceptual tolerance); nil: exactly.
    package var tolerance: ManifestTolerance? = nil
    /// Fingerprints of the description's values as written, by field ("style.spinnerColor"); nil
    /// in a version 1 manifest.
    var fingerprints: [String: String]? = nil

    /// A manifest of the defaults, to fill in.
    public init() {}

    /// A manifest of `renderer`'s sequence as a folder holds it: one turn of its frames written
    /// as `files` (named by `namePattern`), the scene described, the environment recorded, and
    /// `tolerance` (nil: exact) for `frames verify` to judge it by. The scene's font file is
    /// recorded as given; a scene with a backdrop image, which has no file to name, cannot be
    /// described (`sceneDescribes`).
    package init(
        sequenceOf renderer: FrameRenderer, files: [String], namePattern: String, tolerance: ManifestTolerance?
    ) {
        self.init()
        describe(renderer.scene)
        fontFile = renderer.scene.fontFile
        frameCount = renderer.frameCount
        turnFrames = renderer.frameCount
        self.namePattern = namePattern
        self.files = files
        self.tolerance = tolerance
        recordEnvironment(of: renderer, backdropImageFile: nil)
    }

    /// Whether a manifest can describe `scene` so that `frames verify` renders it again: not with
    /// a backdrop image, which is pixels without a file.
    package static func describes(_ scene: Scene) -> Bool { scene.backdropImage == nil }

    /// Takes the description of what `scene` renders: variant, scale, the overlay's screen, style,
    /// text, backdrop colour, and the text's language ("en" when the scene names none).
    package mutating func describe(_ scene: Scene) {
        variant = scene.variant
        scale = scene.scale
        screen = scene.variant == .overlay ? scene.screenSize : nil
        style = scene.style
        text = scene.text
        language = scene.language ?? "en"
        backdropColor = scene.background
    }

    /// What each frame of the sequence shows.
    var sequenceFrames: [SequenceFrame] {
        timeline?.frames ?? (0..<frameCount).map(SequenceFrame.spinner)
    }

    /// What each written file shows, in the order of `files`.
    public var writtenFrames: [SequenceFrame] {
        let frames = sequenceFrames
        return still.map { [frames[$0]] } ?? frames
    }

    /// Where the label's font comes from.
    var fontSource: FontSource {
        fontFile.map(FontSource.file) ?? .family(style.textFontName)
    }

    /// Whether `name` can be a frame's file in a folder: a plain `.png` name, not hidden, not the
    /// manifest, no path.
    public static func isFrameFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && name != fileName
            && name.lowercased().hasSuffix(".png")
    }

    /// Whether the value of the environment variable `CI` says a continuous integration run:
    /// set, and not "", "0" or "false". Golden images and folders are never recorded there
    /// unless forced.
    public static func isContinuousIntegration(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }
}

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

/// The single files a run wrote beside its frames (`--apng`, `--sheet`, `--webp`, `--gif`,
/// `--lottie`, `--svg`, `--swift`), listed in manifest.json under "exports".
extension Manifest {
    /// One file written beside the frames.
    public struct Export: Sendable, Equatable {
        /// The option that asked for it, without dashes: "webp", "apng".
        var format: String
        /// Its name in the frame folder when it lies there (`inFolder`), else its path as given.
        public var path: String
        /// Whether the file lies in the frame folder: then `frames verify` does not count it as
        /// an unlisted frame.
        public var inFolder: Bool
        /// The file's size in bytes.
        var bytes: Int

        /// A file of `format` at `path` (a name in the folder when `inFolder`), `bytes` long.
        public init(format: String, path: String, inFolder: Bool, bytes: Int) {
            self.format = format
            self.path = path
            self.inFolder = inFolder
            self.bytes = bytes
        }
    }

    static let exportFields: [Field] = [
        Field(
            "exports",
            write: { m in
                m.exports.isEmpty
                    ? nil
                    : .array(
                        m.exports.map { export in
                            .object([
                                "format": .string(export.format), "path": .string(export.path),
                                "inFolder": .bool(export.inFolder), "bytes": .number(Double(export.bytes)),
                            ])
                        })
            },
            read: { m, value, r in
                guard let value else { return }
                guard case .array(let items) = value else { throw r.invalid("exports", value, "an array of files") }
                m.exports = try items.map { item in
                    let members = try r.object(item, "exports", keys: ["format", "path", "inFolder", "bytes"])
                    return Export(
                        format: try r.value(members["format"], "exports.format") { try r.string($0, "exports.format") },
                        path: try r.value(members["path"], "exports.path") { try r.string($0, "exports.path") },
                        inFolder: try r.value(members["inFolder"], "exports.inFolder") {
                            try r.bool($0, "exports.inFolder")
                        },
                        bytes: try r.value(members["bytes"], "exports.bytes") {
                            try r.integer($0, "exports.bytes", in: 0...Int(Int32.max))
                        })
                }
            })
    ]
}

/// manifest.json as a whole: written from `Manifest.fields`, read back through them.
extension Manifest {
    /// The manifest as written: every field's value (keys sorted, nothing that depends on time,
    /// so the same run writes the same bytes), and fingerprints of the description.
    var json: JSONValue {
        var object: [String: JSONValue] = [:]
        for field in Manifest.fields {
            if let value = field.write(self) { object[field.key] = value }
        }
        return .object(object)
    }

    /// The file's bytes.
    package var bytes: [UInt8] { json.utf8 }

    /// The values of the fields that describe the render, as written.
    package var described: [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for field in Manifest.fields where field.describesRender {
            if let value = field.write(self) { object[field.key] = value }
        }
        return object
    }

    /// Reads a manifest's JSON; `path` names it in errors. Every key must be one frames writes;
    /// a version 1 manifest (no `manifestVersion`) may lack the keys version 2 added, and means
    /// what each field says.
    package init(json: JSONValue, path: String) throws(ManifestError) {
        guard case .object(let object) = json else {
            throw .invalidValue(path: path, key: "(the whole file)", value: json.brief(), expected: "a JSON object")
        }
        var version = 1
        if let value = object["manifestVersion"] {
            guard case .number(let number) = value, number == number.rounded(), number >= 1, number < 1e9 else {
                throw .invalidValue(
                    path: path, key: "manifestVersion", value: value.brief(), expected: "a whole number from 1")
            }
            version = Int(number)
            if version > Manifest.currentVersion { throw .newerVersion(path: path, version: version) }
        }
        let known = Manifest.fields.map(\.key)
        for key in object.keys.sorted() where !known.contains(key) {
            throw .unknownKey(path: path, key: key, suggestion: closestName(to: key, among: known))
        }
        let reader = ManifestReader(path: path, version: version)
        var manifest = Manifest()
        manifest.version = version
        do {
            for field in Manifest.fields { try field.read(&manifest, object[field.key], reader) }
        } catch let error as ManifestError {
            throw error
        } catch {
            preconditionFailure("a manifest field threw \(error)")
        }
        self = manifest
    }

    /// Fingerprints of `described` values: for each field (each member of an object value, as
    /// "style.spinnerColor"), the CRC-32 (8 hex digits) of "key=" and the value's
    /// JSON text. Enough to tell which value was edited; not a protection against anyone.
    static func fingerprints(of described: [String: JSONValue]) -> [String: String] {
        var fingerprints: [String: String] = [:]
        for (key, value) in described {
            if case .object(let members) = value {
                for (member, value) in members {
                    fingerprints[key + "." + member] = fingerprint(key + "." + member, value)
                }
            } else {
                fingerprints[key] = fingerprint(key, value)
            }
        }
        return fingerprints
    }

    private static func fingerprint(_ key: String, _ value: JSONValue) -> String {
        Checksums.hex(Checksums.crc32(Array((key + "=").utf8) + value.utf8))
    }

    /// The description's fields whose values in the manifest as read (`object`) are not those
    /// fingerprinted when it was written: the fields edited since, sorted. Empty for a manifest
    /// without fingerprints (version 1).
    package static func editedFields(in object: [String: JSONValue]) -> [String] {
        guard case .object(let recorded)? = object["fingerprints"] else { return [] }
        var described: [String: JSONValue] = [:]
        for field in fields where field.describesRender { described[field.key] = object[field.key] }
        let now = fingerprints(of: described)
        return Set(now.keys).union(recorded.keys).filter { key in
            guard case .string(let fingerprint)? = recorded[key] else { return true }
            return now[key] != fingerprint
        }.sorted()
    }
}

extension Manifest {
    /// Which frames were written, and under which names.
    static let sequenceFields: [Field] = [
        Field(
            "fps", describes: true, write: { .number(Double($0.fps)) },
            read: { m, value, r in
                m.fps = try r.value(value, "fps") { try r.integer($0, "fps", in: 1...240) }
            }),
        Field(
            "frameCount", describes: true, write: { .number(Double($0.frameCount)) },
            read: { m, value, r in
                m.frameCount = try r.value(value, "frameCount") {
                    try r.integer($0, "frameCount", in: 1...Scene.maxFrameCount)
                }
            }),
        Field(
            "timeline", describes: true, write: \.timelineJSON,
            read: { m, value, r in
                guard let value else { return }
                guard case .array(let items) = value, !items.isEmpty else {
                    throw r.invalid("timeline", value, "an array of phases")
                }
                let segments = try items.map { try r.segment($0, frameCount: m.frameCount) }
                m.timeline = SessionTimeline(
                    segments: segments, frameCount: m.frameCount, fps: m.fps, loadingEnabled: true)
            }),
        // Written from the timeline; read to tell whether loading was enabled.
        Field(
            "overlayVisible", describes: true,
            write: { $0.timeline.map { .array($0.overlayVisible.map(JSONValue.bool)) } },
            read: {
                m, value, r in
                guard let timeline = m.timeline else {
                    if let value { throw r.invalid("overlayVisible", value, "no value without a timeline") }
                    return
                }
                let visible = try r.value(value, "overlayVisible") { value in
                    guard case .array(let items) = value else {
                        throw r.invalid("overlayVisible", value, "an array of booleans")
                    }
                    return try items.map { try r.bool($0, "overlayVisible") }
                }
                if visible == timeline.overlayVisible { return }
                let disabled = SessionTimeline(
                    segments: timeline.segments, frameCount: m.frameCount, fps: m.fps, loadingEnabled: false)
                guard visible == disabled.overlayVisible else {
                    throw r.invalid(
                        "overlayVisible", value!,
                        "\(m.frameCount) booleans, true exactly in the timeline's processing frames, or none true")
                }
                m.timeline = disabled
            }),
    ]

    /// How many frames one turn has, and which files hold which frames.
    static let fileFields: [Field] = [
        Field(
            "turnFrames", describes: true, write: { .number(Double($0.turnFrames)) },
            read: { m, value, r in
                // Version 1: one turn is the sequence, or a second with a timeline.
                m.turnFrames = try r.value(value, "turnFrames", version1: m.timeline == nil ? m.frameCount : m.fps) {
                    try r.integer($0, "turnFrames", in: 1...Scene.maxFrameCount)
                }
            }),
        Field(
            "files", describes: true, write: { .array($0.files.map(JSONValue.string)) },
            read: { m, value, r in
                m.files = try r.value(value, "files") { try r.strings($0, "files") }
                for name in m.files where !Manifest.isFrameFileName(name) {
                    throw r.invalid("files", .string(name), "plain .png file names in the folder")
                }
                if Set(m.files).count != m.files.count { throw r.invalid("files", value!, "file names that differ") }
            }),
        Field(
            "still", describes: true, write: { $0.still.map { .number(Double($0)) } },
            read: { m, value, r in
                if let value {
                    m.still = try r.integer(value, "still", in: 0...(m.frameCount - 1))
                } else if r.version == 1, m.files.count == 1, m.frameCount > 1 {
                    // Version 1 did not record `--frame K`: K is the last number in the file's name.
                    let digits = m.files[0].split { !$0.isASCII || !$0.isNumber }.last
                    guard let digits, let k = Int(digits), k < m.frameCount else {
                        throw r.invalid(
                            "files", .string(m.files[0]), "the name of one frame of \(m.frameCount), with its number")
                    }
                    m.still = k
                }
                let expected = m.still == nil ? m.frameCount : 1
                if m.files.count != expected {
                    throw r.invalid(
                        "files", .array(m.files.map(JSONValue.string)), "\(expected) names, one a frame written")
                }
            }),
        Field(
            "namePattern", describes: true, write: { $0.namePattern.map(JSONValue.string) },
            read: { m, value, r in
                m.namePattern = try value.map { try r.string($0, "namePattern") }
            }),
    ]

    var timelineJSON: JSONValue? {
        timeline.map { timeline in
            .array(
                timeline.segments.map { segment in
                    .object([
                        "phase": .string(segment.phase), "seconds": .number(segment.seconds),
                        "firstFrame": .number(Double(segment.frames.lowerBound)),
                        "frameCount": .number(Double(segment.frames.count)),
                    ])
                })
        }
    }
}

extension ManifestReader {
    /// One phase of "timeline", within the sequence's `frameCount` frames.
    func segment(_ value: JSONValue, frameCount: Int) throws -> SessionTimeline.Segment {
        let members = try object(value, "timeline", keys: ["phase", "seconds", "firstFrame", "frameCount"])
        let phase = try self.value(members["phase"], "timeline.phase") { value in
            guard case .string(let name) = value, SessionTimeline.phases.contains(name) else {
                throw invalid("timeline.phase", value, SessionTimeline.phases.joined(separator: ", "))
            }
            return name
        }
        let seconds = try self.value(members["seconds"], "timeline.seconds") {
            try number($0, "timeline.seconds", expected: "seconds above 0") { $0.isFinite && $0 > 0 }
        }
        let first = try self.value(members["firstFrame"], "timeline.firstFrame") {
            try integer($0, "timeline.firstFrame", in: 0...frameCount)
        }
        let count = try self.value(members["frameCount"], "timeline.frameCount") {
            try integer($0, "timeline.frameCount", in: 0...(frameCount - first))
        }
        return SessionTimeline.Segment(phase: phase, seconds: seconds, frames: first..<(first + count))
    }
}

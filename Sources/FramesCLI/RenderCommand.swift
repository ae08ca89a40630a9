import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `frames [options]`: renders a LoadingStyle as a PNG sequence with a manifest.
struct RenderCommand {
    static let version = "0.1.0"
    static let maxFrames = 10_000

    /// Style flags: kebab-case of the documented property names.
    static let styleOptions: [OptionDefinition] = [
        .option("spinner-color", "color", help: "Colour of the rotating arc.", default: "#4287F5"),
        .option("track-color", "color", help: "Colour of the static track.", default: "#E0E0E0"),
        .option(
            "stroke-width", "pt", help: "Stroke width of arc and track, at most half the spinner size.", default: "4"),
        .option("spinner-size", "pt", help: "Spinner diameter, outer edge of the stroke.", default: "48"),
        .option("background-color", "color", help: "Colour of the card.", default: "white"),
        .option("corner-radius", "pt", help: "Card corner radius.", default: "12, overlay 16"),
        .option("padding-horizontal", "pt", help: "Card padding left and right.", default: "16, overlay 24"),
        .option("padding-vertical", "pt", help: "Card padding top and bottom.", default: "20, overlay 24"),
        .option(
            "dim-amount", "0-1", help: "Opacity of the black dim layer over the screen (overlay only).", default: "0"),
        .option("text-color", "color", help: "Colour of the label.", default: "#666666"),
        .option("text-size", "pt", help: "Size of the label's font.", default: "14"),
        .option("text-gap", "pt", help: "Gap between the spinner and the label.", default: "8"),
        .option(
            "text-font-name", "family", help: "Font family of the label, found with fontconfig.",
            default: "DejaVu Sans"),
    ]

    /// The longest label, in characters.
    static let maxTextLength = 500

    static let parser = CommandParser(
        commandName: "frames",
        abstract: "Render the loading indicator (SecureLoadingView, .secureLoadingOverlay) as PNG frames.",
        usage: "frames [--style <style>] [--out <dir>] [--scale <s>] [--frames <n>] [<style options>]\n"
            + "       frames compare <expected> <actual> [<options>]",
        options: [
            .option(
                "style", "style", help: "Which variant and preset to render.", default: "indicator",
                values: "indicator, overlay"),
            .option(
                "style-file", "file",
                help: "A LoadingStyle saved as JSON (property names as keys, an optional "
                    + "\"preset\"); flags override it, it overrides the preset."),
            .flag("print-style", help: "Print the resolved style as a style file and exit."),
            .option(
                "out", "dir", help: "Folder for the frames and manifest.json; created if missing.", default: "frames"),
            .option("scale", "s", help: "Pixels per point, any number above 0 up to 16.", default: "1"),
            .option("fps", "n", help: "Frames per second of playback, a whole number from 1 to 240.", default: "60"),
            .option(
                "frames", "n", help: "Frames in the sequence: one full turn, from 1 to 10000.", default: "fps × 1 s"),
            .option(
                "device", "name",
                help: "A device's screen and scale (see --list-devices); --width, --height "
                    + "and --scale still override it."),
            .flag("list-devices", help: "List the devices --device knows."),
            .option(
                "backdrop-color", "color",
                help: "A colour under everything: the overlay's screen, or behind the "
                    + "inline card.", default: "clear"),
            .option(
                "backdrop-image", "file",
                help: "A PNG under the dim layer (overlay) or behind the card (inline), "
                    + "scaled to cover the image and centred; at most 100 megapixels."),
            .option("width", "pt", help: "Overlay screen width in points.", default: "390"),
            .option("height", "pt", help: "Overlay screen height in points.", default: "844"),
            .option("frame", "k", help: "Write only frame k of the sequence (0 to frames − 1), a still."),
            .option(
                "sheet", "file",
                help: "Also write a contact sheet: the frames in a grid, each numbered (alone "
                    + "when --out is not given)."),
            .option(
                "columns", "n", help: "Tiles in a row of the contact sheet.", default: "√ of the tiles, rounded up"),
            .option("every", "k", help: "Put every k-th frame on the contact sheet.", default: "1"),
            .option(
                "timeline", "phases",
                help: "Render a payment session, e.g. idle:0.5,processing:2,done:0.5 "
                    + "(seconds): the overlay shows exactly while processing, instantly (no transition is "
                    + "documented), its spinner starting at 12 o'clock when processing starts."),
            .option(
                "loading-enabled", "bool", help: "With --timeline: false keeps the overlay hidden (isLoadingEnabled).",
                default: "true"),
            .option(
                "visible", "bool", help: "Without --timeline: false renders the manual overlay hidden (isVisible).",
                default: "true"),
            .option(
                "apng", "file",
                help: "Also write the sequence as an animated PNG that loops at --fps (alone "
                    + "when --out is not given)."),
            .option(
                "name-pattern", "pattern", help: "File names: one number field (%d, %4d or %04d), ending in .png.",
                default: "frame_%04d.png"),
            .flag("force", help: "Write into a folder that holds other files and no manifest.json."),
            .flag("quiet", help: "Print no progress bar and no summary line (warnings and errors still show)."),
            .option(
                "threads", "n",
                help: "Frames encoded at once, 1 to 256; the files are the same for any number "
                    + "(the one-time work on the static layers uses every core).", default: "the number of cores"),
        ] + styleOptions + [
            .option(
                "text", "text",
                help: "The label under the spinner; \\n in the text breaks the line, \"\" hides the label.",
                default: "the language's text"),
            .flag("no-text", help: "Render no label under the spinner."),
            .option("lang", "code", help: "Session language of the default label (ISO 639-1).", default: "en"),
            .flag("list-languages", help: "List the languages and their label texts."),
            .option("font-file", "path", help: "A font file for the label, instead of --text-font-name."),
            .flag("version", help: "Show the version."),
            .flag("help", short: "h", help: "Show help information."),
        ],
        sections: [
            (
                "SUBCOMMANDS",
                """
                  compare    Compare two PNG files or folders of frames (frames compare --help).
                """
            ),
            ("COLOURS", "  #RRGGBB, #RRGGBBAA (the # may be left out), white, black or clear."),
            (
                "OUTPUT",
                """
                  DIR/frame_0000.png … one PNG per frame (8-bit RGBA, straight alpha, sRGB);
                  frame k of N shows the arc from −90° + 360°·k/N, clockwise, so N frames loop
                  seamlessly. DIR/manifest.json: the resolved style, sizes and file names.
                """
            ),
            (
                "LIMITS",
                """
                  A frame, a backdrop image and a contact sheet are at most 100 megapixels
                  each; at most 10000 frames; scale at most 16; lengths at most 10000 pt; a
                  label of at most 500 characters; a style file of at most 1 MB and 64
                  levels of nesting.
                """
            ),
            (
                "OUTPUT FOLDERS",
                """
                  Frames are written under temporary names and renamed; manifest.json comes
                  last. A folder an earlier run wrote is rewritten whole (its frames the new
                  run does not rewrite are removed); a folder of other files and no
                  manifest.json is refused unless --force. An interrupted or failed run
                  removes its temporary files and leaves no manifest that lists frames it
                  did not write.
                """
            ),
            (
                "EXAMPLES",
                """
                  frames --style overlay --out frames/
                  frames --style overlay --scale 3 --dim-amount 0.5 --spinner-color '#1A78E8'
                  frames --style overlay --lang cs --scale 3 --out cs/
                  frames --text 'Processing your payment, please wait…' --text-font-name 'DejaVu Serif'
                  frames --style overlay --print-style > brand.json
                  frames --style-file brand.json --device "iPhone 15" --backdrop-image shot.png \\
                         --apng spin.png --sheet sheet.png --every 6
                  frames --style overlay --timeline idle:0.5,processing:2,done:0.5 --out session
                """
            ),
        ])

    /// The resolved inputs of one run.
    struct Job {
        var scene: Scene
        /// The scene's label, made once while checking the image size.
        var label: TextLabel?
        var frameCount: Int
        var fps: Int
        var directory: String
        var threads: Int
        var language: Translation
        var still: Int?
        var namePattern: NamePattern
        var quiet: Bool
        var backdropImagePath: String?
        /// Where to write the animated PNG, and whether the frame folder is wanted at all.
        var apng: String?
        var sheet: String?
        var sheetColumns: Int?
        var sheetEvery: Int
        var writesFolder: Bool
        var timeline: Timeline?
        /// Frames of one turn of the spinner (the renderer's sequence).
        var turnFrames: Int
        var force: Bool
    }

    /// Parses and validates everything before anything is written.
    static func job(from arguments: ParsedArguments) throws(FramesError) -> Job {
        // Precedence: the preset, then the style file, then flags.
        let styleFile = try arguments.values["style-file"].map { path throws(FramesError) in try StyleFile(path: path) }
        let variant = try arguments.choice("style", of: Variant.self) ?? styleFile?.preset ?? .indicator
        var style: LoadingStyle = (styleFile?.preset ?? variant) == .overlay ? .overlay : .indicator
        try styleFile?.apply(to: &style)
        if let v = try arguments.color("spinner-color") { style.spinnerColor = v }
        if let v = try arguments.color("track-color") { style.trackColor = v }
        if let v = try arguments.color("background-color") { style.backgroundColor = v }
        if let v = try arguments.length("stroke-width") { style.strokeWidth = v }
        if let v = try arguments.length("spinner-size") { style.spinnerSize = v }
        if let v = try arguments.length("corner-radius") { style.cornerRadius = v }
        if let v = try arguments.length("padding-horizontal") { style.paddingHorizontal = v }
        if let v = try arguments.length("padding-vertical") { style.paddingVertical = v }
        if let v = try arguments.number(
            "dim-amount", expected: "an opacity from 0 to 1", accept: { $0 >= 0 && $0 <= 1 })
        {
            style.dimAmount = v
        }
        if let v = try arguments.color("text-color") { style.textColor = v }
        if let v = try arguments.number("text-size", expected: "a size in points above 0", accept: { $0 > 0 }) {
            style.textSize = v
        }
        if let v = try arguments.length("text-gap") { style.textGap = v }
        if let name = arguments.values["text-font-name"] {
            if name.trimmingSpaces.isEmpty {
                throw .invalidValue(option: "--text-font-name", value: name, expected: "a font family name")
            }
            style.textFontName = name
        }
        let language: Translation
        if let code = arguments.values["lang"] {
            guard let found = Translation.forLanguage(code) else {
                let codes = Translation.all.map(\.languageCode).joined(separator: ", ")
                throw .invalidValue(option: "--lang", value: code, expected: "one of \(codes) (see --list-languages)")
            }
            language = found
        } else {
            language = .english
        }
        let text = try labelText(arguments, language: language)
        let fontFile = arguments.values["font-file"]
        if let fontFile {
            do {
                _ = try Font(path: fontFile)
            } catch {
                guard case .cannotLoad(_, let reason) = error else { throw .runtime("\(error)") }
                throw .invalidValue(
                    option: "--font-file", value: fontFile, expected: "a readable font file (\(reason))")
            }
        }
        var device: Device? = nil
        if let name = arguments.values["device"] {
            guard let found = Device.named(name) else {
                let close = Device.all.map { ($0.name, editDistance(Device.key($0.name), Device.key(name))) }.min {
                    $0.1 < $1.1
                }
                let hint = close.flatMap { $0.1 <= 3 ? " (did you mean '\($0.0)'?)" : nil } ?? ""
                throw .invalidValue(
                    option: "--device", value: name,
                    expected: "a device from --list-devices\(hint): " + Device.all.map(\.name).joined(separator: ", "))
            }
            device = found
        }
        let scale =
            try arguments.number("scale", expected: "a number above 0, at most 16") {
                $0 > 0 && $0 <= Scene.maxScale
            } ?? device?.scale ?? 1
        var screen = device?.screen ?? Scene.defaultScreenSize
        for name in ["width", "height"] where arguments.values[name] != nil && variant != .overlay {
            throw .invalidValue(
                option: "--" + name, value: arguments.values[name]!,
                expected: "no value: the screen size applies to --style overlay only")
        }
        if let v = try arguments.number("width", expected: "a screen width in points above 0", accept: { $0 > 0 }) {
            screen.width = v
        }
        if let v = try arguments.number("height", expected: "a screen height in points above 0", accept: { $0 > 0 }) {
            screen.height = v
        }
        let backdropColor = try arguments.color("backdrop-color") ?? .clear
        var backdropImage: Pixmap? = nil
        if let path = arguments.values["backdrop-image"] {
            do {
                if FileInput.isDirectory(path) { throw FileError(operation: "read", path: path, errno: EISDIR) }
                backdropImage = try PNGDecoder.decode(FileInput.read(path))
            } catch let error as FileError {
                throw .invalidValue(
                    option: "--backdrop-image", value: path, expected: "a readable PNG file (\(error.reason))")
            } catch {
                throw .invalidValue(option: "--backdrop-image", value: path, expected: "a readable PNG file (\(error))")
            }
        }
        var scene = Scene(
            style: style, variant: variant, scale: scale, screenSize: screen, background: backdropColor,
            text: text, fontFile: fontFile, backdropImage: backdropImage)
        do {
            scene = try scene.validated()
        } catch {
            throw invalidScene(error, arguments, styleFile: styleFile)
        }
        let fps = try arguments.integer("fps", in: 1...240, expected: "a whole number from 1 to 240") ?? 60
        var frameCount =
            try arguments.integer(
                "frames", in: 1...maxFrames,
                expected: "a whole number from 1 to \(maxFrames)") ?? fps
        let threads =
            try arguments.integer("threads", in: 1...256, expected: "a whole number from 1 to 256")
            ?? SequenceWriter.defaultThreads
        let directory = arguments.values["out"] ?? "frames"
        if directory.isEmpty { throw .invalidValue(option: "--out", value: directory, expected: "a folder path") }

        let label: TextLabel?
        do {
            label = try scene.makeLabel()
        } catch {
            throw .runtime("\(error)")
        }
        let (width, height) = Layout(scene: scene, label: label).pixelSize(scale: scale)
        if width < 1 || height < 1 || Double(width) * Double(height) > Double(Pixmap.maxPixelCount) {
            throw invalidImageSize(width: width, height: height, scene: scene, arguments)
        }
        func bool(_ name: String) throws(FramesError) -> Bool? {
            guard let text = arguments.values[name] else { return nil }
            switch text.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: throw .invalidValue(option: "--" + name, value: text, expected: "true or false")
            }
        }
        let loadingEnabled = try bool("loading-enabled")
        let visible = try bool("visible")
        var timeline: Timeline? = nil
        if let text = arguments.values["timeline"] {
            guard variant == .overlay else {
                throw .invalidValue(
                    option: "--timeline", value: text,
                    expected: "--style overlay (the session binding is the overlay's)")
            }
            for other in ["frames", "apng", "sheet", "visible"] where arguments.values[other] != nil {
                throw .invalidValue(
                    option: "--" + other, value: arguments.values[other]!,
                    expected: "no value with --timeline (the timeline sets the frames)")
            }
            timeline = try Timeline(text, fps: fps, loadingEnabled: loadingEnabled ?? true)
        } else if let enabled = arguments.values["loading-enabled"] {
            throw .invalidValue(option: "--loading-enabled", value: enabled, expected: "no value without --timeline")
        } else if visible == false {
            timeline = try Timeline("idle:\(Double(frameCount) / Double(fps))", fps: fps, loadingEnabled: false)
        }
        // With a timeline the spinner turns once a second (fps frames), over the timeline's span.
        let turnFrames = timeline == nil ? frameCount : fps
        frameCount = timeline?.frames.count ?? frameCount
        let still = try arguments.integer(
            "frame", in: 0...(frameCount - 1),
            expected: "a frame number from 0 to \(frameCount - 1) (of --frames \(frameCount))")
        let namePattern: NamePattern
        if let text = arguments.values["name-pattern"] {
            do {
                namePattern = try NamePattern(text)
            } catch {
                throw .invalidValue(option: "--name-pattern", value: text, expected: error.expected)
            }
        } else {
            namePattern = NamePattern.default(frameCount: frameCount)
        }
        return Job(
            scene: scene, label: label, frameCount: frameCount, fps: fps, directory: directory, threads: threads,
            language: language, still: still, namePattern: namePattern, quiet: arguments.has("quiet"),
            backdropImagePath: arguments.values["backdrop-image"], apng: try outputFile("apng", arguments),
            sheet: try outputFile("sheet", arguments),
            sheetColumns: try arguments.integer("columns", in: 1...1000, expected: "a whole number from 1 to 1000"),
            sheetEvery: try arguments.integer(
                "every", in: 1...maxFrames, expected: "a whole number from 1 to \(maxFrames)") ?? 1,
            writesFolder: arguments.values["out"] != nil
                || (arguments.values["apng"] == nil && arguments.values["sheet"] == nil),
            timeline: timeline, turnFrames: turnFrames, force: arguments.has("force"))
    }

    /// A file to write (`--apng`, `--sheet`): a .png name in an existing folder.
    static func outputFile(_ option: String, _ arguments: ParsedArguments) throws(FramesError) -> String? {
        guard let path = arguments.values[option] else { return nil }
        guard path.lowercased().hasSuffix(".png"), !path.hasSuffix("/") else {
            throw .invalidValue(option: "--" + option, value: path, expected: "a file name ending in .png")
        }
        if FileInput.isDirectory(path) {
            throw .invalidValue(option: "--" + option, value: path, expected: "a file name, not a folder")
        }
        return path
    }

    /// The label: `--text` (its "\\n" breaks lines), none with `--no-text`, else the language's.
    static func labelText(_ arguments: ParsedArguments, language: Translation) throws(FramesError) -> String? {
        if arguments.has("no-text") {
            if let text = arguments.values["text"] {
                throw .invalidValue(option: "--text", value: text, expected: "no --text together with --no-text")
            }
            return nil
        }
        guard let raw = arguments.values["text"] else { return language.loadingProcessingText }
        let text = raw.replacingEscapedNewlines
        if text.count > maxTextLength {
            throw .invalidValue(
                option: "--text", value: String(raw.prefix(40)) + "…",
                expected: "at most \(maxTextLength) characters (got \(text.count))")
        }
        if let control = text.unicodeScalars.first(where: { $0 != "\n" && $0.properties.generalCategory == .control }) {
            throw .invalidValue(
                option: "--text", value: raw.debugDescription.dropFirst().dropLast().description,
                expected: "text without control characters other than a newline "
                    + "(found U+\(String(control.value, radix: 16, uppercase: true)))")
        }
        return text
    }

    /// The option behind a scene property, as the user gave it (or the default that applied).
    static func describe(_ property: String, _ arguments: ParsedArguments, value: Double) -> (
        option: String, value: String
    ) {
        let name = ["screenWidth": "width", "screenHeight": "height"][property] ?? kebabCase(property)
        return ("--" + name, arguments.values[name] ?? "\(formatNumber(value)) (default)")
    }

    /// A scene property out of range, named as the option the user typed.
    static func invalidScene(_ error: StyleError, _ arguments: ParsedArguments, styleFile: StyleFile?) -> FramesError {
        guard case .invalidValue(let property, let value, let expected) = error else { return .runtime("\(error)") }
        // A value from the style file (and no flag over it): name the file and the key.
        if let styleFile, let fileValue = styleFile.values[property], arguments.values[kebabCase(property)] == nil {
            return StyleFile.invalid(styleFile.path, property, fileValue, expected)
        }
        // A stroke too wide for the spinner: blame the one of the two the user gave.
        if property == "strokeWidth", arguments.values["stroke-width"] == nil,
            let size = arguments.values["spinner-size"]
        {
            return .invalidValue(
                option: "--spinner-size", value: size,
                expected: "at least twice --stroke-width (\(formatNumber(2 * value)) pt)")
        }
        let (option, shown) = describe(property, arguments, value: value)
        return .invalidValue(
            option: option, value: shown,
            expected: expected.replacing("spinnerSize", with: "--spinner-size"))
    }

    /// An image of no pixels or over 100 megapixels: name the options that set its size.
    static func invalidImageSize(width: Int, height: Int, scene: Scene, _ arguments: ParsedArguments) -> FramesError {
        let given = [
            "scale", "width", "height", "spinner-size", "padding-horizontal", "padding-vertical",
            "text-size", "text-gap", "text",
        ].filter { arguments.values[$0] != nil }
        let sizeOptions = given.isEmpty ? "--scale" : given.map { "--" + $0 }.joined(separator: ", ")
        let option = given.contains("scale") || given.isEmpty ? "--scale" : "--" + given[0]
        let value = arguments.values[option.dropFirst(2).description] ?? "\(formatNumber(scene.scale)) (default)"
        if width < 1 || height < 1 {
            return .invalidValue(
                option: option, value: value,
                expected: "an image of at least 1 × 1 px (it would be \(width) × \(height) px; set by \(sizeOptions))")
        }
        let megapixels = (Double(width) * Double(height) / 1e6 * 10).rounded() / 10
        return .invalidValue(
            option: option, value: value,
            expected: "a frame of at most 100 megapixels (it would be \(width) × \(height) px, "
                + "\(formatNumber(megapixels)) megapixels; set by \(sizeOptions))")
    }

    /// `spinnerColor` → `spinner-color`.
    static func kebabCase(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase { out += "-" + character.lowercased() } else { out.append(character) }
        }
        return out
    }
}

extension String {
    /// The text with a typed backslash-n ("\\n") turned into a newline, and "\\\\" into one backslash.
    var replacingEscapedNewlines: String {
        var out = ""
        var escaped = false
        for character in self {
            if escaped {
                if character == "n" {
                    out.append("\n")
                } else if character == "\\" {
                    out.append("\\")
                } else {
                    out.append("\\")
                    out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    var trimmingSpaces: Substring {
        drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed().reduce(into: Substring()) {
            $0.append($1)
        }
    }
}

/// File names from a printf-like pattern with one number field: `%d`, `%4d` (spaces are not
/// allowed in names, so width pads with zeros too) or `%04d`; `%%` is a percent sign. The name
/// must end in ".png", must not start with "." (hidden, and the form of temporary files) and must
/// not contain "/".
struct NamePattern: Equatable {
    struct Invalid: Error { let expected: String }

    let prefix: String
    let suffix: String
    let width: Int

    static func `default`(frameCount: Int) -> NamePattern {
        NamePattern(prefix: "frame_", suffix: ".png", width: max(4, String(frameCount - 1).count))
    }

    init(prefix: String, suffix: String, width: Int) {
        self.prefix = prefix
        self.suffix = suffix
        self.width = width
    }

    init(_ text: String) throws(Invalid) {
        var prefix = ""
        var suffix = ""
        var width = 0
        var fields = 0
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                if fields == 0 { prefix.append(character) } else { suffix.append(character) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if fields == 0 { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            var digits = ""
            while let next = characters.first, next.isASCII, next.isNumber {
                digits.append(next)
                characters.removeFirst()
            }
            guard characters.popFirst() == "d" else {
                throw Invalid(expected: "a pattern whose only % field is %d, %4d or %04d (write %% for a percent sign)")
            }
            fields += 1
            width = Int(digits) ?? 0
        }
        guard fields == 1 else {
            throw Invalid(
                expected: fields == 0
                    ? "a pattern with a number field such as %04d" : "a pattern with one number field, not \(fields)")
        }
        guard !text.contains("/") else { throw Invalid(expected: "a file name without a path separator '/'") }
        guard suffix.lowercased().hasSuffix(".png") else { throw Invalid(expected: "a file name ending in .png") }
        guard !prefix.hasPrefix(".") else {
            throw Invalid(expected: "a file name that does not start with '.'")
        }
        guard width <= 9 else { throw Invalid(expected: "a number field at most 9 digits wide") }
        self.init(prefix: prefix, suffix: suffix, width: width)
    }

    func name(for frame: Int) -> String {
        let number = String(frame)
        return prefix + String(repeating: "0", count: max(0, width - number.count)) + number + suffix
    }
}

import GoldenFolders
import Raster
import StrictJSON

/// `frames [options]`: renders a LoadingStyle as a PNG sequence with a manifest. The options are
/// declared here, once: the parser, `--help` and the documentation's option table come from them.
package enum RenderCommand {
    static let version = Manifest.framesVersion
    static let maxFrames = Scene.maxFrameCount

    package typealias Options = RenderOptions

    package static let parser = CommandParser<Options>(
        commandName: "frames",
        abstract: "Render the loading indicator (SecureLoadingView, .secureLoadingOverlay) as PNG frames.",
        usage: "frames [--style <style>] [--out <dir>] [--scale <s>] [--frames <n>] [<style options>]\n"
            + "       frames compare <expected> <actual> [<options>]\n"
            + "       frames verify <folder>... [<options>]\n"
            + "       frames lint [<style options>] [--json]\n"
            + "       frames studio [--port <n>] [--no-open]\n"
            + "       frames measure <screenshot> [<options>]\n"
            + "       frames help [<command>]",
        options: sceneOptions + outputOptions + StyleProperty.all.map(Option.style) + labelOptions,
        sections: RenderHelp.sections)

    static let sceneOptions: [Option<Options>] = [
        .value(
            "style", "style", help: "Which variant and preset to render.", default: "indicator",
            values: "indicator, overlay", \.style, .choice(of: Variant.self)),
        .value(
            "style-file", "file",
            help: "A LoadingStyle saved as JSON (property names as keys, an optional "
                + "\"preset\"); flags override it, it overrides the preset.", \.styleFile, .nonEmpty("a file path")),
        .flag("print-style", help: "Print the resolved style as a style file and exit.", \.printStyle),
        .value(
            "format", "format", help: "With --print-style: the style file, or the Swift initializer.",
            default: "json", values: "json, swift", \.format, .choice(of: StyleFormat.self)),
        .value(
            "out", "dir", help: "Folder for the frames and manifest.json; created if missing.", default: "frames",
            \.out, .nonEmpty("a folder path", completion: .directories)),
        .value(
            "scale", "s", help: "Pixels per point, any number above 0 up to 16.", default: "1", \.scale,
            .number("a number above 0, at most 16") { $0 > 0 && $0 <= Scene.maxScale }),
        .value(
            "fps", "n", help: "Frames per second of playback, a whole number from 1 to 240.", default: "60", \.fps,
            .integer(in: 1...240)),
        .value(
            "frames", "n", help: "Frames in the sequence: one full turn, from 1 to 10000.", default: "fps × 1 s",
            \.frames, .integer(in: 1...maxFrames)),
        .value(
            "device", "name",
            help: "A device's screen and scale (see --list-devices); --width, --height and --scale still "
                + "override it.", \.device, .device),
        .flag("list-devices", help: "List the devices --device knows.", \.listDevices),
        .value(
            "backdrop-color", "color",
            help: "A colour under everything: the overlay's screen, or behind the inline card.", default: "clear",
            \.backdropColor, .color),
        .value(
            "backdrop-image", "file",
            help: "A PNG or JPEG under the dim layer (overlay) or behind the card (inline), scaled to cover the "
                + "screen and centred; an embedded colour profile (Display P3) is converted to sRGB; at most 100 "
                + "megapixels.", \.backdropImage, .nonEmpty("a file path")),
        .value(
            "width", "pt", help: "Overlay screen width in points.", default: "390", \.width,
            .number("a length above 0, at most 10000 pt") { $0 > 0 && $0 <= LoadingStyle.maxLength }),
        .value(
            "height", "pt", help: "Overlay screen height in points.", default: "844", \.height,
            .number("a length above 0, at most 10000 pt") { $0 > 0 && $0 <= LoadingStyle.maxLength }),
    ]

    static let outputOptions: [Option<Options>] = [
        .value(
            "frame", "k", help: "Write only frame k of the sequence (0 to frames − 1), a still.", \.frame,
            .integer(in: 0...maxFrames - 1, expected: "a frame number from 0")),
        .value(
            "sheet", "file",
            help: "Also write a contact sheet: the frames in a grid, each numbered (alone when --out is not "
                + "given).", \.sheet, .pngFileName),
        .value(
            "columns", "n", help: "Tiles in a row of the contact sheet.", default: "√ of the tiles, rounded up",
            \.columns, .integer(in: 1...1000)),
        .value(
            "every", "k", help: "Put every k-th frame on the contact sheet.", default: "1", \.every,
            .integer(in: 1...maxFrames)),
        .value(
            "timeline", "phases",
            help: "Render a payment session, e.g. idle:0.5,processing:2,done:0.5 (seconds): the overlay shows "
                + "exactly while processing, instantly (no transition is documented), its spinner starting at "
                + "12 o'clock when processing starts. Durations are taken to the microsecond.",
            \.timeline, .nonEmpty("phase:seconds pairs", completion: .none)),
        .value(
            "loading-enabled", "bool", help: "With --timeline: false keeps the overlay hidden (isLoadingEnabled).",
            default: "true", \.loadingEnabled, .bool),
        .value(
            "visible", "bool", help: "Without --timeline: false renders the manual overlay hidden (isVisible).",
            default: "true", \.visible, .bool),
        .value(
            "apng", "file",
            help: "Also write the sequence as an animated PNG that loops at --fps (alone when --out is not "
                + "given).", \.apng, .pngFileName),
        .value(
            "webp", "file",
            help: "Also write the sequence as a lossless animated WebP that loops at --fps, frames equal to the "
                + "PNG frames (alone when --out is not given).", \.webp, .fileName(ending: ".webp")),
        .value(
            "gif", "file",
            help: "Also write the sequence as a looping GIF, delays in 1/100 s (alone when --out is not given).",
            \.gif, .fileName(ending: ".gif")),
        .value(
            "gif-matte", "color",
            help: "The colour under partly transparent pixels in the GIF (GIF keeps 1-bit transparency).",
            default: "refuse such pixels", \.gifMatte, .color),
        .value(
            "lottie", "file",
            help: "Also write the animation as Lottie JSON: shapes and glyph outlines in points, no font needed "
                + "(alone when --out is not given).", \.lottie, .fileName(ending: ".json")),
        .value(
            "svg", "file",
            help: "Also write the animation as one SVG with a CSS rotation (alone when --out is not given).",
            \.svg, .fileName(ending: ".svg")),
        .value(
            "svg-frame", "k", help: "With --svg: write frame k as a static SVG instead.", \.svgFrame,
            .integer(in: 0...maxFrames - 1, expected: "a frame number from 0")),
        .value(
            "swift", "file",
            help: "Also write the style as the Swift LoadingStyle(…) initializer (alone when --out is not "
                + "given).", \.swift, .fileName(ending: ".swift")),
        .value(
            "name-pattern", "pattern", help: "File names: one number field (%d, %4d or %04d), ending in .png.",
            default: "frame_%04d.png", \.namePattern, .namePattern),
        .flag("force", help: "Write into a folder that holds other files and no manifest.json.", \.force),
        .flag("quiet", help: "Print no progress bar and no summary line (warnings and errors still show).", \.quiet),
        .value(
            "threads", "n",
            help: "Frames encoded at once, 1 to 256; the files are the same for any number (the one-time work "
                + "on the static layers uses every core).", default: "the number of cores", \.threads,
            .integer(in: 1...256)),
    ]

    static let labelOptions: [Option<Options>] = [
        .value(
            "text", "text", help: "The label under the spinner; \\n in the text breaks the line, \"\" hides the label.",
            default: "the language's text", \.text, .labelText),
        .flag("no-text", help: "Render no label under the spinner.", \.noText),
        .value(
            "lang", "code", help: "Session language of the default label (ISO 639-1).", default: "en", \.lang,
            .language),
        .flag("list-languages", help: "List the languages and their label texts.", \.listLanguages),
        .value(
            "font-file", "path", help: "A font file for the label, instead of --text-font-name.", \.fontFile,
            .nonEmpty("a file path")),
        .flag("version", help: "Show the version and the versions of the libraries frames uses.", \.version),
        .value(
            "generate", "kind",
            help: "Print the man page frames(1) or a shell's completion script, made from these options.",
            values: GeneratedFile.allCases.map(\.rawValue).joined(separator: ", "), \.generate,
            .choice(of: GeneratedFile.self)),
        .flag("help", short: "h", help: "Show help information.", \.help),
    ]
}

extension RenderCommand {
    /// `frames [options]`: the help, version and listings, `--print-style`, or a render.
    static func run(_ arguments: [String], studio: StudioEntry) throws(FramesError) -> Int32 {
        let started = monotonicSeconds()
        let options = try parser.parse(arguments, into: RenderOptions())
        if try printInformation(options, studio: studio) { return 0 }
        let job = try RenderJob.resolve(options)
        if options.printStyle {
            // The backdrop image is read as a render reads it: a file a render refuses is refused.
            _ = try job.readBackdrop()
            if options.format?.value == .swift {
                Console.print(job.scene.style.swiftSource)
            } else {
                Console.write(job.scene.style.styleFile(preset: job.scene.variant, label: job.label))
            }
            return 0
        }
        if let format = options.format {
            throw .invalidValue(option: format.option, value: format.text, expected: "no value without --print-style")
        }
        try RenderRun.run(job, started: started)
        return 0
    }

    /// Prints what `--help`, `--version`, `--generate`, `--list-devices` or `--list-languages`
    /// asks for; false when none was given.
    static func printInformation(_ options: RenderOptions, studio: StudioEntry) throws(FramesError) -> Bool {
        if options.help {
            Console.print(parser.helpText)
        } else if options.version {
            Console.print(VersionText.text(studio: studio))
        } else if let generate = options.generate {
            Console.write(generate.value.text)
        } else if options.listDevices {
            for device in Device.all {
                let name = device.name.padding(to: 20)
                Console.print(
                    "\(name)\(formatNumber(device.screen.width)) × \(formatNumber(device.screen.height)) pt "
                        + "@\(formatNumber(device.scale))x")
            }
        } else if options.listLanguages {
            for translation in Translation.all {
                Console.print(
                    "\(translation.languageCode)  \(translation.languageName.padding(to: 13))"
                        + translation.loadingProcessingText)
            }
        } else {
            return false
        }
        return true
    }
}

import Raster

/// `frames measure SCREENSHOT`: finds the loading indicator in a PNG or JPEG screenshot and
/// prints the style it shows as a style file (or, with `--json`, the whole measurement); with
/// `--against`, a verdict per property and exit 1 when one is off; with `--report`, an HTML page.
enum MeasureCommand {
    struct Options: Sendable {
        var screenshot = ""
        var scale: Given<Double>?
        var device: Given<Device>?
        var frames: Given<Int>?
        var text: Given<String>?
        var lang: Given<Translation>?
        var fontFile: Given<String>?
        var textFontName: Given<StyleProperty.Value>?
        var backdropImage: Given<String>?
        var json = false
        var against: Given<String>?
        var lengthTolerance: Given<Double>?
        var colorTolerance: Given<Double>?
        var opacityTolerance: Given<Double>?
        var report: Given<String>?
        var help = false
    }

    static let parser = CommandParser<Options>(
        commandName: "frames measure",
        abstract: "Read the loading indicator in a screenshot back into a style.",
        usage: "frames measure <screenshot> [--scale <s> | --device <name>] [--text <text> | --lang <code>] "
            + "[--json] [--against <style>] [--report <file>]",
        options: inputOptions + checkOptions,
        sections: [
            (
                "OUTPUT",
                """
                  A style file on standard output (the keys of --print-style; properties that cannot be
                  recovered are left out and named on standard error). --json prints the whole measurement
                  instead: style, scale, arc start, frame, card, uncertainty and residual. --against prints
                  a table of verdicts instead (with --json, the verdicts join the JSON and the table goes
                  to standard error).
                """
            ),
            (
                "EXIT STATUS",
                """
                  0 measured (and every property within its tolerance), 1 no indicator in the screenshot or
                  a property off, 64 a usage error or an input that is not what it should be (not a PNG or
                  JPEG, truncated, over 100 megapixels, a screen size no device has, a bad --against file).
                """
            ),
        ],
        positionals: [
            .init(name: "screenshot", help: "The PNG or JPEG screenshot to measure.") { $0.screenshot = $1 }
        ])

    static let inputOptions: [Option<Options>] = [
        .value(
            "scale", "s", help: "Pixels per point of the screenshot, above 0 up to 16.",
            default: "from --device or the image's size", \.scale,
            .number("a number above 0, at most 16") { $0 > 0 && $0 <= Scene.maxScale }),
        .value(
            "device", "name",
            help: "The device the screenshot is from (see frames --list-devices): the scale is the image's width "
                + "over the device's width in points.", \.device, .device),
        .value(
            "frames", "n", help: "Also say which frame k of n the arc's position is.", \.frames,
            .integer(in: 1...Scene.maxFrameCount)),
        .value(
            "text", "text", help: "The label's expected text: checked, and used to measure the text size.",
            \.text, .labelText),
        .value(
            "lang", "code", help: "Expect the default label text of this language (ISO 639-1).", \.lang, .language),
        .value(
            "font-file", "path", help: "The label's font file, instead of the documented default family.",
            \.fontFile, .nonEmpty("a file path")),
        .value(
            "text-font-name", "family", help: "The label's font family, instead of the documented default.",
            \.textFontName, .style(StyleProperty.textFontName)),
        .value(
            "backdrop-image", "file",
            help: "The same screen without the indicator and without the dim layer (PNG or JPEG), to measure "
                + "dimAmount.", \.backdropImage, .nonEmpty("a file path")),
    ]

    static let checkOptions: [Option<Options>] = [
        .flag("json", help: "Print the whole measurement as JSON.", \.json),
        .value(
            "against", "style",
            help: "Check every property against a style file (or the preset overlay or indicator); exit 1 "
                + "when one is off.", \.against, .nonEmpty("a style file or a preset name")),
        .value(
            "length-tolerance", "pt", help: "With --against: how far a length may be off, beyond its measured ±.",
            default: "0.5",
            \.lengthTolerance, .number("a length from 0 to 10000 pt") { $0 >= 0 && $0 <= LoadingStyle.maxLength }),
        .value(
            "color-tolerance", "dE",
            help: "With --against: how far a colour may be off (CIEDE2000), beyond its measured ±.",
            default: "2", \.colorTolerance, .number("a CIEDE2000 difference from 0 to 100") { $0 >= 0 && $0 <= 100 }),
        .value(
            "opacity-tolerance", "0-1", help: "With --against: how far dimAmount may be off, beyond its measured ±.",
            default: "0.02",
            \.opacityTolerance, .number("an opacity from 0 to 1") { $0 >= 0 && $0 <= 1 }),
        .value(
            "report", "file",
            help: "Write one self-contained HTML page: the screenshot, the re-render and their difference side "
                + "by side, and every figure.", \.report, .nonEmpty("a file path")),
        .flag("help", short: "h", help: "Show help information.", \.help),
    ]

    static func run(_ arguments: [String]) throws(FramesError) -> Int32 {
        let options = try parser.parse(arguments, into: Options())
        if options.help {
            Console.print(parser.helpText)
            return 0
        }
        // A stop (Ctrl-C) is seen once the screenshot is read and once it is measured, before
        // anything is printed or staged, and while the report is written.
        let plan = try MeasurePlan.prepare(options)
        try Stop.check()
        let measurement = try plan.measure()
        try Stop.check()
        for note in plan.notes + measurement.notes { Console.printError("note: \(Console.shown(note))") }
        let transaction = OutputTransaction()
        do throws(FramesError) {
            let status = try plan.report(measurement, into: transaction)
            try transaction.commit()
            return status
        } catch {
            transaction.rollback()
            throw error
        }
    }
}

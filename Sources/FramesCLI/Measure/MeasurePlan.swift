import GoldenFolders
import Images
import Measure
import Raster
import Screenshots
import StrictJSON

/// One run of `frames measure`, read from the command line in order: the report's path checked,
/// the expected style read, the screenshot (and backdrop) decoded and its scale decided, all
/// before anything is measured; then the measurement and what is printed and written.
struct MeasurePlan {
    let options: MeasureCommand.Options
    let screenshot: DecodedScreenshot
    let scale: ScreenshotScale
    let backdrop: Pixmap?
    let against: (style: LoadingStyle, name: String)?
    /// Said on standard error before the measurement's own notes.
    var notes: [String] = []

    /// The largest screenshot file read: 512 MiB (a 100-megapixel RGBA PNG of noise, the largest
    /// image decoded, is about 400 MB).
    static let maxFileBytes = 512 << 20

    static func prepare(_ options: MeasureCommand.Options) throws(FramesError) -> MeasurePlan {
        if options.screenshot.isEmpty { throw .missingArgument("screenshot") }
        if let scale = options.scale, let device = options.device {
            throw .invalidValue(
                option: device.option, value: device.text,
                expected: "no device with --scale \(scale.text) (either sets the scale)")
        }
        try checkOutputs(options)
        if let fontFile = options.fontFile { try checkFont(fontFile) }
        let against = try expectedStyle(options.against)
        let screenshot = try decode(options.screenshot, as: "<screenshot>")
        let scale: ScreenshotScale
        do {
            scale = try ScreenshotScale.resolve(
                width: screenshot.image.width, height: screenshot.image.height, scale: options.scale?.value,
                device: options.device?.value)
        } catch {
            let given = options.scale.map { ($0.option, $0.text) } ?? options.device.map { ($0.option, $0.text) }
            throw .measurement(option: given?.0 ?? "<screenshot>", value: given?.1 ?? options.screenshot, error)
        }
        let backdrop = try options.backdropImage.map { (given) throws(FramesError) in
            try decode(given.value, as: given.option).image
        }
        var plan = MeasurePlan(
            options: options, screenshot: screenshot, scale: scale, backdrop: backdrop, against: against)
        if let profile = screenshot.convertedFrom {
            plan.notes.append("the screenshot's colours were converted from its ICC profile (\(profile)) to sRGB")
        }
        if let skipped = screenshot.skippedProfile { plan.notes.append(skipped) }
        if screenshot.orientation != .upright {
            plan.notes.append(
                "the screenshot was measured as viewers show it: its EXIF orientation "
                    + "(\(screenshot.orientation.value)) says it is \(screenshot.orientation.description)")
        }
        if let ambiguity = scale.ambiguity { plan.notes.append(ambiguity) }
        if options.device == nil, options.scale == nil, let device = scale.device, let same = sameScreen(as: device) {
            plan.notes.append(same)
        }
        return plan
    }

    /// A sentence naming every device whose screen is `device`'s (an iPhone 15's is an iPhone 14
    /// Pro's), when the image's size chose `device` among them; nil when it is the only one.
    static func sameScreen(as device: Device) -> String? {
        let names = Device.all.filter { $0.screen == device.screen && $0.scale == device.scale }.map(\.name)
        guard let last = names.last, names.count > 1 else { return nil }
        let list = names.dropLast().joined(separator: ", ") + " and " + last
        return "\(list) share this screen (\(formatNumber(device.screen.width)) × "
            + "\(formatNumber(device.screen.height)) pt at @\(formatNumber(device.scale))): measured as "
            + "\(device.name), which measures the same (give --device to name another)"
    }

    /// The report's path must be one a file can be written at (`OutputDestination`), and none of
    /// the inputs.
    static func checkOutputs(_ options: MeasureCommand.Options) throws(FramesError) {
        guard let report = options.report else { return }
        try OutputDestination.checkFile(report)
        var inputs = [NamedPath.file("<screenshot>", options.screenshot)]
        if let backdrop = options.backdropImage { inputs.append(.file(backdrop.option, backdrop.value)) }
        if let against = options.against { inputs.append(.file(against.option, against.value)) }
        if let font = options.fontFile { inputs.append(.file(font.option, font.value)) }
        try PathCollisions.check(outputs: [.file(report.option, report.value)], inputs: inputs)
    }

    /// `--font-file` opened once, as the renderer opens it: a file that is not a font is refused
    /// here, before anything is measured, rather than leaving the label unmeasured.
    static func checkFont(_ given: Given<String>) throws(FramesError) {
        do {
            try FileInput.checkRegularFile(given.value)
        } catch {
            throw .unusableInput(
                option: given.option, value: given.text, expected: "a readable font file", cause: .file(error))
        }
        do {
            _ = try Font(path: given.value)
        } catch {
            guard case .cannotLoad(_, let reason) = error else { throw .font(option: given.option, error) }
            throw .invalidValue(option: given.option, value: given.text, expected: "a readable font file (\(reason))")
        }
    }

    /// The style `--against` names: a preset, or a style file over its preset (the indicator's
    /// when it names none), checked as `--style-file` is.
    static func expectedStyle(_ given: Given<String>?) throws(FramesError) -> (style: LoadingStyle, name: String)? {
        guard let given else { return nil }
        if let variant = Variant(rawValue: given.value) { return (LoadingStyle.preset(for: variant), given.value) }
        let file: StyleFile
        do {
            file = try StyleFile(path: given.value, shouldStop: Stop.asked)
        } catch {
            if let expected = error.expectedFile {
                throw .invalidValue(option: given.option, value: given.text, expected: expected)
            }
            throw .styleFile(error)
        }
        let base = file.preset ?? .indicator
        var style = LoadingStyle.preset(for: base)
        var sources: [String: ResolvedStyle.Source] = [:]
        for property in StyleProperty.all {
            if let entry = file.entry(for: property) {
                property.set(entry.value, in: &style)
                sources[property.name] = .file(path: file.path, entry)
            }
        }
        do {
            _ = try style.validated()
        } catch {
            throw ResolvedStyle(style: style, variant: base, sources: sources).attribute(error)
        }
        return (style, given.value)
    }

    /// A screenshot or backdrop file decoded; anything else is a usage error naming it (exit 64).
    static func decode(_ path: String, as role: String) throws(FramesError) -> DecodedScreenshot {
        let bytes: [UInt8]
        do {
            bytes = try FileInput.read(path, maxBytes: maxFileBytes)
        } catch {
            throw .unusableInput(
                option: role, value: path, expected: "a readable PNG or JPEG file", cause: .file(error))
        }
        do {
            return try Stop.endingAtOnce { () throws(ImageDecodeError) in
                try ScreenshotDecoder.decode(bytes, shouldStop: Stop.asked)
            }
        } catch {
            throw Stop.stopping(
                instead: .unusableInput(
                    option: role, value: path, expected: "a PNG or JPEG screenshot", cause: .image(error)))
        }
    }

    func measure() throws(FramesError) -> IndicatorMeasurement {
        var request = MeasureOptions(scale: scale, format: screenshot.format)
        request.frames = options.frames?.value
        request.text = options.text?.value ?? options.lang?.value.loadingProcessingText
        request.language = options.lang?.value.languageCode
        if let file = options.fontFile {
            request.font = .file(file.value)
        } else if case .fontName(let name)? = options.textFontName?.value {
            request.font = .family(name)
        }
        request.backdrop = backdrop
        do {
            return try ScreenshotMeasure.measure(screenshot.image, options: request)
        } catch .backdropMismatch(let unexplained) {
            let backdrop = options.backdropImage
            throw .measurement(
                option: backdrop?.option ?? "--backdrop-image", value: backdrop?.text ?? "",
                .backdropMismatch(unexplained: unexplained))
        } catch {
            throw .measurement(option: "<screenshot>", value: options.screenshot, error)
        }
    }
}

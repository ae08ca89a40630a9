import Raster

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

    /// The largest screenshot file read: 256 MiB (a 100-megapixel PNG of noise is about 300 MB
    /// decoded, far less encoded).
    static let maxFileBytes = 256 << 20

    static func prepare(_ options: MeasureCommand.Options) throws(FramesError) -> MeasurePlan {
        if options.screenshot.isEmpty { throw .missingArgument("screenshot") }
        if let scale = options.scale, let device = options.device {
            throw .invalidValue(
                option: device.option, value: device.text,
                expected: "no device with --scale \(scale.text) (either sets the scale)")
        }
        try checkOutputs(options)
        let against = try expectedStyle(options.against)
        let screenshot = try decode(options.screenshot, as: "<screenshot>")
        let scale: ScreenshotScale
        do {
            scale = try ScreenshotScale.resolve(
                width: screenshot.image.width, height: screenshot.image.height, scale: options.scale?.value,
                device: options.device?.value)
        } catch {
            throw .usage("\(options.screenshot): \(error)")
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
        return plan
    }

    /// The report may not be a folder, nor any input.
    static func checkOutputs(_ options: MeasureCommand.Options) throws(FramesError) {
        guard let report = options.report else { return }
        if FileInput.isDirectory(report.value) {
            throw .invalidValue(option: report.option, value: report.text, expected: "a file name, not a folder")
        }
        var inputs = [NamedPath.file("<screenshot>", options.screenshot)]
        if let backdrop = options.backdropImage { inputs.append(.file(backdrop.option, backdrop.value)) }
        if let against = options.against { inputs.append(.file(against.option, against.value)) }
        try PathCollisions.check(outputs: [.file(report.option, report.value)], inputs: inputs)
    }

    /// The style `--against` names: a preset, or a style file over its preset.
    static func expectedStyle(_ given: Given<String>?) throws(FramesError) -> (style: LoadingStyle, name: String)? {
        guard let given else { return nil }
        if let variant = Variant(rawValue: given.value) { return (LoadingStyle.preset(for: variant), given.value) }
        let file: StyleFile
        do {
            file = try StyleFile(path: given.value)
        } catch {
            if let expected = error.expectedFile {
                throw .invalidValue(option: given.option, value: given.text, expected: expected)
            }
            throw .styleFile(path: given.value, message: error.keyMessage ?? "\(error)")
        }
        var style = LoadingStyle.preset(for: file.preset ?? .indicator)
        file.apply(to: &style)
        do {
            _ = try style.validated()
        } catch {
            throw .styleFile(path: given.value, message: "\(error)")
        }
        return (style, given.value)
    }

    /// A screenshot or backdrop file decoded; anything else is a usage error naming it (exit 64).
    static func decode(_ path: String, as role: String) throws(FramesError) -> DecodedScreenshot {
        let bytes: [UInt8]
        do {
            bytes = try FileInput.read(path, maxBytes: maxFileBytes)
        } catch {
            let reason = error.isDirectory ? "a folder" : error.reason
            throw .invalidValue(option: role, value: path, expected: "a readable PNG or JPEG file (\(reason))")
        }
        do {
            return try ScreenshotDecoder.decode(bytes)
        } catch {
            throw .invalidValue(option: role, value: path, expected: "a PNG or JPEG screenshot; it is \(error)")
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
            let error = MeasureError.backdropMismatch(unexplained: unexplained)
            throw .invalidValue(
                option: "--backdrop-image", value: options.backdropImage?.text ?? "", expected: "\(error)")
        } catch {
            throw .runtime("\(options.screenshot): \(error)")
        }
    }
}

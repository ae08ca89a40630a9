import GoldenFolders
import Images
import Raster
import Screenshots
import StrictJSON

/// The scene of a run (variant, scale, screen, backdrop, text, font) and its label, from the
/// options and the resolved style; the backdrop image is read by the run (`RenderJob.readBackdrop`).
enum SceneResolution {
    /// The scene the options give, validated, without the backdrop image's pixels.
    static func scene(_ options: RenderOptions, style: ResolvedStyle, text: String?) throws(FramesError) -> Scene {
        let variant = style.variant
        let device = options.device?.value
        let scale = options.scale?.value ?? device?.scale ?? 1
        var screen = device?.screen ?? Scene.defaultScreenSize
        for given in [options.width, options.height].compactMap({ $0 }) where variant != .overlay {
            throw .invalidValue(
                option: given.option, value: given.text,
                expected: "no value: the screen size applies to --style overlay only")
        }
        if let width = options.width { screen.width = width.value }
        if let height = options.height { screen.height = height.value }
        if let fontFile = options.fontFile {
            do {
                try FileInput.checkRegularFile(fontFile.value)
            } catch {
                throw .unusableInput(
                    option: fontFile.option, value: fontFile.text, expected: "a readable font file", cause: .file(error)
                )
            }
        }
        let scene = Scene(
            style: style.style, variant: variant, scale: scale, screenSize: screen,
            background: options.backdropColor?.value ?? .clear, text: text, fontFile: options.fontFile?.value)
        do {
            return try scene.validated()
        } catch {
            switch error {
            case .style(let error): throw style.attribute(error)
            case .scale(let scale):
                throw .invalidValue(
                    option: options.scale?.option ?? "--device", value: formatNumber(scale),
                    expected: "a scale above 0, at most \(formatNumber(Scene.maxScale))")
            case .screen:
                throw .invalidValue(
                    option: options.width?.option ?? options.height?.option ?? "--device",
                    value: "\(formatNumber(screen.width)) × \(formatNumber(screen.height))",
                    expected: "sides above 0, at most \(formatNumber(LoadingStyle.maxLength)) pt")
            }
        }
    }

    /// The backdrop image: a readable PNG or JPEG of at most `Pixmap.maxPixelCount` pixels, in
    /// sRGB (an embedded ICC profile, such as an iPhone's Display P3, converted).
    static func backdropImage(_ given: Given<String>) throws(FramesError) -> Pixmap {
        func refusal(_ cause: InputFault) -> FramesError {
            .unusableInput(
                option: given.option, value: given.text, expected: "a readable PNG or JPEG file", cause: cause)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileInput.read(given.value)
        } catch {
            throw refusal(.file(error))
        }
        do {
            return try Stop.endingAtOnce { () throws(ImageDecodeError) in
                try ScreenshotDecoder.decode(bytes, shouldStop: Stop.asked).image
            }
        } catch {
            throw Stop.stopping(instead: refusal(.image(error)))
        }
    }

    /// The scene's label, made once; without text, a `--font-file` is still opened once to check
    /// it. The image the label gives must have at least one and at most `Pixmap.maxPixelCount`
    /// pixels.
    static func label(of scene: Scene, _ options: RenderOptions, style: ResolvedStyle) throws(FramesError)
        -> TextLabel?
    {
        let label: TextLabel?
        do {
            label = try scene.makeLabel()
            if label == nil, let path = scene.fontFile { _ = try Font(path: path) }
        } catch {
            guard case .cannotLoad(let path, let reason) = error, let fontFile = options.fontFile,
                path == fontFile.value
            else { throw .font(option: options.fontFile?.option ?? "--text-font-name", error) }
            throw .invalidValue(
                option: fontFile.option, value: fontFile.text, expected: "a readable font file (\(reason))")
        }
        let (width, height) = Layout(scene: scene, label: label).pixelSize(scale: scene.scale)
        if width < 1 || height < 1 || Double(width) * Double(height) > Double(Pixmap.maxPixelCount) {
            throw invalidImageSize(width: width, height: height, scene: scene, options, style: style)
        }
        return label
    }

    /// An image of no pixels or over 100 megapixels: name the options that set its size.
    static func invalidImageSize(
        width: Int, height: Int, scene: Scene, _ options: RenderOptions, style: ResolvedStyle
    ) -> FramesError {
        let sizeProperties: [StyleProperty] = [.spinnerSize, .paddingHorizontal, .paddingVertical, .textSize, .textGap]
        let candidates: [(option: String, text: String)?] =
            [options.scale, options.width, options.height].map { $0.map { ($0.option, $0.text) } }
            + sizeProperties.map { property in options.flag(for: property).map { ($0.option, $0.text) } }
            + [options.text.map { ($0.option, $0.text) }]
        let given = candidates.compactMap { $0 }
        // The style file's keys that set a size, when no flag did.
        let keys: [(path: String, key: String, json: JSONValue)] = sizeProperties.compactMap { property in
            guard case .file(let path, let entry) = style.source(of: property) else { return nil }
            return (path, property.name, entry.json)
        }
        let setBy = given.map(\.option) + keys.map(\.key)
        let sizeOptions = setBy.isEmpty ? "--scale" : setBy.joined(separator: ", ")
        let size: String
        if width < 1 || height < 1 {
            size = "an image of at least 1 × 1 px (it would be \(width) × \(height) px; set by \(sizeOptions))"
        } else {
            let megapixels = (Double(width) * Double(height) / 1e6 * 10).rounded() / 10
            size =
                "a frame of at most 100 megapixels (it would be \(width) × \(height) px, "
                + "\(formatNumber(megapixels)) megapixels; set by \(sizeOptions))"
        }
        if given.isEmpty, let key = keys.first {
            return FramesError(
                StyleFileError.invalidValue(path: key.path, key: key.key, value: key.json, expected: size))
        }
        let blamed = given.first { $0.option == "--scale" } ?? given.first
        return .invalidValue(
            option: blamed?.option ?? "--scale", value: blamed?.text ?? "\(formatNumber(scene.scale)) (default)",
            expected: size)
    }
}

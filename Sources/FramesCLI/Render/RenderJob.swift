import Raster

/// Everything one run of `frames` will do, resolved and checked from the options before anything
/// is written: the style, the scene, its label, the frames, and the outputs.
struct RenderJob: Sendable {
    let style: ResolvedStyle
    let language: Translation
    let scene: Scene
    /// The scene's label, made once (its font opened once).
    let label: TextLabel?
    /// The backdrop image as given, for the manifest, and the file it was read from.
    let backdropImagePath: String?
    let backdropImageFile: String?
    /// The font file as given, for the manifest.
    let fontFilePath: String?
    let sequence: SequencePlan
    let outputs: OutputPlan
    let threads: Int
    let quiet: Bool
    /// The files the run reads, by option: outputs never meet them (`PathCollisions`).
    var inputs: [NamedPath] = []

    /// What the run writes and reads, for its preparation.
    var targets: RunTargets { RunTargets(sequence: sequence, outputs: outputs, inputs: inputs) }

    /// Resolves the options in the order a reader would check them: style, scene, label,
    /// frames, outputs. The frames and outputs are read before the label, and when both are
    /// valid, `whenTargetsAreKnown` is called with them, so that the run's folder can be made
    /// ready while the label is made; their errors still come after the label's.
    static func resolve(_ options: RenderOptions, whenTargetsAreKnown: (RunTargets) -> Void = { _ in })
        throws(FramesError) -> RenderJob
    {
        let style = try ResolvedStyle.resolve(options)
        let language = options.lang?.value ?? .english
        var scene = try SceneResolution.scene(options, style: style, text: labelText(options, language: language))
        // The session language also sets the text's language forms and line breaking.
        scene.language = language.languageCode
        let inputs = [options.styleFile, options.backdropImage, options.fontFile].compactMap { given in
            given.map { NamedPath.file($0.option, $0.value) }
        }
        let planned = Result { () throws(FramesError) in
            (try SequencePlan.resolve(options, variant: scene.variant), try OutputPlan.resolve(options))
        }
        if case .success(let (sequence, outputs)) = planned {
            whenTargetsAreKnown(RunTargets(sequence: sequence, outputs: outputs, inputs: inputs))
        }
        // After the preparation's thread is made: making a thread waits while a library opens.
        if !options.noText { TextShaping.openEarly() }
        let label = try SceneResolution.label(of: scene, options)
        // The backdrop kept only as scaled to the frame (the decoded file is not kept beside it).
        do {
            try scene.fitBackdropImage(label: label)
        } catch {
            throw .runtime("\(error)")
        }
        let (sequence, outputs) = try planned.get()
        let (width, height) = Layout(scene: scene, label: label).pixelSize(scale: scene.scale)
        if let webp = options.webp, width * height > WebPEncoder.maxPixelCount {
            throw .invalidValue(
                option: webp.option, value: webp.text,
                expected: "frames of at most \(WebPEncoder.maxPixelCount / 1_000_000) megapixels for an animated WebP "
                    + "(these are \(width) × \(height) px; libwebp's encoder keeps several whole frames in memory)")
        }
        if let gif = options.gif, options.backdropImage != nil, width * height > GIFEncoder.maxBackdropPixelCount {
            throw .invalidValue(
                option: gif.option, value: gif.text,
                expected: "frames of at most \(GIFEncoder.maxBackdropPixelCount / 1_000_000) megapixels for a GIF over "
                    + "a --backdrop-image (these are \(width) × \(height) px; a picture's colours, up to 16.7 million, "
                    + "are counted in memory)")
        }
        return RenderJob(
            style: style, language: language, scene: scene, label: label,
            backdropImagePath: options.backdropImage?.value, backdropImageFile: options.backdropImage?.value,
            fontFilePath: options.fontFile?.value, sequence: sequence, outputs: outputs,
            threads: options.threads?.value ?? SequenceWriter.defaultThreads, quiet: options.quiet, inputs: inputs)
    }

    /// The label: `--text`, none with `--no-text`, else the language's.
    static func labelText(_ options: RenderOptions, language: Translation) throws(FramesError) -> String? {
        if options.noText {
            if let text = options.text {
                throw .invalidValue(
                    option: text.option, value: text.text, expected: "no --text together with --no-text")
            }
            return nil
        }
        return options.text?.value ?? language.loadingProcessingText
    }
}

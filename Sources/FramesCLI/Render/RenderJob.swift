import Animation
import GoldenFolders
import Images
import Raster

/// Everything one run of `frames` will do, resolved and checked from the options before anything
/// is written: the style, the scene, its label, the frames, and the outputs.
package struct RenderJob: Sendable {
    package let style: ResolvedStyle
    package let language: Translation
    package let scene: Scene
    /// The scene's label, made once (its font opened once).
    package let label: TextLabel?
    /// The backdrop image as given, for the manifest, and the file it was read from.
    let backdropImagePath: String?
    let backdropImageFile: String?
    /// The font file as given, for the manifest.
    package let fontFilePath: String?
    package let sequence: SequencePlan
    package let outputs: OutputPlan
    package let threads: Int
    let quiet: Bool
    /// The files the run reads, by option: outputs never meet them (`PathCollisions`).
    var inputs: [NamedPath] = []
    /// The tolerance the folder is verified with, kept in its manifest (`verify --update` of a
    /// folder that has one); a render from options has none.
    var tolerance: ManifestTolerance? = nil
    /// The manifest the run's manifest is written over: every field the run does not set is
    /// kept from it (`verify --update` keeps its folder's exports); nil for a render from options.
    var baseManifest: Manifest? = nil

    /// The option that chose the label's font, for messages.
    package var fontOption: String { scene.fontFile == nil ? "--text-font-name" : "--font-file" }

    /// Resolves the options in the order a reader would check them: style, scene, label,
    /// frames, outputs.
    package static func resolve(_ options: RenderOptions) throws(FramesError) -> RenderJob {
        let style = try ResolvedStyle.resolve(options)
        let language = options.lang?.value ?? .english
        let inputs = [options.styleFile, options.backdropImage, options.fontFile].compactMap { given in
            given.map { NamedPath.file($0.option, $0.value) }
        }
        let sequence = try SequencePlan.resolve(options, variant: style.variant)
        let outputs = try OutputPlan.resolve(options)
        // An output onto an input, or a folder of other files, is refused before the inputs are
        // read (a backdrop decoded); the plan checks both again.
        try OutputCheck.checkCollisions(
            outputs, frameNames: sequence.writtenIndices.map(sequence.namePattern.name(for:)), inputs: inputs)
        try OutputCheck.checkFiles(outputs)
        if let folder = outputs.folder {
            try OutputCheck.checkFolder(folder, option: outputs.folderOption, force: outputs.force)
        }
        var scene = try SceneResolution.scene(options, style: style, text: labelText(options, language: language))
        // The session language also sets the text's language forms and line breaking.
        scene.language = language.languageCode
        let label = try SceneResolution.label(of: scene, options, style: style)
        // The backdrop kept only as scaled to the frame (the decoded file is not kept beside it).
        do {
            try scene.fitBackdropImage(label: label)
        } catch {
            throw .image(error)
        }
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
        let total = width * height * sequence.frameCount
        let animations: [(Given<String>?, String, Int)] = [
            (options.webp, "an animated WebP", WebPEncoder.maxTotalPixelCount),
            (options.gif, "a GIF", GIFEncoder.maxTotalPixelCount),
        ]
        for case (let given?, let kind, let limit) in animations where total > limit {
            throw .invalidValue(
                option: given.option, value: given.text,
                expected: "at most \(limit / 1_000_000) megapixels of frames in all for \(kind) (these are "
                    + "\(sequence.frameCount) frames of \(width) × \(height) px, \(total / 1_000_000) megapixels; the file "
                    + "is made whole in memory): fewer frames (--frames, --fps) or a smaller --scale")
        }
        return RenderJob(
            style: style, language: language, scene: scene, label: label,
            backdropImagePath: options.backdropImage?.value, backdropImageFile: options.backdropImage?.value,
            fontFilePath: options.fontFile?.value, sequence: sequence, outputs: outputs,
            threads: options.threads?.value ?? WorkerPool.processorCount, quiet: options.quiet, inputs: inputs)
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

    /// The same job with `image` under the scene.
    package func with(backdropImage image: Pixmap) -> RenderJob {
        var scene = scene
        scene.backdropImage = image
        return RenderJob(
            style: style, language: language, scene: scene, label: label, backdropImagePath: nil,
            backdropImageFile: nil, fontFilePath: fontFilePath, sequence: sequence, outputs: outputs,
            threads: threads, quiet: true)
    }
}

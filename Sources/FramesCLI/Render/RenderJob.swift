import Animation
import GoldenFolders
import Raster
import StrictJSON
import Workers

/// Everything one run of `frames` will do, resolved from the options, its outputs checked before
/// any input is read: the style, the scene, its label, the frames, and the outputs. The backdrop
/// image is read by the run, once its frame folder is locked (`readBackdrop()`).
package struct RenderJob: Sendable {
    package let style: ResolvedStyle
    package let language: Translation
    /// The scene, its backdrop image not yet read when one is given (`readBackdrop()`).
    package let scene: Scene
    /// The scene's label, made once (its font opened once).
    package let label: TextLabel?
    /// The backdrop image the run reads into the scene; nil without one, or when the scene holds it
    /// already (a folder `verify --update` rewrites).
    let backdropImage: Given<String>?
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
    /// What the run says on standard error before it renders: a flag without effect, the overlay's
    /// transparent screen (`warnings(style:scene:sequence:outputs:options:)`); none for `verify
    /// --update`.
    var warnings: [String] = []
    /// The tolerance the folder is verified with, kept in its manifest (`verify --update` of a
    /// folder that has one); a render from options has none.
    var tolerance: ManifestTolerance? = nil
    /// The manifest the run's manifest is written over: every field the run does not set is
    /// kept from it (`verify --update` keeps its folder's exports); nil for a render from options.
    var baseManifest: Manifest? = nil

    /// The option that chose the label's font, for messages.
    package var fontOption: String { scene.fontFile == nil ? "--text-font-name" : "--font-file" }

    /// Resolves the options in the order a reader would check them: style, frames, outputs (every
    /// one checked here, before any input is read: `OutputCheck`), scene, label.
    package static func resolve(_ options: RenderOptions) throws(FramesError) -> RenderJob {
        let style = try ResolvedStyle.resolve(options)
        let language = options.lang?.value ?? .english
        let inputs = [options.styleFile, options.backdropImage, options.fontFile].compactMap { given in
            given.map { NamedPath.file($0.option, $0.value) }
        }
        let sequence = try SequencePlan.resolve(options, variant: style.variant)
        let outputs = try OutputPlan.resolve(options)
        try OutputCheck.check(outputs, sequence: sequence, inputs: inputs)
        var scene = try SceneResolution.scene(options, style: style, text: labelText(options, language: language))
        // The session language also sets the text's language forms and line breaking.
        scene.language = language.languageCode
        let label = try SceneResolution.label(of: scene, options, style: style)
        let (width, height) = Layout(scene: scene, label: label).pixelSize(scale: scene.scale)
        try checkAnimationSizes(options, width: width, height: height, frameCount: sequence.frameCount)
        return RenderJob(
            style: style, language: language, scene: scene, label: label, backdropImage: options.backdropImage,
            backdropImagePath: options.backdropImage?.value, backdropImageFile: options.backdropImage?.value,
            fontFilePath: options.fontFile?.value, sequence: sequence, outputs: outputs,
            threads: options.threads?.value ?? WorkerPool.processorCount, quiet: options.quiet, inputs: inputs,
            warnings: warnings(style: style, scene: scene, sequence: sequence, outputs: outputs, options: options))
    }

    /// The scene with its backdrop image read: decoded into sRGB and fitted to the frame (the
    /// decoded image is not kept beside it). The run reads it under the frame folder's lock, after
    /// every refusal: a 100-megapixel picture takes seconds and 400 MB to decode.
    package func readBackdrop() throws(FramesError) -> Scene {
        try readBackdropNoting().scene
    }

    /// `readBackdrop()`, with the note the fit earns when it guesses (`backdropNote`).
    func readBackdropNoting() throws(FramesError) -> (scene: Scene, note: String?) {
        guard let backdropImage else { return (scene, nil) }
        var scene = scene
        let image = try SceneResolution.backdropImage(backdropImage)
        scene.backdropImage = image
        let (width, height) = Layout(scene: scene, label: label).pixelSize(scale: scene.scale)
        let note = RenderJob.backdropNote(
            backdropImage, imageWidth: image.width, imageHeight: image.height, width: width, height: height)
        do {
            try scene.fitBackdropImage(label: label)
        } catch {
            throw .image(error)
        }
        return (scene, note)
    }

    /// The note a backdrop image of `imageWidth` × `imageHeight` px earns when the run fits it
    /// to a frame of `width` × `height` px the way `Scene.fitBackdropImage` does (scaled to cover,
    /// centred), and the fit is a guess the user may not have meant: more than a tenth of the
    /// image cut away (a landscape picture on a portrait screen), or the image scaled up more
    /// than 1.5 times (a small picture blown up into a blurry screen). Nil for a fit close to the
    /// image as it is.
    static func backdropNote(
        _ given: Given<String>, imageWidth: Int, imageHeight: Int, width: Int, height: Int
    ) -> String? {
        let scale = max(Double(width) / Double(imageWidth), Double(height) / Double(imageHeight))
        // The share of the image's width and height the frame keeps (one of them is 1).
        let kept = min(Double(width) / (Double(imageWidth) * scale), Double(height) / (Double(imageHeight) * scale))
        var guesses: [String] = []
        if kept < 0.9 {
            let cut = Int(((1 - kept) * 100).rounded())
            let side = Double(width) / scale < Double(imageWidth) - 0.5 ? "left and right" : "top and bottom"
            guesses.append("\(cut)% of it is cut off at the \(side)")
        }
        if scale > 1.5 { guesses.append("it is scaled up \(formatNumber((scale * 10).rounded() / 10))×, so it blurs") }
        guard !guesses.isEmpty else { return nil }
        return "note: \(given.option) '\(Console.shown(given.text))' is \(imageWidth) × \(imageHeight) px and the "
            + "frame \(width) × \(height) px: scaled to cover the frame, " + guesses.joined(separator: " and ")
            + "; a picture of the frame's size and shape is drawn as it is"
    }

    /// An animated WebP or GIF is made whole in memory: frames of `width` × `height` px, and all
    /// `frameCount` of them, are bounded for each.
    static func checkAnimationSizes(_ options: RenderOptions, width: Int, height: Int, frameCount: Int)
        throws(FramesError)
    {
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
        let total = width * height * frameCount
        let animations: [(Given<String>?, String, Int)] = [
            (options.webp, "an animated WebP", WebPEncoder.maxTotalPixelCount),
            (options.gif, "a GIF", GIFEncoder.maxTotalPixelCount),
        ]
        for case (let given?, let kind, let limit) in animations where total > limit {
            throw .invalidValue(
                option: given.option, value: given.text,
                expected: "at most \(limit / 1_000_000) megapixels of frames in all for \(kind) (these are "
                    + "\(frameCount) frames of \(width) × \(height) px, \(total / 1_000_000) megapixels; the file "
                    + "is made whole in memory): fewer frames (--frames, --fps) or a smaller --scale")
        }
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

    /// What a render says before it draws, on stderr: a flag without effect, and the overlay's
    /// transparent screen, the note only when images are written (not for `--swift` alone) and the
    /// overlay shows in one of them (not with `--visible false`, nor a timeline with
    /// `--loading-enabled false`).
    static func warnings(
        style: ResolvedStyle, scene: Scene, sequence: SequencePlan, outputs: OutputPlan, options: RenderOptions
    ) -> [String] {
        var warnings: [String] = []
        if scene.variant == .indicator, case .flag = style.source(of: .dimAmount) {
            warnings.append(
                "warning: --dim-amount has no effect on --style indicator (the inline view has no dim layer)")
        }
        let writesImages = outputs.folder != nil || outputs.files.contains { $0.option != "--swift" }
        let overlayShows = sequence.writtenIndices.contains { sequence.frame($0) != .hidden }
        if let note = timelineNote(sequence, options: options), writesImages, !options.quiet {
            warnings.append(note)
        }
        if scene.variant == .overlay, scene.style.dimAmount == 0, scene.background.alpha == 0,
            options.backdropImage == nil, writesImages, overlayShows, !options.quiet
        {
            warnings.append(
                "note: the overlay's screen is transparent (dim amount 0, no backdrop), so viewers show their own "
                    + "background around the card; --dim-amount 0.5, --backdrop-color or --backdrop-image show a screen"
            )
        }
        return warnings
    }

    /// The note of a timeline in which the overlay never shows, though `--loading-enabled false`
    /// does not ask for that: no processing phase, or none as long as a frame.
    static func timelineNote(_ sequence: SequencePlan, options: RenderOptions) -> String? {
        guard let given = options.timeline, options.loadingEnabled?.value != false, let timeline = sequence.timeline,
            !timeline.frames.contains(where: { $0 != .hidden })
        else { return nil }
        let processing = timeline.segments.contains { $0.phase == "processing" }
        let why =
            processing
            ? "its processing phase is shorter than a frame at \(sequence.fps) fps"
            : "it has no processing phase"
        return "note: \(given.option) '\(Console.shown(given.text))' never shows the overlay (\(why)): all "
            + "\(counted(timeline.frames.count, "frame")) are the screen without it; the overlay shows while "
            + "processing, e.g. idle:0.5,processing:2,done:0.5"
    }
}

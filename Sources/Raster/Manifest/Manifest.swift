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
package struct Manifest: Sendable, Equatable {
    /// The version this build writes, and the newest it reads. Version 1 is a manifest without a
    /// `manifestVersion` key (frames 0.1.0 before versions were recorded).
    package static let currentVersion = 2
    /// The file's name in a frame folder.
    package static let fileName = "manifest.json"
    /// The version of frames (the tool and its libraries), recorded as the generator.
    package static let framesVersion = "0.1.0"
    /// The largest manifest read: 16 MB (a 10 000-frame timeline takes about 300 kB).
    package static let maxBytes = 16 << 20

    package var version = Manifest.currentVersion

    // What was rendered.
    package var variant: Variant = .indicator
    /// Pixels per point.
    package var scale = 1.0
    /// The overlay's screen, pt; nil for the inline indicator.
    package var screen: Size? = nil
    package var style: LoadingStyle = .indicator
    /// The label; nil or "" renders none.
    package var text: String? = nil
    /// The session language's ISO 639-1 code (it chose the default text, which `text` records).
    package var language = "en"
    /// The `--font-file` as given; nil when the label's font is the style's family, found with
    /// fontconfig.
    package var fontFile: String? = nil
    /// Under everything (`--backdrop-color`).
    package var backdropColor: Color = .clear
    /// The `--backdrop-image` as given.
    package var backdropImage: String? = nil
    package var fps = 60
    /// Frames in the sequence: a timeline's span, or one turn.
    package var frameCount = 60
    /// Frames in one turn of the spinner (the renderer's sequence).
    package var turnFrames = 60
    /// A payment session over the span (`--timeline`, or `--visible false`).
    package var timeline: SessionTimeline? = nil
    /// `--frame K`: the one frame written.
    package var still: Int? = nil
    /// `--name-pattern` as the tool prints it (nil when a version 1 manifest does not say).
    package var namePattern: String? = nil
    /// The files written, one a written frame, in order.
    package var files: [String] = []
    /// The single files written beside the frames (an APNG, a WebP, …), in the order written.
    package var exports: [Export] = []

    // What came out, and what it was made with.
    package var pixelWidth = 0
    package var pixelHeight = 0
    /// "frames 0.1.0".
    package var generator: String? = nil
    /// Versions of the C libraries by name: zlib, libpng, FreeType, fontconfig.
    package var libraries: [String: String] = [:]
    /// The font files the label used, main font first (nil when a version 1 manifest predates
    /// labels).
    package var fontFiles: [String]? = nil
    /// The libraries that shape, order and break the label's text (`TextShaping.versions`).
    package var shaping: String? = nil
    /// CRC-32 of the input files, 8 hex digits (font files, the backdrop image), by path as listed.
    package var checksums: [String: String] = [:]
    /// How the folder's frames are judged when verified (a perceptual tolerance); nil: exactly.
    package var tolerance: ManifestTolerance? = nil
    /// Fingerprints of the description's values as written, by field ("style.spinnerColor"); nil
    /// in a version 1 manifest.
    package var fingerprints: [String: String]? = nil

    package init() {}

    /// What each frame of the sequence shows.
    package var sequenceFrames: [SequenceFrame] {
        timeline?.frames ?? (0..<frameCount).map(SequenceFrame.spinner)
    }

    /// What each written file shows, in the order of `files`.
    package var writtenFrames: [SequenceFrame] {
        let frames = sequenceFrames
        return still.map { [frames[$0]] } ?? frames
    }

    /// Where the label's font comes from.
    package var fontSource: FontSource {
        fontFile.map(FontSource.file) ?? .family(style.textFontName)
    }

    /// Whether `name` can be a frame's file in a folder: a plain `.png` name, not hidden, not the
    /// manifest, no path.
    package static func isFrameFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && name != fileName
            && name.lowercased().hasSuffix(".png")
    }

    /// Whether the value of the environment variable `CI` says a continuous integration run:
    /// set, and not "", "0" or "false". Golden images and folders are never recorded there
    /// unless forced.
    package static func isContinuousIntegration(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }
}

import Raster
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
public struct Manifest: Sendable, Equatable {
    /// The version this build writes, and the newest it reads. Version 1 is a manifest without a
    /// `manifestVersion` key (frames 0.1.0 before versions were recorded).
    static let currentVersion = 2
    /// The file's name in a frame folder.
    public static let fileName = "manifest.json"
    /// The version of frames (the tool and its libraries), recorded as the generator.
    public static let framesVersion = "0.2.0"
    /// The largest manifest read: 16 MB (a 10 000-frame timeline takes about 300 kB).
    public static let maxBytes = 16 << 20

    /// The manifest format's version (written: `currentVersion`).
    public var version = Manifest.currentVersion

    // What was rendered.
    /// Indicator or overlay.
    public var variant: Variant = .indicator
    /// Pixels per point.
    public var scale = 1.0
    /// The overlay's screen, pt; nil for the inline indicator.
    public var screen: Size? = nil
    /// The style rendered, every property resolved.
    public var style: LoadingStyle = .indicator
    /// The label; nil or "" renders none.
    public var text: String? = nil
    /// The session language's ISO 639-1 code (it chose the default text, which `text` records).
    public var language = "en"
    /// The `--font-file` as given; nil when the label's font is the style's family, found with
    /// fontconfig.
    public var fontFile: String? = nil
    /// Under everything (`--backdrop-color`).
    public var backdropColor: Color = .clear
    /// The `--backdrop-image` as given.
    public var backdropImage: String? = nil
    /// Frames per second of playback.
    public var fps = 60
    /// Frames in the sequence: a timeline's span, or one turn.
    public var frameCount = 60
    /// Frames in one turn of the spinner (the renderer's sequence).
    public var turnFrames = 60
    /// A payment session over the span (`--timeline`, or `--visible false`).
    public var timeline: SessionTimeline? = nil
    /// `--frame K`: the one frame written.
    public var still: Int? = nil
    /// `--name-pattern` as the tool prints it (nil when a version 1 manifest does not say).
    public var namePattern: String? = nil
    /// The files written, one a written frame, in order.
    public var files: [String] = []
    /// The single files written beside the frames (an APNG, a WebP, …), in the order written.
    public var exports: [Export] = []

    // What came out, and what it was made with.
    var pixelWidth = 0
    var pixelHeight = 0
    /// "frames 0.1.0".
    var generator: String? = nil
    /// Versions of the C libraries by name: zlib, libpng, FreeType, fontconfig.
    var libraries: [String: String] = [:]
    /// The font files the label used, main font first (nil when a version 1 manifest predates
    /// labels).
    var fontFiles: [String]? = nil
    /// The libraries that shape, order and break the label's text (`TextShaping.versions`).
    var shaping: String? = nil
    /// CRC-32 of the input files, 8 hex digits (font files, the backdrop image), by path as listed.
    var checksums: [String: String] = [:]
    /// How the folder's frames are judged when verified (a perceptual tolerance); nil: exactly.
    package var tolerance: ManifestTolerance? = nil
    /// Fingerprints of the description's values as written, by field ("style.spinnerColor"); nil
    /// in a version 1 manifest.
    var fingerprints: [String: String]? = nil

    /// A manifest of the defaults, to fill in.
    public init() {}

    /// What each frame of the sequence shows.
    var sequenceFrames: [SequenceFrame] {
        timeline?.frames ?? (0..<frameCount).map(SequenceFrame.spinner)
    }

    /// What each written file shows, in the order of `files`.
    public var writtenFrames: [SequenceFrame] {
        let frames = sequenceFrames
        return still.map { [frames[$0]] } ?? frames
    }

    /// Where the label's font comes from.
    var fontSource: FontSource {
        fontFile.map(FontSource.file) ?? .family(style.textFontName)
    }

    /// Whether `name` can be a frame's file in a folder: a plain `.png` name, not hidden, not the
    /// manifest, no path.
    public static func isFrameFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && name != fileName
            && name.lowercased().hasSuffix(".png")
    }

    /// Whether the value of the environment variable `CI` says a continuous integration run:
    /// set, and not "", "0" or "false". Golden images and folders are never recorded there
    /// unless forced.
    public static func isContinuousIntegration(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }
}

import Images
import StrictJSON

/// Which form of the component a frame shows.
public enum Variant: String, Sendable, CaseIterable, Equatable {
    /// `SecureLoadingView`: the image is the card itself.
    case indicator
    /// `.secureLoadingOverlay`: a screen with a dim layer and the card centred on it.
    case overlay
}

/// Everything a sequence of frames depends on: the style, the variant, the scale, and for the
/// overlay the screen.
public struct Scene: Sendable, Equatable {
    /// The default overlay screen: 390 × 844 pt (an iPhone 14 / 15 / 16 in portrait).
    public static let defaultScreenSize = Size(width: 390, height: 844)

    /// The look: colours, sizes, font, dim.
    public var style: LoadingStyle
    /// Indicator (the card alone) or overlay (the card on a full screen).
    public var variant: Variant
    /// Pixels per point (1, 2, 3 or any positive number). Default: 1.
    public var scale: Double
    /// The overlay's screen in points; unused by the inline indicator. Default: 390 × 844 pt.
    public var screenSize: Size
    /// What lies under everything: the overlay's screen, or the inline image behind the card.
    /// Default: `.clear` (transparent).
    public var background: Color
    /// The label under the spinner; nil or empty = no label (and no gap). Default: nil.
    public var text: String?
    /// A font file for the label, used instead of `style.textFontName`. Default: nil.
    public var fontFile: String?
    /// The language of the text (BCP 47, "cs", "ar"): the font's language forms (`locl`), line
    /// breaking and the CJK font's region. Default: nil (none).
    public var language: String?
    /// An image under everything but `background`: scaled to cover the frame (aspect-fill),
    /// centred. The overlay's screen under the dim layer, or the inline image behind the card.
    public var backdropImage: Pixmap?

    /// A scene; every argument has the documented default (`Scene.defaultScreenSize`, no text, the variant's preset).
    public init(
        style: LoadingStyle? = nil, variant: Variant = .indicator, scale: Double = 1,
        screenSize: Size = Scene.defaultScreenSize, background: Color = .clear,
        text: String? = nil, fontFile: String? = nil, backdropImage: Pixmap? = nil, language: String? = nil
    ) {
        self.style = style ?? (variant == .overlay ? .overlay : .indicator)
        self.variant = variant
        self.scale = scale
        self.screenSize = screenSize
        self.background = background
        self.text = text
        self.fontFile = fontFile
        self.backdropImage = backdropImage
        self.language = language
    }

    /// The largest scale: 16 pixels per point.
    public static let maxScale = 16.0
    /// The longest sequence the tools write: 10 000 frames.
    package static let maxFrameCount = 10_000
    /// The longest label the tools take: 500 characters (grapheme clusters).
    static let maxTextLength = 500
    /// The most Unicode scalars in one grapheme cluster (a letter and its marks, an emoji
    /// sequence): far more than any script stacks, and it bounds the work of one cluster.
    static let maxClusterLength = 32

    /// What a label text must be, when `text` is not: at most `maxTextLength` characters, at most
    /// `maxClusterLength` code points in one, and no control characters other than the newline.
    /// Nil when it is fine.
    package static func labelTextRefusal(_ text: String) -> String? {
        if text.count > maxTextLength { return "at most \(maxTextLength) characters (got \(text.count))" }
        if let cluster = text.first(where: { $0.unicodeScalars.count > maxClusterLength }) {
            return "at most \(maxClusterLength) Unicode characters in one grapheme cluster, a letter with its "
                + "marks (found one of \(cluster.unicodeScalars.count))"
        }
        if let control = text.unicodeScalars.first(where: { $0 != "\n" && $0.properties.generalCategory == .control }) {
            return "text without control characters other than a newline "
                + "(found U+\(String(control.value, radix: 16, uppercase: true)))"
        }
        return nil
    }

    /// The scene, or the first property that cannot be drawn: a valid style, a scale above 0 and
    /// at most `maxScale`, a screen of finite sides above 0 and at most `LoadingStyle.maxLength`.
    public func validated() throws(SceneError) -> Scene {
        do {
            _ = try style.validated()
        } catch {
            throw .style(error)
        }
        if !(scale.isFinite && scale > 0 && scale <= Scene.maxScale) { throw .scale(scale) }
        for side in [screenSize.width, screenSize.height]
        where !(side.isFinite && side > 0 && side <= LoadingStyle.maxLength) {
            throw .screen(screenSize)
        }
        return self
    }

    /// Replaces the backdrop image by its aspect-fill at the size of the frame `label` gives (the
    /// pixels `FrameRenderer` draws, which takes an image of the frame's size as it is), so that
    /// the image as given can go: a 100-megapixel PNG takes 400 MB decoded. Throws
    /// `RasterError.invalidSize` for a frame of no pixels or over `Pixmap.maxPixelCount`; the
    /// scene is then unchanged.
    package mutating func fitBackdropImage(label: TextLabel?) throws(RasterError) {
        guard let image = backdropImage else { return }
        let (width, height) = Layout(scene: self, label: label).pixelSize(scale: scale)
        backdropImage = try Resample.aspectFill(image, width: width, height: height)
    }

    /// The label laid out for this scene, or nil without text. On an overlay, lines break where
    /// the card would get wider than the screen less 16 pt each side.
    public func makeLabel() throws(FontError) -> TextLabel? {
        guard let text, !text.isEmpty else { return nil }
        let source: FontSource = fontFile.map(FontSource.file) ?? .family(style.textFontName)
        var maxLineWidth: Double? = nil
        if variant == .overlay {
            maxLineWidth = screenSize.width - 2 * Layout.screenMargin - 2 * style.paddingHorizontal
        }
        return try TextLabel(
            text: text, font: source, size: style.textSize, maxLineWidth: maxLineWidth, language: language)
    }
}

/// Why a scene cannot be drawn.
public enum SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The style cannot be drawn.
    case style(StyleError)
    /// The scale is not a finite number above 0 and at most `Scene.maxScale`.
    case scale(Double)
    /// A side of the overlay's screen is not a finite length above 0 and at most
    /// `LoadingStyle.maxLength` points.
    case screen(Size)

    public var description: String {
        switch self {
        case .style(let error): return error.description
        case .scale(let scale):
            return "scale \(formatNumber(scale)) is out of range; expected a number above 0, at most "
                + formatNumber(Scene.maxScale)
        case .screen(let size):
            return "screen \(formatNumber(size.width)) × \(formatNumber(size.height)) pt is out of range; expected "
                + "sides above 0, at most \(formatNumber(LoadingStyle.maxLength)) pt"
        }
    }
}

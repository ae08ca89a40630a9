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

    public var style: LoadingStyle
    public var variant: Variant
    /// Pixels per point (1, 2, 3 or any positive number). Default: 1.
    public var scale: Double
    /// The overlay's screen in points; unused by the inline indicator. Default: 390 × 844 pt.
    public var screenSize: Size
    /// What lies under everything: the overlay's screen, or the inline image behind the card.
    /// Default: `.clear` (transparent).
    public var background: Color

    public init(style: LoadingStyle? = nil, variant: Variant = .indicator, scale: Double = 1,
                screenSize: Size = Scene.defaultScreenSize, background: Color = .clear) {
        self.style = style ?? (variant == .overlay ? .overlay : .indicator)
        self.variant = variant
        self.scale = scale
        self.screenSize = screenSize
        self.background = background
    }
}

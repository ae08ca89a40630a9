import StrictJSON

/// The loading indicator's style: the documented `LoadingStyle` struct, its 13 properties under
/// their documented names and defaults. Lengths are points (pt).
///
/// The defaults are the `.indicator` preset. `.overlay` is the same with cornerRadius 16,
/// paddingHorizontal 24 and paddingVertical 24. `validated()` states what a drawable style is.
public struct LoadingStyle: Sendable, Equatable, Hashable {
    /// Colour of the rotating arc. Default: #4287F5.
    public var spinnerColor: Color
    /// Colour of the static spinner track. Default: #E0E0E0.
    public var trackColor: Color
    /// Stroke width of the arc and the track, pt. Default: 4.
    public var strokeWidth: Double
    /// Spinner diameter (outer edge of the stroke), pt. Default: 48.
    public var spinnerSize: Double
    /// Label text colour. Default: #666666.
    public var textColor: Color
    /// Label text size, pt. Default: 14.
    public var textSize: Double
    /// Gap between the spinner box and the label, pt. Default: 8.
    public var textGap: Double
    /// Font family of the label; nil = the default family. Default: nil.
    public var textFontName: String?
    /// Colour of the card (the panel behind spinner and label). Default: white.
    public var backgroundColor: Color
    /// Card corner radius, pt. Default: 12.
    public var cornerRadius: Double
    /// Card padding left and right, pt. Default: 16.
    public var paddingHorizontal: Double
    /// Card padding top and bottom, pt. Default: 20.
    public var paddingVertical: Double
    /// Opacity of the black dim layer over the screen, 0…1 (overlay only). Default: 0.
    public var dimAmount: Double

    /// A style; each argument defaults to the `.indicator` preset's value.
    public init(
        spinnerColor: Color = Color(red8: 0x42, green8: 0x87, blue8: 0xF5),
        trackColor: Color = Color(red8: 0xE0, green8: 0xE0, blue8: 0xE0),
        strokeWidth: Double = 4,
        spinnerSize: Double = 48,
        textColor: Color = Color(red8: 0x66, green8: 0x66, blue8: 0x66),
        textSize: Double = 14,
        textGap: Double = 8,
        textFontName: String? = nil,
        backgroundColor: Color = .white,
        cornerRadius: Double = 12,
        paddingHorizontal: Double = 16,
        paddingVertical: Double = 20,
        dimAmount: Double = 0.0
    ) {
        self.spinnerColor = spinnerColor
        self.trackColor = trackColor
        self.strokeWidth = strokeWidth
        self.spinnerSize = spinnerSize
        self.textColor = textColor
        self.textSize = textSize
        self.textGap = textGap
        self.textFontName = textFontName
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.paddingHorizontal = paddingHorizontal
        self.paddingVertical = paddingVertical
        self.dimAmount = dimAmount
    }

    /// For inline use (`SecureLoadingView`): the documented defaults.
    public static let indicator = LoadingStyle()

    /// For the overlay variant: larger padding (24 pt each side) and corner radius 16.
    public static let overlay = LoadingStyle(cornerRadius: 16, paddingHorizontal: 24, paddingVertical: 24)

    /// The preset of a variant: `.indicator` for the inline view, `.overlay` for the overlay.
    public static func preset(for variant: Variant) -> LoadingStyle {
        variant == .overlay ? .overlay : .indicator
    }

    /// The longest length any property may have: 10 000 pt (at the largest scale, 16, that is
    /// 160 000 px, far beyond any screen).
    public static let maxLength = 10_000.0

    /// The style, or the first property that cannot be drawn: every property's value must be
    /// allowed by its kind (`StyleProperty.allows`: lengths finite from 0 to `maxLength`, textSize
    /// above 0, dimAmount within 0…1, a font name not blank), and strokeWidth at most
    /// spinnerSize / 2 (so the ring keeps its hole).
    public func validated() throws(StyleError) -> LoadingStyle {
        for property in StyleProperty.all where !property.allows(property.value(in: self)) {
            throw .outOfRange(property: property.name, value: property.value(in: self))
        }
        if strokeWidth > spinnerSize / 2 {
            throw .strokeWiderThanHalfTheSpinner(strokeWidth: strokeWidth, spinnerSize: spinnerSize)
        }
        return self
    }
}

/// Why a style cannot be drawn.
public enum StyleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value of the property named `property` is not one its kind allows.
    case outOfRange(property: String, value: StyleProperty.Value)
    /// strokeWidth is more than half of spinnerSize: the ring would have no hole.
    case strokeWiderThanHalfTheSpinner(strokeWidth: Double, spinnerSize: Double)

    public var description: String {
        switch self {
        case .outOfRange(let name, let value):
            let property = StyleProperty.named(name)
            return "\(name) \(property?.text(for: value) ?? "\(value)") is out of range; expected "
                + (property?.expected ?? "another value")
        case .strokeWiderThanHalfTheSpinner(let strokeWidth, let spinnerSize):
            return "strokeWidth \(formatNumber(strokeWidth)) is out of range; expected at most half of "
                + "spinnerSize (\(formatNumber(spinnerSize / 2)) pt)"
        }
    }
}

import StrictJSON

/// One of the 13 documented properties of `LoadingStyle`, declared once.
///
/// Everything that lists style properties derives from `StyleProperty.all`: the command line's
/// flags and their help, style files (reading and writing), the manifest, error messages that
/// name a property, the studio's form and the export formats. Adding a property to
/// `LoadingStyle` means adding one entry here (and its drawing code); a test walks the table so
/// that a property cannot be half wired.
///
/// The property's name is its documented Swift name (`spinnerColor`), which is also its JSON key;
/// its flag is the kebab-case form (`--spinner-color`). Lengths are points.
public struct StyleProperty: Sendable, Identifiable, CustomStringConvertible {
    /// What kind of value the property holds, and so which values are allowed.
    public enum Kind: Sendable, Equatable {
        /// An sRGB colour (`Color`); every value is allowed.
        case color
        /// A length in points, from 0 to `LoadingStyle.maxLength`.
        case length
        /// A text size in points, above 0 and at most `LoadingStyle.maxLength`.
        case textSize
        /// An opacity from 0 to 1.
        case opacity
        /// A font family name (`String?`): nil is the default family; a name is not empty.
        case fontName
    }

    /// A property's value, in the form its kind holds.
    public enum Value: Sendable, Equatable, Hashable {
        /// A colour (straight sRGB, 8 bits a channel).
        case color(Color)
        /// Points for lengths and sizes, 0…1 for an opacity.
        case number(Double)
        /// A family name; nil = the default family.
        case fontName(String?)
    }

    /// Where the value lives in `LoadingStyle`.
    enum Access: Sendable {
        case color(WritableKeyPath<LoadingStyle, Color> & Sendable)
        case number(WritableKeyPath<LoadingStyle, Double> & Sendable)
        case fontName(WritableKeyPath<LoadingStyle, String?> & Sendable)
    }

    /// The documented name, e.g. `spinnerColor`: the Swift property and the JSON key.
    public let name: String
    /// What values the property holds.
    public let kind: Kind
    /// One sentence for help texts and forms, ending in a period.
    public let summary: String
    let access: Access

    public var id: String { name }
    public var description: String { name }

    /// The command line's long option without dashes, e.g. `spinner-color`.
    public var flag: String { StyleProperty.kebabCase(name) }

    /// The value in `style`.
    public func value(in style: LoadingStyle) -> Value {
        switch access {
        case .color(let path): return .color(style[keyPath: path])
        case .number(let path): return .number(style[keyPath: path])
        case .fontName(let path): return .fontName(style[keyPath: path])
        }
    }

    /// Sets the value in `style`; the value must be of the property's kind.
    package func set(_ value: Value, in style: inout LoadingStyle) {
        switch (access, value) {
        case (.color(let path), .color(let color)): style[keyPath: path] = color
        case (.number(let path), .number(let number)): style[keyPath: path] = number
        case (.fontName(let path), .fontName(let name)): style[keyPath: path] = name
        default: preconditionFailure("a \(value) is not a value of \(name)")
        }
    }

    /// The value in the preset of `variant` (`.indicator` or `.overlay`).
    public func defaultValue(for variant: Variant) -> Value {
        value(in: LoadingStyle.preset(for: variant))
    }

    /// What a value must be, as help texts and errors say it ("a length from 0 to 10000 pt").
    public var expected: String {
        let limit = formatNumber(LoadingStyle.maxLength)
        switch kind {
        case .color: return "a colour as " + Color.acceptedForms
        case .length: return "a length from 0 to \(limit) pt"
        case .textSize: return "a size above 0, at most \(limit) pt"
        case .opacity: return "an opacity from 0 to 1"
        case .fontName: return "a font family name (not blank, no control characters)"
        }
    }

    /// Whether `value` is allowed on its own (`LoadingStyle.validated()` adds the rule between
    /// strokeWidth and spinnerSize).
    public func allows(_ value: Value) -> Bool {
        switch (kind, value) {
        case (.color, .color): return true
        case (.length, .number(let v)): return v.isFinite && v >= 0 && v <= LoadingStyle.maxLength
        case (.textSize, .number(let v)): return v.isFinite && v > 0 && v <= LoadingStyle.maxLength
        case (.opacity, .number(let v)): return v.isFinite && v >= 0 && v <= 1
        case (.fontName, .fontName(let name)):
            guard let name else { return true }
            return !name.allSatisfy(\.isWhitespace)
                && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
        default: return false
        }
    }

    /// The value as text for people and for the command line: hex for colours, numbers as people
    /// write them, a family name as it is (the default family for nil).
    public func text(for value: Value) -> String {
        switch value {
        case .color(let color): return color.hex
        case .number(let number): return formatNumber(number)
        case .fontName(let name): return name ?? FontLocator.defaultFamily
        }
    }

    /// The property named `name` (the documented name, exactly), or nil.
    public static func named(_ name: String) -> StyleProperty? {
        all.first { $0.name == name }
    }

    /// `spinnerColor` → `spinner-color`.
    static func kebabCase(_ name: String) -> String {
        // Property names are ASCII: byte by byte, without Unicode case tables (every option's
        // name is made at start-up).
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count + 4)
        for byte in name.utf8 {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                out += [UInt8(ascii: "-"), byte + 32]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // The properties, in the documentation's order; `all` lists them.
    /// The rotating arc's colour.
    public static let spinnerColor = StyleProperty(
        name: "spinnerColor", kind: .color, summary: "Colour of the rotating arc.", access: .color(\.spinnerColor))

    /// The static ring's colour.
    public static let trackColor = StyleProperty(
        name: "trackColor", kind: .color, summary: "Colour of the static spinner track.", access: .color(\.trackColor))

    /// The ring's and the arc's line width.
    public static let strokeWidth = StyleProperty(
        name: "strokeWidth", kind: .length,
        summary: "Stroke width of the arc and track, at most half the spinner size.", access: .number(\.strokeWidth))

    /// The ring's outer diameter.
    public static let spinnerSize = StyleProperty(
        name: "spinnerSize", kind: .length, summary: "Spinner diameter, to the outer edge of the stroke.",
        access: .number(\.spinnerSize))

    /// The label's colour.
    public static let textColor = StyleProperty(
        name: "textColor", kind: .color, summary: "Colour of the label.", access: .color(\.textColor))

    /// The label's font size.
    public static let textSize = StyleProperty(
        name: "textSize", kind: .textSize, summary: "Size of the label's font.", access: .number(\.textSize))

    /// Space between the spinner and the label.
    public static let textGap = StyleProperty(
        name: "textGap", kind: .length, summary: "Gap between the spinner and the label.", access: .number(\.textGap))

    /// The label's font family.
    public static let textFontName = StyleProperty(
        name: "textFontName", kind: .fontName, summary: "Font family of the label, found with fontconfig.",
        access: .fontName(\.textFontName))

    /// The card's colour.
    public static let backgroundColor = StyleProperty(
        name: "backgroundColor", kind: .color, summary: "Colour of the card (the panel behind spinner and label).",
        access: .color(\.backgroundColor))

    /// The card's corner radius.
    public static let cornerRadius = StyleProperty(
        name: "cornerRadius", kind: .length, summary: "Corner radius of the card.", access: .number(\.cornerRadius))

    /// Space left and right inside the card.
    public static let paddingHorizontal = StyleProperty(
        name: "paddingHorizontal", kind: .length, summary: "Card padding left and right.",
        access: .number(\.paddingHorizontal))

    /// Space above and below inside the card.
    public static let paddingVertical = StyleProperty(
        name: "paddingVertical", kind: .length, summary: "Card padding top and bottom.",
        access: .number(\.paddingVertical))

    /// The opacity of the black layer over the screen (overlay only).
    public static let dimAmount = StyleProperty(
        name: "dimAmount", kind: .opacity, summary: "Opacity of the black dim layer over the screen (overlay only).",
        access: .number(\.dimAmount))

    /// Every property, in the documentation's order.
    public static let all: [StyleProperty] = [
        spinnerColor,
        trackColor,
        strokeWidth,
        spinnerSize,
        textColor,
        textSize,
        textGap,
        textFontName,
        backgroundColor,
        cornerRadius,
        paddingHorizontal,
        paddingVertical,
        dimAmount,
    ]
}

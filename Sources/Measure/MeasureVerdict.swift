import Raster
import StrictJSON

/// A measured style checked property by property against an expected one.
///
/// The measured value is the one the style file holds (`IndicatorMeasurement.roundedStyle`).
/// Colours are compared by CIEDE2000 as they show: each over what it is drawn on in the
/// measurement (the arc over the track, the track and the label over the card, the card over
/// white), so a translucent colour passes when it looks the same. Lengths (and the text size)
/// pass within the length tolerance, the dim amount within the opacity tolerance, each widened by
/// the property's ±: a property fails only when it is off by more than the tolerance and what the
/// measurement cannot tell together, so a screenshot of the expected style passes however lossy.
/// A property the measurement could not recover is "unknown", the font family (never measured,
/// only assumed) is "assumed"; neither fails.
public struct MeasureVerdict: Sendable {
    /// How a property compares.
    public enum Result: String, Sendable {
        /// Within the tolerance.
        case pass
        /// Off by more than the tolerance.
        case fail = "FAIL"
        /// Not recovered from the screenshot.
        case unknown
        /// Not measured: taken from the options.
        case assumed
    }

    /// One property's row.
    public struct Row: Sendable {
        /// The documented property name.
        public let property: String
        /// The expected and the measured value as the command line writes them.
        public let expected: String
        /// The measured value, with its ± when known.
        public let measured: String
        /// The difference ("ΔE 0.4", "0.12 pt"), empty when not compared.
        public let difference: String
        /// The tolerance ("ΔE 2", "0.5 pt").
        public let tolerance: String
        /// The outcome.
        public let result: Result
        /// The difference as a number (ΔE00, pt or opacity), nil when not compared.
        public let value: Double?
        /// The measured value's ±, nil when it has none.
        public var uncertainty: Double? = nil
        /// Which tolerance the row is held to, nil when not compared.
        public var kind: Tolerance? = nil
        /// The least tolerance of `kind` that passes the row: the difference less the ±, up to
        /// the next 0.01; nil when not compared.
        public var acceptedAt: Double? = nil
    }

    /// The three tolerances.
    public enum Tolerance: String, Sendable {
        /// ΔE00.
        case color
        /// Points.
        case length
        /// 0…1.
        case opacity
    }

    /// The rows, in the documentation's order of the properties.
    public let rows: [Row]

    /// Whether no property fails.
    public var passes: Bool { !rows.contains { $0.result == .fail } }

    /// `measurement` against `expected`: colours within `colorTolerance` (ΔE00), lengths within
    /// `lengthTolerance` (pt), the dim amount within `opacityTolerance` (0…1).
    public init(
        _ measurement: IndicatorMeasurement, against expected: LoadingStyle, colorTolerance: Double = 2,
        lengthTolerance: Double = 0.5, opacityTolerance: Double = 0.02
    ) {
        let measured = measurement.roundedStyle
        var rows: [Row] = []
        for property in StyleProperty.all {
            let want = property.value(in: expected)
            let got = property.value(in: measured)
            let uncertainty = measurement.uncertainty[property.name] ?? 0
            let plusMinus = measurement.uncertainty[property.name].map { " ± " + MeasureVerdict.brief($0) } ?? ""
            let shown = property.text(for: got) + plusMinus
            if measurement.unknown.contains(property.name) {
                rows.append(Row(property.name, property.text(for: want), "unknown", "", "", .unknown, nil))
                continue
            }
            switch (property.kind, want, got) {
            case (.color, .color(let a), .color(let b)):
                let base = MeasureVerdict.base(of: property, in: measured)
                let delta = ColorDifference.ciede2000(a.over(base), b.over(base))
                let result: Result = delta <= colorTolerance + uncertainty ? .pass : .fail
                var row = Row(
                    property.name, a.hex, shown, "ΔE " + MeasureVerdict.brief(delta),
                    "ΔE " + MeasureVerdict.brief(colorTolerance), result, delta)
                row.kind = .color
                row.uncertainty = measurement.uncertainty[property.name]
                row.acceptedAt = MeasureVerdict.least(delta - uncertainty)
                rows.append(row)
            case (.fontName, _, _):
                rows.append(
                    Row(property.name, property.text(for: want), property.text(for: got), "", "", .assumed, nil))
            case (_, .number(let a), .number(let b)):
                let opacity = property.kind == .opacity
                let tolerance = opacity ? opacityTolerance : lengthTolerance
                let delta = abs(a - b)
                let unit = opacity ? "" : " pt"
                var row = Row(
                    property.name, property.text(for: want), MeasureVerdict.brief(b) + plusMinus,
                    MeasureVerdict.brief(delta) + unit, MeasureVerdict.brief(tolerance) + unit,
                    delta <= tolerance + uncertainty + 1e-9 ? .pass : .fail, delta)
                row.kind = opacity ? .opacity : .length
                row.uncertainty = measurement.uncertainty[property.name]
                row.acceptedAt = MeasureVerdict.least(delta - uncertainty)
                rows.append(row)
            default:
                rows.append(Row(property.name, property.text(for: want), shown, "", "", .unknown, nil))
            }
        }
        self.rows = rows
    }

    /// What a colour property is drawn on in `style`: the arc on the track on the card, the
    /// track and the label on the card, the card on white.
    static func base(of property: StyleProperty, in style: LoadingStyle) -> Color {
        let card = style.backgroundColor.over(.white)
        switch property.name {
        case StyleProperty.spinnerColor.name: return style.trackColor.over(card)
        case StyleProperty.trackColor.name, StyleProperty.textColor.name: return card
        default: return .white
        }
    }

    /// `value` up to the next 0.01 (at least 0): a tolerance that accepts a difference of
    /// `value`.
    static func least(_ value: Double) -> Double {
        max(0, ((value - 1e-9) * 100).rounded(.up) / 100)
    }

    /// A number with at most two decimals, as the table writes it.
    public static func brief(_ value: Double) -> String {
        formatNumber((value * 100).rounded() / 100)
    }
}

extension MeasureVerdict.Row {
    init(
        _ property: String, _ expected: String, _ measured: String, _ difference: String, _ tolerance: String,
        _ result: MeasureVerdict.Result, _ value: Double?
    ) {
        self.init(
            property: property, expected: expected, measured: measured, difference: difference, tolerance: tolerance,
            result: result, value: value)
    }
}

extension Color {
    /// This colour composited source-over onto the opaque colour `base` (8-bit, rounded).
    func over(_ base: Color) -> Color {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return Color(red8: mix(red, base.red), green8: mix(green, base.green), blue8: mix(blue, base.blue))
    }
}

import Raster

/// The measured style as a person would write it: no figure finer than its ± can tell.
///
/// A length (points) is taken to the coarsest of 1, 0.5, 0.1, 0.05 and 0.01 pt that moves it by
/// at most half its ± (8.01 ± 0.3 pt is 8, 15.37 ± 0.05 pt is 15.35, 15.37 ± 0.02 pt stays); the
/// dim amount the same way at 0.1, 0.05, 0.01 and 0.001. A colour is taken to the first of its
/// `#RGB` grey (each channel the same multiple of 0x11), its nearest grey and itself that is
/// within half its ± in CIEDE2000, and never by more than ΔE 1, which people barely see
/// (#FEFEFE ± 1 is #FFFFFF, #E1E0E0 ± 1.2 is #E0E0E0, #5C5C5C ± 7.6 stays, #4287F5 stays): a
/// brand's hue is not moved toward a rounder hex, which honesty.py showed takes the truth out of
/// the ±, nor a grey by more than can be seen. Half the ±, so that what rounding moves is small beside what the
/// measurement does not know (docs/measure.md). A property without a ± keeps its value to
/// 0.01 pt (0.001 for the dim).
extension IndicatorMeasurement {
    /// `style` rounded as above; the style file, the JSON, the verdicts and the studio show this.
    public var roundedStyle: LoadingStyle {
        var out = style
        for property in StyleProperty.all {
            let plusMinus = uncertainty[property.name] ?? 0
            switch property.value(in: style) {
            case .number(let value):
                let opacity = property.kind == .opacity
                let steps = opacity ? [0.1, 0.05, 0.01, 0.001] : [1, 0.5, 0.1, 0.05, 0.01]
                property.set(.number(Self.rounded(value, within: plusMinus / 2, steps: steps)), in: &out)
            case .color(let color):
                property.set(.color(Self.rounded(color, within: plusMinus / 2)), in: &out)
            case .fontName:
                continue
            }
        }
        return out
    }

    /// `value` at the coarsest of `steps` (coarsest first) that moves it by at most `limit`, else
    /// at the finest.
    static func rounded(_ value: Double, within limit: Double, steps: [Double]) -> Double {
        // Divided by a whole number of steps a unit (100 for 0.01), so that 15.37 prints as 15.37.
        func round(_ step: Double) -> Double {
            let perUnit = (1 / step).rounded()
            return (value * perUnit).rounded() / perUnit
        }
        for step in steps where abs(round(step) - value) <= limit { return round(step) }
        return round(steps[steps.count - 1])
    }

    /// The first of `color`'s `#RGB` grey, its grey and itself within `limit` ΔE00 of it and
    /// within ΔE 1 (alpha kept).
    static func rounded(_ color: Color, within limit: Double) -> Color {
        let channels = [Double(color.red), Double(color.green), Double(color.blue)]
        let grey = channels.reduce(0, +) / 3
        func shortForm(_ value: Double) -> UInt8 { UInt8((value / 17).rounded() * 17) }
        func exact(_ value: Double) -> UInt8 { UInt8(value.rounded()) }
        let candidates = [
            Color(red8: shortForm(grey), green8: shortForm(grey), blue8: shortForm(grey), alpha8: color.alpha),
            Color(red8: exact(grey), green8: exact(grey), blue8: exact(grey), alpha8: color.alpha),
        ]
        for candidate in candidates where ColorDifference.ciede2000(candidate, color) <= min(limit, 1) {
            return candidate
        }
        return color
    }
}

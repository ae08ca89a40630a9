import Raster
import StrictJSON

/// The last step of a measurement: the style it prints must be one `--style-file` reads.
///
/// Every recovered value is held to what its property allows (`StyleProperty.allows`: lengths
/// from 0 to 10 000 pt, a text size above 0, a dim within 0…1), as measured and as a style file
/// writes it (lengths to 0.01 pt, the dim to 0.001); one that is not (a negative gap from a label
/// that is not under the ring, a stroke wider than half the spinner) is left out of the style,
/// added to `unknown` and explained in a note. The style the file gives (the preset of the
/// measured form, the recovered values over it) must then validate (`LoadingStyle.validated`);
/// a ring whose measured size leaves no room for any stroke is not an indicator.
extension IndicatorMeasurement {
    mutating func leaveOutWhatNoStyleHas(imageWidth: Int, imageHeight: Int) throws(MeasureError) {
        var refused: [String] = []
        for property in StyleProperty.all where !unknown.contains(property.name) {
            let value = property.value(in: style)
            if !property.allows(value) || !property.allows(Self.asWritten(value, property)) {
                refused.append("\(property.name) \(property.text(for: Self.asWritten(value, property)))")
                unknown.insert(property.name)
            }
        }
        if !unknown.contains(StyleProperty.strokeWidth.name), style.strokeWidth > style.spinnerSize / 2 {
            refused.append(
                "strokeWidth \(formatNumber((style.strokeWidth * 100).rounded() / 100)) (more than half of the "
                    + "spinner's \(formatNumber((style.spinnerSize * 100).rounded() / 100)) pt)")
            unknown.insert(StyleProperty.strokeWidth.name)
        }
        if !refused.isEmpty {
            notes.append(
                "measured values no style can have, left out: \(refused.joined(separator: ", "))")
        }
        // What a style file of the recovered values gives, over the preset it names.
        var written = LoadingStyle.preset(for: variant)
        for property in StyleProperty.all where !unknown.contains(property.name) {
            property.set(Self.asWritten(property.value(in: style), property), in: &written)
        }
        guard (try? written.validated()) != nil else {
            throw .noIndicator(width: imageWidth, height: imageHeight)
        }
    }

    /// `value` as a style file writes it: lengths to 0.01 pt, an opacity to 0.001.
    static func asWritten(_ value: StyleProperty.Value, _ property: StyleProperty) -> StyleProperty.Value {
        guard case .number(let number) = value else { return value }
        let factor = property.kind == .opacity ? 1000.0 : 100.0
        return .number((number * factor).rounded() / factor)
    }
}

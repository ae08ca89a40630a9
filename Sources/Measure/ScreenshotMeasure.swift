import Images
import Raster
import StrictJSON

/// Reads a loading indicator back from a screenshot (docs/measure.md).
///
/// The ring is found first (`RingSearch`: where many edges point at a common centre) and fitted
/// (`RingFit`); candidates that are not a ring with an arc of another colour are dropped. The
/// card is found around the measured ring (`CardFit`, `CornerFit`), the label inside the card
/// under the ring (`LabelFit`, `LabelText`), the dim layer against the backdrop when one is
/// given (`DimFit`). The style is then drawn again over the screenshot's surroundings and
/// compared with it (`MeasureRender`). Pixels in, values out: nothing is read or written here.
public enum ScreenshotMeasure {
    /// The indicator in `image`, or `MeasureError.noIndicator`. With two or more, the one whose
    /// ring the model fits best (`RingFit.quality`) is measured and the others are listed in
    /// `others` and `notes`.
    public static func measure(_ image: Pixmap, options: MeasureOptions) throws(MeasureError) -> IndicatorMeasurement {
        let pixels = ScreenPixels(image)
        let scale = options.scale.scale
        let rings = findRings(pixels, scale: scale, jpeg: options.format == .jpeg)
        guard var ring = rings.first else { throw .noIndicator(width: image.width, height: image.height) }
        ring.refineThinJPEGTrack(pixels)
        var parts = IndicatorParts(pixels: pixels, ring: ring, options: options)
        parts.findCardAndLabel()
        var measurement = parts.measurement()
        measurement.others = rings.dropFirst().map { Point(x: $0.centerX / scale, y: $0.centerY / scale) }
        if !measurement.others.isEmpty {
            let places = ([ring] + rings.dropFirst()).map {
                "(\(formatPoint($0.centerX / scale)), \(formatPoint($0.centerY / scale))) pt"
            }
            measurement.notes.insert(
                "\(rings.count) loading indicators found, centred at \(places.joined(separator: ", ")); "
                    + "measured the first (the one the model fits best)", at: 0)
        }
        if let backdrop = options.backdrop {
            try parts.measureDim(backdrop, into: &measurement)
        }
        MeasureRender.compare(parts, into: &measurement)
        try measurement.leaveOutWhatNoStyleHas(imageWidth: image.width, imageHeight: image.height)
        return measurement
    }

    /// Every ring found that may be an indicator, the best first (`RingFit.quality`; ties: higher
    /// up, then left); after the first, only those of quality 0.9 or more.
    static func findRings(_ pixels: ScreenPixels, scale: Double, jpeg: Bool) -> [RingFit] {
        let search = RingSearch(pixels, scale: scale, jpeg: jpeg)
        var fits: [RingFit] = []
        // Peaks around one object give several candidates that start alike: one full fit for
        // each start (a centre within two search pixels, an outer radius within a fifth).
        var started: [RingFit] = []
        let error = Double(search.reduced.factor) + 1
        for candidate in search.candidates() {
            guard var start = RingFit.initial(pixels, candidate: candidate, error: error) else { continue }
            if started.contains(where: { other in
                let (dx, dy) = (other.centerX - start.centerX, other.centerY - start.centerY)
                return (dx * dx + dy * dy).squareRoot() <= 2 * error
                    && abs(other.outerRadius - start.outerRadius) <= start.outerRadius / 5
            }) {
                continue
            }
            started.append(start)
            start.jpeg = jpeg
            guard let fit = start.completed(pixels, error: error) else { continue }
            if let same = fits.firstIndex(where: { other in
                let dx = other.centerX - fit.centerX
                let dy = other.centerY - fit.centerY
                return (dx * dx + dy * dy).squareRoot() < max(other.outerRadius, fit.outerRadius)
            }) {
                if fit.quality > fits[same].quality { fits[same] = fit }
            } else {
                fits.append(fit)
            }
        }
        // Best first: the model explains most, and the arc reaches as far as it should. Rings
        // that do both less well than a real indicator does are not counted as more indicators.
        let ranked = fits.sorted { a, b in
            if a.quality != b.quality { return a.quality > b.quality }
            return (a.centerY, a.centerX) < (b.centerY, b.centerX)
        }
        return ranked.prefix(1) + ranked.dropFirst().filter { $0.quality >= 0.9 }
    }
}

/// A coordinate in points as the notes write it: at most one decimal.
func formatPoint(_ value: Double) -> String {
    formatNumber((value * 10).rounded() / 10)
}

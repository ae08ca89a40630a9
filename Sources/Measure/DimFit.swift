import Images
import Raster

/// The dim layer's opacity from the screenshot and the screen without it (the backdrop).
///
/// A black layer of opacity d over the screen S gives (1 − d)·S in every channel (premultiplied
/// source-over in sRGB), so over the pixels outside the card (and 8 pt clear of it), d is one
/// less the least-squares slope of the screenshot on the backdrop, through zero. A backdrop of
/// another size is first scaled to cover the screenshot (as `frames --backdrop-image` scales
/// it). Pixels the slope leaves more than 24 levels off are not the backdrop's (a status bar
/// that changed, a keyboard) are left out and the slope fitted again; over a quarter of them is
/// a backdrop of another screen.
extension IndicatorParts {
    func measureDim(_ backdrop: Pixmap, into measurement: inout IndicatorMeasurement) throws(MeasureError) {
        let under: Pixmap
        if backdrop.width == pixels.width && backdrop.height == pixels.height {
            under = backdrop
        } else if let scaled = try? Resample.aspectFill(backdrop, width: pixels.width, height: pixels.height) {
            under = scaled
        } else {
            throw .backdropMismatch(unexplained: 1)
        }
        let s = scale
        let keepOut =
            measurement.card.map { $0.scaled(by: s) }
            ?? Rect(
                x: ring.centerX - ring.outerRadius, y: ring.centerY - ring.outerRadius, width: 2 * ring.outerRadius,
                height: 2 * ring.outerRadius)
        let margin = 8 * s
        let screen = ScreenPixels(under)
        var sxy = 0.0
        var sxx = 0.0
        var pairs: [(RGB, RGB)] = []
        // Every other pixel of every other row: plenty, in a quarter of the time.
        for y in stride(from: 0, to: pixels.height, by: 2) {
            let rowInside = Double(y) >= keepOut.minY - margin && Double(y) <= keepOut.maxY + margin
            for x in stride(from: 0, to: pixels.width, by: 2) {
                if rowInside && Double(x) >= keepOut.minX - margin && Double(x) <= keepOut.maxX + margin { continue }
                let shot = pixels.rgb(x, y)
                let base = screen.rgb(x, y)
                sxy += Double((shot * base).sum())
                sxx += Double((base * base).sum())
                pairs.append((shot, base))
            }
        }
        guard sxx > 0, !pairs.isEmpty else { throw .backdropMismatch(unexplained: 1) }
        // Fitted again without the pixels the first slope leaves more than 24 levels off (a card
        // whose edges did not stand out, a status bar that changed).
        func off(_ pair: (RGB, RGB), _ slope: Double) -> Bool {
            (pair.0 - pair.1 * Float(slope)).distance(to: RGB(0, 0, 0)) > 24
        }
        var slope = sxy / sxx
        let kept = pairs.filter { !off($0, slope) }
        let keptxx = kept.reduce(0.0) { $0 + Double(($1.1 * $1.1).sum()) }
        if keptxx > 0 { slope = kept.reduce(0.0) { $0 + Double(($1.0 * $1.1).sum()) } / keptxx }
        let unexplained = Double(pairs.filter { off($0, slope) }.count) / Double(pairs.count)
        guard unexplained <= 0.25 else { throw .backdropMismatch(unexplained: unexplained) }
        measurement.style.dimAmount = min(1, max(0, 1 - slope))
        measurement.unknown.remove("dimAmount")
        let floor = options.format == .jpeg || options.scale.resampled ? 0.01 : 0.005
        measurement.uncertainty["dimAmount"] = floor + 2 * unexplained
        if measurement.style.dimAmount > 0.005 { measurement.variant = .overlay }
    }
}

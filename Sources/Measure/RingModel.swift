import Images
import Raster

/// The fitted ring drawn as the contract draws it (track ring, then the arc with round caps, by
/// the package's exact-area rasterizer) over the fitted card colour, to see how much of the
/// screenshot it explains.
struct RingModel {
    let fit: RingFit

    init(_ fit: RingFit) {
        self.fit = fit
    }

    /// The track's and the arc's outlines, in screenshot pixels.
    var paths: (track: Path, arc: Path) {
        let center = Point(x: fit.centerX, y: fit.centerY)
        let track = Path.ring(center: center, outerRadius: fit.outerRadius, innerRadius: fit.innerRadius)
        let arc = Path.strokedArc(
            center: center, radius: fit.radius, width: fit.thickness, start: .degrees(fit.arcStart),
            sweep: .degrees(90))
        return (track, arc)
    }

    /// The pixels of the ring's box, clipped to the image.
    func window(width: Int, height: Int) -> PixelRect {
        let reach = fit.outerRadius + 2
        return PixelRect(
            x0: Int((fit.centerX - reach).rounded(.down)), y0: Int((fit.centerY - reach).rounded(.down)),
            x1: Int((fit.centerX + reach).rounded(.up)), y1: Int((fit.centerY + reach).rounded(.up))
        ).intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
    }

    /// The share (0…1) of the box's pixels within the noise of the model (the largest channel
    /// difference at most 12 levels, 24 in a JPEG, plus four times the card's noise), and the
    /// share of the stroke's pixels alone (those within 1 px of it).
    func explainedShare(of pixels: ScreenPixels) -> (box: Double, stroke: Double) {
        let window = self.window(width: pixels.width, height: pixels.height)
        guard !window.isEmpty else { return (0, 0) }
        let (track, arc) = paths
        let trackMask = Rasterizer.coverage(of: track, in: window)
        let arcMask = Rasterizer.coverage(of: arc, in: window)
        let tolerance = (fit.jpeg ? 24 : 12) + 4 * fit.noise
        let (inner, outer) = (fit.innerRadius - 1, fit.outerRadius + 1)
        var explained = (box: 0, stroke: 0)
        var strokePixels = 0
        for y in window.y0..<window.y1 {
            let dy = Double(y) + 0.5 - fit.centerY
            for x in window.x0..<window.x1 {
                let t = trackMask.coverage(x: x, y: y)
                let a = arcMask.coverage(x: x, y: y)
                var model = fit.card + (fit.track - fit.card) * t
                model += (fit.arc - model) * a
                let good = model.distance(to: pixels.rgb(x, y)) <= tolerance
                let dx = Double(x) + 0.5 - fit.centerX
                let d = (dx * dx + dy * dy).squareRoot()
                let onStroke = d >= inner && d <= outer
                if onStroke { strokePixels += 1 }
                if good { explained = (explained.box + 1, explained.stroke + (onStroke ? 1 : 0)) }
            }
        }
        return (
            Double(explained.box) / Double(window.width * window.height),
            Double(explained.stroke) / Double(max(1, strokePixels))
        )
    }
}

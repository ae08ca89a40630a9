import Images
import Raster
import Testing

@testable import Measure

/// A screen wider than tall: the overlay drawn on a landscape screen in the test and read back
/// by every step, and a landscape screenshot's size.
@Suite struct LandscapeTests {
    @Test(arguments: [(320.0, 180.0, 2.0), (420.0, 150.0, 1.5)])
    func anOverlayOnALandscapeScreenReadsBack(width: Double, height: Double, scale: Double) throws {
        var style = RingSearchTests.style()
        style.textColor = LabelFitTests.textColor
        style.dimAmount = 0.3
        let backdrop = try gradientPicture(width: Int(width * scale), height: Int(height * scale))
        let drawn = try DrawnIndicator(
            style: style, scale: scale, screen: Size(width: width, height: height), text: "Processing payment…",
            backdrop: backdrop)
        #expect(drawn.image.width > drawn.image.height)
        var options = MeasureOptions(
            scale: try ScreenshotScale.resolve(width: drawn.image.width, height: drawn.image.height, scale: scale),
            format: .png)
        options.backdrop = backdrop
        options.frames = 60
        let m = try ScreenshotMeasure.measure(drawn.image, options: options)
        #expect(m.frame == drawn.frame)
        #expect(abs(m.style.spinnerSize - 48) <= 0.1 && abs(m.style.strokeWidth - 4) <= 0.02, "\(m.style)")
        #expect(abs(m.style.textSize - 14) <= 0.1 && m.text == "Processing payment…", "\(m.style.textSize) pt")
        #expect(abs(m.style.dimAmount - 0.3) <= 0.005, "dim \(m.style.dimAmount)")
        let card = try #require(m.card)
        let layout = drawn.renderer.layout.card
        for (name, a, b) in [
            ("left", card.minX, layout.minX), ("top", card.minY, layout.minY), ("right", card.maxX, layout.maxX),
            ("bottom", card.maxY, layout.maxY),
        ] {
            #expect(abs(a - b) <= 0.1, "card's \(name) edge at \(a) pt for \(b)")
        }
        #expect(m.variant == .overlay && m.unknown.isEmpty, "\(m.variant), unknown \(m.unknown)")
    }

    /// An iPhone 15's screenshot turned to landscape (2556 × 1179 px) is its screen at 3 px a
    /// point, as the portrait one is.
    @Test func aLandscapeScreenshotsSizeGivesItsScale() throws {
        let turned = try ScreenshotScale.resolve(width: 2556, height: 1179)
        #expect(turned.scale == 3 && !turned.resampled, "scale \(turned.scale)")
    }
}

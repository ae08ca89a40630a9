import Images
import Raster
import Testing

@testable import Measure

/// The dim layer's opacity on its own (`IndicatorParts.measureDim`), against the backdrop an
/// overlay was drawn over in the test: the drawn opacity, none, a backdrop of another size, and a
/// backdrop of another screen refused.
@Suite struct DimFitTests {
    static let screen = Size(width: 180, height: 180)

    /// The parts of an overlay dimmed by `dim` over `backdrop` at 2 px a point, with their
    /// measurement before the dim.
    static func parts(dim: Double, backdrop: Pixmap) throws -> (IndicatorParts, IndicatorMeasurement) {
        var style = RingSearchTests.style()
        style.dimAmount = dim
        let drawn = try DrawnIndicator(style: style, screen: screen, backdrop: backdrop)
        let ring = try #require(drawn.foundRings().first)
        let options = MeasureOptions(
            scale: try ScreenshotScale.resolve(width: drawn.image.width, height: drawn.image.height, scale: 2),
            format: .png)
        var parts = IndicatorParts(pixels: drawn.pixels, ring: ring, options: options)
        parts.findCardAndLabel()
        return (parts, parts.measurement())
    }

    @Test(arguments: [0.35, 0.6, 0.05])
    func theDrawnOpacityIsRecovered(dim: Double) throws {
        let backdrop = try gradientPicture(width: 360, height: 360)
        let (parts, before) = try Self.parts(dim: dim, backdrop: backdrop)
        #expect(before.unknown.contains("dimAmount"))
        var measurement = before
        try parts.measureDim(backdrop, into: &measurement)
        // Each pixel is rounded to 8 bits: the slope over thousands of them is far closer.
        #expect(abs(measurement.style.dimAmount - dim) <= 0.005, "dim \(measurement.style.dimAmount) for \(dim)")
        #expect(!measurement.unknown.contains("dimAmount"))
        #expect(measurement.variant == .overlay)
        let uncertainty = try #require(measurement.uncertainty["dimAmount"])
        #expect(uncertainty <= 0.01, "± \(uncertainty)")
    }

    @Test func noDimLayerReadsAsNone() throws {
        let backdrop = try gradientPicture(width: 360, height: 360)
        let (parts, before) = try Self.parts(dim: 0, backdrop: backdrop)
        var measurement = before
        try parts.measureDim(backdrop, into: &measurement)
        #expect(measurement.style.dimAmount <= 0.005, "dim \(measurement.style.dimAmount) for 0")
    }

    /// A backdrop of half the size is scaled to cover the screen, as the renderer scales it.
    @Test func aBackdropOfAnotherSizeIsScaledFirst() throws {
        let backdrop = try gradientPicture(width: 180, height: 180)
        let (parts, before) = try Self.parts(dim: 0.4, backdrop: backdrop)
        var measurement = before
        try parts.measureDim(backdrop, into: &measurement)
        #expect(abs(measurement.style.dimAmount - 0.4) <= 0.005, "dim \(measurement.style.dimAmount) for 0.4")
    }

    /// The backdrop turned half round is another screen: most pixels are not it under a layer.
    @Test func aBackdropOfAnotherScreenIsRefused() throws {
        let backdrop = try gradientPicture(width: 360, height: 360)
        let (parts, before) = try Self.parts(dim: 0.35, backdrop: backdrop)
        var measurement = before
        let other = try gradientPicture(width: 360, height: 360, turned: true)
        let error = #expect(throws: MeasureError.self) { try parts.measureDim(other, into: &measurement) }
        guard case .backdropMismatch(let unexplained)? = error else {
            Issue.record("\(String(describing: error)) for a backdrop of another screen")
            return
        }
        #expect(unexplained > 0.25, "\(unexplained) of the pixels unexplained")
    }

    /// A black backdrop is black under any layer: nothing to measure the dim by.
    @Test func aBlackBackdropIsRefused() throws {
        let black = try flatPicture(width: 360, height: 360, .black)
        let (parts, before) = try Self.parts(dim: 0.35, backdrop: black)
        var measurement = before
        #expect(throws: MeasureError.backdropMismatch(unexplained: 1)) {
            try parts.measureDim(black, into: &measurement)
        }
    }

    @Test func anOpaqueLayerReadsAsOne() throws {
        let backdrop = try gradientPicture(width: 360, height: 360)
        let (parts, before) = try Self.parts(dim: 1, backdrop: backdrop)
        var measurement = before
        try parts.measureDim(backdrop, into: &measurement)
        #expect(measurement.style.dimAmount >= 0.995, "dim \(measurement.style.dimAmount) for 1")
    }
}

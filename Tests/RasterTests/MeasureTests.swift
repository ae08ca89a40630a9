import Testing

@testable import Raster

/// The measurement's parts on their own: colour science, the decoders, the calibration kept in
/// the code, the ring fit on frames this package draws.
@Suite struct MeasureTests {
    @Test func theDefaultFontsCalibrationIsTheOneKept() throws {
        let calibrated = try LabelFont.calibrated(.family(nil))
        #expect(LabelFont.dejaVuSans == calibrated)
    }
}

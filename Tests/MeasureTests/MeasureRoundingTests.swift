import Testing

@testable import Measure
@testable import Raster

/// A measured figure rounded as far as its ± allows (`IndicatorMeasurement.roundedStyle`), and
/// the verdict's least tolerance that accepts a difference.
@Suite struct MeasureRoundingTests {
    static let lengthSteps = [1, 0.5, 0.1, 0.05, 0.01]

    @Test(arguments: [
        (8.01, 0.3, 8.0), (15.99, 0.3, 16.0), (15.37, 0.05, 15.35), (15.37, 0.02, 15.37), (15.37, 0.2, 15.4),
        (15.52, 0.1, 15.5),
        (0.004, 0.1, 0.0), (23.756, 0.02, 23.75), (23.756, 0.01, 23.76),
    ])
    func aLengthTakesTheCoarsestStepWithinHalfItsPlusMinus(_ value: Double, _ plusMinus: Double, _ expected: Double) {
        let rounded = IndicatorMeasurement.rounded(value, within: plusMinus / 2, steps: Self.lengthSteps)
        #expect(rounded == expected, "\(value) ± \(plusMinus) rounded to \(rounded), not \(expected)")
    }

    @Test(arguments: [
        ("#FEFEFE", 1.0, "#FFFFFF"), ("#656565", 1.0, "#666666"), ("#E1E0E0", 1.2, "#E0E0E0"),
        ("#4287F5", 1.0, "#4287F5"), ("#4287F5", 2.0, "#4287F5"), ("#CBBB34", 12.0, "#CBBB34"),
        ("#06D37B", 0.0, "#06D37B"), ("#5C5C5C", 7.6, "#5C5C5C"),
    ])
    func aColourTakesTheRoundestHexWithinHalfItsPlusMinus(_ hex: String, _ plusMinus: Double, _ expected: String) {
        guard let color = Color(parsing: hex) else {
            Issue.record("\(hex) is not a colour")
            return
        }
        let rounded = IndicatorMeasurement.rounded(color, within: plusMinus / 2)
        #expect(rounded.hex == expected, "\(hex) ± ΔE \(plusMinus) rounded to \(rounded.hex), not \(expected)")
        #expect(ColorDifference.ciede2000(rounded, color) <= plusMinus / 2)
    }

    @Test func theLeastAcceptingToleranceIsTheDifferenceLessThePlusMinusUpToAHundredth() {
        #expect(MeasureVerdict.least(2 - 0.13) == 1.87)
        #expect(MeasureVerdict.least(4.12 - 3.75) == 0.37)
        #expect(MeasureVerdict.least(0.1 - 0.3) == 0)
    }
}

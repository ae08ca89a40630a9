import Testing

@testable import Lint
@testable import Raster

/// WCAG 2.2's contrast formula against ratios published with the guidelines and by WebAIM, and
/// the nearest colour of the same hue that reaches a ratio.
@Suite struct ContrastTests {
    static func color(_ hex: String) -> Color { Color(parsing: hex)! }

    @Test(arguments: [
        ("#000000", "#FFFFFF", 21.0), ("#FFFFFF", "#FFFFFF", 1.0), ("#767676", "#FFFFFF", 4.54),
        ("#777777", "#FFFFFF", 4.48), ("#666666", "#FFFFFF", 5.74), ("#4287F5", "#FFFFFF", 3.49),
        ("#4287F5", "#E0E0E0", 2.64), ("#959595", "#FFFFFF", 3.0),
    ])
    func ratiosMatchThePublishedFigures(foreground: String, background: String, ratio: Double) {
        let measured = Contrast.ratio(Self.color(foreground), Self.color(background))
        #expect(abs(measured - ratio) < 0.01, "\(foreground) on \(background): \(measured), published \(ratio)")
        #expect(Contrast.ratio(Self.color(background), Self.color(foreground)) == measured)
    }

    @Test func theTextRoundsDownSoThatAFailingRatioNeverReadsAsPassing() {
        #expect(Contrast.text(2.999) == "2.99:1")
        #expect(Contrast.text(21) == "21.00:1")
        #expect(Contrast.text(Contrast.ratio(Self.color("#4287F5"), Self.color("#E0E0E0"))) == "2.64:1")
    }

    @Test func aTranslucentColourIsCompositedFirst() {
        let half = Color(red8: 0, green8: 0, blue8: 0, alpha8: 128)
        #expect(half.composited(over: .white) == Color(red8: 127, green8: 127, blue8: 127))
    }

    @Test(arguments: ["#4287F5", "#E8421A", "#FFD400", "#AAAAAA", "#00C853"])
    func theNearestColourKeepsItsHueAndPassesWithTheLeastChange(hex: String) throws {
        let original = Self.color(hex)
        let backgrounds = [Self.color("#E0E0E0"), .white]
        let found = try #require(Contrast.nearestColor(to: original, against: backgrounds, minimum: 3))
        for background in backgrounds {
            #expect(Contrast.ratio(found, background) >= 3, "\(found.hex) on \(background.hex)")
        }
        // The least change: just over the bar against the harder background, not far beyond it.
        let hardest = backgrounds.map { Contrast.ratio(found, $0) }.min() ?? 0
        #expect(hardest < 3.1, "\(hex) → \(found.hex) reaches \(hardest), more than needed")
        // Same hue: every channel moves the same way.
        let differences = [
            Int(found.red) - Int(original.red), Int(found.green) - Int(original.green),
            Int(found.blue) - Int(original.blue),
        ]
        #expect(differences.allSatisfy { $0 <= 0 } || differences.allSatisfy { $0 >= 0 }, "\(hex) → \(found.hex)")
    }

    @Test func noColourOfAHueReachesAnImpossibleRatio() {
        #expect(Contrast.nearestColor(to: Self.color("#4287F5"), against: [Self.color("#777777")], minimum: 7) == nil)
    }
}

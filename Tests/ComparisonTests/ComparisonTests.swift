import TestSupport
import Testing

@testable import Comparison
@testable import Images
@testable import StrictJSON
@testable import TestSupport

/// The comparison's fast paths against plain references: the exact figures of straight images
/// against premultiplying them first, window counts against a whole summed-area table and a
/// count of every window, and bands judged on threads against one after another; the two kinds
/// of figures in words.
@Suite struct ComparisonTests {
    static func random(_ width: Int, _ height: Int, seed: UInt64, alphas: [UInt32]) -> RGBAImage {
        var generator = SplitMix(seed: seed)
        let pixels = (0..<(width * height)).map { _ -> UInt32 in
            let colour = UInt32(truncatingIfNeeded: generator.next()) & 0x00FF_FFFF
            return colour | alphas[Int(generator.next() % UInt64(alphas.count))] << 24
        }
        return try! RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The exact judgement against a plain reference: both images premultiplied first, then
    /// every pixel's four channels compared.
    @Test(arguments: [0, 1, 3, 40])
    func exactFiguresAreThoseOfPremultipliedImages(delta: Int) {
        let expected = Self.random(37, 23, seed: 1, alphas: [0, 1, 128, 254, 255, 255])
        var actual = expected
        var generator = SplitMix(seed: 2)
        for i in actual.pixels.indices where generator.next() % 4 == 0 {
            actual.pixels[i] ^= UInt32(truncatingIfNeeded: generator.next()) & 0x0303_0303
        }
        let comparison = ImageComparison(
            expected: expected, actual: actual,
            settings: ComparisonSettings(judgement: .exact(maxChannelDelta: delta), figures: .channels))
        let e = Pixmap(premultiplying: expected)
        let a = Pixmap(premultiplying: actual)
        var (worst, changed, over) = (0, 0, 0)
        var changedBox = PixelRect(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
        var overBox = changedBox
        for i in e.pixels.indices {
            let channels = stride(from: UInt32(0), to: 32, by: 8).map { shift in
                abs(Int((e.pixels[i] >> shift) & 0xFF) - Int((a.pixels[i] >> shift) & 0xFF))
            }
            let difference = channels.max()!
            worst = max(worst, difference)
            if difference > 0 {
                changed += 1
                changedBox.include(x: i % e.width, y: i / e.width)
            }
            if difference > delta {
                over += 1
                overBox.include(x: i % e.width, y: i / e.width)
            }
        }
        #expect(comparison.maxChannelDelta == worst)
        #expect(comparison.changedPixels == changed && comparison.changedBox == changedBox, "pixels that differ at all")
        #expect(comparison.differingPixels == over, "pixels over the threshold")
        #expect(comparison.differenceBox == (over == 0 ? nil : overBox))
        #expect(comparison.passes == (over == 0))
    }

    /// The two kinds of figures of one exact comparison, in words: the channel figures count
    /// every pixel that differs and say which are over the threshold; the judged ones count those
    /// over it, with the largest cluster.
    @Test func channelAndJudgedFiguresSayTheSameComparison() throws {
        let expected = try RGBAImage(width: 8, height: 4, fill: 0xFF20_4060)
        var actual = expected
        actual.pixels[9] = 0xFF20_4062
        actual.pixels[30] = 0xFF20_4070
        func summary(_ figures: ComparisonSettings.Figures) -> String {
            ImageComparison(
                expected: expected, actual: actual,
                settings: ComparisonSettings(judgement: .exact(maxChannelDelta: 2), figures: figures)
            ).summary
        }
        #expect(
            summary(.channels)
                == "largest channel difference 16, 2 pixels differ (6.25 %), in x 1…6, y 1…3, 1 over 2; "
                + "would pass with a channel delta of 16 allowed, or 2 differing pixels")
        #expect(
            summary(.judged)
                == "1 pixel differs, in x 6…6, y 3…3, largest channel difference 16, at most 1 in a 16×16 window")
        #expect(
            ImageComparison(expected: expected, actual: expected, settings: ComparisonSettings(figures: .channels))
                .summary == "identical (largest channel difference 0, 0 pixels differ)")
    }

    static let judgements: [PixelJudgement] = [
        .exact(maxChannelDelta: 0), .exact(maxChannelDelta: 3), .perceptual(PerceptualTolerance(metric: .yiq)),
        .perceptual(PerceptualTolerance(metric: .oklab)),
        .perceptual(PerceptualTolerance(metric: .yiq, threshold: 0.05, includeAntialiased: true)),
    ]

    /// Every window's count, from a whole summed-area table, and by counting.
    static func reference(_ mask: DifferenceMask, window: Int) -> (table: Int, counted: Int) {
        let (w, h) = (mask.width, mask.height)
        let states = mask.states
        let n = max(1, min(window, w, h))
        var table = [Int](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            for x in 0..<w {
                let here = states[y * w + x] == PixelState.differing.rawValue ? 1 : 0
                table[(y + 1) * (w + 1) + x + 1] =
                    here + table[y * (w + 1) + x + 1] + table[(y + 1) * (w + 1) + x] - table[y * (w + 1) + x]
            }
        }
        var fromTable = 0
        var counted = 0
        for y in 0...(h - n) {
            for x in 0...(w - n) {
                let sum =
                    table[(y + n) * (w + 1) + x + n] - table[y * (w + 1) + x + n] - table[(y + n) * (w + 1) + x]
                    + table[y * (w + 1) + x]
                fromTable = max(fromTable, sum)
                var count = 0
                for v in y..<(y + n) {
                    for u in x..<(x + n) where states[v * w + u] == PixelState.differing.rawValue { count += 1 }
                }
                counted = max(counted, count)
            }
        }
        return (fromTable, counted)
    }

    @Test(arguments: [1, 2, 3, 7, 16, 40, 1000])
    func windowCountsEqualTheReference(window: Int) {
        var generator = SplitMix(seed: UInt64(window))
        for (width, height, density) in [(31, 17, 2), (17, 31, 5), (40, 40, 9), (5, 3, 2), (23, 70, 60), (9, 90, 200)] {
            let states = (0..<(width * height)).map { _ -> UInt8 in
                UInt8(generator.next() % UInt64(density) == 0 ? 1 : generator.next() % 4)
            }
            let mask = DifferenceMask(width: width, height: height, states: states)
            let reference = Self.reference(mask, window: window)
            #expect(reference.table == reference.counted)
            #expect(
                ClusterWindow.largestCount(in: mask, window: window) == reference.table,
                "\(width)×\(height), window \(window)")
        }
    }
}

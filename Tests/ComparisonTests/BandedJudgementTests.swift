import TestSupport
import Testing

@testable import Comparison
@testable import Images

/// The judgement in bands of rows on threads gives the counts and the mask it gives on one
/// thread, for every judgement, on a pair that differs in every band in every way.
@Suite struct BandedJudgementTests {
    static let judgements: [PixelJudgement] = [
        .exact(maxChannelDelta: 3), .perceptual(PerceptualTolerance(metric: .yiq, threshold: 0.1)),
        .perceptual(PerceptualTolerance(metric: .oklab, threshold: 0.05)),
        .perceptual(PerceptualTolerance(metric: .yiq, threshold: 0.1, includeAntialiased: true)),
    ]

    @Test(arguments: judgements)
    func threadsGiveTheCountsAndMaskOfOne(_ judgement: PixelJudgement) {
        let (expected, actual) = pairWithManyDifferences(width: 301, height: 7 * ImageComparison.bandRows + 5, seed: 3)
        func judged(workers: Int) -> (JudgedCounts, [UInt8]) {
            let mask = DifferenceMask(width: expected.width, height: expected.height, touched: workers > 1)
            let counts = ImageComparison.judge(expected, actual, judgement, into: mask, threads: workers)
            return (counts, mask.states)
        }
        let (serial, serialMask) = judged(workers: 1)
        #expect(serial.differing > 1000 && serial.changed > serial.differing)
        for workers in [2, 3, 8] {
            let (banded, bandedMask) = judged(workers: workers)
            #expect(banded == serial, "\(workers) workers")
            #expect(bandedMask == serialMask, "\(workers) workers")
        }
    }

    /// Threads judge a perceptual judgement with the work foretold for them, an exact one never.
    @Test func threadsGoWhereThereIsPerceptualWork() {
        let (expected, actual) = pairWithManyDifferences(width: 301, height: 7 * ImageComparison.bandRows + 5, seed: 3)
        let yiq = PixelJudgement.perceptual(PerceptualTolerance(metric: .yiq, threshold: 0.1))
        #expect(ImageComparison.threads(expected, actual, yiq, workers: 2, threadedWork: 0) == 2)
        #expect(ImageComparison.threads(expected, actual, yiq, workers: 2, threadedWork: 1 << 40) == 1)
        #expect(ImageComparison.threads(expected, expected, yiq, workers: 2, threadedWork: 1) == 1)
        #expect(ImageComparison.threads(expected, actual, .exact(maxChannelDelta: 0), workers: 2, threadedWork: 0) == 1)
        #expect(ImageComparison.threads(expected, actual, yiq, workers: 1, threadedWork: 0) == 1)
    }

    /// The work is foretold from the first row of each band: every unequal pixel there stands for
    /// `bandRows`, and rows between them count for nothing.
    @Test func theWorkIsForetoldFromOneRowInEachBand() {
        let width = 10
        let height = 2 * ImageComparison.bandRows + 1
        let expected = [UInt32](repeating: 0xFF00_0000, count: width * height)
        var actual = expected
        actual[3] = 0xFF00_00FF // row 0
        actual[ImageComparison.bandRows * width + 9] = 0xFF00_FF00 // the first row of the second band
        actual[2 * ImageComparison.bandRows * width] = 0xFF00_FF00 // the first row of the third
        actual[5 * width] = 0xFFFF_0000 // row 5: inside the first band
        let foretold = expected.withUnsafeBufferPointer { e in
            actual.withUnsafeBufferPointer { a in ImageComparison.foretoldWork(e, a, width: width, height: height) }
        }
        #expect(foretold == 3 * ImageComparison.bandRows)
    }
}

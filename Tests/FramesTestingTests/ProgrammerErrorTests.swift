import Foundation
import FramesTesting
import Raster
import Testing

/// Values no comparison has stop the test process where they are written, naming the value, as
/// an index out of range does: a threshold outside 0…1, a negative count, a channel delta outside
/// 0…255.
@Suite(.developersEnvironment) struct ProgrammerErrorTests {
    @Test func aThresholdOutsideZeroToOneStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = PerceptualTolerance(metric: .yiq, threshold: 1.5)
        }
        let said = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(said.contains("threshold 1.5 is outside 0…1"), "\(said)")
        #expect(said.contains("ProgrammerErrorTests.swift"), "\(said)")
    }

    @Test func aToleranceIsAPlainValue() {
        let tolerance = PerceptualTolerance(metric: .yiq, threshold: 0.1)
        #expect(tolerance.threshold == 0.1 && !tolerance.includeAntialiased)
    }

    @Test(arguments: [(-5, 0), (256, 0), (0, -1)])
    func aCountOrDeltaOutOfRangeStops(delta: Int, pixels: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [delta, pixels] in
            let image = try Pixmap(width: 2, height: 2)
            assertGolden(
                image, named: "never", maxChannelDelta: delta, maxDifferingPixels: pixels, directory: "/nonexistent")
        }
        let said = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let named = delta != 0 ? "maxChannelDelta \(delta)" : "maxDifferingPixels \(pixels) is negative"
        #expect(said.contains(named), "\(said)")
        #expect(said.contains("ProgrammerErrorTests.swift:"), "\(said)")
    }
}

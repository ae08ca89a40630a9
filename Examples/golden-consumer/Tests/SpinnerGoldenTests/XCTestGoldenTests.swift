// XCTest: this file imports XCTest, FramesTesting and Raster, not Testing.
import FramesTesting
import Raster
import XCTest

/// A whole short sequence, allowing one step of difference on up to 10 pixels a frame. It is
/// recorded as a frames folder (frames and manifest.json): `frames verify golden/overlay_8` checks
/// it too.
final class SequenceGoldenTests: XCTestCase {
    func testOverlaySequence() throws {
        let renderer = try FrameRenderer(
            scene: Scene(variant: .overlay, scale: 1, screenSize: Size(width: 200, height: 200)),
            frameCount: 8)
        assertGoldenSequence(renderer, named: "overlay_8", maxChannelDelta: 1, maxDifferingPixels: 10)
    }

    /// One frame within pixelmatch's judgement: golden/testPerceptualFrame.png.
    func testPerceptualFrame() throws {
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 2), frameCount: 12)
        assertGolden(renderer.frame(3), perceptual: PerceptualTolerance(metric: .yiq, threshold: 0.1))
    }
}

import FramesTesting
import Raster
import Testing
import XCTest

/// Swift Testing: one frame of the app's brand style, exactly.
@Test func brandSpinnerFrame() throws {
    let style = LoadingStyle(spinnerColor: Color(red: 0.10, green: 0.47, blue: 0.91), cornerRadius: 16)
    let renderer = try FrameRenderer(
        scene: Scene(
            style: style, variant: .indicator, scale: 3,
            text: Translation.forLanguage("cs")?.loadingProcessingText),
        frameCount: 60)
    assertGolden(renderer.frame(7), named: "brand_3x_k7")
}

/// A folder `frames` wrote (`frames --lang cs --scale 2 --frames 6 --out golden/spinner`), rendered
/// again from its manifest.json and compared frame by frame, as `frames verify golden/spinner` does.
@Test func spinnerFolder() {
    assertGoldenFolder("spinner")
}

/// XCTest: a whole short sequence, allowing one step of difference on up to 10 pixels a frame.
final class SequenceGoldenTests: XCTestCase {
    func testOverlaySequence() throws {
        let renderer = try FrameRenderer(
            scene: Scene(variant: .overlay, scale: 1, screenSize: Size(width: 200, height: 200)),
            frameCount: 8)
        assertGoldenSequence(renderer, named: "overlay_8", maxChannelDelta: 1, maxDifferingPixels: 10)
    }
}

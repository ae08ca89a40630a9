// Swift Testing: this file imports Testing, FramesTesting and Raster, not XCTest.
import FramesTesting
import Raster
import Testing

/// One frame of the app's brand style, exactly, named after the test: golden/brandSpinnerFrame.png.
@Test func brandSpinnerFrame() throws {
    let style = LoadingStyle(spinnerColor: Color(red: 0.10, green: 0.47, blue: 0.91), cornerRadius: 16)
    let renderer = try FrameRenderer(
        scene: Scene(
            style: style, variant: .indicator, scale: 3,
            text: Translation.forLanguage("cs")?.loadingProcessingText),
        frameCount: 60)
    assertGolden(renderer.frame(7))
}

/// A frame as PNG bytes, the label's half left out: golden/brand_no_label.png.
@Test func brandSpinnerWithoutItsLabel() throws {
    let renderer = try FrameRenderer(
        scene: Scene(variant: .indicator, scale: 2, text: "Loading…"), frameCount: 60)
    let frame = renderer.frame(7)
    let png = try PNGEncoder().encode(frame)
    let label = PixelRect(x0: 0, y0: frame.height / 2, x1: frame.width, y1: frame.height)
    assertGolden(png, named: "brand_no_label", ignoring: [label])
}

/// A folder `frames` wrote (`frames --lang cs --scale 2 --frames 6 --out golden/spinner`), rendered
/// again from its manifest.json and compared frame by frame, as `frames verify golden/spinner` does.
@Test func spinnerFolder() {
    assertGoldenFolder("spinner")
}

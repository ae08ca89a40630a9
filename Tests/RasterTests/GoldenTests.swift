import Testing

@testable import FramesTesting
@testable import Raster

/// The reference frames in `golden/`, compared exactly.
@Suite struct GoldenTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let scene: Scene
        let frame: Int
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "indicator_1x_k0", scene: Scene(variant: .indicator, scale: 1), frame: 0),
        Case(name: "indicator_1x_k7", scene: Scene(variant: .indicator, scale: 1), frame: 7),
        Case(name: "indicator_3x_k0", scene: Scene(variant: .indicator, scale: 3), frame: 0),
        Case(name: "indicator_3x_k7", scene: Scene(variant: .indicator, scale: 3), frame: 7),
        Case(name: "overlay_1x_k0", scene: Scene(variant: .overlay, scale: 1), frame: 0),
        Case(
            name: "example_overlay_3x_k30", scene: Scene(style: FrameTests.example, variant: .overlay, scale: 3),
            frame: 30),
        // The label.
        Case(
            name: "label_indicator_en_1x_k0", scene: Scene(variant: .indicator, scale: 1, text: "Processing payment…"),
            frame: 0),
        Case(
            name: "label_indicator_en_3x_k7", scene: Scene(variant: .indicator, scale: 3, text: "Processing payment…"),
            frame: 7),
        Case(
            name: "label_overlay_cs_3x_k7", scene: Scene(variant: .overlay, scale: 3, text: "Zpracování platby…"),
            frame: 7),
        Case(
            name: "label_wrap_320_2x_k0",
            scene: Scene(
                variant: .overlay, scale: 2, screenSize: Size(width: 320, height: 568),
                text: "Processing your payment, please wait a moment while we confirm it with your bank…"),
            frame: 0),
        Case(
            name: "label_serif_2x_k0",
            scene: Scene(
                style: LoadingStyle(textFontName: "DejaVu Serif"), variant: .indicator, scale: 2,
                text: "Processing payment…"), frame: 0),
        Case(name: "label_fallback_2x_k0", scene: Scene(variant: .indicator, scale: 2, text: "Total ℊ = 1"), frame: 0),
        // Scripts (Noto fonts: fonts-noto-core, fonts-noto-color-emoji).
        Case(
            name: "label_arabic_overlay_2x_k0",
            scene: Scene(
                variant: .overlay, scale: 2, screenSize: Size(width: 320, height: 400),
                text: "جارٍ معالجة الدفع، يرجى الانتظار قليلًا…", language: "ar"), frame: 0),
        Case(
            name: "label_hebrew_indicator_2x_k0",
            scene: Scene(variant: .indicator, scale: 2, text: "מעבד תשלום (100 ₪)…", language: "he"), frame: 0),
        Case(
            name: "label_devanagari_3x_k0",
            scene: Scene(variant: .indicator, scale: 3, text: "भुगतान संसाधित हो रहा है…", language: "hi"), frame: 0),
        Case(name: "label_emoji_3x_k0", scene: Scene(variant: .indicator, scale: 3, text: "Platba 💳 ✅"), frame: 0),
    ]

    @Test(arguments: cases)
    func matchesGolden(_ testCase: Case) throws {
        let renderer = try FrameRenderer(scene: testCase.scene, frameCount: 60)
        assertGolden(renderer.frame(testCase.frame), named: testCase.name)
    }

    /// The frames folders `frames` wrote under golden/folders, each rendered again from its
    /// manifest (CI also runs `frames verify golden/folders/*/`).
    @Test(arguments: ["indicator_cs_2x_8f", "overlay_session_1x"])
    func folderHolds(_ name: String) {
        assertGoldenFolder("folders/" + name)
    }
}

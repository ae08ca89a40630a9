import Testing
import Raster

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
        Case(name: "example_overlay_3x_k30", scene: Scene(style: FrameTests.example, variant: .overlay, scale: 3), frame: 30),
    ]

    @Test(arguments: cases)
    func matchesGolden(_ testCase: Case) throws {
        let renderer = try FrameRenderer(scene: testCase.scene, frameCount: 60)
        try Golden.assertMatches(renderer.frame(testCase.frame), named: testCase.name)
    }
}

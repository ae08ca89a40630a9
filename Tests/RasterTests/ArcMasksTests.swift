import Testing

@testable import Raster

/// Quarter turns of the arc's mask against the arc rasterized where it is.
@Suite struct ArcMasksTests {
    /// The rasterized mask of frame k, without `ArcMasks`.
    static func rasterized(_ renderer: FrameRenderer, _ k: Int) -> CoverageMask {
        let box = renderer.layout.spinnerBox.scaled(by: renderer.scene.scale)
        let (center, radius, stroke) = FrameRenderer.spinnerGeometry(
            box: box, style: renderer.scene.style, scale: renderer.scene.scale)
        let polygons = Path.strokedArc(
            center: center, radius: radius, width: stroke, start: renderer.arcStart(frame: k), sweep: .degrees(90)
        ).flattened(tolerance: renderer.tolerance)
        return Rasterizer.coverage(
            of: polygons, in: FrameRenderer.bounds(of: polygons).intersection(renderer.spinnerWindow))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func turnedMasksEqualRasterizedOnes(scale: Double) throws {
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: scale), frameCount: 24)
        #expect(renderer.arcMasks.quarter == 6, "the indicator's spinner centre lies on the pixel grid")
        for k in [6, 7, 13, 18, 23] {
            let turned = renderer.arcMask(frame: k)
            let direct = Self.rasterized(renderer, k)
            var worst: Float = 0
            for y in turned.window.y0..<turned.window.y1 {
                for x in turned.window.x0..<turned.window.x1 {
                    worst = max(worst, abs(turned.coverage(x: x, y: y) - direct.coverage(x: x, y: y)))
                }
            }
            for y in direct.window.y0..<direct.window.y1 {
                for x in direct.window.x0..<direct.window.x1 {
                    worst = max(worst, abs(turned.coverage(x: x, y: y) - direct.coverage(x: x, y: y)))
                }
            }
            #expect(worst < 1e-5, "@\(scale)x frame \(k): coverage differs by \(worst)")
            #expect(abs(turned.area - direct.area) < 1e-3)
        }
    }

    /// Off the grid (a centre at a quarter pixel) or a count not divisible by 4: no turns.
    @Test func noTurnsOffTheGrid() throws {
        let offGrid = try FrameRenderer(scene: Scene(variant: .indicator, scale: 2.25), frameCount: 24)
        let odd = try FrameRenderer(scene: Scene(variant: .indicator, scale: 3), frameCount: 30)
        #expect(odd.arcMasks.quarter == nil)
        let box = offGrid.layout.spinnerBox.scaled(by: 2.25)
        let onGrid =
            (2 * box.center.x).rounded() == 2 * box.center.x && (2 * box.center.y).rounded() == 2 * box.center.y
        #expect(onGrid == (offGrid.arcMasks.quarter != nil))
    }
}

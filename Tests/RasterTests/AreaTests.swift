import LibC
import Testing

@testable import Raster

/// Areas of the rasterized shapes against their closed forms.
@Suite struct AreaTests {
    static let scales: [Double] = [1, 2, 3, 2.5, 7]

    @Test(arguments: scales)
    func ringArea(scale: Double) {
        let center = Point(x: 40.3 * scale, y: 41.7 * scale)
        let outer = 24 * scale
        let inner = 20 * scale
        let window = Rect(x: center.x - outer, y: center.y - outer, width: 2 * outer, height: 2 * outer).enclosingPixels
        let mask = Rasterizer.coverage(of: .ring(center: center, outerRadius: outer, innerRadius: inner), in: window)
        let exact = Double.pi * (outer * outer - inner * inner)
        #expect(abs(mask.area - exact) < 1e-3, "ring @\(scale)x: area \(mask.area), exact \(exact)")
    }

    @Test(arguments: scales)
    func arcArea(scale: Double) {
        let center = Point(x: 40.3 * scale, y: 41.7 * scale)
        let radius = 22 * scale
        let width = 4 * scale
        for start in [-90.0, -84.0, 7.5, 123.0] {
            let path = Path.strokedArc(
                center: center, radius: radius, width: width,
                start: .degrees(start), sweep: .degrees(90))
            let window = Rect(
                x: center.x - 24 * scale, y: center.y - 24 * scale,
                width: 48 * scale, height: 48 * scale
            ).enclosingPixels
            let area = Rasterizer.coverage(of: path, in: window).area
            // Annular sector (90° of the stroke) plus two half discs = one whole disc.
            let exact = Double.pi / 2 * radius * width + Double.pi * (width / 2) * (width / 2)
            #expect(abs(area - exact) < 1e-3, "arc from \(start)° @\(scale)x: area \(area), exact \(exact)")
        }
    }

    @Test(arguments: scales)
    func roundedRectArea(scale: Double) {
        let rect = Rect(x: 3.25 * scale, y: 1.6 * scale, width: 80 * scale, height: 88 * scale)
        for radius in [0.0, 12, 16, 40] {
            let r = radius * scale
            let mask = Rasterizer.coverage(of: .roundedRect(rect, cornerRadius: r), in: rect.enclosingPixels)
            let exact = rect.width * rect.height - (4 - Double.pi) * r * r
            #expect(abs(mask.area - exact) < 1e-3, "rounded rect r=\(r) @\(scale)x: area \(mask.area), exact \(exact)")
        }
    }

    @Test func cornerRadiusIsClampedToHalfTheShorterSide() {
        let rect = Rect(x: 0, y: 0, width: 20, height: 10)
        let mask = Rasterizer.coverage(of: .roundedRect(rect, cornerRadius: 50), in: rect.enclosingPixels)
        let exact = 20.0 * 10 - (4 - Double.pi) * 25
        #expect(abs(mask.area - exact) < 1e-3)
    }

    @Test func chordCountFollowsTheTolerance() {
        // Sagitta R(1 − cos(θ/2)) ≤ tolerance for each chord.
        for radius in [1.0, 12, 72, 384] {
            let count = Path.chordCount(radius: radius, sweep: .degrees(360), tolerance: 0.002)
            let theta = 2 * Double.pi / Double(count)
            #expect(radius * (1 - cos(theta / 2)) <= 0.002 + 1e-12, "radius \(radius): \(count) chords")
        }
    }
}

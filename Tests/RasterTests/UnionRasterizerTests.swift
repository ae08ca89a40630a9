import LibC
import Testing

@testable import Images
@testable import Raster

/// The exact union (`Rasterizer.unionCoverage`) and the test reference (`ExactAreaReference`)
/// against closed forms.
@Suite struct UnionRasterizerTests {
    /// A rectangle as a polygon, clockwise or anticlockwise on screen.
    static func rectangle(_ r: Rect, clockwise: Bool = true) -> Polygon {
        let points = [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
            Point(x: r.minX, y: r.maxY),
        ]
        return clockwise ? points : points.reversed()
    }

    /// The area of `r` inside pixel (x, y).
    static func overlap(_ r: Rect, _ x: Int, _ y: Int) -> Double {
        let w = max(0, min(r.maxX, Double(x + 1)) - max(r.minX, Double(x)))
        let h = max(0, min(r.maxY, Double(y + 1)) - max(r.minY, Double(y)))
        return w * h
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.minX, b.minX)
        let y0 = max(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(0, min(a.maxX, b.maxX) - x0), height: max(0, min(a.maxY, b.maxY) - y0))
    }

    /// Deterministic pseudo-random numbers (a 64-bit LCG), so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }

    /// Three overlapping rectangles, by inclusion–exclusion per pixel: both the union rasterizer
    /// and the reference are exact (1e-9), in any orientation mix.
    @Test func rectanglesMatchInclusionExclusion() throws {
        var random = Random(state: 12)
        let window = PixelRect(x0: 0, y0: 0, x1: 24, y1: 24)
        for trial in 0..<40 {
            var rects: [Rect] = []
            for _ in 0..<3 {
                let x = random.next(1...12)
                let y = random.next(1...12)
                rects.append(Rect(x: x, y: y, width: random.next(2...10), height: random.next(2...10)))
            }
            let shapes = rects.enumerated().map { [Self.rectangle($1, clockwise: ($0 + trial) % 2 == 0)] }
            let mask = try Rasterizer.unionCoverage(of: shapes, in: window)
            let reference = ExactAreaReference.coverage(of: shapes, in: window)
            let (a, b, c) = (rects[0], rects[1], rects[2])
            var worst = 0.0
            var worstReference = 0.0
            for y in 0..<24 {
                for x in 0..<24 {
                    let ab = Self.intersection(a, b)
                    let exact =
                        Self.overlap(a, x, y) + Self.overlap(b, x, y) + Self.overlap(c, x, y) - Self.overlap(ab, x, y)
                        - Self.overlap(Self.intersection(a, c), x, y) - Self.overlap(Self.intersection(b, c), x, y)
                        + Self.overlap(Self.intersection(ab, c), x, y)
                    worst = max(worst, abs(Double(mask.coverage(x: x, y: y)) - exact))
                    worstReference = max(worstReference, abs(reference[y * 24 + x] - exact))
                }
            }
            #expect(worst < 1e-6, "trial \(trial): union off by \(worst)")
            #expect(worstReference < 1e-9, "trial \(trial): reference off by \(worstReference)")
        }
    }

    /// Two discs overlapping: the area is 2πr² less the lens, and every pixel matches the reference.
    @Test(arguments: [0.5, 3.2, 7.9, 11.0])
    func discsMatchTheLensFormula(distance: Double) throws {
        let r = 6.0
        let a = Path.ring(center: Point(x: 10.3, y: 10.7), outerRadius: r, innerRadius: 0)
        let b = Path.ring(center: Point(x: 10.3 + distance, y: 10.7), outerRadius: r, innerRadius: 0)
        let shapes = [a.flattened(), b.flattened()]
        let window = PixelRect(x0: 0, y0: 0, x1: 32, y1: 24)
        let mask = try Rasterizer.unionCoverage(of: shapes, in: window)
        let d = distance
        let lens = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
        let exact = 2 * Double.pi * r * r - lens
        #expect(abs(mask.area - exact) < 1e-3, "union area \(mask.area), closed form \(exact)")
        let plain = Rasterizer.coverage(of: shapes.flatMap { $0 }, in: window)
        let plainError = zip(plain.values, mask.values).map { abs($0 - $1) }.max()!
        #expect(plainError > 0.01, "min(1, |sum|) is off where the edges overlap (\(plainError))")
        let reference = ExactAreaReference.coverage(of: shapes, in: window)
        let worst = zip(mask.values, reference).map { abs(Double($0) - $1) }.max()!
        #expect(worst < 1e-6, "largest difference to the reference \(worst)")
    }

    /// Shapes that do not overlap keep the plain accumulation's values bit for bit.
    @Test func separateShapesKeepThePlainValues() throws {
        let shapes = [
            Path.ring(center: Point(x: 8.3, y: 8.6), outerRadius: 6, innerRadius: 3).flattened(),
            [Self.rectangle(Rect(x: 15.2, y: 2.7, width: 6.1, height: 9.3), clockwise: false)],
        ]
        let window = PixelRect(x0: 0, y0: 0, x1: 24, y1: 16)
        let union = try Rasterizer.unionCoverage(of: shapes, in: window)
        let plain = Rasterizer.coverage(of: shapes.flatMap { $0 }, in: window)
        #expect(union.values == plain.values)
    }

    /// Random overlapping triangles, clipped at the window's edges: the union equals the
    /// reference in every pixel.
    @Test func randomTrianglesMatchTheReference() throws {
        var random = Random(state: 99)
        let window = PixelRect(x0: 2, y0: 1, x1: 22, y1: 19)
        for trial in 0..<25 {
            var shapes: [[Polygon]] = []
            for _ in 0..<4 {
                shapes.append([
                    (0..<3).map { _ in Point(x: random.next(0...24), y: random.next(-1...20)) }
                ])
            }
            let mask = try Rasterizer.unionCoverage(of: shapes, in: window)
            let inside = PixelRect(x0: 0, y0: 0, x1: 30, y1: 30)
            let reference = ExactAreaReference.coverage(of: shapes, in: inside)
            var worst = 0.0
            for y in window.y0..<window.y1 {
                for x in window.x0..<window.x1 {
                    worst = max(worst, abs(Double(mask.coverage(x: x, y: y)) - reference[y * 30 + x]))
                }
            }
            #expect(worst < 1e-6, "trial \(trial): largest difference \(worst)")
        }
    }
}

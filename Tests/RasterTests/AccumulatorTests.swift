import Testing

@testable import Images
@testable import Raster

/// The accumulation rasterizer against independent references.
@Suite struct AccumulatorTests {
    /// A small deterministic generator (SplitMix64) so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }
    }

    /// Exact area of `polygon` inside the unit pixel at (px, py): clip (Sutherland–Hodgman) and
    /// take the signed shoelace area. For a simple polygon this is the coverage.
    static func exactCoverage(_ polygon: [Point], px: Int, py: Int) -> Double {
        var points = polygon
        let x0 = Double(px)
        let x1 = Double(px + 1)
        let y0 = Double(py)
        let y1 = Double(py + 1)
        func clip(_ inside: (Point) -> Bool, _ cross: (Point, Point) -> Point) {
            var out: [Point] = []
            for i in points.indices {
                let a = points[i]
                let b = points[(i + 1) % points.count]
                if inside(b) {
                    if !inside(a) { out.append(cross(a, b)) }
                    out.append(b)
                } else if inside(a) {
                    out.append(cross(a, b))
                }
            }
            points = out
        }
        func atX(_ x: Double) -> (Point, Point) -> Point {
            { a, b in Point(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) }
        }
        func atY(_ y: Double) -> (Point, Point) -> Point {
            { a, b in Point(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y) }
        }
        clip({ $0.x >= x0 }, atX(x0))
        if points.isEmpty { return 0 }
        clip({ $0.x <= x1 }, atX(x1))
        if points.isEmpty { return 0 }
        clip({ $0.y >= y0 }, atY(y0))
        if points.isEmpty { return 0 }
        clip({ $0.y <= y1 }, atY(y1))
        if points.isEmpty { return 0 }
        var area = 0.0
        for i in points.indices {
            let a = points[i]
            let b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        return abs(area) / 2
    }

    /// Non-zero winding number of `polygon` around `point`.
    static func winding(_ polygon: [Point], _ point: Point) -> Int {
        var w = 0
        for i in polygon.indices {
            let a = polygon[i]
            let b = polygon[(i + 1) % polygon.count]
            if a.y <= point.y {
                if b.y > point.y, (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) > 0 { w += 1 }
            } else if b.y <= point.y, (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) < 0 {
                w -= 1
            }
        }
        return w
    }

    /// Star-shaped (so simple) random polygons: vertices at sorted angles and random radii.
    @Test(arguments: 0..<24)
    func simplePolygonsMatchExactClipping(seed: Int) {
        var random = Random(state: UInt64(seed) &* 7919 &+ 1)
        let center = Point(x: 4 + random.next() * 8, y: 4 + random.next() * 8)
        let count = 3 + Int(random.next() * 12)
        let angles = (0..<count).map { _ in random.next() * 360 }.sorted()
        let clockwise = seed % 2 == 0
        var polygon = angles.map { center.moved(by: 0.5 + random.next() * 6, toward: .degrees($0)) }
        if !clockwise { polygon.reverse() }
        let window = PixelRect(x0: 0, y0: 0, x1: 16, y1: 16)
        let mask = Rasterizer.coverage(of: [polygon], in: window)
        var worst = 0.0
        for y in 0..<16 {
            for x in 0..<16 {
                let expected = Self.exactCoverage(polygon, px: x, py: y)
                let actual = Double(mask.coverage(x: x, y: y))
                worst = max(worst, abs(actual - expected))
                #expect(
                    abs(actual - expected) < 1e-5,
                    "seed \(seed) pixel (\(x), \(y)): coverage \(actual), exact \(expected)")
            }
        }
        #expect(worst < 1e-5)
    }

    /// Random self-intersecting polygons, partly outside the window, against 32 × 32 point
    /// sampling with the non-zero rule. Point sampling itself errs by up to about 1/32 where an
    /// edge crosses a pixel. Pixels where winding ±2 meets 0, or +1 meets −1, are skipped: there
    /// the accumulator's min(1, |area|) is an approximation, as its documentation says.
    @Test(arguments: 0..<12)
    func randomPolygonsMatchSupersampling(seed: Int) {
        var random = Random(state: UInt64(seed) &* 104_729 &+ 3)
        let count = 3 + Int(random.next() * 9)
        let polygon = (0..<count).map { _ in Point(x: -4 + random.next() * 20, y: -4 + random.next() * 20) }
        let window = PixelRect(x0: 0, y0: 0, x1: 12, y1: 12)
        let mask = Rasterizer.coverage(of: [polygon], in: window)
        let n = 32
        var total = 0.0
        var compared = 0
        for y in 0..<12 {
            for x in 0..<12 {
                var inside = 0
                var windings = Set<Int>()
                for sy in 0..<n {
                    for sx in 0..<n {
                        let p = Point(
                            x: Double(x) + (Double(sx) + 0.5) / Double(n),
                            y: Double(y) + (Double(sy) + 0.5) / Double(n))
                        let w = Self.winding(polygon, p)
                        windings.insert(w)
                        if w != 0 { inside += 1 }
                    }
                }
                let mixedSigns = windings.contains(where: { $0 > 0 }) && windings.contains(where: { $0 < 0 })
                if mixedSigns || (windings.contains(0) && windings.contains(where: { abs($0) >= 2 })) { continue }
                let expected = Double(inside) / Double(n * n)
                let actual = Double(mask.coverage(x: x, y: y))
                total += abs(actual - expected)
                compared += 1
                #expect(
                    abs(actual - expected) <= 0.07,
                    "seed \(seed) pixel (\(x), \(y)): coverage \(actual), sampled \(expected)")
            }
        }
        #expect(compared > 0)
        #expect(total / Double(max(compared, 1)) < 0.01, "mean difference \(total / Double(compared))")
    }

    @Test func clippingKeepsWindingLeftOfTheWindow() {
        // A square from x = −10 to 5: the part left of the window still fills pixels 0…4.
        let square = [Point(x: -10, y: 1), Point(x: 5, y: 1), Point(x: 5, y: 3), Point(x: -10, y: 3)]
        let mask = Rasterizer.coverage(of: [square], in: PixelRect(x0: 0, y0: 0, x1: 8, y1: 4))
        for x in 0..<8 {
            #expect(mask.coverage(x: x, y: 1) == (x < 5 ? 1 : 0), "pixel (\(x), 1)")
            #expect(mask.coverage(x: x, y: 0) == 0)
        }
    }

    @Test func windowOffsetDoesNotChangeCoverage() {
        let polygon = [Point(x: 100.3, y: 200.1), Point(x: 107.9, y: 203.4), Point(x: 101.2, y: 209.8)]
        let a = Rasterizer.coverage(of: [polygon], in: PixelRect(x0: 100, y0: 200, x1: 110, y1: 210))
        let b = Rasterizer.coverage(of: [polygon], in: PixelRect(x0: 90, y0: 195, x1: 115, y1: 215))
        for y in 200..<210 {
            for x in 100..<110 {
                #expect(abs(a.coverage(x: x, y: y) - b.coverage(x: x, y: y)) < 1e-5)
            }
        }
    }

    /// A window accumulated in bands of rows gives the values of one piece, bit for bit: random
    /// polygons reaching past every side, and a ring, in bands of 1, 2, 3 and 7 rows.
    @Test(arguments: 0..<8)
    func bandsGiveTheSameValues(seed: Int) {
        var random = Random(state: UInt64(seed) &+ 77)
        let window = PixelRect(x0: 3, y0: 5, x1: 40, y1: 37)
        var polygons = (0..<3).map { _ in
            (0..<7).map { _ in Point(x: random.next() * 50 - 5, y: random.next() * 45 - 5) }
        }
        polygons += Path.ring(center: Point(x: 20.3, y: 21.7), outerRadius: 14.2, innerRadius: 9.9).flattened(
            tolerance: 0.1)
        let whole = Rasterizer.coverage(of: polygons, in: window, bandCells: Int.max)
        for rows in [1, 2, 3, 7] {
            let banded = Rasterizer.coverage(of: polygons, in: window, bandCells: rows * (window.width + 2))
            #expect(banded.values == whole.values, "bands of \(rows) rows, seed \(seed)")
        }
        for rows in [5..<6, 10..<21, 0..<9, 30..<45] {
            let part = Rasterizer.coverage(of: polygons, in: window, rows: rows, bandCells: 2 * (window.width + 2))
            let expected = window.intersection(PixelRect(x0: 0, y0: rows.lowerBound, x1: 100, y1: rows.upperBound))
            #expect(part.window == expected)
            for y in expected.y0..<expected.y1 {
                for x in window.x0..<window.x1 where part.coverage(x: x, y: y) != whole.coverage(x: x, y: y) {
                    Issue.record(
                        "rows \(rows), pixel (\(x), \(y)): \(part.coverage(x: x, y: y)) ≠ \(whole.coverage(x: x, y: y))"
                    )
                }
            }
        }
    }

    /// Rows that repeat the row above (only vertical edges cross them, whole) are copied, not
    /// accumulated: the values are those of accumulating every row, bit for bit. Rounded
    /// rectangles and plain rectangles whose edges fall on and between pixel rows, with random
    /// vertical bars, in whole windows, in bands and in parts of rows.
    @Test(arguments: 0..<8)
    func repeatedRowsAreTheAccumulatedOnes(seed: Int) {
        var random = Random(state: UInt64(seed) &+ 1234)
        let window = PixelRect(x0: 2, y0: 3, x1: 60, y1: 90)
        let top = [5.0, 5.5, 7.25][seed % 3]
        let bottom = [80.0, 80.75, 61.5][seed % 3]
        var polygons = Path.roundedRect(
            Rect(x: 4.3, y: top, width: 50.4, height: bottom - top), cornerRadius: Double(seed) * 1.7
        ).flattened(tolerance: 0.1)
        for _ in 0..<3 {
            let (x0, x1) = (random.next() * 60, random.next() * 60)
            let (y0, y1) = (random.next() * 100 - 5, random.next() * 100 - 5)
            polygons.append([Point(x: x0, y: y0), Point(x: x0, y: y1), Point(x: x1, y: y1), Point(x: x1, y: y0)])
        }
        var accumulator = Accumulator(width: window.width, height: window.height)
        for polygon in polygons {
            var previous = polygon[polygon.count - 1]
            for point in polygon {
                accumulator.addClippedLine(
                    x0: previous.x - 2, y0: previous.y - 3, x1: point.x - 2, y1: point.y - 3)
                previous = point
            }
        }
        let every = accumulator.coverage()
        let repeats = Rasterizer.repeatedRows(of: polygons, oy: 3, height: window.height, rows: 0..<window.height)
        #expect(repeats.filter { $0 }.count > 10, "seed \(seed): rows that repeat")
        for bandCells in [Int.max, 5 * (window.width + 2), window.width + 2] {
            let mask = Rasterizer.coverage(of: polygons, in: window, bandCells: bandCells)
            #expect(mask.values == every, "seed \(seed), bands of \(bandCells) cells")
            // The repeated rows share the row above's values instead of holding copies.
            let stored = repeats.filter { !$0 }.count
            #expect(mask.storage.count == stored * window.width, "seed \(seed): one row of values a made row")
            let read = (window.y0..<window.y1).flatMap { y in
                (window.x0..<window.x1).map { x in mask.coverage(x: x, y: y) }
            }
            #expect(read == every, "seed \(seed), bands of \(bandCells) cells: read pixel by pixel")
        }
        let part = Rasterizer.coverage(of: polygons, in: window, rows: 40..<70, bandCells: 7 * (window.width + 2))
        #expect(part.values == Array(every[(37 * window.width)..<(67 * window.width)]), "seed \(seed), rows 40..<70")
    }
}

import Testing

@testable import Images
@testable import Raster

/// Which rows the exact union searches (`SimpleShapes`): shapes judged simple, rows where shapes
/// meet, and the same values as searching every row.
@Suite struct SimpleShapesTests {
    static func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double, clockwise: Bool = true) -> Polygon {
        UnionRasterizerTests.rectangle(Rect(x: x, y: y, width: w, height: h), clockwise: clockwise)
    }

    static let ring = Path.ring(center: Point(x: 10.3, y: 9.6), outerRadius: 6, innerRadius: 3).flattened()

    @Test func simpleShapesAreTold() {
        #expect(SimpleShapes.isSimple([Self.rectangle(1.5, 2.25, 6, 4)]))
        #expect(SimpleShapes.isSimple(Self.ring), "a ring: outline and hole turn opposite ways")
        // The first point repeated at the end, as some outlines close: an edge of no length.
        let closed = Self.rectangle(1.5, 2.25, 6, 4)
        #expect(SimpleShapes.isSimple([closed + [closed[0]]]))
        // An island inside a hole, each turning the other way from the one around it.
        let island = [
            Self.rectangle(0, 0, 20, 20), Self.rectangle(4, 4, 12, 12, clockwise: false), Self.rectangle(8, 8, 4, 4),
        ]
        #expect(SimpleShapes.isSimple(island))
    }

    @Test func overlappingAndNestedOutlinesAreNotSimple() {
        // Two outlines of one shape overlapping: winding 2 where they meet.
        #expect(!SimpleShapes.isSimple([Self.rectangle(1, 1, 6, 6), Self.rectangle(4, 3, 6, 6)]))
        // Nested, turning the same way: winding 2 inside the inner one, with no edges crossing.
        #expect(!SimpleShapes.isSimple([Self.rectangle(0, 0, 20, 20), Self.rectangle(5, 5, 5, 5)]))
        // Two outlines side by side turning opposite ways: +1 and −1.
        #expect(!SimpleShapes.isSimple([Self.rectangle(0, 0, 4, 4), Self.rectangle(8, 0, 4, 4, clockwise: false)]))
        // A figure eight crosses itself.
        let eight = [Point(x: 0, y: 0), Point(x: 8, y: 8), Point(x: 8, y: 0), Point(x: 0, y: 8)]
        #expect(!SimpleShapes.isSimple([eight]))
        // Edges closer than the clearance: two outlines touching along a side.
        #expect(!SimpleShapes.isSimple([Self.rectangle(0, 0, 4, 4), Self.rectangle(4, 0, 4, 4)]))
        // A point that is not finite.
        #expect(!SimpleShapes.isSimple([[Point(x: 0, y: 0), Point(x: .nan, y: 3), Point(x: 4, y: 4)]]))
    }

    @Test func rowsAreSearchedWhereShapesMeet() {
        let window = PixelRect(x0: 0, y0: 0, x1: 40, y1: 20)
        let apart = [[Self.rectangle(1.2, 2.5, 6, 8)], [Self.rectangle(9.4, 4.5, 6, 8)]]
        #expect(!SimpleShapes.rowsToSearch(apart, in: window).contains(true))
        // Two shapes in one pixel column (7.2 and 7.6): the rows they share, 4…10.
        let sharing = [[Self.rectangle(1.2, 2.5, 6, 8)], [Self.rectangle(7.6, 4.5, 6, 8)]]
        let rows = SimpleShapes.rowsToSearch(sharing, in: window)
        #expect(rows.indices.filter { rows[$0] } == Array(4...10))
        // A shape reaching left of the window: its edges are moved onto the window's side.
        let outside = [[Self.rectangle(-2, 2.5, 6, 8)]]
        #expect(!SimpleShapes.rowsToSearch(outside, in: window).contains(false))
        // A shape that is not simple: its own rows, 2…9.
        let nested = [[Self.rectangle(20, 2.5, 10, 7), Self.rectangle(22, 4, 3, 3)]]
        let own = SimpleShapes.rowsToSearch(nested, in: window)
        #expect(own.indices.filter { own[$0] } == Array(2...9))
    }

    /// A shape whose own outlines overlap or nest the same way is searched: the exact union.
    @Test func overlapsInsideOneShapeAreExact() throws {
        let window = PixelRect(x0: 0, y0: 0, x1: 24, y1: 24)
        for shape in [
            [Self.rectangle(1.3, 1.6, 9, 9), Self.rectangle(5.2, 4.7, 9, 9)],
            [Self.rectangle(1.3, 1.6, 20, 20), Self.rectangle(6.2, 5.7, 7, 7)],
        ] {
            let mask = try Rasterizer.unionCoverage(of: [shape], in: window)
            let reference = ExactAreaReference.coverage(of: [shape], in: window)
            let worst = zip(mask.values, reference).map { abs(Double($0) - $1) }.max()!
            #expect(worst < 1e-6, "largest difference to the reference \(worst)")
        }
    }

    /// Labels in the default font and in joined scripts: the rows left out change nothing, bit for bit.
    @Test(arguments: ["Processing payment…", "Office fluff AVATAR", "جارٍ معالجة الدفع", "भुगतान संसाधित"])
    func skippedRowsChangeNothing(text: String) throws {
        if text.unicodeScalars.contains(where: { $0.value > 0x5FF }) {
            guard NotoFonts.require(["Noto Sans Arabic", "Noto Sans Devanagari"]) else { return }
        }
        let label = try TextLabel(text: text, font: .family(nil), size: 16)
        for scale in [1.0, 3] {
            let shapes = label.glyphPaths(axisX: 200, top: 2, scale: scale).map { $0.flattened() }
            let window = FrameRenderer.bounds(of: shapes.flatMap { $0 })
            let skipping = try Rasterizer.unionCoverage(of: shapes, in: window)
            let searching = try Rasterizer.unionCoverage(of: shapes, in: window, searchingEveryRow: true)
            #expect(skipping.values.map(\.bitPattern) == searching.values.map(\.bitPattern), "\(text) @\(scale)x")
        }
    }
}

extension SimpleShapesTests {
    /// Coordinates far outside any image: told without a crash, and searched where unsure.
    @Test func farCoordinatesAreHandled() {
        let window = PixelRect(x0: 0, y0: 0, x1: 20, y1: 20)
        let tall = [[Point(x: 2, y: -1e300), Point(x: 9, y: 1e300), Point(x: 16, y: 5)]]
        _ = SimpleShapes.rowsToSearch([tall], in: window)
        // Tops 2e308 apart, beyond Double: not told simple.
        #expect(!SimpleShapes.isSimple([[Point(x: 0, y: -1e308), Point(x: 5, y: 1e308), Point(x: 9, y: 1e308)]]))
        let high = [Self.rectangle(3, 1e12, 5, 5)]
        #expect(SimpleShapes.isSimple(high))
        #expect(!SimpleShapes.rowsToSearch([high], in: window).contains(true))
    }
}

extension SimpleShapesTests {
    /// A shape that is not simple, wholly below the window: nothing to search, no crash.
    @Test func aShapeBelowTheWindowIsLeftOut() {
        let window = PixelRect(x0: 0, y0: 0, x1: 20, y1: 20)
        let nested = [Self.rectangle(2, 1e12, 10, 10), Self.rectangle(4, 1e12 + 2, 3, 3)]
        #expect(!SimpleShapes.isSimple(nested))
        #expect(!SimpleShapes.rowsToSearch([nested], in: window).contains(true))
    }
}

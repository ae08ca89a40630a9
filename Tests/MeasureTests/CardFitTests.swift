import Images
import Raster
import Testing

@testable import Measure

/// The card's edges on their own (`CardFit`, `EdgeScan`, `consensus`), around rings drawn in
/// the test: a card of known rect at a fraction of a pixel, a picture cut through the card, and
/// a card that does not stand out from the screen behind it.
@Suite struct CardFitTests {
    /// A 96 × 96 pt card (48 pt ring, 24 pt padding) centred on a screen whose size puts its
    /// edges between pixels: at 2 px a point, from (64.75, 65.25) to (256.75, 257.25) px.
    static func drawn(background: Color = Color(red8: 0x20, green8: 0x24, blue8: 0x2B), cornerRadius: Double = 16)
        throws -> DrawnIndicator
    {
        var style = RingSearchTests.style()
        style.cornerRadius = cornerRadius
        return try DrawnIndicator(style: style, screen: Size(width: 160.75, height: 161.25), background: background)
    }

    @Test func theEdgesOfACardOfKnownRect() throws {
        let drawn = try Self.drawn()
        let ring = try #require(drawn.foundRings().first)
        let card = drawn.card
        #expect(levels(ring.card, drawn.renderer.scene.style.backgroundColor) <= 1, "card colour \(ring.card)")
        var fit = CardFit.sides(drawn.pixels, ring: ring, lossy: false)
        fit.bottom(drawn.pixels, ring: ring, below: ring.centerY + ring.outerRadius + 1.5)
        for (name, found, drawnEdge) in [
            ("left", fit.left, card.left), ("right", fit.right, card.right), ("top", fit.top, card.top),
            ("bottom", fit.bottom, card.bottom),
        ] {
            let edge = try #require(found, "\(name) edge not found")
            #expect(abs(edge - drawnEdge) <= 0.05, "\(name) edge at \(edge) px for \(drawnEdge)")
        }
        // Every row through the ring but those in the corners agrees on the sides.
        #expect(fit.support.allSatisfy { $0 >= 40 }, "support \(fit.support)")
    }

    /// A picture cut through the card 10 px in from its left edge: the left edge is not in it,
    /// and the sides come from the right one mirrored about the ring's axis.
    @Test func aCropThroughTheCardMirrorsTheEdgeItCuts() throws {
        let whole = try Self.drawn()
        let x0 = Int(whole.card.left.rounded(.up)) + 10
        let part = try whole.cropped(
            PixelRect(x0: x0, y0: 0, x1: whole.image.width, y1: whole.image.height))
        let ring = try #require(part.foundRings().first)
        let fit = CardFit.sides(part.pixels, ring: ring, lossy: false)
        #expect(fit.left == nil, "left edge at \(fit.left ?? .nan) px in a picture cut through the card")
        #expect(fit.support[0] == 0)
        let right = try #require(fit.right)
        #expect(abs(right - part.card.right) <= 0.05, "right edge at \(right) for \(part.card.right)")
        let sides = try #require(fit.sides(axis: ring.centerX))
        #expect(abs(sides.left - part.card.left) <= 0.1, "mirrored left edge \(sides.left) for \(part.card.left)")
        #expect(sides.right == right)
    }

    /// A card of the screen's colour, or within the scan's tolerance of it (6 levels): no edge
    /// stands out, no side is known, and no corner is fitted.
    @Test(arguments: [0, 3])
    func aCardThatDoesNotStandOutHasNoEdges(offset: UInt8) throws {
        let drawn = try Self.drawn(background: Color(red8: 0xFF - offset, green8: 0xFF - offset, blue8: 0xFF))
        let ring = try #require(drawn.foundRings().first)
        var fit = CardFit.sides(drawn.pixels, ring: ring, lossy: false)
        fit.bottom(drawn.pixels, ring: ring, below: ring.centerY + ring.outerRadius + 1.5)
        #expect(fit.left == nil && fit.right == nil && fit.top == nil && fit.bottom == nil, "\(fit)")
        #expect(fit.support == [0, 0, 0, 0])
        #expect(fit.sides(axis: ring.centerX) == nil)
        fit.fitCorners(drawn.pixels, ring: ring)
        #expect(fit.cornerRadius == nil)
    }

    /// The rows under the ring keep the card's colour to the card's bottom edge (no label), and
    /// end there.
    @Test func theCardsRowsEndAtItsBottom() throws {
        let drawn = try Self.drawn(cornerRadius: 0)
        let ring = try #require(drawn.foundRings().first)
        let fit = CardFit.sides(drawn.pixels, ring: ring, lossy: false)
        let start = Int((ring.centerY + ring.outerRadius + 1).rounded(.up))
        let end = try #require(fit.lowestCardRow(drawn.pixels, ring: ring, from: start, limit: 200))
        // The bottom edge at 257.25 px: row 257 is a quarter card, row 258 the screen.
        #expect(abs(Double(end) - drawn.card.bottom) <= 1.5, "card rows end at \(end) for \(drawn.card.bottom)")
    }

    /// `consensus`: the position most values agree on within the width, their mean.
    @Test func theConsensusIsTheMeanOfTheLargestAgreeingGroup() throws {
        let found = try #require(consensus([10.1, 10.2, 10.3, 40, 10.0, 55.5, 41]))
        #expect(found.count == 4 && abs(found.value - 10.15) < 1e-12, "\(found)")
        #expect(consensus([1, 5, 9]) == nil)
        #expect(consensus([1, 1.2], minimum: 3) == nil)
    }

    /// `EdgeScan` on a row of two colours with one pixel between at a known share: the edge lies
    /// that share past the last pixel of the area's colour.
    @Test(arguments: [0.0, 0.25, 0.5, 0.75])
    func anEdgeScanFindsTheEdgeToAFractionOfAPixel(share: Double) throws {
        var image = try Pixmap(width: 30, height: 1)
        let mixed = UInt32((255 * share + 40 * (1 - share)).rounded())
        for x in 0..<30 {
            let v: UInt32 = x < 12 ? 255 : x == 12 ? mixed : 40
            image.pixels[x] = Pixmap.pack(r: v, g: v, b: v, a: 255)
        }
        let scan = EdgeScan(pixels: ScreenPixels(image), inside: RGB(255, 255, 255), tolerance: 6)
        let edge = try #require(scan.edge(line: 0, vertical: false, from: 3, direction: 1, limit: 30))
        #expect(abs(edge - (12 + share)) <= 0.01, "edge at \(edge) for \(12 + share)")
        let back = EdgeScan(pixels: ScreenPixels(image), inside: RGB(40, 40, 40), tolerance: 6)
        let other = try #require(back.edge(line: 0, vertical: false, from: 25, direction: -1, limit: 30))
        #expect(abs(other - (12 + share)) <= 0.01, "edge from the right at \(other) for \(12 + share)")
    }

    /// The same card scanned as a lossy screenshot is (edges 6 px wide rather than 3): still
    /// within a tenth of a pixel on a clean edge.
    @Test func aLossyScanFindsTheSameEdges() throws {
        let drawn = try Self.drawn()
        let ring = try #require(drawn.foundRings().first)
        let fit = CardFit.sides(drawn.pixels, ring: ring, lossy: true)
        #expect(fit.edgeReach == 6)
        let card = drawn.card
        for (name, found, drawnEdge) in [
            ("left", fit.left, card.left), ("right", fit.right, card.right), ("top", fit.top, card.top),
        ] {
            let edge = try #require(found, "\(name) edge not found")
            #expect(abs(edge - drawnEdge) <= 0.1, "\(name) edge at \(edge) px for \(drawnEdge)")
        }
    }

    /// A card 6 pt above and below the ring with 16 pt corners: 20 of the 48 rows through the ring
    /// cross a corner and stop short of the side; the rows between still agree on it. (The rows
    /// where the corner leaves the side by under half a pixel join the consensus: the sides come
    /// 0.06 px in.)
    @Test func rowsThroughTheCornersDoNotMoveTheSides() throws {
        var style = RingSearchTests.style()
        style.paddingVertical = 6
        style.cornerRadius = 16
        let drawn = try DrawnIndicator(style: style, screen: Size(width: 160.75, height: 100.25))
        let ring = try #require(drawn.foundRings().first)
        let fit = CardFit.sides(drawn.pixels, ring: ring, lossy: false)
        let card = drawn.card
        for (name, found, drawnEdge) in [
            ("left", fit.left, card.left), ("right", fit.right, card.right), ("top", fit.top, card.top),
        ] {
            let edge = try #require(found, "\(name) edge not found")
            #expect(abs(edge - drawnEdge) <= 0.1, "\(name) edge at \(edge) px for \(drawnEdge)")
        }
    }

    /// No edge where the scan starts off the area's colour, runs out of the picture, or meets an
    /// outside that is not uniform (a line of another colour 3 px past the area: no clean edge).
    @Test func anEdgeScanFindsNoEdgeThatIsNotClean() throws {
        func row(_ values: [UInt32]) throws -> ScreenPixels {
            var image = try Pixmap(width: values.count, height: 1)
            for (x, v) in values.enumerated() { image.pixels[x] = Pixmap.pack(r: v, g: v, b: v, a: 255) }
            return ScreenPixels(image)
        }
        let white = RGB(255, 255, 255)
        let clean = try row(Array(repeating: 255, count: 12) + Array(repeating: 40, count: 12))
        let scan = EdgeScan(pixels: clean, inside: white, tolerance: 6)
        #expect(scan.edge(line: 0, vertical: false, from: 3, direction: 1, limit: 30) == 12)
        #expect(scan.edge(line: 0, vertical: false, from: 15, direction: 1, limit: 30) == nil, "started off the area")
        #expect(scan.edge(line: 0, vertical: false, from: 8, direction: -1, limit: 30) == nil, "ran out of the picture")
        #expect(scan.edge(line: 0, vertical: false, from: 3, direction: 1, limit: 4) == nil, "past the limit")
        let lined = try row(
            Array(repeating: 255, count: 12) + [40, 40, 40, 180, 180, 180] + Array(repeating: 40, count: 6))
        #expect(
            EdgeScan(pixels: lined, inside: white, tolerance: 6).edge(
                line: 0, vertical: false, from: 3, direction: 1, limit: 30) == nil, "an outside that is not uniform")
    }
}

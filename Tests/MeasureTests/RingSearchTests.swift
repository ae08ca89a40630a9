import Images
import Raster
import Testing

@testable import Measure

/// The ring search and the ring fit on their own (`RingSearch`, `RingFit`, `RingModel`), on
/// rings drawn in the test: the drawn ring is found and fitted to a small fraction of a pixel;
/// flat pictures, noise and pictures smaller than a ring hold none.
@Suite struct RingSearchTests {
    /// A 48 pt ring with a 4 pt stroke: at 2 px a point, centre-line radius 44 px, stroke 8 px.
    static func style(size: Double = 48, stroke: Double = 4) -> LoadingStyle {
        var style = LoadingStyle.overlay
        style.spinnerSize = size
        style.strokeWidth = stroke
        style.spinnerColor = Color(red8: 0xE8, green8: 0x42, blue8: 0x1A)
        style.trackColor = Color(red8: 0xDD, green8: 0xE3, blue8: 0xEA)
        return style
    }

    static func drawn(frame: Int = 7, scale: Double = 2) throws -> DrawnIndicator {
        try DrawnIndicator(style: style(), scale: scale, screen: Size(width: 120, height: 120), frame: frame)
    }

    /// The candidate nearest to (x, y) and its distance, px.
    static func nearest(_ candidates: [RingSearch.Candidate], x: Double, y: Double) -> (RingSearch.Candidate, Double)? {
        candidates.map { c in (c, ((c.centerX - x) * (c.centerX - x) + (c.centerY - y) * (c.centerY - y)).squareRoot())
        }
        .min { $0.1 < $1.1 }
    }

    @Test func theSearchPutsACandidateOnTheDrawnRingsCentreWithItsTwoEdges() throws {
        let drawn = try Self.drawn()
        let ring = drawn.ring
        let search = RingSearch(drawn.pixels, scale: drawn.scale)
        #expect(search.reduced.factor == 2 && search.reduced.width == 120 && search.reduced.height == 120)
        // 5 to 80 pt at one reduced pixel a point, at most half the picture's side.
        #expect(search.radii == 5...60)
        let candidates = search.candidates()
        let (found, distance) = try #require(Self.nearest(candidates, x: ring.x, y: ring.y))
        // The fit of both circles puts the centre within about a third of a reduced pixel (2 px).
        #expect(distance <= 1, "candidate at (\(found.centerX), \(found.centerY)) for (\(ring.x), \(ring.y))")
        let (outer, inner) = (ring.radius + ring.stroke / 2, ring.radius - ring.stroke / 2)
        #expect(abs(found.outerRadius - outer) <= 2, "outer radius \(found.outerRadius) for \(outer)")
        #expect(abs(found.innerRadius - inner) <= 2, "inner radius \(found.innerRadius) for \(inner)")
        // The ring's votes beat everything else the card and screen give.
        #expect(candidates.first.map { abs($0.centerX - ring.x) <= 1 && abs($0.centerY - ring.y) <= 1 } == true)
    }

    @Test(arguments: [(0, 2.0), (7, 2.0), (23, 3.0), (41, 1.5)])
    func theFitRecoversTheDrawnRing(frame: Int, scale: Double) throws {
        let drawn = try Self.drawn(frame: frame, scale: scale)
        let ring = drawn.ring
        let fits = drawn.foundRings()
        #expect(fits.count == 1, "\(fits.count) rings found")
        let fit = try #require(fits.first)
        #expect(
            abs(fit.centerX - ring.x) <= 0.05 && abs(fit.centerY - ring.y) <= 0.05,
            "centre (\(fit.centerX), \(fit.centerY)) for (\(ring.x), \(ring.y))")
        #expect(abs(fit.radius - ring.radius) <= 0.05, "radius \(fit.radius) for \(ring.radius)")
        #expect(abs(fit.thickness - ring.stroke) <= 0.05, "thickness \(fit.thickness) for \(ring.stroke)")
        let style = drawn.renderer.scene.style
        #expect(levels(fit.card, style.backgroundColor) <= 1, "card \(fit.card)")
        #expect(levels(fit.track, style.trackColor) <= 1, "track \(fit.track)")
        #expect(levels(fit.arc, style.spinnerColor) <= 1, "arc \(fit.arc)")
        var turn = (fit.arcStart - drawn.arcStart).truncatingRemainder(dividingBy: 360)
        if turn > 180 { turn -= 360 } else if turn < -180 { turn += 360 }
        #expect(abs(turn) <= 0.5, "arc starts at \(fit.arcStart)° for \(drawn.arcStart)°")
        #expect(fit.arcStart >= -90 && fit.arcStart < 270)
        #expect(fit.arcLooksRight && fit.score >= 0.99 && fit.quality >= 0.95, "quality \(fit.quality)")
    }

    /// A first estimate 1.5 px off the centre is brought back by the rays (`refineGeometry`).
    @Test func theRaysBringAnOffCentreStartBackToTheCentre() throws {
        let drawn = try Self.drawn()
        let ring = drawn.ring
        let candidate = RingSearch.Candidate(
            centerX: ring.x + 1.5, centerY: ring.y - 1, outerRadius: ring.radius + ring.stroke / 2,
            innerRadius: ring.radius - ring.stroke / 2, votes: 10, edgeCount: 200)
        let start = try #require(RingFit.initial(drawn.pixels, candidate: candidate, error: 3))
        #expect(abs(start.thickness - ring.stroke) <= 1.5, "first thickness \(start.thickness)")
        let fit = try #require(RingFit.fit(drawn.pixels, candidate: candidate, error: 3, jpeg: false))
        #expect(
            abs(fit.centerX - ring.x) <= 0.05 && abs(fit.centerY - ring.y) <= 0.05,
            "centre (\(fit.centerX), \(fit.centerY)) for (\(ring.x), \(ring.y))")
        #expect(abs(fit.radius - ring.radius) <= 0.05 && abs(fit.thickness - ring.stroke) <= 0.05)
    }

    /// The track's ray at 9 o'clock (the arc of frame 7 is at the top right): the ring from the
    /// outer edge to the inner, within a step of the scan (0.75 px).
    @Test func aRayCrossesTheTrackBetweenItsEdges() throws {
        let drawn = try Self.drawn()
        let ring = drawn.ring
        let card = RGB(drawn.renderer.scene.style.backgroundColor)
        let found = try #require(
            RingFit.ringOnRay(
                drawn.pixels, x: ring.x, y: ring.y, degrees: 180, from: ring.radius + ring.stroke, card: card,
                threshold: 8))
        #expect(abs(found.outer - (ring.radius + ring.stroke / 2)) <= 0.75, "outer \(found.outer)")
        #expect(abs(found.inner - (ring.radius - ring.stroke / 2)) <= 0.75, "inner \(found.inner)")
        #expect(levels(found.color, drawn.renderer.scene.style.trackColor) <= 1)
        // A ray through the card alone meets no ring.
        #expect(
            RingFit.ringOnRay(
                drawn.pixels, x: ring.x, y: ring.y, degrees: 180, from: ring.radius - ring.stroke, card: card,
                threshold: 8) == nil)
    }

    /// The model of the fitted ring explains its box; the same model 2 px off does not.
    @Test func theModelExplainsTheFittedRingAndNotAMovedOne() throws {
        let drawn = try Self.drawn()
        let fit = try #require(drawn.foundRings().first)
        let shares = RingModel(fit).explainedShare(of: drawn.pixels)
        #expect(shares.box >= 0.99 && shares.stroke >= 0.97, "explained \(shares)")
        var moved = fit
        moved.centerX += 2
        let off = RingModel(moved).explainedShare(of: drawn.pixels)
        #expect(off.stroke < 0.85, "a ring 2 px off explains \(off)")
    }

    @Test func aFlatPictureHasNoEdgesAndNoRing() throws {
        let image = try flatPicture(width: 200, height: 160, Color(red8: 0x80, green8: 0x90, blue8: 0xA0))
        let search = RingSearch(ScreenPixels(image), scale: 2)
        #expect(search.edges.isEmpty)
        #expect(search.candidates().isEmpty)
        #expect(ScreenshotMeasure.findRings(ScreenPixels(image), scale: 2, jpeg: false).isEmpty)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func noiseHoldsNoRing(seed: UInt64) throws {
        let image = try noisePicture(width: 240, height: 200, seed: seed)
        let rings = ScreenshotMeasure.findRings(ScreenPixels(image), scale: 2, jpeg: false)
        #expect(
            rings.isEmpty,
            "\(rings.count) rings in noise, the first at \(rings.first.map { ($0.centerX, $0.centerY) } as Any)")
    }

    /// Pictures smaller than the ring, cut from around its centre: part of the stroke shows, not
    /// a ring.
    @Test(arguments: [(40, 40), (60, 30), (80, 80), (12, 12), (7, 7)])
    func aPictureSmallerThanARingHoldsNone(width: Int, height: Int) throws {
        let drawn = try Self.drawn()
        let (cx, cy) = (Int(drawn.ring.x), Int(drawn.ring.y))
        // From 20 px right of the ring's centre: the stroke (40 to 48 px out) crosses the wider ones.
        let x0 = cx + 20
        let part = try drawn.cropped(
            PixelRect(x0: x0, y0: cy - height / 2, x1: x0 + width, y1: cy - height / 2 + height))
        #expect(part.foundRings().isEmpty, "\(width) × \(height) px")
    }

    /// A ring whose outer edge the picture's edge cuts by 4 px (the card's side and a sliver
    /// of the stroke are gone) is still round on most rays: found, and where it is.
    @Test func aRingCutByThePicturesEdgeIsFoundWhereItIs() throws {
        let drawn = try Self.drawn()
        let ring = drawn.ring
        let outer = ring.radius + ring.stroke / 2
        let x0 = Int((ring.x - outer + 4).rounded())
        let part = try drawn.cropped(PixelRect(x0: x0, y0: 0, x1: drawn.image.width, y1: drawn.image.height))
        let cut = part.ring
        let fit = try #require(part.foundRings().first)
        #expect(
            abs(fit.centerX - cut.x) <= 0.1 && abs(fit.centerY - cut.y) <= 0.1,
            "centre (\(fit.centerX), \(fit.centerY)) for (\(cut.x), \(cut.y))")
        #expect(abs(fit.radius - cut.radius) <= 0.1 && abs(fit.thickness - cut.stroke) <= 0.1)
    }

    /// A ring cut through its centre is half a ring: not an indicator.
    @Test func aRingCutThroughItsCentreIsNotFound() throws {
        let drawn = try Self.drawn()
        let x0 = Int(drawn.ring.x)
        let part = try drawn.cropped(PixelRect(x0: x0, y0: 0, x1: drawn.image.width, y1: drawn.image.height))
        #expect(part.foundRings().isEmpty)
    }

    /// A ring cut by any side of the picture, by 4 to 40 px of its 96 px: found where it is (to
    /// 0.15 px: with a quarter of it gone, the centre moves 0.1 px toward the cut), or not found;
    /// never found somewhere else or with another size.
    @Test(arguments: ["left", "top", "right", "bottom"], [4, 24, 40])
    func aCutRingIsFoundWhereItIsOrNotAtAll(side: String, cut: Int) throws {
        let drawn = try Self.drawn()
        let ring = drawn.ring
        let outer = ring.radius + ring.stroke / 2
        let (w, h) = (drawn.image.width, drawn.image.height)
        let near = (x: Int((ring.x - outer).rounded()) + cut, y: Int((ring.y - outer).rounded()) + cut)
        let far = (x: Int((ring.x + outer).rounded()) - cut, y: Int((ring.y + outer).rounded()) - cut)
        let rect: PixelRect
        switch side {
        case "left": rect = PixelRect(x0: near.x, y0: 0, x1: w, y1: h)
        case "top": rect = PixelRect(x0: 0, y0: near.y, x1: w, y1: h)
        case "right": rect = PixelRect(x0: 0, y0: 0, x1: far.x, y1: h)
        default: rect = PixelRect(x0: 0, y0: 0, x1: w, y1: far.y)
        }
        let part = try drawn.cropped(rect)
        let cutRing = part.ring
        for fit in part.foundRings() {
            #expect(
                abs(fit.centerX - cutRing.x) <= 0.15 && abs(fit.centerY - cutRing.y) <= 0.15,
                "centre (\(fit.centerX), \(fit.centerY)) for (\(cutRing.x), \(cutRing.y)), cut \(cut) px at the \(side)"
            )
            #expect(
                abs(fit.radius - cutRing.radius) <= 0.1 && abs(fit.thickness - cutRing.stroke) <= 0.1,
                "radius \(fit.radius), thickness \(fit.thickness), cut \(cut) px at the \(side)")
        }
    }

    /// A track of the card's colour does not show all round, and an arc of the track's colour is
    /// no arc: neither is a spinner's ring.
    @Test(arguments: [true, false])
    func aRingWithoutATrackOrAnArcIsNotASpinner(trackless: Bool) throws {
        var style = Self.style()
        if trackless { style.trackColor = style.backgroundColor } else { style.spinnerColor = style.trackColor }
        let drawn = try DrawnIndicator(style: style, screen: Size(width: 120, height: 120))
        #expect(drawn.foundRings().isEmpty, trackless ? "a ring without a track" : "a ring without an arc")
    }

    /// Strokes of 3 px and more, at scales whose search runs at 1 to 1.5 reduced pixels a point.
    @Test(arguments: [(2.0, 2.5), (10.0, 2.0), (3.0, 1.5), (1.0, 3.0)])
    func strokesAndScalesReadBack(stroke: Double, scale: Double) throws {
        let (drawn, fit) = try Self.fitted(stroke: stroke, scale: scale)
        let ring = drawn.ring
        let style = drawn.renderer.scene.style
        #expect(abs(fit.thickness - ring.stroke) <= 0.05, "thickness \(fit.thickness) for \(ring.stroke)")
        #expect(levels(fit.track, style.trackColor) <= 1, "track \(fit.track) for \(style.trackColor.hex)")
        #expect(levels(fit.arc, style.spinnerColor) <= 1, "arc \(fit.arc) for \(style.spinnerColor.hex)")
    }

    /// Strokes of 2 px or less have no core of the pure colour: the colours come from the pixels'
    /// coverage by the fitted ring. They come out paler than drawn (the arc's #E8421A as
    /// (234, 101, 70) on a 1 px stroke) and the stroke as much thicker (1.38 px for 1 px, 1.73
    /// for 1.5, 2.15 for 2), where the centre and radius are right.
    @Test(arguments: [(1.0, 1.0), (1.5, 1.0), (2.0, 1.0), (1.0, 2.0)])
    func strokesOfTwoPixelsOrLessReadBack(stroke: Double, scale: Double) throws {
        let (drawn, fit) = try Self.fitted(stroke: stroke, scale: scale)
        let ring = drawn.ring
        let style = drawn.renderer.scene.style
        // A known error (docs/measure.md): these read 0.15 to 0.38 px too thick, the track up to
        // 7 levels and the arc up to 44 paler; exact would be 0.05 px and a level.
        #expect(abs(fit.thickness - ring.stroke) <= 0.4, "thickness \(fit.thickness) for \(ring.stroke)")
        #expect(levels(fit.track, style.trackColor) <= 8, "track \(fit.track) for \(style.trackColor.hex)")
        #expect(levels(fit.arc, style.spinnerColor) <= 45, "arc \(fit.arc) for \(style.spinnerColor.hex)")
    }

    /// A 40 pt ring of `stroke` pt at `scale`, found and fitted: its centre and radius to 0.05 px.
    static func fitted(stroke: Double, scale: Double) throws -> (DrawnIndicator, RingFit) {
        let drawn = try DrawnIndicator(
            style: style(size: 40, stroke: stroke), scale: scale, screen: Size(width: 100, height: 100))
        let ring = drawn.ring
        let fit = try #require(drawn.foundRings().first, "no ring of \(stroke) pt at \(scale) px a point")
        #expect(
            abs(fit.centerX - ring.x) <= 0.05 && abs(fit.centerY - ring.y) <= 0.05,
            "centre (\(fit.centerX), \(fit.centerY)) for (\(ring.x), \(ring.y))")
        #expect(abs(fit.radius - ring.radius) <= 0.05, "radius \(fit.radius) for \(ring.radius)")
        return (drawn, fit)
    }

    /// Angles in −90…270 (the contract's frames), and small systems solved or refused.
    @Test func anglesAndLinearSystems() throws {
        #expect(RingFit.normalized(-90) == -90 && RingFit.normalized(270) == -90)
        #expect(RingFit.normalized(-91) == 269 && RingFit.normalized(630) == -90 && RingFit.normalized(269.5) == 269.5)
        let x = try #require(LinearSolve.solve([2, 1, 1, 3], [3, 5], size: 2))
        #expect(abs(x[0] - 0.8) < 1e-12 && abs(x[1] - 1.4) < 1e-12, "\(x)")
        #expect(LinearSolve.solve([1, 2, 2, 4], [1, 2], size: 2) == nil, "a singular matrix")
    }

    /// At most `limit` candidates, the ring's among them.
    @Test func theCandidatesAreLimited() throws {
        let drawn = try Self.drawn()
        let search = RingSearch(drawn.pixels, scale: drawn.scale)
        for limit in [1, 3] {
            let candidates = search.candidates(limit: limit)
            #expect(candidates.count <= limit && !candidates.isEmpty, "\(candidates.count) for \(limit)")
            let nearest = try #require(Self.nearest(candidates, x: drawn.ring.x, y: drawn.ring.y))
            #expect(nearest.1 <= 1, "the ring is not among the first \(limit)")
        }
    }
}

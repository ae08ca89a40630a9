import LibC

/// The spinner's ring fitted to the pixels around a candidate centre: its centre and radii to a
/// small fraction of a pixel, the card colour around it, the track and arc colours, and where
/// the arc stands.
///
/// Method. The colours come first, from samples on 360 rays out of the candidate's centre: the
/// card colour C is what lies just outside the ring, the ring's colour on each ray is its sample
/// farthest from C, and those split into the track colour T (the median) and the arc colour A
/// (the rest, which must form one block of angles). Then, on each ray away from the arc's ends,
/// every sample (a quarter pixel apart, bilinear) gets its share of ring, the projection of its
/// colour on the line from C to T (or to A on the arc's rays): edge pixels are mixtures of the
/// two, as compositing in sRGB makes them. The integral of that share along the ray is the
/// stroke's thickness there and its centroid the centre line's radius there; fitting
/// r(θ) = r + dx·cos θ + dy·sin θ to the centroids moves the centre, three times. The arc's
/// bisector is the circular mean of each ray's arc share (its colour's projection from T to A
/// in the middle of the stroke), since the arc with its round caps is symmetric about it.
struct RingFit: Sendable {
    var centerX: Double
    var centerY: Double
    /// Radius of the centre line, px.
    var radius: Double
    /// Stroke width, px.
    var thickness: Double
    var card: RGB
    var track: RGB
    var arc: RGB
    /// Where the arc starts, degrees clockwise from 3 o'clock (y down): −90 is 12 o'clock.
    var arcStart: Double
    /// The spread of the per-ray centre-line radii and thicknesses about the fit, px, and the
    /// number of rays used: the statistical part of the uncertainty.
    var radiusSpread: Double
    var thicknessSpread: Double
    var rays: Int
    /// The arc's angular spread of the bisector estimate, degrees.
    var arcSpread: Double
    /// How far round the arc's colour reaches along the middle of the stroke, degrees.
    var arcExtent = 0.0

    /// How far round a 90° arc with round caps reaches along the middle of the stroke, degrees:
    /// each cap, a half disc of the stroke's half width centred on the centre line, adds the
    /// angle of a chord of half the stroke's width.
    var expectedArcExtent: Double {
        guard radius > 0 else { return 360 }
        return 90 + 4 * asin(min(1, thickness / (4 * radius))) * 180 / .pi
    }

    /// How much the fit looks like a spinner, at most 1: the share of pixels the model explains,
    /// less half the arc's relative error in how far round it reaches, less half the share of
    /// rays short of four in five that were not round (a drawn ring is round on nearly all of
    /// them; a round photo or avatar with a patch of colour may pass on three in five).
    var quality: Double {
        score - 0.5 * abs(arcExtent - expectedArcExtent) / max(1, expectedArcExtent)
            - 0.5 * max(0, 0.8 - Double(rays) / Double(RingFit.rayCount))
    }

    /// Whether the arc reaches as far round as a 90° arc with round caps does: within 12° and a
    /// tenth (20° and a sixth in a JPEG, whose colours spread). Other rings with a patch of
    /// another colour (a tab bar's icon over a photo) do not.
    var arcLooksRight: Bool {
        let expected = expectedArcExtent
        return abs(arcExtent - expected) <= (jpeg ? 20 + expected / 6 : 12 + expected / 10)
    }
    /// The noise of the card's pixels around the ring, levels: first the robust spread of their
    /// largest channel difference from the card colour, then (`refineColors`) the 75th
    /// percentile of it over 1.6, about one standard deviation for even noise and more for
    /// JPEG's, whose errors come in blocks.
    var noise: Float
    /// A JPEG: colours spread over more pixels than the edges.
    var jpeg = false
    /// The share of pixels in the ring's box that the fitted model explains (0…1).
    var score: Double = 0

    var outerRadius: Double { radius + thickness / 2 }
    var innerRadius: Double { max(0, radius - thickness / 2) }

    static let rayCount = 360

    /// The fit around `candidate`, or nil when what is there is not a spinner's ring (no arc
    /// of another colour in one block, too little contrast, an arc that does not reach as far
    /// round as a 90° arc with round caps, a track that does not show all round, rays that do
    /// not agree on one circle to a third of a pixel, a model that explains under 85 % of the
    /// pixels of its box or 40 % of its stroke's).
    static func fit(_ pixels: ScreenPixels, candidate: RingSearch.Candidate, error: Double, jpeg: Bool) -> RingFit? {
        guard var fit = initial(pixels, candidate: candidate, error: error) else {
            return nil
        }
        fit.jpeg = jpeg
        return fit.completed(pixels, error: error)
    }

    /// The fit from its first estimate (`initial`): the geometry three times, the colours, the
    /// geometry once more, the arc; nil when it is not a spinner's ring after all.
    func completed(_ pixels: ScreenPixels, error: Double) -> RingFit? {
        var fit = self
        var margin = error
        for _ in 0..<3 {
            guard fit.refineGeometry(pixels, margin: margin, fine: false) else { return nil }
            margin = min(margin, max(1, fit.thickness / 2))
        }
        fit.refineColors(pixels)
        guard fit.refineGeometry(pixels, margin: 1) else { return nil }
        fit.measureArc(pixels)
        fit.refineColors(pixels)
        fit.measureArc(pixels)
        let shares = RingModel(fit).explainedShare(of: pixels)
        fit.score = shares.box
        // The track must show all round: a band of another colour crossing a ring's place (a
        // bar behind text) can pass for an arc, never for a whole ring of one colour.
        // A drawn ring is round to a small fraction of a pixel on nearly every ray of its track
        // (the arc's may not fit where its colour is near the card's, and with the round caps of
        // a thick stroke the arc is a third of the circle); a ring read into other shapes (a
        // card's corner, a bar behind text) is not.
        let round =
            fit.rays >= RingFit.rayCount * 3 / 5 && fit.radiusSpread <= max(0.3, 0.005 * fit.radius)
            && fit.thicknessSpread <= max(0.8, 0.12 * fit.thickness)
        let trackShows = fit.track.distance(to: fit.card) >= 8 && round
        // And the stroke itself must be the model's, not only the box around it.
        return fit.score >= 0.85 && shares.stroke >= 0.4 && fit.arcLooksRight && trackShows ? fit : nil
    }

}

/// sin and cos of an angle in degrees.
@inline(__always)
func sincos(degrees: Double) -> (sin: Double, cos: Double) {
    let radians = degrees * .pi / 180
    return (sin(radians), cos(radians))
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// The noise of the card's pixels (robust standard deviation of the largest channel
    /// difference), levels.
    var noise: Float
    /// The share of pixels in the ring's box that the fitted model explains (0…1).
    var score: Double = 0

    var outerRadius: Double { radius + thickness / 2 }
    var innerRadius: Double { max(0, radius - thickness / 2) }

    static let rayCount = 360

    /// The fit around `candidate`, or nil when what is there is not a spinner's ring (no arc
    /// of another colour in one block, too little contrast, a model that explains too little).
    static func fit(_ pixels: ScreenPixels, candidate: RingSearch.Candidate, error: Double) -> RingFit? {
        guard var fit = initial(pixels, candidate: candidate, error: error) else {
            return nil
        }
        var margin = error
        for _ in 0..<3 {
            guard fit.refineGeometry(pixels, margin: margin) else { return nil }
            margin = min(margin, max(1, fit.thickness / 2))
        }
        fit.refineColors(pixels)
        guard fit.refineGeometry(pixels, margin: 1) else { return nil }
        fit.measureArc(pixels)
        fit.refineColors(pixels)
        fit.measureArc(pixels)
        fit.score = RingModel(fit).explainedShare(of: pixels)
        return fit.score >= 0.85 ? fit : nil
    }

    /// Colours and the arc's block from rays out of the candidate's centre.
    private static func initial(_ pixels: ScreenPixels, candidate: RingSearch.Candidate, error: Double) -> RingFit? {
        let (cx, cy) = (candidate.centerX, candidate.centerY)
        let outer = candidate.outerRadius
        let inner = candidate.innerRadius
        guard outer >= 2 else { return nil }
        var outside: [RGB] = []
        for j in 0..<rayCount {
            let (s, c) = sincos(degrees: Double(j))
            for k in 0..<3 {
                let r = outer + error + 1.5 + Double(k)
                outside.append(pixels.sample(cx + r * c, cy + r * s))
            }
        }
        let card = Robust.median(outside)
        let noise = max(0.5, Float(Robust.spread(outside.map { Double($0.distance(to: card)) })))
        // The ring's colour on each ray: its sample farthest from the card.
        let low = max(0, inner - error - 1)
        let high = outer + error + 0.5
        var ring: [RGB] = []
        for j in 0..<rayCount {
            let (s, c) = sincos(degrees: Double(j))
            var best = card
            var bestDistance: Float = -1
            var r = low
            while r <= high {
                let color = pixels.sample(cx + r * c, cy + r * s)
                let d = color.distance(to: card)
                if d > bestDistance {
                    bestDistance = d
                    best = color
                }
                r += 0.5
            }
            ring.append(best)
        }
        let track = Robust.median(ring)
        let tolerance = max(12, 4 * noise)
        let arcRays = ring.filter { $0.distance(to: track) > tolerance }
        guard arcRays.count >= 12 else { return nil }
        let arc = Robust.median(arcRays)
        guard max(track.distance(to: card), arc.distance(to: card)) > tolerance,
            let start = arcBlockStart(ring, track: track, arc: arc)
        else { return nil }
        return RingFit(
            centerX: cx, centerY: cy, radius: (outer + inner) / 2, thickness: max(1, outer - inner), card: card,
            track: track, arc: arc, arcStart: start, radiusSpread: 0, thicknessSpread: 0, rays: 0, arcSpread: 0,
            noise: noise)
    }

    /// The start of the one block of rays nearer the arc colour than the track colour, degrees,
    /// or nil when those rays are not one block of 45°–270°.
    private static func arcBlockStart(_ ring: [RGB], track: RGB, arc: RGB) -> Double? {
        let isArc = ring.map { ($0 - arc).length < ($0 - track).length }
        let count = isArc.filter { $0 }.count
        guard count >= 45, count <= 270 else { return nil }
        // A block starts where a track ray is followed by an arc ray; exactly one must.
        let starts = (0..<rayCount).filter { !isArc[$0] && isArc[($0 + 1) % rayCount] }
        guard starts.count == 1 else { return nil }
        let first = (starts[0] + 1) % rayCount
        // The block's middle, less half of the 90° sweep: caps widen the block on both sides.
        return Double(first) + Double(count) / 2 - 45
    }
}

/// sin and cos of an angle in degrees.
@inline(__always)
func sincos(degrees: Double) -> (sin: Double, cos: Double) {
    let radians = degrees * .pi / 180
    return (sin(radians), cos(radians))
}

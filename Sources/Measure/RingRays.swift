import LibC

/// The ray measurements of `RingFit`: the ring's geometry from the integral of its share along
/// rays, its colours, and the arc's bisector.
extension RingFit {
    /// How far, in degrees, the round cap reaches past each end of the arc's 90° sector: the
    /// half angle the cap's disc (radius = half the stroke) subtends from the centre.
    var capAngle: Double {
        guard radius > 0 else { return 90 }
        return asin(min(1, thickness / 2 / radius)) * 180 / .pi
    }

    /// How far on from the arc's start `degrees` is, clockwise, 0…360.
    func turned(_ degrees: Double) -> Double {
        let offset = (degrees - arcStart).truncatingRemainder(dividingBy: 360)
        return offset < 0 ? offset + 360 : offset
    }

    /// What a ray at `degrees` crosses: only the arc, only the track, or the arc's end (nil).
    func rayKind(_ degrees: Double) -> Bool? {
        let turned = turned(degrees)
        if turned >= 2 && turned <= 88 { return true }
        let reach = capAngle + 3
        if turned > 90 + reach && turned < 360 - reach { return false }
        return nil
    }

    /// The share of ring in `color`: its projection on the line from the card colour to `toward`.
    @inline(__always)
    static func share(_ color: RGB, card: RGB, toward: RGB) -> Float {
        let axis = toward - card
        let norm = (axis * axis).sum()
        guard norm > 0 else { return 0 }
        return min(1.25, max(-0.25, ((color - card) * axis).sum() / norm))
    }

    /// One pass of the geometry: per ray, the thickness (integral of the ring's share) and the
    /// centre line's radius (its centroid) over the stroke widened by `margin` px each side; the
    /// circle fitted to the centroids moves the centre. False when too few rays can be read.
    mutating func refineGeometry(_ pixels: ScreenPixels, margin: Double, fine: Bool = true) -> Bool {
        let low = max(0, innerRadius - margin - 1.5)
        let high = outerRadius + margin + 1.5
        // The first passes, which only bring the centre close, every 2° and half a pixel.
        let step = fine ? 0.25 : 0.5
        var samples: [(angle: Double, radius: Double, thickness: Double)] = []
        let trackVisible = track.distance(to: card) >= 8
        let arcVisible = arc.distance(to: card) >= 8
        for j in stride(from: 0, to: RingFit.rayCount, by: fine ? 1 : 2) {
            let degrees = Double(j) + 0.5
            guard let onArc = rayKind(degrees), onArc ? arcVisible : trackVisible else { continue }
            let toward = onArc ? arc : track
            let (s, c) = sincos(degrees: degrees)
            var mass = 0.0
            var moment = 0.0
            var r = low + step / 2
            while r < high {
                let m = Double(
                    RingFit.share(pixels.sample(centerX + r * c, centerY + r * s), card: card, toward: toward))
                mass += m * step
                moment += m * r * step
                r += step
            }
            guard mass > 0.2 else { continue }
            samples.append((degrees, moment / mass, mass))
        }
        guard samples.count >= (fine ? 24 : 12) else { return false }
        return fitCircle(samples)
    }

    /// Fits r_j = r + dx·cos θ_j + dy·sin θ_j to the rays' centroids by least squares, twice,
    /// the second time without the rays more than three robust deviations off; the thickness
    /// is the median of the kept rays'.
    private mutating func fitCircle(_ samples: [(angle: Double, radius: Double, thickness: Double)]) -> Bool {
        var kept = samples
        var solution: [Double] = [radius, 0, 0]
        for pass in 0..<2 {
            var normal = [Double](repeating: 0, count: 9)
            var rhs = [Double](repeating: 0, count: 3)
            for sample in kept {
                let (s, c) = sincos(degrees: sample.angle)
                let row = [1, c, s]
                for i in 0..<3 {
                    rhs[i] += row[i] * sample.radius
                    for k in 0..<3 { normal[i * 3 + k] += row[i] * row[k] }
                }
            }
            guard let solved = LinearSolve.solve(normal, rhs, size: 3) else { return false }
            solution = solved
            if pass == 0 {
                let residuals = kept.map { residual($0, solution) }
                let limit = max(0.15, 3 * Robust.spread(residuals))
                let thicknessMedian = Robust.median(kept.map(\.thickness))
                let thicknessLimit = max(0.3, 3 * Robust.spread(kept.map(\.thickness)))
                kept = kept.filter {
                    abs(residual($0, solution)) <= limit && abs($0.thickness - thicknessMedian) <= thicknessLimit
                }
                guard kept.count >= 12 else { return false }
            }
        }
        centerX += solution[1]
        centerY += solution[2]
        radius = solution[0]
        let thicknesses = kept.map(\.thickness)
        thickness = Robust.median(thicknesses)
        radiusSpread = Robust.spread(kept.map { residual($0, solution) })
        thicknessSpread = Robust.spread(thicknesses)
        rays = kept.count
        return radius.isFinite && radius > 0.5 && thickness > 0.3
    }

    private func residual(_ sample: (angle: Double, radius: Double, thickness: Double), _ solution: [Double]) -> Double
    {
        let (s, c) = sincos(degrees: sample.angle)
        return sample.radius - (solution[0] + solution[1] * c + solution[2] * s)
    }
}

import LibC

/// A closed polygon in pixels: the flattened form of one contour.
package typealias Polygon = [Point]

extension Path {
    /// The default flattening tolerance: 0.002 px, the largest distance between a chord and its
    /// arc. At this tolerance the coverage error of flattening stays below 0.3/255 per pixel.
    static let defaultTolerance = 0.002

    /// The contours as closed polygons whose chords stay within `tolerance` px of the true arcs.
    ///
    /// Each arc is cut into the fewest equal chords that keep the sagitta R·(1 − cos(θ/2)) within
    /// the tolerance. The chords' vertices sit at R·√(θ / sin θ), slightly outside the circle, so
    /// that each chord's triangle has exactly the area of its sector: chords straddle the arc
    /// instead of cutting inside it. The arc's two end points stay on the circle, joined to the
    /// first and last vertex by a radial step of a few thousandths of a pixel that adds no area, so
    /// arcs join lines exactly and a flattened disc or sector has exactly the true area.
    package func flattened(tolerance: Double = Path.defaultTolerance) -> [Polygon] {
        precondition(tolerance > 0, "tolerance must be positive")
        var polygons: [Polygon] = []
        var current: Polygon = []
        func finish() {
            if current.count >= 3 { polygons.append(current) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let point):
                finish()
                current.append(point)
            case .line(let point):
                current.append(point)
            case .arc(let center, let radius, let start, let sweep):
                Path.appendArc(
                    center: center, radius: radius, start: start, sweep: sweep,
                    tolerance: tolerance, to: &current)
            case .quadCurve(let control, let end):
                guard let start = current.last else {
                    current.append(end)
                    continue
                }
                Path.appendBezier([start, control, end], tolerance: tolerance, to: &current)
            case .cubicCurve(let control1, let control2, let end):
                guard let start = current.last else {
                    current.append(end)
                    continue
                }
                Path.appendBezier([start, control1, control2, end], tolerance: tolerance, to: &current)
            }
        }
        finish()
        return polygons
    }

    /// The number of equal chords that keep an arc of `radius` px and `sweep` within `tolerance`:
    /// never fewer than one per 90°, so a chord's angle stays small enough for the straddle
    /// radius (tiny arcs, far below the tolerance, still get a sane polygon).
    static func chordCount(radius: Double, sweep: Angle, tolerance: Double) -> Int {
        let turn = abs(sweep.radians)
        guard turn > 0, turn.isFinite else { return 1 }
        let quarters = Int((turn / (Double.pi / 2)).rounded(.up))
        guard radius > tolerance / 2 else { return max(1, quarters) }
        let maxStep = 2 * acos(max(-1, 1 - tolerance / radius))
        guard maxStep > 0 else { return max(1, quarters) }
        return max(1, quarters, Int(min(1e7, (turn / maxStep).rounded(.up))))
    }

    /// Appends a Bézier curve of degree 2 or 3 (its control points, the first already in the
    /// polygon) as equal steps in t. The step count comes from Wang's formula: n steps keep every
    /// chord within d(d−1)/8 · M / n² of the curve, M the largest second difference of the
    /// control points, so n = ⌈√(d(d−1)·M / (8·tolerance))⌉.
    static func appendBezier(_ p: [Point], tolerance: Double, to polygon: inout Polygon) {
        let degree = p.count - 1
        var m = 0.0
        for i in 0..<(p.count - 2) {
            let dx = p[i].x - 2 * p[i + 1].x + p[i + 2].x
            let dy = p[i].y - 2 * p[i + 1].y + p[i + 2].y
            m = max(m, (dx * dx + dy * dy).squareRoot())
        }
        let steps = max(1, Int((Double(degree * (degree - 1)) * m / (8 * tolerance)).squareRoot().rounded(.up)))
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            let u = 1 - t
            if degree == 2 {
                polygon.append(
                    Point(
                        x: u * u * p[0].x + 2 * u * t * p[1].x + t * t * p[2].x,
                        y: u * u * p[0].y + 2 * u * t * p[1].y + t * t * p[2].y))
            } else {
                let a = u * u * u
                let b = 3 * u * u * t
                let c = 3 * u * t * t
                let d = t * t * t
                polygon.append(
                    Point(
                        x: a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
                        y: a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y))
            }
        }
    }

    static func appendArc(
        center: Point, radius: Double, start: Angle, sweep: Angle,
        tolerance: Double, to polygon: inout Polygon
    ) {
        polygon.append(center.moved(by: radius, toward: start))
        guard radius > 0, sweep.degrees != 0, radius.isFinite else { return }
        let count = chordCount(radius: radius, sweep: sweep, tolerance: tolerance)
        let step = sweep.degrees / Double(count)
        let theta = abs(step) * .pi / 180
        let straddle = theta > 1e-9 ? radius * (theta / sin(theta)).squareRoot() : radius
        for i in 0...count {
            polygon.append(center.moved(by: straddle, toward: .degrees(start.degrees + step * Double(i))))
        }
        polygon.append(center.moved(by: radius, toward: start + sweep))
    }
}

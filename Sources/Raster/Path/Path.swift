/// A set of closed contours made of straight lines and circular arcs, in pixels (y down).
///
/// Arcs stay exact until `flattened(tolerance:)` turns them into chords. Every contour is closed
/// implicitly: the rasterizer joins its last point to its first. Angles follow `Angle`: 0° at
/// 3 o'clock, a positive sweep turns clockwise on screen.
package struct Path: Sendable, Equatable {
    package enum Element: Sendable, Equatable {
        /// Starts a new contour at the point.
        case move(Point)
        /// A straight line from the current point.
        case line(Point)
        /// A circular arc; a straight line joins the current point to the arc's start first.
        case arc(center: Point, radius: Double, start: Angle, sweep: Angle)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(control: Point, to: Point)
        /// A cubic Bézier curve from the current point.
        case cubicCurve(control1: Point, control2: Point, to: Point)
    }

    package private(set) var elements: [Element] = []

    package init() {}

    mutating func move(to point: Point) {
        elements.append(.move(point))
    }

    mutating func addLine(to point: Point) {
        elements.append(.line(point))
    }

    /// Adds an arc of `radius` px around `center` from `start`, turning by `sweep`
    /// (positive = clockwise on screen). Starts a contour if there is none.
    mutating func addArc(center: Point, radius: Double, start: Angle, sweep: Angle) {
        elements.append(.arc(center: center, radius: radius, start: start, sweep: sweep))
    }

    mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(control: control, to: point))
    }

    mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.cubicCurve(control1: control1, control2: control2, to: point))
    }

    mutating func append(_ other: Path) {
        elements.append(contentsOf: other.elements)
    }
}

/// The outlines the loading indicator is made of, as paths in pixels.
///
/// Every outline here winds clockwise on screen for its filled part, so the non-zero rule fills
/// exactly the shape; holes wind the other way.
extension Path {
    /// A disc of `radius` px.
    static func circle(center: Point, radius: Double) -> Path {
        var path = Path()
        path.addArc(center: center, radius: radius, start: .degrees(0), sweep: .degrees(360))
        return path
    }

    /// The area between two concentric circles: `outerRadius` ≥ `innerRadius` ≥ 0 px.
    package static func ring(center: Point, outerRadius: Double, innerRadius: Double) -> Path {
        var path = Path.circle(center: center, radius: outerRadius)
        if innerRadius > 0 {
            path.move(to: center.moved(by: innerRadius, toward: .degrees(0)))
            path.addArc(center: center, radius: innerRadius, start: .degrees(0), sweep: .degrees(-360))
        }
        return path
    }

    /// A rectangle with circular corners of `cornerRadius` px, clamped to half the shorter side.
    package static func roundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        var path = Path()
        path.move(to: Point(x: rect.minX + r, y: rect.minY))
        path.addArc(
            center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r,
            start: .degrees(-90), sweep: .degrees(90))
        path.addArc(
            center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r,
            start: .degrees(0), sweep: .degrees(90))
        path.addArc(
            center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r,
            start: .degrees(90), sweep: .degrees(90))
        path.addArc(
            center: Point(x: rect.minX + r, y: rect.minY + r), radius: r,
            start: .degrees(180), sweep: .degrees(90))
        return path
    }

    /// The outline of an arc of centre-line `radius` px stroked `width` px wide with round caps:
    /// the annular sector from `start` turning clockwise by `sweep` (0°…360°), plus a half disc of
    /// radius width/2 past each end. Needs radius ≥ width/2.
    package static func strokedArc(
        center: Point, radius: Double, width: Double,
        start: Angle, sweep: Angle
    ) -> Path {
        let half = width / 2
        let end = start + sweep
        var path = Path()
        path.move(to: center.moved(by: radius + half, toward: start))
        path.addArc(center: center, radius: radius + half, start: start, sweep: sweep)
        path.addArc(
            center: center.moved(by: radius, toward: end), radius: half,
            start: end, sweep: .degrees(180))
        path.addArc(center: center, radius: radius - half, start: end, sweep: .degrees(-sweep.degrees))
        path.addArc(
            center: center.moved(by: radius, toward: start), radius: half,
            start: start + .degrees(180), sweep: .degrees(180))
        return path
    }
}

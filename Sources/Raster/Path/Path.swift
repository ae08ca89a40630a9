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

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

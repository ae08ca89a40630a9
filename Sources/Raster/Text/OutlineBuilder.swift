import CFreeType

/// Receives FreeType's outline callbacks (which cannot capture) through the user pointer and
/// builds a `Path` in pixels.
final class OutlineBuilder {
    let origin: Point
    let scale: Double
    var path = Path()

    init(origin: Point, scale: Double) {
        self.origin = origin
        self.scale = scale
    }

    /// Appends `outline` (font units, y up) to `path`, scaled by `scale` px per unit, its origin
    /// at `origin` (pixels, y down).
    static func append(_ outline: inout FT_Outline, origin: Point, scale: Double, to path: inout Path) {
        let builder = OutlineBuilder(origin: origin, scale: scale)
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                OutlineBuilder.from(user).move(to!.pointee)
                return 0
            },
            line_to: { to, user in
                OutlineBuilder.from(user).line(to!.pointee)
                return 0
            },
            conic_to: { control, to, user in
                OutlineBuilder.from(user).quad(control!.pointee, to!.pointee)
                return 0
            },
            cubic_to: { control1, control2, to, user in
                OutlineBuilder.from(user).cubic(control1!.pointee, control2!.pointee, to!.pointee)
                return 0
            },
            shift: 0, delta: 0)
        let unmanaged = Unmanaged.passRetained(builder)
        FT_Outline_Decompose(&outline, &funcs, unmanaged.toOpaque())
        unmanaged.release()
        path.append(builder.path)
    }

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    func point(_ v: FT_Vector) -> Point {
        Point(x: origin.x + Double(v.x) * scale, y: origin.y - Double(v.y) * scale)
    }

    func move(_ to: FT_Vector) { path.move(to: point(to)) }
    func line(_ to: FT_Vector) { path.addLine(to: point(to)) }
    func quad(_ control: FT_Vector, _ to: FT_Vector) { path.addQuadCurve(to: point(to), control: point(control)) }
    func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        path.addCurve(to: point(to), control1: point(c1), control2: point(c2))
    }
}

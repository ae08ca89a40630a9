import CFreeType

/// Why a font could not be used.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// FreeType could not open the file as a font (missing, unreadable, not a font).
    case cannotLoad(path: String, reason: String)
    /// fontconfig knows no font at all (not even the default family).
    case noFonts

    public var description: String {
        switch self {
        case .cannotLoad(let path, let reason): return "cannot load font '\(path)': \(reason)"
        case .noFonts: return "fontconfig found no font (is fonts-dejavu-core installed?)"
        }
    }
}

/// One face of a font file, read with FreeType: unhinted outlines, advances and kerning in font
/// units (y up), so positions stay exact at any size and sub-pixel offset.
///
/// Not thread-safe: a face is used by one thread at a time (labels are laid out once per
/// sequence). FreeType's objects are freed in `deinit`, or by `open` when it fails.
public final class Font: @unchecked Sendable {
    public let path: String
    public let faceIndex: Int
    public let familyName: String
    /// Font units per em.
    public let unitsPerEm: Double
    /// Ascender above the baseline, font units (positive).
    public let ascender: Double
    /// Descender below the baseline, font units (negative).
    public let descender: Double
    /// The line gap: the font's line height − (ascender − descender), font units (≥ 0).
    public let lineGap: Double

    private var library: FT_Library?
    private var face: FT_Face?

    public init(path: String, faceIndex: Int = 0) throws(FontError) {
        // All FreeType work happens in `open`, which frees what it made when it fails: a class
        // whose init throws before every property is set never runs deinit.
        let (library, face) = try Font.open(path: path, faceIndex: faceIndex)
        self.path = path
        self.faceIndex = faceIndex
        self.library = library
        self.face = face
        let record = face.pointee
        familyName = record.family_name.map { String(cString: $0) } ?? ""
        unitsPerEm = Double(record.units_per_EM)
        ascender = Double(record.ascender)
        descender = Double(record.descender)
        lineGap = max(0, Double(record.height) - (Double(record.ascender) - Double(record.descender)))
    }

    /// A FreeType library and a scalable face of the file, or an error with nothing left open.
    private static func open(path: String, faceIndex: Int) throws(FontError) -> (FT_Library, FT_Face) {
        var library: FT_Library?
        var error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw .cannotLoad(path: path, reason: FreeTypeErrors.message(error))
        }
        var face: FT_Face?
        error = FT_New_Face(library, path, FT_Long(faceIndex), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw .cannotLoad(path: path, reason: FreeTypeErrors.message(error))
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .cannotLoad(path: path, reason: "not a scalable outline font")
        }
        return (library, face)
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The glyph for a character, or nil when the font has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return index == 0 ? nil : index
    }

    /// The horizontal advance of a glyph, font units (unhinted).
    public func advance(of glyph: UInt32) -> Double {
        guard FT_Load_Glyph(face, glyph, frames_ft_load_unscaled_outline) == 0 else { return 0 }
        return Double(face!.pointee.glyph.pointee.metrics.horiAdvance)
    }

    /// The kerning between two glyphs, font units (unscaled, so not fitted to pixels).
    public func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        var vector = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_UInt(FT_KERNING_UNSCALED.rawValue), &vector) == 0 else { return 0 }
        return Double(vector.x)
    }

    /// The glyph's ink box in font units (y up): (xMin, yMin, xMax, yMax), or nil for an empty glyph.
    public func bounds(of glyph: UInt32) -> (xMin: Double, yMin: Double, xMax: Double, yMax: Double)? {
        guard FT_Load_Glyph(face, glyph, frames_ft_load_unscaled_outline) == 0 else { return nil }
        var outline = face!.pointee.glyph.pointee.outline
        if outline.n_points == 0 { return nil }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&outline, &box) // control box = exact box for TrueType extrema
        return (Double(box.xMin), Double(box.yMin), Double(box.xMax), Double(box.yMax))
    }

    /// Appends the glyph's outline to `path`: font units are multiplied by `scale` (pixels per
    /// font unit), x grows right from `origin.x`, y is flipped so the baseline is at `origin.y`.
    public func appendOutline(of glyph: UInt32, origin: Point, scale: Double, to path: inout Path) {
        guard FT_Load_Glyph(face, glyph, frames_ft_load_unscaled_outline) == 0 else { return }
        var outline = face!.pointee.glyph.pointee.outline
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
}

/// Receives FreeType's outline callbacks (which cannot capture) through the user pointer.
private final class OutlineBuilder {
    let origin: Point
    let scale: Double
    var path = Path()

    init(origin: Point, scale: Double) {
        self.origin = origin
        self.scale = scale
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

import CFreeType
import CHarfBuzz
import Images

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

/// One face of a font file, read twice: by FreeType for unhinted outlines (and colour bitmaps)
/// in font units, y up, and by HarfBuzz for shaping at a scale of one font unit, so glyph ids,
/// advances and offsets are HarfBuzz's own numbers and positions stay exact at any size.
///
/// Not thread-safe: a face is used by one thread at a time (labels are laid out once per
/// sequence). FreeType's and HarfBuzz's objects are freed in `deinit`, or by `open` when it fails.
package final class Font: @unchecked Sendable {
    /// How a font draws its glyphs.
    package enum Kind: Sendable, Equatable {
        /// Scalable outlines (TrueType or CFF).
        case outline
        /// Colour bitmaps only (CBDT or sbix strikes, such as a colour emoji font).
        case colorBitmap
    }

    let path: String
    let faceIndex: Int
    let familyName: String
    package let kind: Kind
    /// Font units per em.
    package let unitsPerEm: Double
    /// Ascender above the baseline, font units (positive).
    let ascender: Double
    /// Descender below the baseline, font units (negative).
    let descender: Double
    /// The line gap: the font's line height − (ascender − descender), font units (≥ 0).
    let lineGap: Double

    private var library: FT_Library?
    var face: FT_Face?
    /// HarfBuzz's font on the same face, scaled to font units.
    private(set) var shapingFont: OpaquePointer?

    package init(path: String, faceIndex: Int = 0) throws(FontError) {
        // All C work happens in `open`, which frees what it made when it fails: a class whose
        // init throws before every property is set never runs deinit.
        let opened = try Font.open(path: path, faceIndex: faceIndex)
        self.path = path
        self.faceIndex = faceIndex
        library = opened.library
        face = opened.face
        shapingFont = opened.shapingFont
        kind = opened.kind
        let record = opened.face.pointee
        familyName = record.family_name.map { String(cString: $0) } ?? ""
        unitsPerEm = Double(hb_face_get_upem(hb_font_get_face(opened.shapingFont)))
        ascender = Double(record.ascender)
        descender = Double(record.descender)
        lineGap = max(0, Double(record.height) - (Double(record.ascender) - Double(record.descender)))
    }

    /// A FreeType library, a face of the file with outlines or colour bitmaps, and HarfBuzz's
    /// font on it, or an error with nothing left open.
    private static func open(path: String, faceIndex: Int) throws(FontError) -> (
        library: FT_Library, face: FT_Face, shapingFont: OpaquePointer, kind: Kind
    ) {
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
        func fail(_ reason: String) -> FontError {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            return .cannotLoad(path: path, reason: reason)
        }
        let flags = face.pointee.face_flags
        let kind: Kind
        if flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
            kind = .outline
        } else if flags & FT_Long(FT_FACE_FLAG_COLOR) != 0, face.pointee.num_fixed_sizes > 0,
            FT_Select_Size(face, 0) == 0
        {
            kind = .colorBitmap
        } else {
            throw fail("not a scalable outline font")
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw fail("HarfBuzz cannot read the file")
        }
        let hbFace = hb_face_create(blob, UInt32(faceIndex))
        hb_blob_destroy(blob)
        // HarfBuzz reads units per em from the `head` table for bitmap-only faces too, where
        // FreeType reports 0.
        let upem = Int32(hb_face_get_upem(hbFace))
        guard upem > 0 else {
            hb_face_destroy(hbFace)
            throw fail("no units per em")
        }
        guard let shapingFont = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            throw fail("HarfBuzz cannot open the face")
        }
        hb_face_destroy(hbFace)
        hb_font_set_scale(shapingFont, upem, upem)
        return (library, face, shapingFont, kind)
    }

    deinit {
        if let shapingFont { hb_font_destroy(shapingFont) }
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The glyph for a character, or nil when the font has none.
    package func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return index == 0 ? nil : index
    }

    /// Whether the font has a glyph for every character of `cluster` that is drawn (default
    /// ignorable characters, such as joiners and variation selectors, need none).
    func covers(_ cluster: Substring.UnicodeScalarView) -> Bool {
        cluster.allSatisfy { $0.properties.isDefaultIgnorableCodePoint || glyph(for: $0) != nil }
    }

    /// The horizontal advance of a glyph, font units (unhinted).
    package func advance(of glyph: UInt32) -> Double {
        Double(hb_font_get_glyph_h_advance(shapingFont, glyph))
    }

    /// Why a glyph cannot be loaded (a broken `glyf` table, say), or nil when it loads.
    func loadFailure(of glyph: UInt32) -> String? {
        let error = FT_Load_Glyph(
            face, glyph, kind == .outline ? frames_ft_load_unscaled_outline : frames_ft_load_color_bitmap)
        return error == 0 ? nil : FreeTypeErrors.message(error)
    }

    /// The glyph's ink box in font units (y up): (xMin, yMin, xMax, yMax), or nil for an empty glyph.
    func bounds(of glyph: UInt32) -> (xMin: Double, yMin: Double, xMax: Double, yMax: Double)? {
        guard kind == .outline, FT_Load_Glyph(face, glyph, frames_ft_load_unscaled_outline) == 0 else { return nil }
        var outline = face!.pointee.glyph.pointee.outline
        if outline.n_points == 0 { return nil }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&outline, &box) // control box = exact box for TrueType extrema
        return (Double(box.xMin), Double(box.yMin), Double(box.xMax), Double(box.yMax))
    }

    /// Appends the glyph's outline to `path`: font units are multiplied by `scale` (pixels per
    /// font unit), x grows right from `origin.x`, y is flipped so the baseline is at `origin.y`.
    /// A glyph that does not load (see `loadFailure(of:)`) appends nothing.
    func appendOutline(of glyph: UInt32, origin: Point, scale: Double, to path: inout Path) {
        guard kind == .outline, FT_Load_Glyph(face, glyph, frames_ft_load_unscaled_outline) == 0 else { return }
        OutlineBuilder.append(&face!.pointee.glyph.pointee.outline, origin: origin, scale: scale, to: &path)
    }
}

/// Colour glyphs (emoji from a CBDT font such as Noto Color Emoji), drawn from the font's bitmap
/// strike scaled to the text size.
///
/// The filter: when shrinking (the usual case: Noto Color Emoji's one strike is 109 px per em,
/// a 14 pt label is 14–42 px), each output pixel is the average of the source area it covers, a
/// box filter over the bitmap taken as pixel squares: it is the exact area integral of the
/// bitmap, so it neither rings nor overshoots (no halo on the emoji's hard edges, no alpha above
/// the colour), and it is the same filter the backdrop image uses (`Resample`). When enlarging,
/// bilinear interpolation between source pixel centres. Both work on premultiplied pixels, so
/// transparent pixels lend no colour.
extension Font {
    /// The colour bitmap of `glyph` at the font's strike: premultiplied RGBA, its left and top
    /// bearings (strike pixels, the top counted up from the baseline), and the strike's pixels per
    /// em; nil when the glyph has none.
    func colorBitmap(of glyph: UInt32) -> (image: Pixmap, left: Int, top: Int, ppem: Double)? {
        guard kind == .colorBitmap, let face, FT_Load_Glyph(face, glyph, frames_ft_load_color_bitmap) == 0 else {
            return nil
        }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0, bitmap.rows > 0,
            let buffer = bitmap.buffer, var image = try? Pixmap(width: Int(bitmap.width), height: Int(bitmap.rows))
        else { return nil }
        let width = Int(bitmap.width)
        for y in 0..<Int(bitmap.rows) {
            let row = buffer + y * Int(bitmap.pitch)
            for x in 0..<width {
                let (b, g, r, a) = (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3])
                image.pixels[y * width + x] = Pixmap.pack(r: UInt32(r), g: UInt32(g), b: UInt32(b), a: UInt32(a))
            }
        }
        let ppem = Double(face.pointee.size.pointee.metrics.x_ppem)
        return (image, Int(slot.bitmap_left), Int(slot.bitmap_top), ppem)
    }
}

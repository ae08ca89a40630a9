/// Where a label's font comes from.
public enum FontSource: Sendable, Equatable {
    /// A family resolved through fontconfig; nil = the default family, DejaVu Sans.
    case family(String?)
    /// A font file used directly (its first face).
    case file(String)
}

/// Something about a label a user should know, though it still renders.
public enum TextWarning: Sendable, Equatable, CustomStringConvertible {
    /// The requested family is not installed; the default family was used instead.
    case unknownFamily(requested: String, used: String)
    /// The requested font (a family name or a file) has no outlines, only colour bitmaps; the
    /// default family was used instead.
    case noOutlines(requested: String, used: String)
    /// No installed font has these characters; the font's missing-glyph box stands in for them.
    case missingCharacters([Unicode.Scalar], font: String)
    /// These characters' glyphs could not be loaded from the font (a broken `glyf` table, say);
    /// they are left out of the drawing.
    case unloadableGlyphs([Unicode.Scalar], font: String, reason: String)

    public var description: String {
        switch self {
        case .unknownFamily(let requested, let used):
            return "font family '\(requested)' is not installed; using '\(used)'"
        case .noOutlines(let requested, let used):
            return "font '\(requested)' has no outlines (colour bitmaps only); using '\(used)'"
        case .missingCharacters(let scalars, let font):
            return "no installed font has \(TextWarning.list(scalars)); '\(font)' draws a missing-glyph box"
        case .unloadableGlyphs(let scalars, let font, let reason):
            return "'\(font)' cannot load the glyph of \(TextWarning.list(scalars)) (\(reason)); it is not drawn"
        }
    }

    /// "'x' (U+0078), 'y' (U+0079)", control and invisible characters shown by code only.
    static func list(_ scalars: [Unicode.Scalar]) -> String {
        scalars.map { scalar in
            let code = "U+\(String(scalar.value, radix: 16, uppercase: true))"
            let hidden: [Unicode.GeneralCategory] = [
                .control, .format, .unassigned, .surrogate, .lineSeparator, .paragraphSeparator,
            ]
            let printable =
                !(hidden.contains(scalar.properties.generalCategory) || scalar.properties.isDefaultIgnorableCodePoint)
            return printable ? "'\(Character(scalar))' (\(code))" : code
        }.joined(separator: ", ")
    }
}

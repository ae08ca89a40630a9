import CFriBidi
import CHarfBuzz
import CUnibreak
import Images

/// The C libraries behind text: HarfBuzz shapes, FriBidi orders, libunibreak finds line breaks.
///
/// Shaping uses HarfBuzz's default features for the run's script, direction and language, which
/// are the ones Core Text turns on by default: `ccmp`, `locl` (from the language), `rlig`,
/// `liga`, `clig`, `calt`, `kern`, `mark`, `mkmk`, `curs`, and the script's own forms (`init`,
/// `medi`, `fina`, `isol` for joining scripts, the Indic reordering features, …). Nothing is added
/// or turned off. Positions are in font units (the HarfBuzz font's scale is one unit per em unit).
package enum TextShaping {
    /// The libraries' versions, for the manifest: "HarfBuzz 6.0.0, FriBidi 1.0.8, libunibreak (line breaking 2.2)".
    package static let versions =
        "HarfBuzz \(TextLibraries.harfBuzz.version), FriBidi \(TextLibraries.friBidi.version), "
        + "libunibreak (line breaking \(TextLibraries.libunibreak.version))"

    /// One glyph as HarfBuzz places it, font units.
    struct ShapedGlyph: Sendable {
        let glyph: UInt32
        /// The index, in the text given to `shape`, of the first character of the glyph's cluster.
        let cluster: Int
        let xAdvance: Int32
        let xOffset: Int32
        let yOffset: Int32
    }

    /// Shapes `text[range]` in `font` with the rest of `text[context]` as context (so a letter
    /// at a run's edge takes the form its neighbours call for). Glyphs come in visual order
    /// (right to left runs reversed, as HarfBuzz returns them).
    static func shape(
        _ text: [UInt32], range: Range<Int>, context: Range<Int>, font: Font, rightToLeft: Bool,
        script: UInt32, language: String?
    ) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { pointer in
            hb_buffer_add_utf32(
                buffer, pointer.baseAddress! + context.lowerBound, Int32(context.count),
                UInt32(range.lowerBound - context.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(script))
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_shape(font.shapingFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster) + context.lowerBound,
                xAdvance: positions[i].x_advance, xOffset: positions[i].x_offset, yOffset: positions[i].y_offset)
        }
    }

    /// The script of a character (Unicode's Script property) as HarfBuzz's tag.
    static func script(of scalar: Unicode.Scalar) -> UInt32 {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value).rawValue
    }

    /// Common (punctuation, digits, spaces, emoji) and Inherited (combining marks): characters
    /// that take the script of their neighbours.
    static func isNeutral(script: UInt32) -> Bool {
        script == HB_SCRIPT_COMMON.rawValue || script == HB_SCRIPT_INHERITED.rawValue
            || script == HB_SCRIPT_UNKNOWN.rawValue
    }

    /// A script's four-letter ISO 15924 tag ("Arab", "Latn").
    static func tag(ofScript script: UInt32) -> String {
        let tag = hb_script_to_iso15924_tag(hb_script_t(script))
        return String(decoding: [24, 16, 8, 0].map { UInt8((tag >> $0) & 0xFF) }, as: UTF8.self)
    }

    /// The paragraph's embedding levels by the Unicode Bidirectional Algorithm (even = left to
    /// right), and its own level: 0, or 1 when its first strong character is right to left.
    static func bidiLevels(_ text: [UInt32]) -> (levels: [UInt8], paragraph: UInt8) {
        var levels = [UInt8](repeating: 0, count: text.count)
        guard !text.isEmpty else { return (levels, 0) }
        let paragraph = text.withUnsafeBufferPointer { t in
            levels.withUnsafeMutableBufferPointer { l in
                frames_fribidi_levels(t.baseAddress, Int32(t.count), l.baseAddress)
            }
        }
        // Out of memory inside FriBidi: left to right, as if nothing were right to left.
        if paragraph < 0 { return ([UInt8](repeating: 0, count: text.count), 0) }
        return (levels, UInt8(paragraph))
    }

    /// Where a line may break (UAX #14): `result[i]` is true when a break is allowed before
    /// character i (never before the first).
    static func breakOpportunities(_ text: [UInt32], language: String?) -> [Bool] {
        var breaks = [CChar](repeating: 0, count: text.count)
        guard !text.isEmpty else { return [] }
        initializeLineBreaking
        // libunibreak 1.1 (Debian 12) aborts on regional indicators (flag halves: its pair table
        // stops before their class). Breaks are only taken between grapheme clusters, and a flag
        // is one cluster that breaks like an ideograph, so they are passed as one (U+1F4B3, ID).
        let text = text.map { (0x1F1E6...0x1F1FF).contains($0) ? 0x1F4B3 : $0 }
        text.withUnsafeBufferPointer { t in
            breaks.withUnsafeMutableBufferPointer { b in
                set_linebreaks_utf32(t.baseAddress, t.count, language, b.baseAddress)
            }
        }
        var result = [Bool](repeating: false, count: text.count)
        for i in 1..<max(1, text.count) {
            result[i] = breaks[i - 1] == frames_linebreak_allow || breaks[i - 1] == frames_linebreak_must
        }
        return result
    }

    /// libunibreak's tables, set up once.
    private static let initializeLineBreaking: Void = init_linebreak()
}

import Images

/// A label laid out in points as Core Text sets it: shaped by HarfBuzz with the fonts' default
/// features, ordered by the Unicode Bidirectional Algorithm, broken into lines at Unicode
/// line-break opportunities, each glyph placed at HarfBuzz's position (horizontal sub-pixel
/// positioning, exact at any scale).
///
/// Text is NFC-normalised first; an explicit newline starts a paragraph, whose direction comes
/// from its first strong character. With `maxLineWidth`, lines also break where a line would get
/// wider than it (`LineBreaker`), between clusters when one word alone is wider. Each cluster's
/// font comes from `FontCascade`; shaping runs per font, script and direction. Characters no
/// installed font has are drawn with the font's missing-glyph box and reported in `warnings`, as
/// are glyphs that fail to load. Line metrics (ascender, descender, line gap) are the main font's.
public struct TextLabel: Sendable {
    package struct Glyph: Sendable {
        /// Index into `fonts`.
        package let font: Int
        package let glyph: UInt32
        /// The glyph's origin from the start of the line, pt (rightwards).
        package let x: Double
        /// The glyph's origin below the baseline, pt (HarfBuzz's y offset, negated: y grows down).
        let y: Double
    }

    /// Glyphs of one font, script and direction, shaped together.
    struct Run: Sendable {
        /// Index into `fonts`.
        let font: Int
        let rightToLeft: Bool
        /// The script, as an ISO 15924 tag ("Latn", "Arab").
        let script: String
        /// The run's characters, in logical order, and the line's characters before and after it
        /// (the shaping context).
        let text: String
        let textBefore: String
        let textAfter: String
        /// The run's glyphs in the line's `glyphs`.
        let glyphs: Range<Int>
    }

    /// One line of the label after wrapping, in visual order.
    public struct Line: Sendable {
        /// The line's characters in logical order.
        public let text: String
        /// The shaped advance width, pt.
        public let width: Double
        /// The glyphs in visual order, left to right.
        package let glyphs: [Glyph]
        /// The runs in visual order.
        let runs: [Run]
        /// The direction of the line's paragraph.
        public let rightToLeft: Bool
    }

    /// The lines, top to bottom.
    public let lines: [Line]
    /// The main font first, then the fonts that set clusters it does not.
    package let fonts: [Font]
    /// Text size, pt.
    public let size: Double
    /// The language the text was shaped and broken for (BCP 47), if any.
    public let language: String?
    /// Ascender (> 0), descender (< 0) and line gap (≥ 0) of the main font, pt.
    package let ascender: Double
    package let descender: Double
    package let lineGap: Double
    /// What could not be drawn as asked: an unknown family, characters no font has, glyphs that failed to load.
    public let warnings: [TextWarning]
    /// Whether fontconfig was asked for a font: not for a label in the default family, taken
    /// from its usual file, whose characters that file has (nor for a font file given alone). Its
    /// answers decide the bytes only then, and the manifest records its version only then.
    package let askedFontconfig: Bool

    /// The height of one line box, pt.
    public var lineHeight: Double { ascender - descender }
    /// The widest line, pt.
    public var width: Double { lines.map(\.width).max() ?? 0 }
    /// All lines with the line gap between them, pt.
    public var height: Double {
        lines.isEmpty ? 0 : Double(lines.count) * lineHeight + Double(lines.count - 1) * lineGap
    }
    /// The file of the main font.
    var fontFile: String { fonts[0].path }
    /// Every font file used, main font first.
    public var fontFiles: [String] { fonts.map(\.path) }

    /// Lays out `text` at `size` pt, for `language` (BCP 47: the font's language forms and line
    /// breaking). Throws when the font cannot be loaded.
    package init(
        text: String, font source: FontSource, size: Double, maxLineWidth: Double? = nil, language: String? = nil
    ) throws(FontError) {
        var warnings: [TextWarning] = []
        let (main, isDefault, askedFontconfig) = try TextLabel.mainFont(source, warnings: &warnings)
        var cascade = FontCascade(main: main, isDefaultFont: isDefault, language: language)
        var lines: [Line] = []
        var failures = GlyphFailures()
        let normalized = String(Normalization.nfc(text).map { $0 == "\r\n" ? "\n" : $0 })
        for paragraphText in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraph = Paragraph(paragraphText, cascade: &cascade, language: language)
            let fonts = cascade.fonts
            let count = paragraph.clusters.count
            let ranges =
                maxLineWidth == nil
                ? [0..<count]
                : LineBreaker.lines(
                    advances: paragraph.advances(fonts: fonts, size: size), breaks: paragraph.breaks,
                    whitespace: paragraph.whitespace, maxWidth: maxLineWidth)
            for range in ranges {
                var clusters = LineBreaker.trimmed(range, whitespace: paragraph.whitespace, total: count)
                var line = paragraph.line(clusters, fonts: fonts, size: size, failures: &failures)
                while let maxLineWidth, line.width > maxLineWidth, clusters.count > 1 {
                    clusters = clusters.lowerBound..<(clusters.upperBound - 1)
                    line = paragraph.line(clusters, fonts: fonts, size: size, failures: &failures)
                }
                lines.append(line)
            }
        }
        if !cascade.missing.isEmpty {
            warnings.append(.missingCharacters(cascade.missing, font: main.familyName))
        }
        warnings += failures.warnings
        self.lines = lines
        self.fonts = cascade.fonts
        self.size = size
        self.language = language
        let unit = size / main.unitsPerEm
        ascender = main.ascender * unit
        descender = main.descender * unit
        lineGap = main.lineGap * unit
        self.warnings = warnings
        self.askedFontconfig = askedFontconfig || cascade.askedFontconfig
    }

    /// The label's font, whether it is the default family, and whether fontconfig was asked
    /// for it (`FontLocator.answersWithoutFontconfig`): a family that is not installed, or a font
    /// without outlines, gives way to the default family with a warning.
    static func mainFont(_ source: FontSource, warnings: inout [TextWarning]) throws(FontError) -> (
        font: Font, isDefault: Bool, askedFontconfig: Bool
    ) {
        var requested: String? = nil
        var asked = false
        switch source {
        case .file(let path):
            let font = try Font(path: path)
            if font.kind == .outline { return (font, false, false) }
            requested = path
        case .family(let family):
            if let family {
                asked = !FontLocator.answersWithoutFontconfig(family)
                if let match = FontLocator.regularFace(of: family) {
                    let font = try Font(path: match.path, faceIndex: match.faceIndex)
                    if font.kind == .outline { return (font, false, asked) }
                    requested = family
                }
            }
        }
        asked = asked || !FontLocator.answersWithoutFontconfig(FontLocator.defaultFamily)
        guard let match = FontLocator.regularFace(of: FontLocator.defaultFamily) else { throw .noFonts }
        if case .family(let family?) = source, requested == nil {
            warnings.append(.unknownFamily(requested: family, used: match.family))
        } else if let requested {
            warnings.append(.noOutlines(requested: requested, used: match.family))
        }
        return (try Font(path: match.path, faceIndex: match.faceIndex), true, asked)
    }

    /// The top of line `index` below the label's top, pt.
    package func lineTop(_ index: Int) -> Double {
        Double(index) * (lineHeight + lineGap)
    }

    /// Each line's glyphs with their origins in pixels: the label's top at `top` pt, each line
    /// centred on `axisX` pt, everything × `scale`.
    package func placedGlyphs(axisX: Double, top: Double, scale: Double) -> [(glyph: Glyph, origin: Point)] {
        var placed: [(Glyph, Point)] = []
        for (index, line) in lines.enumerated() {
            let baseline = top + lineTop(index) + ascender
            let start = axisX - line.width / 2
            for glyph in line.glyphs {
                placed.append((glyph, Point(x: (start + glyph.x) * scale, y: (baseline + glyph.y) * scale)))
            }
        }
        return placed
    }

    /// The outlines of the glyphs in pixels, one path a glyph (colour glyphs have none), placed
    /// as `placedGlyphs(axisX:top:scale:)` places them.
    func glyphPaths(axisX: Double, top: Double, scale: Double) -> [Path] {
        placedGlyphs(axisX: axisX, top: top, scale: scale).compactMap { glyph, origin in
            let font = fonts[glyph.font]
            guard font.kind == .outline else { return nil }
            var path = Path()
            font.appendOutline(of: glyph.glyph, origin: origin, scale: size * scale / font.unitsPerEm, to: &path)
            return path
        }
    }

    /// All glyph outlines in one path.
    package func path(axisX: Double, top: Double, scale: Double) -> Path {
        var path = Path()
        for glyph in glyphPaths(axisX: axisX, top: top, scale: scale) { path.append(glyph) }
        return path
    }
}

/// Glyphs that failed to load, checked once each, and the characters they stand for.
struct GlyphFailures {
    private var checked: Set<UInt64> = []
    private var failed: [(font: String, reason: String, scalars: [Unicode.Scalar])] = []

    /// Checks that `glyph` of `font` loads; if not, records the characters it stands for.
    mutating func check(
        _ glyph: UInt32, of font: Font, fontIndex: Int, characters: () -> [Unicode.Scalar]
    ) {
        let key = UInt64(fontIndex) << 32 | UInt64(glyph)
        guard checked.insert(key).inserted, let reason = font.loadFailure(of: glyph) else { return }
        let characters = characters()
        if let i = failed.firstIndex(where: { $0.font == font.familyName && $0.reason == reason }) {
            failed[i].scalars += characters.filter { !failed[i].scalars.contains($0) }
        } else {
            failed.append((font.familyName, reason, characters))
        }
    }

    var warnings: [TextWarning] {
        failed.map { .unloadableGlyphs($0.scalars, font: $0.font, reason: $0.reason) }
    }
}

extension TextLabel {
    /// The colour glyphs as image layers, scaled to the text size at `scale` and placed as
    /// `placedGlyphs(axisX:top:scale:)` places them (each on whole pixels, its bitmap's edges
    /// at their exact sub-pixel positions inside them).
    func colorGlyphLayers(axisX: Double, top: Double, scale: Double) -> [Layer] {
        placedGlyphs(axisX: axisX, top: top, scale: scale).compactMap { glyph, origin in
            let font = fonts[glyph.font]
            guard font.kind == .colorBitmap, let bitmap = font.colorBitmap(of: glyph.glyph), bitmap.ppem > 0 else {
                return nil
            }
            let k = size * scale / bitmap.ppem
            let left = origin.x + Double(bitmap.left) * k
            let top = origin.y - Double(bitmap.top) * k
            let x0 = Int(left.rounded(.down))
            let y0 = Int(top.rounded(.down))
            let width = Int((left + Double(bitmap.image.width) * k).rounded(.up)) - x0
            let height = Int((top + Double(bitmap.image.height) * k).rounded(.up)) - y0
            guard width > 0, height > 0,
                let image = try? Resample.resampled(
                    bitmap.image,
                    columns: Resample.weights(
                        count: width, source: bitmap.image.width, scale: k, offset: (Double(x0) - left) / k),
                    rows: Resample.weights(
                        count: height, source: bitmap.image.height, scale: k, offset: (Double(y0) - top) / k))
            else { return nil }
            return Layer(coverage: .placedImage(image, x: x0, y: y0), color: .transparent)
        }
    }
}

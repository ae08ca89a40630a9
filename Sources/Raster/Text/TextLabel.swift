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
    /// No installed font has these characters; the font's missing-glyph box stands in for them.
    case missingCharacters([Unicode.Scalar], font: String)

    public var description: String {
        switch self {
        case .unknownFamily(let requested, let used):
            return "font family '\(requested)' is not installed; using '\(used)'"
        case .missingCharacters(let scalars, let font):
            let list = scalars.map { "'\(Character($0))' (U+\(String($0.value, radix: 16, uppercase: true)))" }
            return "no installed font has \(list.joined(separator: ", ")); '\(font)' draws a missing-glyph box"
        }
    }
}

/// A label laid out in points: lines of glyphs placed by the font's unhinted advances and
/// unscaled kerning, so positions are exact at any scale (horizontal sub-pixel positioning).
///
/// Text is NFC-normalised first. Lines break at an explicit newline, and, when `maxLineWidth` is
/// given, at spaces before a line would get wider than it; a word wider than it on its own is not
/// broken. Characters the font lacks come from a fontconfig font that has them; characters no
/// installed font has are drawn with the font's missing-glyph box and reported in `warnings`.
/// Line metrics (ascender, descender, line gap) are the main font's.
public struct TextLabel: Sendable {
    public struct Glyph: Sendable {
        /// Index into `fonts`.
        public let font: Int
        public let glyph: UInt32
        /// The pen position from the start of the line, pt.
        public let x: Double
    }

    public struct Line: Sendable {
        public let text: String
        /// The shaped advance width, pt.
        public let width: Double
        public let glyphs: [Glyph]
    }

    public let lines: [Line]
    /// The main font first, then fallbacks for characters it lacks.
    public let fonts: [Font]
    /// Text size, pt.
    public let size: Double
    /// Ascender (> 0), descender (< 0) and line gap (≥ 0) of the main font, pt.
    public let ascender: Double
    public let descender: Double
    public let lineGap: Double
    public let warnings: [TextWarning]

    /// The height of one line box, pt.
    public var lineHeight: Double { ascender - descender }
    /// The widest line, pt.
    public var width: Double { lines.map(\.width).max() ?? 0 }
    /// All lines with the line gap between them, pt.
    public var height: Double {
        lines.isEmpty ? 0 : Double(lines.count) * lineHeight + Double(lines.count - 1) * lineGap
    }
    /// The file of the main font.
    public var fontFile: String { fonts[0].path }
    /// Every font file used, main font first.
    public var fontFiles: [String] { fonts.map(\.path) }

    /// Lays out `text` at `size` pt. Throws when the font cannot be loaded.
    public init(text: String, font source: FontSource, size: Double, maxLineWidth: Double? = nil) throws(FontError) {
        var warnings: [TextWarning] = []
        let main: Font
        switch source {
        case .file(let path):
            main = try Font(path: path)
        case .family(let requested):
            var match = requested.flatMap { FontLocator.regularFace(of: $0) }
            if match == nil {
                match = FontLocator.regularFace(of: FontLocator.defaultFamily)
                if let requested, let used = match {
                    warnings.append(.unknownFamily(requested: requested, used: used.family))
                }
            }
            guard let match else { throw .noFonts }
            main = try Font(path: match.path, faceIndex: match.faceIndex)
        }
        var shaper = Shaper(main: main, size: size)
        var lines: [Line] = []
        let normalized = String(Normalization.nfc(text).map { $0 == "\r\n" ? "\n" : $0 })
        for paragraph in normalized.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard let maxLineWidth else {
                lines.append(shaper.line(paragraph))
                continue
            }
            var current: Line? = nil
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                guard let line = current else {
                    current = shaper.line(String(word))
                    continue
                }
                let longer = shaper.line(line.text + " " + word)
                if longer.width <= maxLineWidth || line.text.isEmpty {
                    current = longer
                } else {
                    lines.append(line)
                    current = shaper.line(String(word))
                }
            }
            lines.append(current ?? shaper.line(""))
        }
        if !shaper.missing.isEmpty {
            warnings.append(.missingCharacters(shaper.missing, font: main.familyName))
        }
        self.lines = lines
        self.fonts = shaper.fonts
        self.size = size
        let unit = size / main.unitsPerEm
        ascender = main.ascender * unit
        descender = main.descender * unit
        lineGap = main.lineGap * unit
        self.warnings = warnings
    }

    /// The top of line `index` below the label's top, pt.
    public func lineTop(_ index: Int) -> Double {
        Double(index) * (lineHeight + lineGap)
    }

    /// The glyph outlines in pixels: the label's top at `top` pt, each line centred on `axisX` pt,
    /// everything × `scale`.
    public func path(axisX: Double, top: Double, scale: Double) -> Path {
        var path = Path()
        for (index, line) in lines.enumerated() {
            let baseline = top + lineTop(index) + ascender
            let start = axisX - line.width / 2
            for glyph in line.glyphs {
                let font = fonts[glyph.font]
                font.appendOutline(
                    of: glyph.glyph, origin: Point(x: (start + glyph.x) * scale, y: baseline * scale),
                    scale: size * scale / font.unitsPerEm, to: &path)
            }
        }
        return path
    }
}

/// Places glyphs along a line, choosing for each character the main font or a fallback.
private struct Shaper {
    var fonts: [Font]
    let size: Double
    /// Font index by character; -1 when no installed font has it.
    var fontFor: [UInt32: Int] = [:]
    var missing: [Unicode.Scalar] = []

    init(main: Font, size: Double) {
        fonts = [main]
        self.size = size
    }

    mutating func font(for scalar: Unicode.Scalar) -> Int {
        if let known = fontFor[scalar.value] { return known }
        var index = -1
        if fonts[0].glyph(for: scalar) != nil {
            index = 0
        } else if let existing = fonts.indices.dropFirst().first(where: { fonts[$0].glyph(for: scalar) != nil }) {
            index = existing
        } else if let match = FontLocator.face(covering: scalar, preferring: fonts[0].familyName),
            let font = try? Font(path: match.path, faceIndex: match.faceIndex), font.glyph(for: scalar) != nil
        {
            fonts.append(font)
            index = fonts.count - 1
        }
        if index < 0 { missing.append(scalar) }
        fontFor[scalar.value] = index
        return index
    }

    mutating func line(_ text: String) -> TextLabel.Line {
        var glyphs: [TextLabel.Glyph] = []
        var x = 0.0
        var previous: (font: Int, glyph: UInt32)? = nil
        for scalar in text.unicodeScalars {
            let chosen = font(for: scalar)
            let fontIndex = max(0, chosen)
            let font = fonts[fontIndex]
            let glyph = chosen < 0 ? 0 : font.glyph(for: scalar)!
            let unit = size / font.unitsPerEm
            if let previous, previous.font == fontIndex {
                x += font.kerning(previous.glyph, glyph) * unit
            }
            glyphs.append(TextLabel.Glyph(font: fontIndex, glyph: glyph, x: x))
            x += font.advance(of: glyph) * unit
            previous = (fontIndex, glyph)
        }
        return TextLabel.Line(text: text, width: x, glyphs: glyphs)
    }
}

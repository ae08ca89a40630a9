import Images

/// One paragraph of a label (text between newlines), analysed once: its characters, grapheme
/// clusters, each cluster's font, script and bidi level, and where lines may break; then set into
/// lines of shaped glyphs.
///
/// Lines are filled greedily from the clusters' advances in the paragraph as a whole
/// (`LineBreaker`); each line is then shaped on its own (so no glyph joins or kerns across a
/// break), its runs put in visual order by rule L2 of the Bidirectional Algorithm, and placed
/// from the left. A line that comes out wider than the limit after shaping (kerning with the next
/// character gone) gives back a cluster until it fits.
struct Paragraph {
    let scalars: [UInt32]
    /// Each cluster's range in `scalars`.
    let clusters: [Range<Int>]
    let text: Substring
    /// Per cluster: index in the cascade's fonts, script after resolving neutral characters.
    var fonts: [Int] = []
    var scripts: [UInt32] = []
    /// Per character: embedding level (odd = right to left).
    let levels: [UInt8]
    let paragraphLevel: UInt8
    /// Per cluster: a line may break before it; it is white space.
    let breaks: [Bool]
    let whitespace: [Bool]
    let language: String?

    init(_ text: Substring, cascade: inout FontCascade, language: String?) {
        self.text = text
        self.language = language
        scalars = text.unicodeScalars.map(\.value)
        var clusters: [Range<Int>] = []
        var ownScripts: [UInt32] = []
        var whitespace: [Bool] = []
        var position = 0
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let cluster = text[index..<next]
            let count = cluster.unicodeScalars.count
            clusters.append(position..<(position + count))
            let script =
                cluster.unicodeScalars.lazy.map(TextShaping.script(of:)).first { !TextShaping.isNeutral(script: $0) }
                ?? TextShaping.script(of: cluster.unicodeScalars.first!)
            ownScripts.append(script)
            fonts.append(cascade.font(for: cluster, script: script))
            whitespace.append(cluster.unicodeScalars.first!.properties.isWhitespace)
            position += count
            index = next
        }
        self.clusters = clusters
        self.whitespace = whitespace
        scripts = Paragraph.resolved(ownScripts)
        (levels, paragraphLevel) = TextShaping.bidiLevels(scalars)
        let opportunities = TextShaping.breakOpportunities(scalars, language: language)
        breaks = clusters.map { $0.lowerBound > 0 && opportunities[$0.lowerBound] }
    }

    /// Neutral clusters take the script of the cluster before them (the first ones, of the first
    /// cluster after them that has one); all neutral stays Common.
    static func resolved(_ own: [UInt32]) -> [UInt32] {
        var result = own
        var last: UInt32? = nil
        for i in result.indices {
            if TextShaping.isNeutral(script: result[i]) {
                if let last { result[i] = last }
            } else {
                last = result[i]
            }
        }
        if let first = result.firstIndex(where: { !TextShaping.isNeutral(script: $0) }) {
            for i in 0..<first { result[i] = result[first] }
        }
        return result
    }

    /// Maximal runs of clusters in `range` with one font, script and level.
    func runs(in range: Range<Int>, levels: [UInt8]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = range.lowerBound
        for i in range where i > start {
            if fonts[i] != fonts[start] || scripts[i] != scripts[start] || levels[i] != levels[start] {
                runs.append(start..<i)
                start = i
            }
        }
        if start < range.upperBound { runs.append(start..<range.upperBound) }
        return runs
    }

    /// Per cluster, its embedding level (its first character's).
    var clusterLevels: [UInt8] { clusters.map { levels[$0.lowerBound] } }

    /// The clusters' advances (pt) when the paragraph is shaped as one line.
    func advances(fonts cascade: [Font], size: Double) -> [Double] {
        var advances = [Double](repeating: 0, count: clusters.count)
        var clusterOf = [Int](repeating: 0, count: scalars.count)
        for (i, range) in clusters.enumerated() { for s in range { clusterOf[s] = i } }
        let levels = clusterLevels
        let all = 0..<scalars.count
        for run in runs(in: 0..<clusters.count, levels: levels) {
            let font = cascade[fonts[run.lowerBound]]
            let unit = size / font.unitsPerEm
            for glyph in shape(run, context: all, font: font, levels: levels) {
                advances[clusterOf[glyph.cluster]] += Double(glyph.xAdvance) * unit
            }
        }
        return advances
    }

    func shape(_ run: Range<Int>, context: Range<Int>, font: Font, levels: [UInt8]) -> [TextShaping.ShapedGlyph] {
        TextShaping.shape(
            scalars, range: clusters[run.lowerBound].lowerBound..<clusters[run.upperBound - 1].upperBound,
            context: context, font: font, rightToLeft: levels[run.lowerBound] % 2 == 1,
            script: scripts[run.lowerBound], language: language)
    }

    /// The runs of clusters in `runs` (each at `levels`) in visual order, by rule L2: from the
    /// highest level down to the lowest odd one, every sequence of runs at that level or above is
    /// reversed.
    static func visualOrder(_ runs: [Range<Int>], levels: [UInt8]) -> [Range<Int>] {
        var order = runs
        guard let highest = runs.map({ levels[$0.lowerBound] }).max() else { return order }
        let lowestOdd = runs.map { levels[$0.lowerBound] }.filter { $0 % 2 == 1 }.min() ?? (highest + 1)
        var level = highest
        while level >= lowestOdd, level > 0 {
            var i = 0
            while i < order.count {
                guard levels[order[i].lowerBound] >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count, levels[order[j].lowerBound] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}

extension Paragraph {
    /// The clusters `range` set as one line: shaped with the line as context, runs in visual
    /// order, glyphs placed from the line's left end (pen positions summed in font units, so
    /// every position is an exact multiple of the font's unit).
    func line(_ range: Range<Int>, fonts: [Font], size: Double, failures: inout GlyphFailures) -> TextLabel.Line {
        // Rule L1: white space at the end of a line takes the paragraph's level.
        var levels = clusterLevels
        var end = range.upperBound
        while end > range.lowerBound, whitespace[end - 1] {
            levels[end - 1] = paragraphLevel
            end -= 1
        }
        guard !range.isEmpty else {
            return TextLabel.Line(text: "", width: 0, glyphs: [], runs: [], rightToLeft: paragraphLevel == 1)
        }
        let context = clusters[range.lowerBound].lowerBound..<clusters[range.upperBound - 1].upperBound
        var glyphs: [TextLabel.Glyph] = []
        var placedRuns: [TextLabel.Run] = []
        var pen = 0.0
        for run in Paragraph.visualOrder(runs(in: range, levels: levels), levels: levels) {
            let fontIndex = self.fonts[run.lowerBound]
            let font = fonts[fontIndex]
            let unit = size / font.unitsPerEm
            let first = glyphs.count
            var units = 0
            for shaped in shape(run, context: context, font: font, levels: levels) {
                glyphs.append(
                    TextLabel.Glyph(
                        font: fontIndex, glyph: shaped.glyph, x: pen + Double(units + Int(shaped.xOffset)) * unit,
                        y: -Double(shaped.yOffset) * unit))
                units += Int(shaped.xAdvance)
                failures.check(shaped.glyph, of: font, fontIndex: fontIndex) {
                    clusterScalars(containing: shaped.cluster)
                }
            }
            pen += Double(units) * unit
            let scalarRange = clusters[run.lowerBound].lowerBound..<clusters[run.upperBound - 1].upperBound
            placedRuns.append(
                TextLabel.Run(
                    font: fontIndex, rightToLeft: levels[run.lowerBound] % 2 == 1,
                    script: TextShaping.tag(ofScript: scripts[run.lowerBound]), text: string(scalarRange),
                    textBefore: string(context.lowerBound..<scalarRange.lowerBound),
                    textAfter: string(scalarRange.upperBound..<context.upperBound), glyphs: first..<glyphs.count))
        }
        return TextLabel.Line(
            text: string(context), width: pen, glyphs: glyphs, runs: placedRuns, rightToLeft: paragraphLevel == 1)
    }

    /// The characters `range` of `scalars` as a string.
    func string(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        for value in scalars[range] { view.append(Unicode.Scalar(value)!) }
        return String(view)
    }

    /// The drawn characters of the cluster that holds character `index`.
    func clusterScalars(containing index: Int) -> [Unicode.Scalar] {
        var low = 0
        var high = clusters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if clusters[middle].lowerBound <= index { low = middle } else { high = middle - 1 }
        }
        return clusters[low].compactMap { Unicode.Scalar(scalars[$0]) }
            .filter { !$0.properties.isDefaultIgnorableCodePoint }
    }
}

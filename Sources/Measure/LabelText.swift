import Raster

/// A label whose text is known: the size refined from the ink's width, the text checked
/// against the screenshot, the colour from the ink's whole mass.
///
/// The expected text is laid out at the measured size with the package's own text layout and
/// drawn by its rasterizer. Unhinted outlines scale with the size, so the ratio of the widths
/// between the 5th and 95th percentiles of each line's ink (summed down its columns) gives the
/// size to a fraction of a percent. Drawn again at that size and laid over the screenshot's
/// ink line by line (aligned on the ink's middle and the baseline, each word moved to where it
/// fits best), the two must correlate at 0.85 or more for the text to count as the expected
/// one: no OCR, but a different text has different ink. For text under 24 px a em (stems of
/// two pixels or less, with no pixel of the pure colour) in a lossless screenshot, the text
/// colour is then the card colour plus the screenshot's change from it summed over the label,
/// divided by the drawn label's total coverage: the ink's mass, which anti-aliasing and
/// scaling keep.
extension LabelFit {
    /// Measures the label again as `text`; sets `text`, `matches`, and when it matches, the
    /// size, width and colour. Returns the correlation (0 when the lines do not even agree in
    /// number).
    @discardableResult
    mutating func use(
        text expected: String, language: String?, font: LabelFont, pixels: ScreenPixels, card: RGB, scale: Double,
        maxLineWidth: Double?
    ) -> Double {
        text = expected
        matches = false
        guard let first = layout(expected, size: size, font: font, language: language, maxLineWidth: maxLineWidth),
            first.lines.count == lines.count
        else { return 0 }
        let drawn = RenderedLabel(first, scale: scale)
        var ratios: [Double] = []
        for (index, line) in lines.enumerated() {
            let measured = Quantiles(inkColumns(line))
            let rows = drawnRows(first, drawn, index, scale: scale)
            let reference = Quantiles(drawn.columnSums(rows))
            guard measured.width > 0, reference.width > 0 else { return 0 }
            ratios.append(measured.width / reference.width)
        }
        let refined = size * Robust.median(ratios)
        guard let label = layout(expected, size: refined, font: font, language: language, maxLineWidth: maxLineWidth),
            label.lines.count == lines.count
        else { return 0 }
        let correlation = self.correlation(with: label, scale: scale)
        guard correlation >= 0.85 else { return correlation }
        matches = true
        size = refined
        sizeSpread = max(0.004 * refined, Robust.spread(ratios) * refined / Double(max(1, ratios.count)).squareRoot())
        let drawnAgain = RenderedLabel(label, scale: scale)
        width = measuredWidth(label, drawnAgain, scale: scale)
        // Stems a pixel wide or less have no pixel of the pure colour: then the ink's mass (a
        // JPEG keeps the colour from its lightness, `lumaMassColor`).
        if size * scale < 24 && !jpeg {
            color = massColor(pixels, card: card, drawnCoverage: drawnAgain.totalCoverage)
        }
        return correlation
    }

    /// The widest line's advance width, pt: the screenshot's ink width plus the side bearings of
    /// the line as drawn (advance less ink, by the same `InkExtent` rule), so that a renderer that
    /// kerns differently still gets the card's padding right.
    func measuredWidth(_ label: TextLabel, _ drawn: RenderedLabel, scale: Double) -> Double {
        var widest = 0.0
        for (index, line) in lines.enumerated() where index < label.lines.count {
            let ink = drawn.inkExtent(drawnRows(label, drawn, index, scale: scale))
            let bearings = label.lines[index].width * scale - (ink.right - ink.left)
            widest = max(widest, (line.inkRight - line.inkLeft + bearings) / scale)
        }
        return widest
    }

    /// `text` laid out at `size`, wrapped at `maxLineWidth` pt when given.
    func layout(_ text: String, size: Double, font: LabelFont, language: String?, maxLineWidth: Double?) -> TextLabel? {
        guard size > 0, size <= LoadingStyle.maxLength else { return nil }
        return try? TextLabel(text: text, font: font.source, size: size, maxLineWidth: maxLineWidth, language: language)
    }

    /// The rows of the drawn label's line `index`.
    func drawnRows(_ label: TextLabel, _ drawn: RenderedLabel, _ index: Int, scale: Double) -> Range<Int> {
        let top = drawn.top + label.lineTop(index) * scale
        return Int(top.rounded(.down))..<Int((top + label.lineHeight * scale).rounded(.up))
    }

    /// The screenshot's ink of `line` summed down each column of the region.
    func inkColumns(_ line: Line) -> [Double] {
        var columns = [Double](repeating: 0, count: region.width)
        let rows = (Int(line.inkTop) - region.y0)..<(Int(line.inkBottom) - region.y0)
        for y in rows where y >= 0 && y < region.height {
            for x in 0..<region.width where ink[y * region.width + x] >= inkFloor {
                columns[x] += Double(ink[y * region.width + x])
            }
        }
        return columns
    }

    /// The mean over lines of the correlation between the screenshot's ink and `label` drawn
    /// with its line's ink middle and baseline on the screenshot's. Each word is moved by up to
    /// a tenth of the text size to where it fits best, and both are summed over square cells of
    /// 8 % of the text size (at least 2 px), so that another renderer's kerning, which moves
    /// glyphs by a pixel or two along a line, does not count as another text.
    func correlation(with label: TextLabel, scale: Double) -> Double {
        let drawn = RenderedLabel(label, scale: scale)
        let cell = max(2, Int((0.08 * label.size * scale).rounded()))
        let slack = max(2, Int((0.1 * label.size * scale).rounded()))
        var total = 0.0
        for (index, line) in lines.enumerated() {
            let rows = drawnRows(label, drawn, index, scale: scale)
            let dx = Quantiles(inkColumns(line)).middle + Double(region.x0) - Quantiles(drawn.columnSums(rows)).middle
            let baseline = drawn.top + (label.lineTop(index) + label.ascender) * scale
            let shiftX = Int(dx.rounded()) - region.x0
            let shiftY = Int((line.baseline - baseline).rounded()) - region.y0
            let columns = drawn.mask.window.width / cell + 1
            var cells = [(Double, Double)](repeating: (0, 0), count: columns * (rows.count / cell + 1))
            // Each word's shift from its columns' sums (a line of sums, not the whole block).
            let drawnColumns = drawn.columnSums(rows)
            var inkColumns = [Double](repeating: 0, count: region.width)
            for y in rows where y + shiftY >= 0 && y + shiftY < region.height {
                for x in 0..<region.width { inkColumns[x] += Double(ink[(y + shiftY) * region.width + x]) }
            }
            for word in drawn.words(label, line: index, scale: scale) {
                func ink(_ x: Int, _ y: Int, _ extra: Int) -> Double {
                    let (sx, sy) = (x + shiftX + extra, y + shiftY)
                    guard sx >= 0, sy >= 0, sx < region.width, sy < region.height else { return 0 }
                    return Double(self.ink[sy * region.width + sx])
                }
                var best = (shift: 0, fit: -Double.infinity)
                for extra in -slack...slack {
                    var fit = 0.0
                    for x in word where x + shiftX + extra >= 0 && x + shiftX + extra < region.width {
                        fit += drawnColumns[x] * inkColumns[x + shiftX + extra]
                    }
                    if fit > best.fit { best = (extra, fit) }
                }
                for y in rows where y >= 0 && y < drawn.mask.window.height {
                    for x in word {
                        let k = (y - rows.lowerBound) / cell * columns + x / cell
                        cells[k].0 += Double(drawn.mask.coverage(x: x, y: y))
                        cells[k].1 += ink(x, y, best.shift)
                    }
                }
            }
            total += pearson(cells)
        }
        return total / Double(max(1, lines.count))
    }

    /// The card colour plus the change summed over the label region, over the drawn coverage.
    func massColor(_ pixels: ScreenPixels, card: RGB, drawnCoverage: Double) -> RGB {
        guard drawnCoverage > 1 else { return color }
        var sum = RGB(0, 0, 0)
        let top = Int((lines[0].inkTop - 2).rounded(.down))
        let bottom = Int((lines.last!.inkBottom + 2).rounded(.up))
        for y in max(region.y0, top)..<max(max(region.y0, top), min(region.y1, bottom)) {
            for x in region.x0..<region.x1 { sum += pixels.rgb(x, y) - card }
        }
        return card + sum / Float(drawnCoverage)
    }
}

/// Where a profile's cumulative sum reaches 5 %, 50 % and 95 % of its total, interpolated
/// within a column.
struct Quantiles {
    var low = 0.0
    var middle = 0.0
    var high = 0.0
    var width: Double { high - low }

    init(_ columns: [Double]) {
        let total = columns.reduce(0) { $0 + max(0, $1) }
        guard total > 0 else { return }
        var running = 0.0
        var marks = [0.05, 0.5, 0.95].map { $0 * total }
        var found: [Double] = []
        for (i, value) in columns.enumerated() {
            let v = max(0, value)
            while let mark = marks.first, running + v >= mark, v > 0 {
                found.append(Double(i) + (mark - running) / v)
                marks.removeFirst()
            }
            running += v
        }
        guard found.count == 3 else { return }
        (low, middle, high) = (found[0], found[1], found[2])
    }
}

/// Pearson's correlation of the pairs; 0 when either side is constant.
func pearson(_ pairs: [(Double, Double)]) -> Double {
    let n = Double(pairs.count)
    guard n > 1 else { return 0 }
    let mx = pairs.reduce(0) { $0 + $1.0 } / n
    let my = pairs.reduce(0) { $0 + $1.1 } / n
    var sxy = 0.0
    var sxx = 0.0
    var syy = 0.0
    for (x, y) in pairs {
        sxy += (x - mx) * (y - my)
        sxx += (x - mx) * (x - mx)
        syy += (y - my) * (y - my)
    }
    guard sxx > 0, syy > 0 else { return 0 }
    return sxy / (sxx * syy).squareRoot()
}

extension RenderedLabel {
    /// The coverage of the whole mask, px.
    var totalCoverage: Double {
        var sum = 0.0
        for y in 0..<mask.window.height {
            for x in 0..<mask.window.width { sum += Double(mask.coverage(x: x, y: y)) }
        }
        return sum
    }
}

extension RenderedLabel {
    /// The columns of each word of line `index` of `label` (as this mask draws it), split at
    /// the middle of each space.
    func words(_ label: TextLabel, line index: Int, scale: Double) -> [Range<Int>] {
        let line = label.lines[index]
        let start = axis - line.width * scale / 2
        var cuts: [Int] = [0]
        for glyph in line.glyphs {
            let font = label.fonts[glyph.font]
            guard font.glyph(for: " ") == glyph.glyph else { continue }
            let middle = start + (glyph.x + font.advance(of: glyph.glyph) * label.size / font.unitsPerEm / 2) * scale
            cuts.append(min(mask.window.width, max(cuts.last!, Int(middle.rounded()))))
        }
        cuts.append(mask.window.width)
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }.filter { !$0.isEmpty }
    }
}

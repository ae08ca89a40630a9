import Images

/// The label under the ring: its lines, text size, gap, colour and width, in screenshot pixels
/// and points.
///
/// Method. In the card under the ring's box, each pixel's ink is its colour's projection on the
/// line from the card colour to the text colour (first taken as the median of the pixels
/// farthest from the card colour). The rows' sums give the lines, baselines and x-height lines
/// (`LineProfile`). The text size is the body height over the font's calibrated body ratio
/// (`LabelFont`), or, with two lines or more, the baseline-to-baseline distance over the
/// font's line pitch, which is sharper. The first line box's top is its baseline less the
/// ascender; the gap is from the spinner's box to it. When the text is known (`--text`,
/// `--lang`, or one of the default texts found to match), `LabelText` refines the size from the
/// ink's width and checks the text.
struct LabelFit: Sendable {
    /// One line: its baseline and ink extent, px.
    struct Line: Sendable {
        var baseline: Double
        var bodyTop: Double
        var inkLeft: Double
        var inkRight: Double
        var inkTop: Double
        var inkBottom: Double
    }

    var lines: [Line]
    /// Text size, pt, and the spread of its per-line estimates, pt.
    var size: Double
    var sizeSpread: Double
    var color: RGB
    /// The widest line's advance width, pt: from the font when the text is known, else the
    /// ink's width plus the font's usual side bearings.
    var width: Double
    /// The text the label was measured as, when known; whether it matched the expected text.
    var text: String?
    var matches: Bool?
    /// The region searched and its ink (0…1 a pixel, row-major).
    var region: PixelRect
    var ink: [Float]
    /// The least ink a pixel must hold to count in a column's sum: four times the card's noise
    /// over the text's contrast (JPEG's ripples otherwise add up down a column).
    var inkFloor: Float = 0.05
    /// Whether the screenshot is a JPEG, whose colour resolution is halved.
    var jpeg = false

    /// The label in `region` (inside the card, under the ring's box), or nil when it holds no
    /// line of text.
    static func find(
        _ pixels: ScreenPixels, ring: RingFit, region: PixelRect, inside shape: CardShape?, font: LabelFont,
        scale: Double, jpeg: Bool
    ) -> LabelFit? {
        guard !region.isEmpty, let ink = inkColor(pixels, ring: ring, region: region, inside: shape) else {
            return nil
        }
        var coverage = LabelFit.coverage(pixels, card: ring.card, ink: ink, region: region, inside: shape)
        var rows = [Double](repeating: 0, count: region.height)
        for y in 0..<region.height {
            var sum: Float = 0
            for x in 0..<region.width { sum += coverage[y * region.width + x] }
            rows[y] = Double(sum)
        }
        let found = consecutiveLines(LineProfile.lines(rows), width: Double(region.width), font: font, scale: scale)
        guard !found.isEmpty else { return nil }
        var lines: [Line] = []
        // JPEG's ripples reach a few pixels from each glyph within its 8 × 8 blocks, at about a
        // tenth of the contrast: a fifth keeps them out of the ink's extent.
        let floor = min(0.5, max(jpeg ? 0.2 : 0.05, 4 * ring.noise / max(1, ink.distance(to: ring.card))))
        for line in found {
            let rows = Int(line.inkTop)..<Int(line.inkBottom)
            var columns = [Double](repeating: 0, count: region.width)
            for y in rows {
                for x in 0..<region.width where coverage[y * region.width + x] >= floor {
                    columns[x] += Double(coverage[y * region.width + x])
                }
            }
            // The text is centred on the ring's axis: ink parted from it by more than an em of
            // nothing is not the text's (the card's rounded corners, JPEG's ripples at its sides).
            let em = line.bodyHeight / font.bodyRatio
            let span = textSpan(columns, axis: Int(ring.centerX) - region.x0, gap: Int(em.rounded(.up)))
            for y in rows {
                for x in 0..<region.width where !span.contains(x) { coverage[y * region.width + x] = 0 }
            }
            for x in 0..<region.width where !span.contains(x) { columns[x] = 0 }
            let extent = InkExtent.of(columns)
            let (x0, y0) = (Double(region.x0), Double(region.y0))
            lines.append(
                Line(
                    baseline: y0 + line.baseline, bodyTop: y0 + line.bodyTop, inkLeft: x0 + extent.left,
                    inkRight: x0 + extent.right, inkTop: y0 + line.inkTop, inkBottom: y0 + line.inkBottom))
        }
        let bodies = found.map { $0.bodyHeight / (font.bodyRatio * scale) }
        var size = Robust.median(bodies)
        var spread = max(Robust.spread(bodies), 0.04 * size)
        if lines.count >= 2 {
            let pitch = (lines.last!.baseline - lines[0].baseline) / Double(lines.count - 1)
            size = pitch / (font.pitch * scale)
            spread = 0.25 / (font.pitch * scale * Double(lines.count - 1))
        }
        let inkWidth = lines.map { $0.inkRight - $0.inkLeft }.max()! / scale
        var fit = LabelFit(
            lines: lines, size: size, sizeSpread: spread, color: RGB(0, 0, 0), width: inkWidth + font.bearings * size,
            text: nil, matches: nil, region: region, ink: coverage, inkFloor: floor, jpeg: jpeg)
        fit.color = fit.plateauColor(pixels, card: ring.card, toward: ink)
        if jpeg { fit.color = fit.lumaMassColor(pixels, card: ring.card, inside: shape) }
        return fit
    }

    /// The columns of the ink around `axis`: from the ink column nearest to it, outward while no
    /// more than `gap` columns in a row are empty.
    static func textSpan(_ columns: [Double], axis: Int, gap: Int) -> Range<Int> {
        let least = max(0.1, 0.03 * (columns.max() ?? 0))
        let inked = columns.indices.filter { columns[$0] >= least }
        guard let start = inked.min(by: { abs($0 - axis) < abs($1 - axis) }) else { return 0..<0 }
        var low = start
        var high = start
        var empty = 0
        for x in stride(from: start - 1, through: 0, by: -1) {
            if columns[x] >= least { (low, empty) = (x, 0) } else { empty += 1 }
            if empty > gap { break }
        }
        empty = 0
        for x in (start + 1)..<max(start + 1, columns.count) {
            if columns[x] >= least { (high, empty) = (x, 0) } else { empty += 1 }
            if empty > gap { break }
        }
        return low..<(high + 1)
    }

    /// The first lines from the top that follow one another a line pitch apart (give or take a
    /// third), of text from 6 to 100 pt, without a row full of ink (the card's edge, the screen).
    static func consecutiveLines(
        _ lines: [LineProfile.Line], width: Double, font: LabelFont, scale: Double
    ) -> [LineProfile.Line] {
        var kept: [LineProfile.Line] = []
        for line in lines {
            // Text of 6 to 100 pt; smaller "lines" are an edge's ripples (JPEG) or specks.
            let size = line.bodyHeight / (font.bodyRatio * scale)
            guard size >= 6, size <= 100 else {
                if kept.isEmpty { continue } else { break }
            }
            guard line.level < 0.8 * width, line.bodyHeight >= 1.5 else { break }
            if let last = kept.last {
                let size = last.bodyHeight / (font.bodyRatio * scale)
                let pitch = font.pitch * size * scale
                guard abs(line.baseline - last.baseline - pitch) < pitch / 3 else { break }
            }
            kept.append(line)
        }
        return kept
    }

    /// The colour of the pixels farthest from the card colour in the middle three fifths of
    /// `region` (the label is centred on the ring's axis; the card's rounded corners, where the
    /// screen may show, are at its sides): their median, or nil when no pixel stands out from the
    /// card's noise.
    static func inkColor(_ pixels: ScreenPixels, ring: RingFit, region: PixelRect, inside shape: CardShape?) -> RGB? {
        let tolerance = max(10, 4 * ring.noise)
        let half = Double(region.width) * 0.3
        let left = max(region.x0, Int(ring.centerX - half))
        let columns = left..<max(left, min(region.x1, Int(ring.centerX + half) + 1))
        var far: [(Float, RGB)] = []
        for y in region.y0..<region.y1 {
            for x in columns where shape?.contains(x, y) ?? true {
                let color = pixels.rgb(x, y)
                let d = color.distance(to: ring.card)
                if d > tolerance { far.append((d, color)) }
            }
        }
        guard far.count >= 8 else { return nil }
        far.sort { $0.0 > $1.0 }
        return Robust.median(far.prefix(max(4, far.count / 20)).map(\.1))
    }

    /// Each pixel's share of `ink` over `card`, from −0.2 to 1.2 (noise keeps its sign, so sums
    /// stay unbiased); 0 outside the card's shape.
    static func coverage(
        _ pixels: ScreenPixels, card: RGB, ink: RGB, region: PixelRect, inside shape: CardShape?
    ) -> [Float] {
        var out = [Float](repeating: 0, count: region.width * region.height)
        for y in region.y0..<region.y1 {
            for x in region.x0..<region.x1 where shape?.contains(x, y) ?? true {
                let share = RingFit.share(pixels.rgb(x, y), card: card, toward: ink)
                out[(y - region.y0) * region.width + x - region.x0] = min(1.2, max(-0.2, share))
            }
        }
        return out
    }

    /// The text colour from the ink's plateau: along the direction of the ink-weighted mean
    /// change from the card colour, as far as the 97th percentile of the ink pixels reach.
    func plateauColor(_ pixels: ScreenPixels, card: RGB, toward ink: RGB) -> RGB {
        var direction = RGB(0, 0, 0)
        var reach: [Float] = []
        let axis = ink - card
        let length = max(1e-6, axis.length)
        for y in region.y0..<region.y1 {
            for x in region.x0..<region.x1 {
                let share = self.ink[(y - region.y0) * region.width + x - region.x0]
                guard share > 0.1 else { continue }
                let change = pixels.rgb(x, y) - card
                direction += change * share
                reach.append((change * axis).sum() / length)
            }
        }
        let unit = direction.length > 0 ? direction / direction.length : axis / length
        return card + unit * Robust.quantile(reach, 0.97)
    }
}

extension LabelFit {
    /// The text colour of a JPEG, whose colour resolution is halved and quantized (thin strokes
    /// lose their hue to the card) but whose lightness is whole. The change from the card colour
    /// summed over the label keeps the text's colour whatever the blur (a blur moves colour, it
    /// does not make or lose it): it is the text's change times the ink's area, so it gives the
    /// text colour's direction from the card, and the lightness sets how far along it. The text's
    /// lightness is the most common luma change among the pixels that reach past half of the
    /// 97th percentile's: the strokes' full pixels (JPEG's ripples put single pixels beyond them,
    /// where a high percentile would read them). Text within 8 of the card's luma keeps the
    /// plateau colour.
    func lumaMassColor(_ pixels: ScreenPixels, card: RGB, inside shape: CardShape?) -> RGB {
        var change = RGB(0, 0, 0)
        var lumaChanges: [Float] = []
        let top = max(region.y0, Int(lines[0].inkTop) - 3)
        let bottom = min(region.y1, Int(lines.last!.inkBottom) + 3)
        for y in top..<max(top, bottom) {
            for x in region.x0..<region.x1 where shape?.contains(x, y) ?? true {
                let pixel = pixels.rgb(x, y)
                change += pixel - card
                lumaChanges.append(pixel.luma - card.luma)
            }
        }
        let total = change.luma
        guard abs(total) > 0, let contrast = Self.plateau(of: lumaChanges.map { $0 * (total < 0 ? -1 : 1) }),
            contrast >= 8
        else { return color }
        return card + change * (contrast / abs(total))
    }

    /// The most common value among `values` past half of their 97th percentile (a histogram of
    /// 40 bins up to 1.3 times it, each counted with its two neighbours), or nil when none is
    /// positive.
    static func plateau(of values: [Float]) -> Float? {
        let high = Robust.quantile(values, 0.97)
        guard high > 0 else { return nil }
        let (low, width) = (0.5 * high, max(0.5, high / 40))
        var bins = [Int](repeating: 0, count: Int((0.8 * high / width).rounded(.up)) + 1)
        for value in values where value >= low {
            let bin = Int((value - low) / width)
            if bin < bins.count { bins[bin] += 1 }
        }
        var best = (bin: 0, count: -1)
        for bin in bins.indices {
            let count = bins[max(0, bin - 1)...min(bins.count - 1, bin + 1)].reduce(0, +)
            if count > best.count { best = (bin, count) }
        }
        return low + (Float(best.bin) + 0.5) * width
    }
}

/// The card's rounded rectangle as far as it is known, px: whether a pixel lies inside it, at
/// least `margin` px from its edge (so its anti-aliased edge is out: 1.5 px, or 4 px where JPEG
/// spreads an edge's colour).
struct CardShape {
    let left: Double
    let right: Double
    let top: Double
    let bottom: Double
    let radius: Double
    var margin = 1.5

    func contains(_ x: Int, _ y: Int) -> Bool {
        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
        guard px >= left + margin, px <= right - margin, py >= top + margin, py <= bottom - margin else {
            return false
        }
        let r = max(radius, margin)
        let cx = min(max(px, left + r), right - r)
        let cy = min(max(py, top + r), bottom - r)
        let (dx, dy) = (px - cx, py - cy)
        return (dx * dx + dy * dy).squareRoot() <= r - margin
    }
}

import Images
import Raster
import StrictJSON

/// The parts of one indicator as they are found: the ring, then the card's sides and top, the
/// label in the card under the ring, the card's bottom under the label, and its corners.
struct IndicatorParts {
    let pixels: ScreenPixels
    let ring: RingFit
    let options: MeasureOptions
    var card = CardFit()
    var label: LabelFit?
    var font: LabelFont?
    var notes: [String] = []
    /// The first row under the ring that is no longer the card's (`CardFit.lowestCardRow`).
    var cardEnd: Int?
    /// Whether the card holds ink beside the ring, where an upright indicator has only its
    /// padding: the picture's content is turned (`looksTurned`), and the label and paddings are
    /// not measured.
    var turned = false

    var scale: Double { options.scale.scale }
    /// JPEG or resampled: edges spread over more pixels.
    var lossy: Bool { options.format == .jpeg || options.scale.resampled }

    init(pixels: ScreenPixels, ring: RingFit, options: MeasureOptions) {
        self.pixels = pixels
        self.ring = ring
        self.options = options
    }

    mutating func findCardAndLabel() {
        card = CardFit.sides(pixels, ring: ring, lossy: lossy)
        // The top corners first: with the sides, they keep the label's search inside the card.
        card.fitCorners(pixels, ring: ring)
        let top = Int((ring.centerY + ring.outerRadius + 1).rounded(.up))
        cardEnd = card.lowestCardRow(pixels, ring: ring, from: top, limit: Int((200 * scale).rounded()))
        findLabel()
        if label != nil, looksTurned {
            label = nil
            turned = true
            notes.append(
                "the card holds text beside the spinner, not under it: the picture looks rotated (turn it "
                    + "upright, or give the file its EXIF orientation); the label and the paddings are left out")
        }
        let under = label.map { $0.lines.last!.inkBottom + 1 } ?? (ring.centerY + ring.outerRadius + 1.5)
        card.bottom(pixels, ring: ring, below: under)
        card.fitCorners(pixels, ring: ring)
    }

    /// Whether the card's rows through the ring hold ink between the ring and the card's sides
    /// (2 px clear of the ring, 4 in a lossy picture, and clear of the sides by the corner radius,
    /// or by the ring's radius when the corners are not measured: a row through a rounded corner
    /// reaches the screen behind it): pixels off the card colour by more than 24 levels and four
    /// times its noise, as many as the ring's outer radius in pixels. An upright indicator has
    /// only its padding there; a picture turned a quarter has its label there. False when the
    /// card's sides are not known.
    var looksTurned: Bool {
        guard let left = card.left, let right = card.right else { return false }
        let margin = lossy ? 4.0 : 2.0
        let threshold = max(24, 4 * ring.noise)
        let (cx, cy, outer) = (ring.centerX, ring.centerY, ring.outerRadius)
        let (top, bottom) = (
            max(0, Int((cy - outer).rounded(.up))), min(pixels.height - 1, Int((cy + outer).rounded(.down)))
        )
        guard top <= bottom else { return false }
        let inset = max(margin, card.cornerRadius ?? outer)
        let spans = [(left + inset, cx - outer - margin), (cx + outer + margin, right - inset)]
        var ink = 0
        for y in top...bottom {
            for (from, to) in spans {
                let x0 = max(0, Int(from.rounded(.up)))
                let x1 = min(pixels.width - 1, Int(to.rounded(.down)))
                guard x0 <= x1 else { continue }
                for x in x0...x1 where pixels.rgb(x, y).distance(to: ring.card) > threshold { ink += 1 }
            }
        }
        return Double(ink) >= outer
    }

    /// The region a label may be in: across the card (or a screen's width around the axis when
    /// its sides do not show), from under the ring's box to where the card's rows end
    /// (`CardFit.lowestCardRow`) or 200 pt down.
    var labelRegion: PixelRect {
        let reach = Double(pixels.width) / 2
        let left = card.left.map { $0 + 1 } ?? card.right.map { 2 * ring.centerX - $0 + 1 } ?? (ring.centerX - reach)
        let right = card.right.map { $0 - 1 } ?? card.left.map { 2 * ring.centerX - $0 - 1 } ?? (ring.centerX + reach)
        let top = ring.centerY + ring.outerRadius + (lossy ? 4 : 1)
        let rect = PixelRect(
            x0: Int(left.rounded(.up)), y0: Int(top.rounded(.up)), x1: Int(right.rounded(.down)),
            y1: cardEnd ?? Int((top + 200 * scale).rounded(.down)))
        return rect.intersection(PixelRect(x0: 0, y0: 0, x1: pixels.width, y1: pixels.height))
    }

    mutating func findLabel() {
        let source = options.font
        guard let font = try? LabelFont(source: source) else {
            notes.append("the label's font cannot be loaded; the label was not measured")
            return
        }
        self.font = font
        var shape: CardShape? = nil
        if let (left, right) = card.sides(axis: ring.centerX), let end = cardEnd {
            let top = card.top ?? (ring.centerY - ring.outerRadius - 1)
            shape = CardShape(
                left: left, right: right, top: top, bottom: Double(end), radius: card.cornerRadius ?? 0,
                margin: lossy ? 4 : 1.5)
        }
        guard
            var found = LabelFit.find(
                pixels, ring: ring, region: labelRegion, inside: shape, font: font, scale: scale,
                jpeg: options.format == .jpeg)
        else {
            return
        }
        let wrap = wrapWidth(for: found)
        if let expected = options.text {
            let correlation = found.use(
                text: expected, language: options.language, font: font, pixels: pixels, card: ring.card, scale: scale,
                maxLineWidth: wrap)
            if found.matches != true {
                notes.append(
                    "the label does not look like the expected text \"\(expected)\" (correlation "
                        + "\(formatNumber((correlation * 100).rounded() / 100)) of at least 0.85)")
            }
        } else {
            identify(&found, font: font, wrap: wrap)
        }
        label = found
    }

    /// The overlay's line width (the screen less 16 pt each side and the card's padding), when
    /// the card's sides are known; nil otherwise.
    func wrapWidth(for label: LabelFit) -> Double? {
        guard let left = card.left, let right = card.right else { return nil }
        let inkWidth = label.lines.map { $0.inkRight - $0.inkLeft }.max() ?? 0
        let padding = ((right - left) - max(inkWidth, 2 * ring.outerRadius)) / 2 / scale
        return Double(pixels.width) / scale - 2 * Layout.screenMargin - 2 * max(0, padding)
    }

    /// Tries the fourteen default texts whose width at the measured size is within 12 % of the
    /// label's; the best that correlates at 0.85 or more (`use(text:)`) becomes the label's text.
    func identify(_ label: inout LabelFit, font: LabelFont, wrap: Double?) {
        let inkWidth = (label.lines.map { $0.inkRight - $0.inkLeft }.max() ?? 0) / scale
        var best: (LabelFit, Double)? = nil
        for translation in Translation.all {
            let text = translation.loadingProcessingText
            guard
                let laid = label.layout(
                    text, size: label.size, font: font, language: translation.languageCode, maxLineWidth: wrap),
                laid.lines.count == label.lines.count,
                abs(laid.width - label.width) <= 0.12 * max(inkWidth, 1)
            else { continue }
            var trial = label
            let correlation = trial.use(
                text: text, language: translation.languageCode, font: font, pixels: pixels, card: ring.card,
                scale: scale, maxLineWidth: wrap)
            if trial.matches == true, correlation > (best?.1 ?? 0) { best = (trial, correlation) }
        }
        if var (found, _) = best {
            found.matches = nil
            label = found
        }
    }
}

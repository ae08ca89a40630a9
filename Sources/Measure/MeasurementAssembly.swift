import Images
import Raster

/// The parts put together as a style in points, with the card's place and the label's lines.
extension IndicatorParts {
    /// The measurement of the parts (without dim, residual and re-render, which come after).
    func measurement() -> IndicatorMeasurement {
        var style = LoadingStyle.indicator
        var unknown: Set<String> = []
        let s = scale
        style.spinnerSize = 2 * ring.outerRadius / s
        style.strokeWidth = ring.thickness / s
        style.trackColor = ring.track.color
        style.spinnerColor = ring.arc.color
        style.backgroundColor = ring.card.color
        if case .family(let name) = options.font { style.textFontName = name }
        let content = contentWidth
        let box = (top: ring.centerY - ring.outerRadius, bottom: ring.centerY + ring.outerRadius)
        let labelHeight = label.map { Double($0.lines.count) * (font?.lineHeight ?? 1.1641) * $0.size * s } ?? 0
        let contentBottom = box.bottom + (label.map { _ in textGap * s + labelHeight } ?? 0)
        if let top = card.top {
            style.paddingVertical = (box.top - top) / s
        } else if let bottom = card.bottom {
            style.paddingVertical = (bottom - contentBottom) / s
        } else {
            unknown.insert("paddingVertical")
        }
        if let left = card.left, let right = card.right {
            style.paddingHorizontal = ((right - left) - content * s) / 2 / s
        } else if let left = card.left {
            style.paddingHorizontal = (ring.centerX - left) / s - content / 2
        } else if let right = card.right {
            style.paddingHorizontal = (right - ring.centerX) / s - content / 2
        } else {
            unknown.insert("paddingHorizontal")
        }
        if let radius = card.cornerRadius { style.cornerRadius = radius / s } else { unknown.insert("cornerRadius") }
        if let label {
            style.textSize = label.size
            style.textGap = textGap
            style.textColor = label.color.color
        } else {
            unknown.formUnion(["textSize", "textGap", "textColor"])
        }
        unknown.insert("dimAmount")
        if turned { unknown.formUnion(["paddingHorizontal", "paddingVertical"]) }
        style.paddingVertical = max(0, style.paddingVertical)
        style.paddingHorizontal = max(0, style.paddingHorizontal)
        let cardRect = self.cardRect(style: style, unknown: unknown, contentBottom: contentBottom)
        var measurement = IndicatorMeasurement(
            style: style, unknown: unknown, uncertainty: [:], scale: s, arcStartDegrees: ring.arcStart,
            frame: nearestFrame,
            card: cardRect, lines: lineBoxes, text: label?.text, textMatches: label?.matches, meanDelta: 0,
            maxDelta: 0, variant: .indicator, others: [], notes: notes, region: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0),
            screenshot: .onePixel, rerender: .onePixel)
        if let cardRect {
            let screen = (width: Double(pixels.width) / s, height: Double(pixels.height) / s)
            let centred =
                abs(cardRect.center.x - screen.width / 2) <= 1 && abs(cardRect.center.y - screen.height / 2) <= 1
            measurement.variant = centred ? .overlay : .indicator
        }
        measurement.uncertainty = Uncertainty(parts: self).values(for: measurement)
        return measurement
    }

    /// The frame k of `options.frames` nearest to the arc's position; nil without frames.
    var nearestFrame: Int? {
        guard let n = options.frames, n > 0 else { return nil }
        let k = Int(((ring.arcStart + 90) / 360 * Double(n)).rounded())
        return ((k % n) + n) % n
    }

    /// The content's width, pt: the spinner's box or the widest line, whichever is wider.
    var contentWidth: Double {
        max(2 * ring.outerRadius / scale, label?.width ?? 0)
    }

    /// From the spinner's box to the first line box's top, pt.
    var textGap: Double {
        guard let label, let font else { return 0 }
        let baseline = label.lines[0].baseline - font.baselineBias * label.size * scale
        let top = baseline - font.ascender * label.size * scale
        return (top - (ring.centerY + ring.outerRadius)) / scale
    }

    /// The label's line boxes, points.
    var lineBoxes: [Rect] {
        guard let label, let font else { return [] }
        let s = scale
        return label.lines.map { line in
            let baseline = line.baseline - font.baselineBias * label.size * s
            let width = label.text != nil && label.matches != false ? label.width : (line.inkRight - line.inkLeft) / s
            let x = label.text != nil && label.matches != false ? ring.centerX / s - width / 2 : line.inkLeft / s
            return Rect(
                x: x, y: baseline / s - font.ascender * label.size, width: width, height: font.lineHeight * label.size)
        }
    }

    /// The card in points: its measured edges, each missing one from the layout's rules.
    func cardRect(style: LoadingStyle, unknown: Set<String>, contentBottom: Double) -> Rect? {
        guard !unknown.contains("paddingHorizontal"), !unknown.contains("paddingVertical") else { return nil }
        let s = scale
        let halfWidth = contentWidth / 2 + style.paddingHorizontal
        let left = card.left.map { $0 / s } ?? (ring.centerX / s - halfWidth)
        let right = card.right.map { $0 / s } ?? (ring.centerX / s + halfWidth)
        let top = card.top.map { $0 / s } ?? ((ring.centerY - ring.outerRadius) / s - style.paddingVertical)
        let bottom = card.bottom.map { $0 / s } ?? (contentBottom / s + style.paddingVertical)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension Pixmap {
    /// One transparent pixel, for a measurement not yet drawn.
    static let onePixel: Pixmap = {
        guard let pixel = try? Pixmap(width: 1, height: 1) else { preconditionFailure("1 × 1 px is a valid size") }
        return pixel
    }()
}

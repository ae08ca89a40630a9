/// How sure each recovered figure is: a ± that the true value falls within at least 95 times in
/// 100 (docs/measure.md shows how often it does on the test screenshots, and
/// Tests/measure/honesty.py on this package's own renders saved as PNG, JPEG and resized).
///
/// Each ± is the fit's own statistical spread (the scatter of its rays, edges or lines over the
/// square root of their number) added in quadrature to a floor for the kind of input, which
/// holds what the scatter does not show: how another rasterizer anti-aliases, JPEG's blocks and
/// halved colour resolution, the blur of a resampled screenshot. The floors were set from the
/// generated screenshots of Tests/measure (docs/measure.md) and raised where honesty.py showed
/// the truth outside: a lossy length's to 0.4 px; the text colour's to twice the colour floor in
/// a lossy screenshot, ΔE 4.5 from the ink's mass, a sixth of the text's contrast with the card
/// for thin text read from its plateau, ΔE 9 in a card cropped to its edges.
struct Uncertainty {
    let parts: IndicatorParts

    /// Lossy input: JPEG or a resampled screenshot.
    var lossy: Bool { parts.options.format == .jpeg || parts.options.scale.resampled }

    /// Floors: for a length in pixels, for a colour in ΔE00, for the text colour.
    var lengthFloor: Double { lossy ? 0.4 : 0.2 }
    var colorFloor: Double { lossy ? 2.5 : 1.0 }

    func values(for measurement: IndicatorMeasurement) -> [String: Double] {
        let s = parts.scale
        let ring = parts.ring
        let rays = Double(max(1, ring.rays)).squareRoot()
        func length(_ pixels: Double...) -> Double {
            (pixels.reduce(lengthFloor * lengthFloor) { $0 + $1 * $1 }).squareRoot() / s
        }
        var out: [String: Double] = [:]
        out["spinnerSize"] = 2 * length(ring.radiusSpread / rays, ring.thicknessSpread / rays)
        out["strokeWidth"] = length(ring.thicknessSpread / rays)
        let thin = ring.thickness < 4 ? 2.0 : 1.0
        out["trackColor"] = colorFloor * thin
        out["spinnerColor"] = colorFloor * thin
        out["backgroundColor"] = colorFloor * 0.75
        let arcFloor = 0.5 * 180 / .pi / max(1, ring.radius)
        out["arcStartDegrees"] = max(0.3, (ring.arcSpread * ring.arcSpread + arcFloor * arcFloor).squareRoot())
        out["scale"] = parts.options.scale.resampled && parts.options.scale.device != nil ? 0.5 / 400 * s : 0
        let card = parts.card
        if !measurement.unknown.contains("paddingHorizontal") {
            out["paddingHorizontal"] =
                length(card.left == nil || card.right == nil ? 1 : 0, lossy ? 0.4 : 0)
                + (parts.label.map { labelWidthUncertainty($0) / 2 } ?? 0)
        }
        if !measurement.unknown.contains("paddingVertical") {
            out["paddingVertical"] = length(card.top == nil ? 1 : 0)
        }
        if !measurement.unknown.contains("cornerRadius") {
            out["cornerRadius"] = length(card.cornerSpread, lossy ? 0.85 : 0.3)
        }
        if let label = parts.label, let font = parts.font {
            // The lines' spread and a floor, widened by what the test screenshots show they miss
            // (another rasterizer's glyph outlines): 1.7 times for the size, 1.8 for the gap.
            let sizeSpread = (label.sizeSpread * label.sizeSpread + 0.05 * 0.05).squareRoot()
            out["textSize"] = 1.7 * sizeSpread
            out["textGap"] = 1.8 * (pow2(font.ascender * sizeSpread) + pow2(length(0.3))).squareRoot()
            out["textColor"] = textColorUncertainty(label)
        }
        return out
    }

    /// The text colour's ±, ΔE00: a multiple of the colour floor, widened where honesty.py
    /// showed the measured colour off by more.
    func textColorUncertainty(_ label: LabelFit) -> Double {
        let s = parts.scale
        let ring = parts.ring
        let known = label.text != nil && label.matches != false
        var out = (known ? (lossy ? 2 : 1.5) : 3) * colorFloor
        // Text under 24 px an em in a lossless screenshot takes its colour from the ink's
        // mass (`LabelFit.use(text:)`), which this package's own renders show off by up to
        // ΔE 4 (Tests/measure/honesty.py).
        let fromMass = known && !lossy && label.size * s < 24
        if fromMass { out = 4.5 }
        // Stems under about 4 px (an em under 48 px) resized by bicubic or Lanczos, which
        // overshoot, give a plateau past the text's colour by up to a sixth of its contrast
        // with the card (#666666 on white read as #555555 at 2/3 of @3, a whole scale that
        // looks like a render).
        if !fromMass, parts.options.format != .jpeg, label.size * s < 48 {
            let contrast = ColorDifference.ciede2000(label.color.color, ring.card.color)
            out = max(out, 0.16 * contrast)
        }
        // Without the card's sides (a card cropped to its edges, as the indicator's own
        // renders are), the label's region runs to the image's edges and takes in what shows
        // past the card's corners: this package's renders show the text colour up to ΔE 8.3 off.
        if parts.card.left == nil && parts.card.right == nil { out = max(out, 9) }
        // A JPEG's text within 15 of the card's luma has its hue from the halved colour alone.
        if parts.options.format == .jpeg, abs(label.color.luma - ring.card.luma) < 15 {
            out = max(out, 12)
        }
        return out
    }

    /// How far off the label's advance width may be, pt: little when the text is known, about
    /// a tenth of an em (the side bearings of glyphs differ) when it is not.
    func labelWidthUncertainty(_ label: LabelFit) -> Double {
        label.text != nil && label.matches != false ? 0.01 * label.size : 0.06 * label.size
    }

    private func pow2(_ x: Double) -> Double { x * x }
}

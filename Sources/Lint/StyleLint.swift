import Raster
import StrictJSON

/// The checks `frames lint` and the studio's panel run on a style: contrast by WCAG 2.2's
/// formula, fit for every built-in language on every known device, and sizes below what a
/// screen shows well. Each check names the property to change and a value that passes.
///
/// Contrast: colours that are not opaque are composited over what lies under them; the card lies
/// on `screenColor` (white unless told, the light screen most apps show), dimmed by dimAmount in
/// the overlay. Fit: the label is laid out as the overlay lays it out on each `Device` (lines
/// break where the card would come closer than 16 pt to the screen's sides), in each
/// `Translation`'s text and language.
public struct StyleLint: Sendable {
    /// The most lines a label may wrap to. Default: 3.
    public var maxLines: Int
    /// The screen under the card, opaque. Default: white.
    public var screenColor: Color
    /// Fit findings already made, kept by a caller that lints many styles (the studio), or nil.
    public var memo: FitMemo?

    /// The smallest text size, pt.
    public static let minimumTextSize = 11.0
    /// The thinnest stroke: one pixel at @1x, pt.
    public static let minimumStrokeWidth = 1.0
    /// Text from this size up is large text (3:1 instead of 4.5:1), pt.
    public static let largeTextSize = 18.0

    /// A lint with at most `maxLines` lines of label and the card on `screenColor` (its alpha
    /// ignored), reusing `memo`'s fit findings when given.
    public init(maxLines: Int = 3, screenColor: Color = .white, memo: FitMemo? = nil) {
        self.maxLines = maxLines
        self.memo = memo
        self.screenColor = Color(red8: screenColor.red, green8: screenColor.green, blue8: screenColor.blue)
    }

    /// Every check on `style` in `variant`, in `LintFinding.Check`'s order (the card on the
    /// dimmed screen only for the overlay). Throws when the label's font cannot be loaded.
    public func findings(for style: LoadingStyle, variant: Variant) throws(FontError) -> [LintFinding] {
        var findings = contrastFindings(for: style, variant: variant)
        findings += try FitLint.findings(for: style, maxLines: maxLines, memo: memo)
        findings.append(
            threshold(
                .strokeWidth, .strokeWidth, style.strokeWidth, minimum: StyleLint.minimumStrokeWidth, unit: "pt"))
        let largest = FitLint.smallestScreenWidth - 2 * Layout.screenMargin - 2 * style.paddingHorizontal
        let spinnerFits = style.spinnerSize <= largest
        findings.append(
            LintFinding(
                check: .spinnerSize, passed: spinnerFits, measured: formatNumber(style.spinnerSize) + " pt",
                required: "at most \(formatNumber(max(0, largest))) pt", property: .spinnerSize,
                fix: spinnerFits || largest < 2 * style.strokeWidth ? nil : .number(largest.rounded(.down)),
                figures: .init(measured: style.spinnerSize, required: max(0, largest), unit: .pt, bound: .atMost)))
        findings.append(
            threshold(.textSize, .textSize, style.textSize, minimum: StyleLint.minimumTextSize, unit: "pt"))
        return findings
    }

    private func threshold(
        _ check: LintFinding.Check, _ property: StyleProperty, _ value: Double, minimum: Double, unit: String
    ) -> LintFinding {
        let passed = value >= minimum
        return LintFinding(
            check: check, passed: passed, measured: "\(formatNumber(value)) \(unit)",
            required: "at least \(formatNumber(minimum)) \(unit)", property: property,
            fix: passed ? nil : .number(minimum),
            figures: .init(measured: value, required: minimum, unit: .pt, bound: .atLeast))
    }

    /// The colours as they appear: the screen dimmed, the card on it, the track on the card.
    struct Surfaces {
        let screen: Color
        let card: Color
        let track: Color
    }

    func surfaces(_ style: LoadingStyle, variant: Variant) -> Surfaces {
        let dim = variant == .overlay ? style.dimAmount : 0
        let keep = 1 - dim
        let screen = Color(
            red: Double(screenColor.red) / 255 * keep, green: Double(screenColor.green) / 255 * keep,
            blue: Double(screenColor.blue) / 255 * keep)
        let card = style.backgroundColor.composited(over: screen)
        return Surfaces(screen: screen, card: card, track: style.trackColor.composited(over: card))
    }

    func contrastFindings(for style: LoadingStyle, variant: Variant) -> [LintFinding] {
        let surface = surfaces(style, variant: variant)
        var findings: [LintFinding] = []
        let textMinimum = style.textSize >= StyleLint.largeTextSize ? 3.0 : 4.5
        let text = style.textColor.composited(over: surface.card)
        let labelRatio = Contrast.ratio(text, surface.card)
        findings.append(
            contrast(
                .labelContrast, labelRatio, minimum: textMinimum, property: .textColor,
                fix: { Contrast.nearestColor(to: style.textColor, against: [surface.card], minimum: textMinimum) }))
        let arc = style.spinnerColor.composited(over: surface.track)
        let arcOnCard = style.spinnerColor.composited(over: surface.card)
        // One fix for both arc checks: a spinner colour that passes on the track and on the card.
        let arcFix = {
            Contrast.nearestColor(to: style.spinnerColor, against: [surface.track, surface.card], minimum: 3)
        }
        findings.append(
            contrast(.arcOnTrack, Contrast.ratio(arc, surface.track), minimum: 3, property: .spinnerColor, fix: arcFix))
        findings.append(
            contrast(
                .arcOnCard, Contrast.ratio(arcOnCard, surface.card), minimum: 3, property: .spinnerColor, fix: arcFix))
        if variant == .overlay {
            findings.append(cardOnScreen(style))
        }
        return findings
    }

    private func contrast(
        _ check: LintFinding.Check, _ ratio: Double, minimum: Double, property: StyleProperty,
        fix: () -> Color?
    ) -> LintFinding {
        let passed = ratio >= minimum
        return LintFinding(
            check: check, passed: passed, measured: Contrast.text(ratio),
            required: "at least \(formatNumber(minimum)):1", property: property,
            fix: passed ? nil : fix().map(StyleProperty.Value.color),
            figures: .init(measured: Contrast.floored(ratio), required: minimum, unit: .ratio, bound: .atLeast))
    }

    /// The card against the screen under the dim layer: the fix is the least dimAmount (in steps
    /// of 0.01) that passes, or else a card colour of the same hue.
    private func cardOnScreen(_ style: LoadingStyle) -> LintFinding {
        let surface = surfaces(style, variant: .overlay)
        let ratio = Contrast.ratio(surface.card, surface.screen)
        let passed = ratio >= 3
        var fix: StyleProperty.Value? = nil
        var property = StyleProperty.dimAmount
        if !passed {
            for step in 0...100 {
                var candidate = style
                candidate.dimAmount = Double(step) / 100
                let dimmed = surfaces(candidate, variant: .overlay)
                if Contrast.ratio(dimmed.card, dimmed.screen) >= 3 {
                    fix = .number(candidate.dimAmount)
                    break
                }
            }
            if fix == nil {
                property = .backgroundColor
                fix = Contrast.nearestColor(to: style.backgroundColor, against: [surface.screen], minimum: 3)
                    .map(StyleProperty.Value.color)
            }
        }
        return LintFinding(
            check: .cardOnScreen, passed: passed, measured: Contrast.text(ratio), required: "at least 3:1",
            property: property, fix: fix,
            figures: .init(measured: Contrast.floored(ratio), required: 3, unit: .ratio, bound: .atLeast))
    }
}

/// One check of `StyleLint` on a style: what was measured, what is needed, and when it fails, the
/// property to change and a value of it that passes.
public struct LintFinding: Sendable, Equatable {
    /// The checks, in the order the table lists them.
    public enum Check: String, Sendable, CaseIterable {
        /// textColor on backgroundColor: 4.5:1, or 3:1 from 18 pt (WCAG 2.2, 1.4.3).
        case labelContrast = "label on card"
        /// spinnerColor on trackColor: 3:1 (WCAG 2.2, 1.4.11, non-text contrast).
        case arcOnTrack = "arc on track"
        /// spinnerColor on backgroundColor: 3:1 (1.4.11).
        case arcOnCard = "arc on card"
        /// backgroundColor on the screen under the dim layer (overlay only): 3:1 (1.4.11).
        case cardOnScreen = "card on dimmed screen"
        /// The label's lines on every device, in every language: at most `StyleLint.maxLines`.
        case labelLines = "label lines"
        /// The card within every device's screen less 16 pt each side, in every language.
        case cardFits = "card fits screen"
        /// strokeWidth at least one device pixel at @1x (1 pt).
        case strokeWidth = "stroke width"
        /// spinnerSize within the widest card the smallest screen allows.
        case spinnerSize = "spinner size"
        /// textSize at least 11 pt.
        case textSize = "text size"
    }

    /// Which check this is.
    public let check: Check
    /// Whether the style passes it.
    public let passed: Bool
    /// The figure found, e.g. "2.64:1", "4 lines (pl, iPhone SE)".
    public let measured: String
    /// The figure needed, e.g. "3:1", "at most 3 lines".
    public let required: String
    /// The property to change.
    public let property: StyleProperty
    /// A value of `property` that passes this check (nil when it passes, or when no value of that
    /// property alone would).
    public let fix: StyleProperty.Value?

    /// Equal when every field is (properties by name).
    public static func == (a: LintFinding, b: LintFinding) -> Bool {
        a.check == b.check && a.passed == b.passed && a.measured == b.measured && a.required == b.required
            && a.property.name == b.property.name && a.fix == b.fix
    }

    /// The fix as the command line writes it ("--spinner-color #1F6FEB"), or nil.
    public var fixText: String? {
        fix.map { "--\(property.flag) \(property.text(for: $0))" }
    }
}

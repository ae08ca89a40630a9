import Raster

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
    /// `measured` and `required` as numbers, for machines (`frames lint --json`).
    public let figures: Figures

    /// A check's figures as numbers: the value measured, the bound it must keep, and their unit.
    public struct Figures: Sendable, Equatable {
        /// What the numbers count.
        public enum Unit: String, Sendable {
            /// A contrast ratio: the number before ":1" (WCAG 2.2).
            case ratio
            /// Lines of the label.
            case lines
            /// Points.
            case pt
        }

        /// Which side of `required` passes.
        public enum Bound: String, Sendable {
            /// `measured` ≥ `required` passes.
            case atLeast = "at least"
            /// `measured` ≤ `required` passes.
            case atMost = "at most"
        }

        /// The value found: a ratio floored to two decimals (as `measured` says it), a count of
        /// lines, or points (the card's smallest margin for the fit check, to 0.01 pt).
        public let measured: Double
        /// The bound the value must keep.
        public let required: Double
        /// The unit of both.
        public let unit: Unit
        /// Which side of the bound passes.
        public let bound: Bound
        /// For the fit checks: the worst language (ISO 639-1) and device, and the card there (pt).
        public var language: String? = nil
        /// The device of the worst case, as `--device` names it.
        public var device: String? = nil
        /// The card's size in the worst case, pt.
        public var card: Size? = nil
    }

    /// Equal when every field is (properties by name).
    public static func == (a: LintFinding, b: LintFinding) -> Bool {
        a.check == b.check && a.passed == b.passed && a.measured == b.measured && a.required == b.required
            && a.property.name == b.property.name && a.fix == b.fix && a.figures == b.figures
    }

    /// The fix as the command line writes it ("--spinner-color #1F6FEB"), or nil.
    public var fixText: String? {
        fix.map { "--\(property.flag) \(property.text(for: $0))" }
    }
}

import Images
import Raster
import Screenshots

/// What a screenshot measurement is told besides the pixels.
public struct MeasureOptions: Sendable {
    /// Pixels per point (`ScreenshotScale`).
    public var scale: ScreenshotScale
    /// The file format the pixels came in: JPEG widens the tolerances.
    public var format: DecodedScreenshot.Format
    /// With a frame count N, the frame k of N whose arc stands where the screenshot's does.
    public var frames: Int?
    /// The label's expected text (`--text`, or `--lang`'s default text): checked, and used to
    /// measure the size from the ink's width. Nil: the text is unknown (the fourteen default
    /// texts are tried).
    public var text: String?
    /// The language of the text (BCP 47), for its layout.
    public var language: String?
    /// The label's font: the documented default family unless a family or file is given.
    public var font: FontSource
    /// The screen without the indicator and without the dim layer, for `dimAmount`.
    public var backdrop: Pixmap?

    /// Options for a screenshot at `scale` in `format`; no frames, text, language or backdrop,
    /// the default font.
    public init(scale: ScreenshotScale, format: DecodedScreenshot.Format) {
        self.scale = scale
        self.format = format
        frames = nil
        text = nil
        language = nil
        font = .family(nil)
        backdrop = nil
    }
}

/// The loading indicator read back from a screenshot: the style, where the arc and the card
/// stand, how sure each figure is, and how well a re-render of it matches.
///
/// Lengths are points; colours sRGB; angles degrees clockwise on screen from 3 o'clock (y down),
/// so −90° is 12 o'clock, in −90…270 as the contract's frames give them (−90 + 360·k/N).
public struct IndicatorMeasurement: Sendable {
    /// The recovered style. Properties in `unknown` hold the preset's value.
    public var style: LoadingStyle
    /// The names of the properties that could not be recovered (`dimAmount` without a backdrop,
    /// the label's properties without a label, the card's where it does not stand out).
    public var unknown: Set<String>
    /// ± for each recovered property by name (points, ΔE00 for colours, 0…1 for dimAmount), and
    /// for "arcStartDegrees" (degrees) and "scale" (pixels per point, 0 when given).
    public var uncertainty: [String: Double]
    /// Pixels per point.
    public var scale: Double
    /// Where the arc starts, degrees (see above).
    public var arcStartDegrees: Double
    /// The frame k of `MeasureOptions.frames` nearest to the arc's position; nil without frames.
    public var frame: Int?
    /// The card on the screen, points; nil when its edges do not stand out.
    public var card: Rect?
    /// The label's line boxes (line height tall, advance width wide when the text is known, ink
    /// width otherwise), points, top to bottom.
    public var lines: [Rect]
    /// The text the label was measured as (the expected text, or a default text found to
    /// match), and whether it is the expected one (nil without an expected text).
    public var text: String?
    /// Whether the label matches the expected text; nil when no text was expected.
    public var textMatches: Bool?
    /// The re-render compared to the screenshot over the card: the mean of the channels'
    /// absolute differences and the largest, 0…255.
    public var meanDelta: Double
    /// The largest channel difference between the re-render and the screenshot, 0…255.
    public var maxDelta: Int
    /// Which form the indicator takes: an overlay when the card is centred on the screen.
    public var variant: Variant
    /// The centres of other indicators found and not measured, points.
    public var others: [Point]
    /// What the user should know about the measurement, one sentence each.
    public var notes: [String]
    /// The region compared (screenshot pixels), the screenshot there and the re-render of the
    /// recovered style over it.
    public var region: PixelRect
    /// The screenshot's pixels in `region`.
    public var screenshot: Pixmap
    /// The recovered style drawn over the screenshot's surroundings in `region`.
    public var rerender: Pixmap
}

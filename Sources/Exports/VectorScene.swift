import Raster
import StrictJSON

/// A frame sequence as shapes in points, for the vector exports (`LottieWriter`, `SVGWriter`):
/// the same geometry `FrameRenderer` rasterizes, before any pixel exists.
///
/// The image is the renderer's pixel size divided by the scale (`viewSize`), so that a player
/// drawing it at the pixel size draws 1 pt as `scale` px, as the frames do; the layout's own
/// size may be a fraction of a pixel smaller (the extra strip stays empty, as in the frames).
/// Layers, bottom to top: background, dim, card, track, arc, label. The arc is the track's
/// centre-line circle stroked `strokeWidth` pt wide with round caps, 90° long, starting at −90°
/// (12 o'clock) in frame 0 and turning clockwise 360°·k/N by frame k. The label is its glyph
/// outlines, as FreeType gives them, filled non-zero.
public struct VectorScene: Sendable {
    /// The canvas in points: the frame's pixels ÷ scale.
    let viewSize: Size
    let scale: Double
    /// The pixel size a player should draw at (the frames' size).
    let pixelWidth: Int
    let pixelHeight: Int
    /// Under everything (nil when transparent).
    let background: Color?
    /// The overlay's dim layer over the layout's image (`imageSize`, which may end a fraction of
    /// a pixel before the canvas): black at this opacity (nil inline or at 0).
    let dimOpacity: Double?
    /// The layout's image in points (the background colour covers the whole canvas).
    let imageSize: Size
    let card: Rect
    /// Points, already clamped to half the card's shorter side.
    let cornerRadius: Double
    let cardColor: Color
    /// The centre line of track and arc.
    let center: Point
    let radius: Double
    let strokeWidth: Double
    let trackColor: Color
    let arcColor: Color
    /// The label's glyph outlines in points (empty without a label).
    let label: Path
    let textColor: Color

    /// The scene of `renderer`. Throws `ExportError.colorGlyph` when the label has colour
    /// (emoji) glyphs, which have no outlines, and `.backdropImage` for a scene with one.
    public init(_ renderer: FrameRenderer) throws(ExportError) {
        let scene = renderer.scene
        let layout = renderer.layout
        let style = scene.style
        if scene.backdropImage != nil { throw .backdropImage }
        scale = scene.scale
        pixelWidth = renderer.width
        pixelHeight = renderer.height
        viewSize = Size(width: Double(renderer.width) / scale, height: Double(renderer.height) / scale)
        background = scene.background.alpha == 0 ? nil : scene.background
        imageSize = layout.imageSize
        dimOpacity = scene.variant == .overlay && style.dimAmount > 0 ? style.dimAmount : nil
        card = layout.card
        cornerRadius = layout.cornerRadius
        cardColor = style.backgroundColor
        let (center, radius, stroke) = FrameRenderer.spinnerGeometry(box: layout.spinnerBox, style: style, scale: 1)
        self.center = center
        self.radius = radius
        strokeWidth = stroke
        trackColor = style.trackColor
        arcColor = style.spinnerColor
        textColor = style.textColor
        if let text = renderer.label, let box = layout.labelBox {
            if text.placedGlyphs(axisX: 0, top: 0, scale: 1).contains(where: {
                text.fonts[$0.glyph.font].kind != .outline
            }) {
                throw .colorGlyph(text: text.lines.map(\.text).joined(separator: "\n"))
            }
            label = text.path(axisX: box.center.x, top: box.minY, scale: 1)
        } else {
            label = Path()
        }
    }

    /// Where frame k of N starts its arc, degrees (0° = 3 o'clock, clockwise): −90 + 360·k/N.
    static func arcStart(frame k: Int, of count: Int) -> Double {
        -90 + 360 * Double(k) / Double(count)
    }
}

/// A length or coordinate for a vector file: at most 4 decimals (1e-4 pt), no trailing zeros.
func vectorNumber(_ value: Double) -> String {
    let rounded = (value * 10_000).rounded() / 10_000
    return formatNumber(rounded == 0 ? 0 : rounded)
}

extension Color {
    /// "#rrggbb", the colour without its alpha.
    var hexRGB: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

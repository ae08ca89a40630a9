/// Where everything in a frame goes, in points, before scaling (docs/contract.md).
///
/// The card's content is the spinner box (spinnerSize × spinnerSize) over the label, textGap
/// apart, each centred: its width is max(spinnerSize, widest line). The card adds
/// paddingHorizontal left and right and paddingVertical above and below. Inline, the image is
/// the card with the card at the top-left corner; as an overlay, the image is the screen and the
/// card is centred on it. Positions are never snapped to pixels.
public struct Layout: Sendable, Equatable {
    /// The overlay card keeps this far from the screen's sides when its label wraps, pt.
    public static let screenMargin = 16.0

    /// The image in points.
    public let imageSize: Size
    /// The card in points.
    public let card: Rect
    /// The card's corner radius in points, clamped to half its shorter side.
    public let cornerRadius: Double
    /// The spinner's square box in points; the stroke's outer edge touches it.
    public let spinnerBox: Rect
    /// The label's box in points (width = widest line, height = its lines), or nil without one.
    public let labelBox: Rect?

    /// The layout of `scene` with `label` (from `scene.makeLabel()`), or without a label.
    public init(scene: Scene, label: TextLabel? = nil) {
        let style = scene.style
        let size = style.spinnerSize
        let labelSize = label.map { Size(width: $0.width, height: $0.height) }
        let content = Size(
            width: max(size, labelSize?.width ?? 0),
            height: size + (labelSize.map { style.textGap + $0.height } ?? 0))
        let cardSize = Size(
            width: content.width + 2 * style.paddingHorizontal,
            height: content.height + 2 * style.paddingVertical)
        let origin: Point
        switch scene.variant {
        case .indicator:
            imageSize = cardSize
            origin = .zero
        case .overlay:
            imageSize = scene.screenSize
            origin = Point(
                x: (scene.screenSize.width - cardSize.width) / 2,
                y: (scene.screenSize.height - cardSize.height) / 2)
        }
        card = Rect(origin: origin, size: cardSize)
        cornerRadius = min(style.cornerRadius, cardSize.width / 2, cardSize.height / 2)
        let axis = origin.x + style.paddingHorizontal + content.width / 2
        let box = Rect(x: axis - size / 2, y: origin.y + style.paddingVertical, width: size, height: size)
        spinnerBox = box
        labelBox = labelSize.map {
            Rect(x: axis - $0.width / 2, y: box.maxY + style.textGap, width: $0.width, height: $0.height)
        }
    }

    /// The image size in pixels at `scale`: each side × scale, rounded up to whole pixels
    /// (a side within 1e-9 px above a whole number counts as that number, so 80 pt @3x is 240 px).
    public func pixelSize(scale: Double) -> (width: Int, height: Int) {
        func side(_ points: Double) -> Int {
            let pixels = (points * scale - 1e-9).rounded(.up)
            return pixels < Double(Int.max / 4) ? max(0, Int(pixels)) : Int.max / 4
        }
        return (side(imageSize.width), side(imageSize.height))
    }
}

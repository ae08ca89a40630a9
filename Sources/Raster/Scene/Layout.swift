/// Where everything in a frame goes, in points, before scaling (scene.md).
///
/// The card's content is the spinner box (spinnerSize × spinnerSize); the card adds
/// paddingHorizontal left and right and paddingVertical above and below. Inline, the image is
/// the card with the card at the top-left corner; as an overlay, the image is the screen and the
/// card is centred on it. Positions are never snapped to pixels.
public struct Layout: Sendable, Equatable {
    /// The image in points.
    public let imageSize: Size
    /// The card in points.
    public let card: Rect
    /// The card's corner radius in points, clamped to half its shorter side.
    public let cornerRadius: Double
    /// The spinner's square box in points; the stroke's outer edge touches it.
    public let spinnerBox: Rect

    public init(scene: Scene) {
        let style = scene.style
        let size = style.spinnerSize
        let cardSize = Size(width: size + 2 * style.paddingHorizontal,
                            height: size + 2 * style.paddingVertical)
        let origin: Point
        switch scene.variant {
        case .indicator:
            imageSize = cardSize
            origin = .zero
        case .overlay:
            imageSize = scene.screenSize
            origin = Point(x: (scene.screenSize.width - cardSize.width) / 2,
                           y: (scene.screenSize.height - cardSize.height) / 2)
        }
        card = Rect(origin: origin, size: cardSize)
        cornerRadius = min(style.cornerRadius, cardSize.width / 2, cardSize.height / 2)
        spinnerBox = Rect(x: origin.x + style.paddingHorizontal, y: origin.y + style.paddingVertical,
                          width: size, height: size)
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

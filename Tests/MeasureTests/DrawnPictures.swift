import Images
import Raster

@testable import Measure

/// An indicator this package draws for the measurement's step tests, with what was drawn: the
/// ring's centre, centre-line radius and stroke, and the card, in pixels of the picture.
struct DrawnIndicator {
    let renderer: FrameRenderer
    let frame: Int
    /// The frame as drawn, or a part of it (`cropped`).
    let image: Pixmap
    /// Where the picture's pixel (0, 0) lies in the frame, px.
    let origin: (x: Int, y: Int)

    /// Frame `frame` of 60 of `style` as an overlay of a `screen` (points) at `scale` pixels a
    /// point, over `background` (or `backdrop`), with `text` under the ring.
    init(
        style: LoadingStyle, scale: Double = 2, screen: Size = Size(width: 160, height: 160),
        background: Color = Color(red8: 0x20, green8: 0x24, blue8: 0x2B), text: String? = nil,
        backdrop: Pixmap? = nil, frame: Int = 7
    ) throws {
        let scene = Scene(
            style: style, variant: .overlay, scale: scale, screenSize: screen, background: background, text: text,
            backdropImage: backdrop)
        renderer = try FrameRenderer(scene: scene, frameCount: 60)
        self.frame = frame
        image = renderer.frame(frame)
        origin = (0, 0)
    }

    private init(_ drawn: DrawnIndicator, image: Pixmap, origin: (x: Int, y: Int)) {
        renderer = drawn.renderer
        frame = drawn.frame
        self.image = image
        self.origin = origin
    }

    var scale: Double { renderer.scene.scale }
    var pixels: ScreenPixels { ScreenPixels(image) }

    /// The ring as drawn, px in the picture: centre, centre-line radius, stroke width.
    var ring: (x: Double, y: Double, radius: Double, stroke: Double) {
        let (center, radius, stroke) = FrameRenderer.spinnerGeometry(
            box: renderer.layout.spinnerBox.scaled(by: scale), style: renderer.scene.style, scale: scale)
        return (center.x - Double(origin.x), center.y - Double(origin.y), radius, stroke)
    }

    /// The card as drawn, px in the picture.
    var card: (left: Double, top: Double, right: Double, bottom: Double) {
        let rect = renderer.layout.card.scaled(by: scale)
        let (x, y) = (Double(origin.x), Double(origin.y))
        return (rect.minX - x, rect.minY - y, rect.maxX - x, rect.maxY - y)
    }

    /// Where frame `frame`'s arc starts, degrees clockwise from 3 o'clock.
    var arcStart: Double { renderer.arcStart(frame: frame).degrees }

    /// The part of the picture in `rect` (frame pixels), as a picture of its own.
    func cropped(_ rect: PixelRect) throws -> DrawnIndicator {
        var part = try Pixmap(width: rect.width, height: rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                part.pixels[y * rect.width + x] = image.pixels[(rect.y0 + y) * image.width + rect.x0 + x]
            }
        }
        return DrawnIndicator(self, image: part, origin: (origin.x + rect.x0, origin.y + rect.y0))
    }

    /// The rings the measurement finds in the picture, best first.
    func foundRings() -> [RingFit] {
        ScreenshotMeasure.findRings(pixels, scale: scale, jpeg: false)
    }
}

/// A picture of one opaque colour.
func flatPicture(width: Int, height: Int, _ color: Color) throws -> Pixmap {
    var image = try Pixmap(width: width, height: height)
    let p = Pixmap.pack(r: UInt32(color.red), g: UInt32(color.green), b: UInt32(color.blue), a: 255)
    for i in image.pixels.indices { image.pixels[i] = p }
    return image
}

/// A picture of opaque noise, every channel uniform in 0…255, the same on every run (SplitMix64
/// from `seed`).
func noisePicture(width: Int, height: Int, seed: UInt64) throws -> Pixmap {
    var image = try Pixmap(width: width, height: height)
    var state = seed
    for i in image.pixels.indices {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        image.pixels[i] = UInt32(truncatingIfNeeded: z) | 0xFF00_0000
    }
    return image
}

/// A screen to put under a dim layer: gradients in every channel, no two rows alike.
func gradientPicture(width: Int, height: Int, turned: Bool = false) throws -> Pixmap {
    var image = try Pixmap(width: width, height: height)
    for i in image.pixels.indices {
        var (x, y) = (UInt32(i % width), UInt32(i / width))
        if turned { (x, y) = (UInt32(width) - 1 - x, UInt32(height) - 1 - y) }
        image.pixels[i] = Pixmap.pack(r: (x * 3 + y) % 256, g: (y / 2 + 40) % 256, b: 60 + (x + y) % 150, a: 255)
    }
    return image
}

/// The largest channel difference between two colours, 0…255.
func levels(_ a: RGB, _ b: Color) -> Float {
    a.distance(to: RGB(b))
}

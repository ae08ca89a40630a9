import Dispatch
import Synchronization

/// Renders frame k of a sequence of N frames of a `Scene` (README, "What it renders").
///
/// Draw order: background colour, backdrop image, dim layer (overlay, when dimAmount > 0), card,
/// track, arc, label.
/// Frame k's arc starts at −90° + 360°·k/N (12 o'clock at k = 0) and sweeps 90° clockwise, so N
/// frames make one seamless turn. Layers that do not move are composited once, in `init`: the
/// image without the arc, rounded to 8 bits, and the layers under the arc kept as floats inside
/// the spinner's pixel box. A frame changes only the pixels its arc covers: the arc over those
/// floats, then the label where it reaches into the box, rounded once. `referenceFrame(_:)`
/// composites every layer over the whole image instead; both give the same bytes, because each
/// pixel goes through the same float operations in the same order.
public struct FrameRenderer: Sendable {
    public let scene: Scene
    public let frameCount: Int
    public let layout: Layout
    public let width: Int
    public let height: Int
    /// The pixels that change from frame to frame: the spinner box, inside the image.
    public let spinnerWindow: PixelRect
    /// The flattening tolerance of every curve, in pixels.
    public let tolerance: Double

    /// Layers under the arc (dim, card, track) and over it (label).
    let underLayers: [Layer]
    let overLayers: [Layer]
    let background: PremultipliedColor
    /// The label, when the scene has text: its font files and warnings are worth reporting.
    public let label: TextLabel?
    /// Background, dim, card and track, rounded to 8 bits.
    public let staticImage: Pixmap
    /// The same layers as floats inside `spinnerWindow`.
    let spinnerBase: Canvas
    /// `staticImage`'s rows `changingRows`.
    let staticBand: Pixmap?

    /// Prepares the sequence. Throws `SceneError` for a scene that cannot be drawn
    /// (`Scene.validated()`), `RasterError.invalidSize` when the image would be empty or over
    /// `Pixmap.maxPixelCount` pixels, `FontError` when the label's font cannot be loaded;
    /// `frameCount` must be ≥ 1.
    public init(scene: Scene, frameCount: Int, tolerance: Double = Path.defaultTolerance) throws {
        let scene = try scene.validated()
        try self.init(scene: scene, label: scene.makeLabel(), frameCount: frameCount, tolerance: tolerance)
    }

    /// Prepares the sequence with `label`, made by the caller with `scene.makeLabel()` (to size the
    /// image before rendering, say), so the font is not loaded and shaped twice.
    public init(scene: Scene, label: TextLabel?, frameCount: Int, tolerance: Double = Path.defaultTolerance) throws {
        precondition(frameCount >= 1, "a sequence has at least one frame")
        self.scene = try scene.validated()
        self.frameCount = frameCount
        self.tolerance = tolerance
        self.label = label
        layout = Layout(scene: scene, label: label)
        (width, height) = layout.pixelSize(scale: scene.scale)
        var image = try Pixmap(width: width, height: height)
        let bounds = image.bounds
        background = scene.background.premultiplied()

        let scale = scene.scale
        let style = scene.style
        var layers: [Layer] = []
        if let backdrop = scene.backdropImage {
            layers.append(
                Layer(
                    coverage: .image(try Resample.aspectFill(backdrop, width: width, height: height)),
                    color: .transparent))
        }
        if scene.variant == .overlay, style.dimAmount > 0 {
            layers.append(
                Layer(
                    coverage: .rect(Rect(origin: .zero, size: layout.imageSize).scaled(by: scale)),
                    color: Color.black.premultiplied(opacity: style.dimAmount)))
        }
        let card = layout.card.scaled(by: scale)
        let cardPath = Path.roundedRect(card, cornerRadius: layout.cornerRadius * scale)
        layers.append(
            Layer(
                coverage: .mask(
                    Rasterizer.coverage(
                        of: cardPath, in: card.enclosingPixels.intersection(bounds),
                        tolerance: tolerance)),
                color: style.backgroundColor.premultiplied()))
        let box = layout.spinnerBox.scaled(by: scale)
        spinnerWindow = box.enclosingPixels.intersection(bounds)
        let (center, radius, stroke) = FrameRenderer.spinnerGeometry(box: box, style: style, scale: scale)
        let track = Path.ring(
            center: center, outerRadius: radius + stroke / 2,
            innerRadius: radius - stroke / 2)
        layers.append(
            Layer(
                coverage: .mask(Rasterizer.coverage(of: track, in: spinnerWindow, tolerance: tolerance)),
                color: style.trackColor.premultiplied()))
        underLayers = layers
        var over: [Layer] = []
        if let label, let box = layout.labelBox {
            // The glyphs as one shape: where outlines overlap, the exact area of their union.
            let glyphs = label.glyphPaths(axisX: box.center.x, top: box.minY, scale: scale)
                .map { $0.flattened(tolerance: tolerance) }
            over.append(
                Layer(
                    coverage: .mask(
                        Rasterizer.unionCoverage(
                            of: glyphs, in: FrameRenderer.bounds(of: glyphs.flatMap { $0 }).intersection(bounds))),
                    color: style.textColor.premultiplied()))
            over += label.colorGlyphLayers(axisX: box.center.x, top: box.minY, scale: scale)
        }
        overLayers = over

        FrameRenderer.composite(layers + over, background: background, into: &image)
        staticImage = image
        var base = Canvas(window: spinnerWindow, background: background)
        for layer in layers { base.draw(layer) }
        spinnerBase = base
        if spinnerWindow.isEmpty {
            staticBand = nil
        } else {
            var band = try Pixmap(width: width, height: spinnerWindow.height)
            let start = spinnerWindow.y0 * width
            band.pixels.replaceSubrange(
                0..<band.pixels.count,
                with: image.pixels[start..<(start + band.pixels.count)])
            staticBand = band
        }
    }

    static func spinnerGeometry(box: Rect, style: LoadingStyle, scale: Double)
        -> (center: Point, radius: Double, stroke: Double)
    {
        let stroke = style.strokeWidth * scale
        return (box.center, (style.spinnerSize * scale - stroke) / 2, stroke)
    }

    /// Where frame k's arc starts: −90° + 360°·k/N (k taken modulo N).
    public func arcStart(frame k: Int) -> Angle {
        let index = ((k % frameCount) + frameCount) % frameCount
        return .degrees(-90 + 360 * Double(index) / Double(frameCount))
    }

    /// The arc of frame k: 90° of the centre line from `arcStart(frame:)`, round caps.
    public func arcLayer(frame k: Int) -> Layer {
        let box = layout.spinnerBox.scaled(by: scene.scale)
        let (center, radius, stroke) = FrameRenderer.spinnerGeometry(box: box, style: scene.style, scale: scene.scale)
        let path = Path.strokedArc(
            center: center, radius: radius, width: stroke,
            start: arcStart(frame: k), sweep: .degrees(90))
        let polygons = path.flattened(tolerance: tolerance)
        // Rasterize only the arc's own box: a quarter of the ring, not the whole spinner box.
        return Layer(
            coverage: .mask(
                Rasterizer.coverage(
                    of: polygons,
                    in: FrameRenderer.bounds(of: polygons).intersection(spinnerWindow))),
            color: scene.style.spinnerColor.premultiplied())
    }

    /// The whole pixels that contain every vertex.
    static func bounds(of polygons: [Polygon]) -> PixelRect {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for polygon in polygons {
            for point in polygon {
                minX = min(minX, point.x)
                maxX = max(maxX, point.x)
                minY = min(minY, point.y)
                maxY = max(maxY, point.y)
            }
        }
        guard minX <= maxX, minY <= maxY, minX.isFinite, maxX.isFinite else {
            return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        }
        return PixelRect(
            x0: Int(minX.rounded(.down)), y0: Int(minY.rounded(.down)),
            x1: Int(maxX.rounded(.down)) + 1, y1: Int(maxY.rounded(.down)) + 1)
    }

    /// Frame k: the static image with the spinner box recomposited.
    public func frame(_ k: Int) -> Pixmap {
        var image = staticImage
        renderSpinner(frame: k, into: &image)
        return image
    }

    /// Writes frame k's spinner box (and nothing else) into `image`, which must hold the static
    /// image or an earlier frame of this sequence, or only its rows from `originY` on.
    public func renderSpinner(frame k: Int, into image: inout Pixmap, originY: Int = 0) {
        let arc = arcLayer(frame: k)
        guard case .mask(let mask) = arc.coverage else { return }
        spinnerBase.writeComposited(mask, color: arc.color, over: overLayers, into: &image, originY: originY)
    }

    /// The rows that differ between frames: those of `spinnerWindow` (empty when it is).
    public var changingRows: Range<Int> {
        spinnerWindow.isEmpty ? 0..<0 : spinnerWindow.y0..<spinnerWindow.y1
    }

    /// Frame k's `changingRows` only, as a pixmap of the image's width (its row 0 is image row
    /// `changingRows.lowerBound`). Every other row of frame k equals `staticImage`.
    public func band(_ k: Int) -> Pixmap? {
        let rows = changingRows
        if rows.isEmpty { return nil }
        var band = staticBand!
        renderSpinner(frame: k, into: &band, originY: rows.lowerBound)
        return band
    }

    /// The screen with the overlay hidden: the background colour and the backdrop image only.
    public func hiddenFrame() -> Pixmap {
        var image = staticImage
        let backdrop = underLayers.filter { if case .image = $0.coverage { return true } else { return false } }
        FrameRenderer.composite(backdrop, background: background, into: &image)
        return image
    }

    /// Frame k composited the plain way: every layer over the whole image. Slower; the reference
    /// that `frame(_:)` is tested against.
    public func referenceFrame(_ k: Int) -> Pixmap {
        var image = staticImage
        FrameRenderer.composite(underLayers + [arcLayer(frame: k)] + overLayers, background: background, into: &image)
        return image
    }

    /// Composites `layers` over `background` into the whole of `image`, 64 rows at a time, the
    /// bands on all cores (each band's pixels depend only on the band).
    static func composite(_ layers: [Layer], background: PremultipliedColor, into image: inout Pixmap) {
        let bandRows = 64
        let width = image.width
        let height = image.height
        let bands = (height + bandRows - 1) / bandRows
        let results = Mutex([Int: [UInt32]]())
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let y0 = band * bandRows
            let y1 = min(height, y0 + bandRows)
            var canvas = Canvas(window: PixelRect(x0: 0, y0: y0, x1: width, y1: y1), background: background)
            for layer in layers { canvas.draw(layer) }
            var rows = try! Pixmap(width: width, height: y1 - y0)
            canvas.write(into: &rows, originY: y0)
            results.withLock { $0[band] = rows.pixels }
        }
        results.withLock { results in
            for (band, pixels) in results {
                let start = band * bandRows * width
                image.pixels.replaceSubrange(start..<(start + pixels.count), with: pixels)
            }
        }
    }
}

import Images

/// Renders frame k of a sequence of N frames of a `Scene` (docs/contract.md).
///
/// Draw order: background colour, backdrop image, dim layer (overlay, when dimAmount > 0), card,
/// track, arc, label.
/// Frame k's arc starts at −90° + 360°·k/N (12 o'clock at k = 0) and sweeps 90° clockwise, so N
/// frames make one seamless turn. Layers that do not move are composited once, in `init`, into the
/// image without the arc, rounded to 8 bits (rows that repeat are copied). A frame changes only
/// the pixels its arc covers: each is composited again from the background up, layer by layer
/// with the arc in its place (`SpinnerFrame`), and rounded once; no float copy of the spinner's
/// box is kept, so memory stays small for any size. `referenceFrame(_:)` composites every layer
/// over the whole image instead; both give the same bytes, because each pixel goes through the
/// same float operations in the same order.
public struct FrameRenderer: Sendable {
    /// The scene, validated.
    public let scene: Scene
    /// Frames in one turn of the arc, at least 1.
    public let frameCount: Int
    /// Where the card, spinner and label sit, in points.
    public let layout: Layout
    /// Image width in pixels.
    public let width: Int
    /// Image height in pixels.
    public let height: Int
    /// The pixels that change from frame to frame: the spinner box, inside the image.
    package let spinnerWindow: PixelRect
    /// The flattening tolerance of every curve, in pixels.
    let tolerance: Double
    /// The arc's masks, turned by quarter turns where that is exact.
    let arcMasks: ArcMasks

    /// Layers under the arc (backdrop, dim, card, track) and over it (label). For a large image
    /// (`stripRows(width:height:)`), the masks under the arc are cut to the spinner's box, where
    /// alone the arc's pixels are composited again, and one that covers all of it is a rectangle:
    /// a 100-megapixel card's mask would take 400 MB.
    let underLayers: [Layer]
    /// Whether `underLayers` were cut to the spinner's box.
    let trimmedLayers: Bool
    let overLayers: [Layer]
    let background: PremultipliedColor
    /// The label, when the scene has text: its font files and warnings are worth reporting.
    public let label: TextLabel?
    /// Background, dim, card and track (and the label), rounded to 8 bits, each row that
    /// repeats the row above held once.
    package let staticRows: RowImage
    /// `staticRows` as a whole image.
    var staticImage: Pixmap { staticRows.pixmap }
    /// The arc's premultiplied colour.
    let arcColor: PremultipliedColor
    /// The layers under the arc as floats inside `spinnerWindow`, when that takes at most
    /// `spinnerBaseLimit` bytes (16 a pixel); nil for larger boxes, whose pixels are composited
    /// again where the arc covers them (`SpinnerFrame.drawArc`).
    let spinnerBase: Canvas?
    /// The largest float copy of the spinner's box kept: 64 MiB (a 2048 × 2048 px box).
    static let spinnerBaseLimit = 64 << 20

    /// Prepares the sequence. Throws `SceneError` for a scene that cannot be drawn
    /// (`Scene.validated()`), `RasterError.invalidSize` when the image would be empty or over
    /// `Pixmap.maxPixelCount` pixels, `FontError` when the label's font cannot be loaded;
    /// `frameCount` must be ≥ 1.
    public init(scene: Scene, frameCount: Int) throws {
        try self.init(scene: scene, frameCount: frameCount, tolerance: Path.defaultTolerance)
    }

    /// As `init(scene:frameCount:)`, every curve flattened to within `tolerance` pixels.
    init(scene: Scene, frameCount: Int, tolerance: Double) throws {
        let scene = try scene.validated()
        try self.init(validated: scene, label: scene.makeLabel(), frameCount: frameCount, tolerance: tolerance)
    }

    /// Prepares the sequence with `label`, made by the caller with `scene.makeLabel()` (to size the
    /// image before rendering, say), so the font is not loaded and shaped twice.
    public init(scene: Scene, label: TextLabel?, frameCount: Int) throws {
        try self.init(
            validated: scene.validated(), label: label, frameCount: frameCount, tolerance: Path.defaultTolerance)
    }

    /// As `init(scene:label:frameCount:)`, every curve flattened to within `tolerance` pixels.
    init(scene: Scene, label: TextLabel?, frameCount: Int, tolerance: Double) throws {
        try self.init(validated: scene.validated(), label: label, frameCount: frameCount, tolerance: tolerance)
    }

    /// As `init(scene:label:frameCount:)`, for a caller that draws `framesDrawn` frames: for
    /// one, no float copy of the spinner's box is kept (`spinnerBase`), since that frame's arc
    /// pixels are all it would serve. The same bytes either way.
    package init(scene: Scene, label: TextLabel?, frameCount: Int, framesDrawn: Int) throws {
        try self.init(
            validated: scene.validated(), label: label, frameCount: frameCount, tolerance: Path.defaultTolerance,
            keepsSpinnerBase: framesDrawn > 1)
    }

    /// `keepsSpinnerBase: false` always composites arc pixels from the background up (tests
    /// hold both ways against `referenceFrame`); `stripRows` composites the static image in strips
    /// of that many rows (default: `stripRows(width:height:)`).
    init(
        validated scene: Scene, label: TextLabel?, frameCount: Int, tolerance: Double,
        keepsSpinnerBase: Bool = true, stripRows: Int? = nil
    ) throws {
        precondition(frameCount >= 1, "a sequence has at least one frame")
        self.scene = scene
        self.frameCount = frameCount
        self.tolerance = tolerance
        self.label = label
        layout = Layout(scene: scene, label: label)
        (width, height) = layout.pixelSize(scale: scene.scale)
        // Every row is composited or repeats the row above (`Compositor.deduplicated`).
        var image = try RowImage(width: width, height: height)
        let bounds = image.bounds
        background = scene.background.premultiplied()

        let box = layout.spinnerBox.scaled(by: scene.scale)
        spinnerWindow = box.enclosingPixels.intersection(bounds)
        arcMasks = ArcMasks(
            frameCount: frameCount, center: box.center, box: box.enclosingPixels, spinnerWindow: spinnerWindow)
        let over = try FrameRenderer.labelLayers(
            label, scene: scene, layout: layout, bounds: bounds, tolerance: tolerance)
        let strips = stripRows ?? FrameRenderer.stripRows(width: width, height: height)
        let layers: [Layer]
        if let strips {
            layers = try FrameRenderer.composite(
                scene, layout: layout, over: over, background: background, spinnerWindow: spinnerWindow,
                tolerance: tolerance, strips: strips, into: &image)
        } else {
            layers = try FrameRenderer.underLayers(
                scene: scene, layout: layout, bounds: bounds, spinnerWindow: spinnerWindow, tolerance: tolerance)
            Compositor.deduplicated(layers + over, background: background, into: &image)
        }
        overLayers = over
        staticRows = image
        arcColor = scene.style.spinnerColor.premultiplied()
        underLayers = layers
        trimmedLayers = strips != nil
        if keepsSpinnerBase && spinnerWindow.width * spinnerWindow.height * 16 <= FrameRenderer.spinnerBaseLimit {
            var base = Canvas(window: spinnerWindow, background: background)
            for layer in layers { base.draw(layer) }
            spinnerBase = base
        } else {
            spinnerBase = nil
        }
    }

    /// The layers under the arc, in draw order: backdrop image, dim layer (overlay), card, track.
    static func underLayers(
        scene: Scene, layout: Layout, bounds: PixelRect, spinnerWindow: PixelRect, tolerance: Double
    ) throws -> [Layer] {
        try [backdropLayer(scene, bounds: bounds)].compactMap { $0 }
            + shapeLayers(
                scene: scene, layout: layout, bounds: bounds, spinnerWindow: spinnerWindow, tolerance: tolerance,
                cut: .whole)
    }

    /// The backdrop image scaled to cover `bounds`, or nil without one.
    static func backdropLayer(_ scene: Scene, bounds: PixelRect) throws -> Layer? {
        guard let backdrop = scene.backdropImage else { return nil }
        // An image already of the frame's size is its own aspect-fill (same pixels, no copy).
        let fitted =
            backdrop.bounds == bounds
            ? backdrop : try Resample.aspectFill(backdrop, width: bounds.width, height: bounds.height)
        return Layer(coverage: .image(fitted), color: .transparent)
    }

    /// The dim layer (overlay), the card and the track, their masks cut as `cut` says.
    static func shapeLayers(
        scene: Scene, layout: Layout, bounds: PixelRect, spinnerWindow: PixelRect, tolerance: Double, cut: LayerCut
    ) -> [Layer] {
        let scale = scene.scale
        let style = scene.style
        var layers: [Layer] = []
        if scene.variant == .overlay, style.dimAmount > 0 {
            layers.append(
                Layer(
                    coverage: .rect(Rect(origin: .zero, size: layout.imageSize).scaled(by: scale)),
                    color: Color.black.premultiplied(opacity: style.dimAmount)))
        }
        let card = layout.card.scaled(by: scale)
        let cardPath = Path.roundedRect(card, cornerRadius: layout.cornerRadius * scale)
        layers.append(
            maskLayer(
                cardPath.flattened(tolerance: tolerance), in: card.enclosingPixels.intersection(bounds),
                color: style.backgroundColor.premultiplied(), cut: cut))
        let box = layout.spinnerBox.scaled(by: scale)
        let (center, radius, stroke) = FrameRenderer.spinnerGeometry(box: box, style: style, scale: scale)
        let track = Path.ring(center: center, outerRadius: radius + stroke / 2, innerRadius: radius - stroke / 2)
        layers.append(
            maskLayer(
                track.flattened(tolerance: tolerance), in: spinnerWindow, color: style.trackColor.premultiplied(),
                cut: cut))
        return layers
    }

    /// The label's layers, drawn over the arc: the outline glyphs as one shape (where outlines
    /// overlap, the exact area of their union), then colour glyphs.
    static func labelLayers(
        _ label: TextLabel?, scene: Scene, layout: Layout, bounds: PixelRect, tolerance: Double
    ) throws(UnionError) -> [Layer] {
        guard let label, let box = layout.labelBox else { return [] }
        let glyphs = label.glyphPaths(axisX: box.center.x, top: box.minY, scale: scene.scale)
            .map { $0.flattened(tolerance: tolerance) }
        let outlines = Layer(
            coverage: .mask(
                try Rasterizer.unionCoverage(
                    of: glyphs, in: FrameRenderer.bounds(of: glyphs.flatMap { $0 }).intersection(bounds))),
            color: scene.style.textColor.premultiplied())
        return [outlines] + label.colorGlyphLayers(axisX: box.center.x, top: box.minY, scale: scene.scale)
    }

    package static func spinnerGeometry(box: Rect, style: LoadingStyle, scale: Double)
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

    /// The coverage of frame k's arc: 90° of the centre line from `arcStart(frame:)`, round caps,
    /// rasterized over the arc's own box (a quarter of the ring, not the whole spinner box), or
    /// a quarter turn of an earlier frame's where that is exact (`ArcMasks`).
    func arcMask(frame k: Int) -> CoverageMask {
        let index = ((k % frameCount) + frameCount) % frameCount
        return arcMasks.mask(index, within: spinnerWindow) { index in
            let box = layout.spinnerBox.scaled(by: scene.scale)
            let (center, radius, stroke) = FrameRenderer.spinnerGeometry(
                box: box, style: scene.style, scale: scene.scale)
            let path = Path.strokedArc(
                center: center, radius: radius, width: stroke,
                start: arcStart(frame: index), sweep: .degrees(90))
            let polygons = path.flattened(tolerance: tolerance)
            return Rasterizer.coverage(
                of: polygons, in: FrameRenderer.bounds(of: polygons).intersection(spinnerWindow))
        }
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
        var image = staticRows.pixmap
        let frame = SpinnerFrame(renderer: self, arc: arcMask(frame: k))
        image.pixels.withUnsafeMutableBufferPointer { frame.drawArc(rows: 0..<height, into: $0) }
        return image
    }

    /// The rows that differ between frames: those of `spinnerWindow` (empty when it is).
    package var changingRows: Range<Int> {
        spinnerWindow.isEmpty ? 0..<0 : spinnerWindow.y0..<spinnerWindow.y1
    }

    /// Frame k composited the plain way: every layer over the whole image. Slower; the reference
    /// that `frame(_:)` and `rows(ofFrame:)` are tested against.
    func referenceFrame(_ k: Int) -> Pixmap {
        // Every pixel is composited.
        var image = try! Pixmap.overwritten(width: width, height: height)
        let arc = Layer(coverage: .mask(arcMask(frame: k)), color: arcColor)
        // Layers cut to the spinner's box are made whole again.
        let under =
            trimmedLayers
            ? try! FrameRenderer.underLayers(
                scene: scene, layout: layout, bounds: image.bounds, spinnerWindow: spinnerWindow, tolerance: tolerance)
            : underLayers
        Compositor.composite(under + [arc] + overLayers, background: background, into: &image)
        return image
    }
}

extension FrameRenderer {
    /// The screen with the overlay hidden: the background colour and the backdrop image only.
    public func hiddenFrame() -> Pixmap {
        // A backdrop of the frame's size over a transparent background is its own image: each
        // pixel goes over zero and is rounded back to itself (no second copy of a
        // 100-megapixel picture; `composedHiddenFrame` is the plain way, tested against).
        if background == .transparent, backdropLayers.count == 1, case .image(let image) = backdropLayers[0].coverage,
            image.width == width, image.height == height
        {
            return image
        }
        return composedHiddenFrame()
    }

    /// `hiddenFrame()` composited the plain way.
    func composedHiddenFrame() -> Pixmap {
        // Every pixel is composited.
        var image = try! Pixmap.overwritten(width: width, height: height)
        Compositor.composite(backdropLayers, background: background, into: &image)
        return image
    }

    /// The backdrop image's layer, or none.
    private var backdropLayers: [Layer] {
        underLayers.filter { if case .image = $0.coverage { return true } else { return false } }
    }
}

extension FrameRenderer {
    /// The PNG file of the hidden frame as a sequence writes it: its rows deflated as the
    /// frames' are (`Compression.rows`).
    package func hiddenFrameFile() throws(PNGError) -> [UInt8] {
        try PNGEncoder(compression: .rows).encode(hiddenFrame())
    }
}

import Images

/// Which part of a layer's mask to make.
enum LayerCut: Sendable, Equatable {
    /// The whole mask.
    case whole
    /// Only these image rows of it (the same values as the whole mask's rows).
    case rows(Range<Int>)
    /// Only its pixels inside this rectangle, made a strip at a time; a rectangle layer when
    /// every one of them is 1 (which covers them by the same 1).
    case trimmed(PixelRect)
}

/// Large images: the static image composited a strip of rows at a time, each layer's mask made
/// for that strip only, and the layers kept for the arc cut to the spinner's box. A 100-megapixel
/// overlay's card and track would otherwise take 400 MB and 360 MB of masks beside the image; a
/// strip's take a few MiB. The pixels are those of compositing the whole image at once: each
/// pixel meets the same coverages in the same order.
extension FrameRenderer {
    /// Images whose mask over every pixel (4 bytes each) would be larger than this are
    /// composited in strips: 64 MiB (16 megapixels).
    static let wholeImageLimit = 64 << 20
    /// The mask bytes of a strip: about 16 MiB.
    static let stripBytes = 16 << 20

    /// The rows of a strip for an image of `width` × `height` px, or nil to composite it whole.
    static func stripRows(width: Int, height: Int) -> Int? {
        width * height * 4 <= wholeImageLimit ? nil : max(64, stripBytes / (4 * width))
    }

    /// Composites the static image into `image` strip by strip (`strips` rows each) and returns
    /// the layers under the arc cut to `spinnerWindow`.
    static func composite(
        _ scene: Scene, layout: Layout, over: [Layer], background: PremultipliedColor, spinnerWindow: PixelRect,
        tolerance: Double, strips: Int, into image: inout RowImage
    ) throws -> [Layer] {
        let bounds = image.bounds
        let backdrop = try [backdropLayer(scene, bounds: bounds)].compactMap { $0 }
        for start in stride(from: 0, to: image.height, by: strips) {
            let rows = start..<min(image.height, start + strips)
            let layers = shapeLayers(
                scene: scene, layout: layout, bounds: bounds, spinnerWindow: spinnerWindow, tolerance: tolerance,
                cut: .rows(rows))
            Compositor.deduplicated(backdrop + layers + over, background: background, into: &image, rows: rows)
        }
        return backdrop
            + shapeLayers(
                scene: scene, layout: layout, bounds: bounds, spinnerWindow: spinnerWindow, tolerance: tolerance,
                cut: .trimmed(spinnerWindow))
    }

    /// The layer of `polygons` over `window` in `color`, its mask cut as `cut` says.
    static func maskLayer(_ polygons: [Polygon], in window: PixelRect, color: PremultipliedColor, cut: LayerCut)
        -> Layer
    {
        switch cut {
        case .whole:
            return Layer(coverage: .mask(Rasterizer.coverage(of: polygons, in: window)), color: color)
        case .rows(let rows):
            return Layer(coverage: .mask(Rasterizer.coverage(of: polygons, in: window, rows: rows)), color: color)
        case .trimmed(let area):
            let part = window.intersection(area)
            guard !part.isEmpty else {
                let none = PixelRect(x0: part.x0, y0: part.y0, x1: part.x0, y1: part.y0)
                return Layer(coverage: .mask(CoverageMask(window: none, values: [])), color: color)
            }
            var values = [Float]()
            values.reserveCapacity(part.width * part.height)
            var allOnes = true
            let strip = max(1, stripBytes / (4 * window.width))
            for start in stride(from: part.y0, to: part.y1, by: strip) {
                let mask = Rasterizer.coverage(of: polygons, in: window, rows: start..<min(part.y1, start + strip))
                mask.storage.withUnsafeBufferPointer { v in
                    for y in mask.window.y0..<mask.window.y1 {
                        let from = mask.rowStart(y - mask.window.y0) + part.x0 - window.x0
                        let row = v[from..<(from + part.width)]
                        if allOnes && !row.allSatisfy({ $0 == 1 }) { allOnes = false }
                        values.append(contentsOf: row)
                    }
                }
            }
            if allOnes {
                let rect = Rect(
                    x: Double(part.x0), y: Double(part.y0), width: Double(part.width), height: Double(part.height))
                return Layer(coverage: .rect(rect), color: color)
            }
            return Layer(coverage: .mask(CoverageMask(window: part, values: values)), color: color)
        }
    }
}

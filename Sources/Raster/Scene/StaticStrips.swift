/// Which part of a layer's mask to make.
enum LayerCut: Sendable, Equatable {
    /// The whole mask.
    case whole
    /// Only these image rows of it (the same values as the whole mask's rows).
    case rows(Range<Int>)
    /// Only its pixels inside this rectangle, made a strip at a time: a rectangle layer when
    /// every one of them is 1 (which covers them by the same 1); else pieces of at most
    /// `tileColumns` columns by a strip's rows, each cut to its pixels above 0 (a ring's
    /// mask is mostly 0), one that holds none left out.
    case trimmed(PixelRect, tileColumns: Int)
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
        tolerance: Double, strips: Int, into image: inout Pixmap
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
                cut: .trimmed(spinnerWindow, tileColumns: strips))
    }

    /// The layers of `polygons` over `window` in `color`, the mask cut as `cut` says: one layer,
    /// or for `.trimmed` a rectangle or the pieces that hold coverage (disjoint, so each pixel
    /// meets the same coverage once).
    static func maskLayers(_ polygons: [Polygon], in window: PixelRect, color: PremultipliedColor, cut: LayerCut)
        -> [Layer]
    {
        switch cut {
        case .whole:
            return [Layer(coverage: .mask(Rasterizer.coverage(of: polygons, in: window)), color: color)]
        case .rows(let rows):
            return [Layer(coverage: .mask(Rasterizer.coverage(of: polygons, in: window, rows: rows)), color: color)]
        case .trimmed(let area, let tileColumns):
            let part = window.intersection(area)
            if part.isEmpty { return [] }
            var pieces: [Layer] = []
            var allOnes = true
            let strip = max(1, stripBytes / (4 * window.width))
            for start in stride(from: part.y0, to: part.y1, by: strip) {
                let mask = Rasterizer.coverage(of: polygons, in: window, rows: start..<min(part.y1, start + strip))
                for x0 in stride(from: part.x0, to: part.x1, by: tileColumns) {
                    let tile = PixelRect(
                        x0: x0, y0: mask.window.y0, x1: min(part.x1, x0 + tileColumns), y1: mask.window.y1)
                    let (piece, ones) = covered(mask, in: tile)
                    allOnes = allOnes && ones
                    if let piece { pieces.append(Layer(coverage: .mask(piece), color: color)) }
                }
            }
            if allOnes {
                let rect = Rect(
                    x: Double(part.x0), y: Double(part.y0), width: Double(part.width), height: Double(part.height))
                return [Layer(coverage: .rect(rect), color: color)]
            }
            return pieces
        }
    }

    /// The values of `mask` inside `tile`, cut to the pixels above 0 (nil when there are none),
    /// and whether every value in the tile is 1.
    static func covered(_ mask: CoverageMask, in tile: PixelRect) -> (CoverageMask?, allOnes: Bool) {
        let stride = mask.window.width
        var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
        var allOnes = true
        mask.values.withUnsafeBufferPointer { v in
            for y in tile.y0..<tile.y1 {
                let row = (y - mask.window.y0) * stride - mask.window.x0
                for x in tile.x0..<tile.x1 {
                    let c = v[row + x]
                    if c != 1 { allOnes = false }
                    if c > 0 { (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x + 1), max(y1, y + 1)) }
                }
            }
        }
        guard x0 < x1 else { return (nil, allOnes) }
        let kept = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
        var values = [Float]()
        values.reserveCapacity(kept.width * kept.height)
        mask.values.withUnsafeBufferPointer { v in
            for y in kept.y0..<kept.y1 {
                let from = (y - mask.window.y0) * stride + kept.x0 - mask.window.x0
                values.append(contentsOf: v[from..<(from + kept.width)])
            }
        }
        return (CoverageMask(window: kept, values: values), allOnes)
    }
}

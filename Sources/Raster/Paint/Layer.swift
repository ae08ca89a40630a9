import Images

/// Where a layer paints, and how much of each pixel.
package enum Coverage: Sendable, Equatable {
    /// An axis-aligned rectangle in pixels with exact fractional coverage at its edges
    /// (the product of the covered fractions of the pixel's column and row).
    case rect(Rect)
    /// A rasterized shape.
    case mask(CoverageMask)
    /// A whole image at full coverage, its own premultiplied pixels as the colour (the layer's
    /// colour is unused): a backdrop. The image's top-left corner is pixel (0, 0).
    case image(Pixmap)
    /// An image at full coverage with its top-left pixel at (x, y), its own premultiplied pixels
    /// as the colour (the layer's colour is unused): a colour glyph.
    case placedImage(Pixmap, x: Int, y: Int)

    /// How much of pixel column (or row) `pixel`, which spans pixel…pixel + 1, lies between `low`
    /// and `high`: 0…1. A rectangle covers a pixel by the product of its column's and its row's
    /// fractions. The one place this is computed, so every path gets bit-identical coverage.
    @inline(__always)
    static func fraction(_ low: Double, _ high: Double, _ pixel: Int) -> Float {
        Float(max(0, min(high, Double(pixel + 1)) - max(low, Double(pixel))))
    }
}

/// One thing to paint: a coverage and a premultiplied colour, composited source-over.
package struct Layer: Sendable, Equatable {
    var coverage: Coverage
    var color: PremultipliedColor

    package init(coverage: Coverage, color: PremultipliedColor) {
        self.coverage = coverage
        self.color = color
    }

    /// The layer's coverage of pixel (x, y), 0…1 (the same values `Canvas.draw` uses).
    func coverage(x: Int, y: Int) -> Float {
        switch coverage {
        case .rect(let rect):
            return Coverage.fraction(rect.minX, rect.maxX, x) * Coverage.fraction(rect.minY, rect.maxY, y)
        case .mask(let mask):
            return mask.coverage(x: x, y: y)
        case .image(let image):
            return x >= 0 && y >= 0 && x < image.width && y < image.height ? 1 : 0
        case .placedImage(let image, let left, let top):
            return x >= left && y >= top && x < left + image.width && y < top + image.height ? 1 : 0
        }
    }

    /// The pixels this layer may change.
    var window: PixelRect {
        switch coverage {
        case .rect(let rect): return rect.enclosingPixels
        case .mask(let mask): return mask.window
        case .image(let image): return image.bounds
        case .placedImage(let image, let x, let y):
            return PixelRect(x0: x, y0: y, x1: x + image.width, y1: y + image.height)
        }
    }
}

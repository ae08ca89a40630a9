/// Where a layer paints, and how much of each pixel.
public enum Coverage: Sendable, Equatable {
    /// An axis-aligned rectangle in pixels with exact fractional coverage at its edges
    /// (the product of the covered fractions of the pixel's column and row).
    case rect(Rect)
    /// A rasterized shape.
    case mask(CoverageMask)
}

/// One thing to paint: a coverage and a premultiplied colour, composited source-over.
public struct Layer: Sendable, Equatable {
    public var coverage: Coverage
    public var color: PremultipliedColor

    public init(coverage: Coverage, color: PremultipliedColor) {
        self.coverage = coverage
        self.color = color
    }

    /// The pixels this layer may change.
    public var window: PixelRect {
        switch coverage {
        case .rect(let rect): return rect.enclosingPixels
        case .mask(let mask): return mask.window
        }
    }
}

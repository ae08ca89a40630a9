import Images

/// An axis-aligned rectangle given by its top-left corner and its size (y grows downward).
///
/// Guarantees nothing about the pixel grid: edges may lie anywhere, which is how the scene
/// keeps positions unsnapped. Width and height are finite and non-negative.
public struct Rect: Sendable, Equatable, Hashable {
    /// The top-left corner.
    public var origin: Point
    /// Width and height, never negative.
    public var size: Size

    /// The rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle with its top-left corner at (x, y).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The width, in the rectangle's unit.
    public var width: Double { size.width }
    /// The height, in the rectangle's unit.
    public var height: Double { size.height }
    /// The centre point.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Origin and size multiplied by `factor`.
    public func scaled(by factor: Double) -> Rect {
        Rect(origin: origin.scaled(by: factor), size: size.scaled(by: factor))
    }

    /// The smallest rectangle of whole pixels that contains this one.
    public var enclosingPixels: PixelRect {
        PixelRect(
            x0: Int(minX.rounded(.down)), y0: Int(minY.rounded(.down)),
            x1: Int(maxX.rounded(.up)), y1: Int(maxY.rounded(.up)))
    }
}

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

/// A rectangle of whole pixels, `x0..<x1` by `y0..<y1`. Empty when x1 ≤ x0 or y1 ≤ y0.
public struct PixelRect: Sendable, Equatable, Hashable {
    /// The first column inside.
    public var x0: Int
    /// The first row inside.
    public var y0: Int
    /// The column just past the right edge.
    public var x1: Int
    /// The row just past the bottom edge.
    public var y1: Int

    /// Columns x0..<x1 and rows y0..<y1.
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// Columns inside; 0 when empty.
    public var width: Int { max(0, x1 - x0) }
    /// Rows inside; 0 when empty.
    public var height: Int { max(0, y1 - y0) }
    /// Whether no pixel is inside.
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The pixels inside both (possibly empty).
    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(
            x0: max(x0, other.x0), y0: max(y0, other.y0),
            x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(
            x0: min(x0, other.x0), y0: min(y0, other.y0),
            x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}

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

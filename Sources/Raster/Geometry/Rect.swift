/// An axis-aligned rectangle given by its top-left corner and its size (y grows downward).
///
/// Guarantees nothing about the pixel grid: edges may lie anywhere, which is how the scene
/// keeps positions unsnapped. Width and height are finite and non-negative.
public struct Rect: Sendable, Equatable, Hashable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

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
    public var x0: Int
    public var y0: Int
    public var x1: Int
    public var y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    public var width: Int { max(0, x1 - x0) }
    public var height: Int { max(0, y1 - y0) }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(
            x0: max(x0, other.x0), y0: max(y0, other.y0),
            x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(
            x0: min(x0, other.x0), y0: min(y0, other.y0),
            x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}

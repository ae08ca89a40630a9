/// A position in a plane whose y axis grows downward.
///
/// The unit is the caller's: the scene builds points in points (pt) and converts them to pixels
/// (px) with `scaled(by:)` before anything is rasterized. Coordinates are finite.
public struct Point: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public func scaled(by factor: Double) -> Point {
        Point(x: x * factor, y: y * factor)
    }

    public func offset(dx: Double, dy: Double) -> Point {
        Point(x: x + dx, y: y + dy)
    }

    /// The point `distance` away from this one in the direction `angle`
    /// (0° = 3 o'clock, growing clockwise on screen because y grows downward).
    public func moved(by distance: Double, toward angle: Angle) -> Point {
        Point(x: x + distance * angle.cosine, y: y + distance * angle.sine)
    }
}

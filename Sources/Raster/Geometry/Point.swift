/// A position in a plane whose y axis grows downward.
///
/// The unit is the caller's: the scene builds points in points (pt) and converts them to pixels
/// (px) with `scaled(by:)` before anything is rasterized. Coordinates are finite.
public struct Point: Sendable, Equatable, Hashable {
    /// Horizontal position; grows to the right.
    public var x: Double
    /// Vertical position; grows downward.
    public var y: Double

    /// The point (x, y), in the caller's unit (points or pixels).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Both coordinates multiplied by `factor` (points to pixels at a scale, say).
    public func scaled(by factor: Double) -> Point {
        Point(x: x * factor, y: y * factor)
    }

    /// The point moved by `dx` to the right and `dy` down.
    public func offset(dx: Double, dy: Double) -> Point {
        Point(x: x + dx, y: y + dy)
    }

    /// The point `distance` away from this one in the direction `angle`
    /// (0° = 3 o'clock, growing clockwise on screen because y grows downward).
    public func moved(by distance: Double, toward angle: Angle) -> Point {
        Point(x: x + distance * angle.cosine, y: y + distance * angle.sine)
    }
}

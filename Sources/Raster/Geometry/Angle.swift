import LibC

/// An angle in degrees. 0° points to 3 o'clock and angles grow clockwise on screen (y grows
/// downward), so −90° is 12 o'clock: the convention of CoreGraphics with a flipped y axis,
/// Skia and cairo.
public struct Angle: Sendable, Equatable, Hashable {
    /// The angle in degrees; 0° points right (+x), angles grow clockwise (y points down).
    public var degrees: Double

    /// An angle of `degrees` degrees, 0° to the right, clockwise.
    public init(degrees: Double) {
        self.degrees = degrees
    }

    /// An angle of `value` degrees, 0° to the right, clockwise.
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }

    /// The angle in radians.
    public var radians: Double { degrees * .pi / 180 }
    /// The cosine, exact at multiples of 90°.
    public var cosine: Double { cosDegrees(degrees) }
    /// The sine, exact at multiples of 90°.
    public var sine: Double { sinDegrees(degrees) }

    /// The sum of two angles, not reduced to 0…360°.
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(degrees: lhs.degrees + rhs.degrees) }
    /// The difference of two angles, not reduced to 0…360°.
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(degrees: lhs.degrees - rhs.degrees) }
}

/// cos and sin of an angle in degrees, exact at multiples of 90° (so 12 o'clock is exactly
/// (0, −1), not (6e-17, −1)).
@inline(__always)
func cosDegrees(_ degrees: Double) -> Double {
    sinDegrees(degrees + 90)
}

@inline(__always)
func sinDegrees(_ degrees: Double) -> Double {
    var d = degrees.truncatingRemainder(dividingBy: 360)
    if d < 0 { d += 360 }
    switch d {
    case 0: return 0
    case 90: return 1
    case 180: return 0
    case 270: return -1
    default: return sin(d * .pi / 180)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An angle in degrees. 0° points to 3 o'clock and angles grow clockwise on screen (y grows
/// downward), so −90° is 12 o'clock: the convention of CoreGraphics with a flipped y axis,
/// Skia and cairo.
public struct Angle: Sendable, Equatable, Hashable {
    public var degrees: Double

    public init(degrees: Double) {
        self.degrees = degrees
    }

    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }

    public var radians: Double { degrees * .pi / 180 }
    public var cosine: Double { cosDegrees(degrees) }
    public var sine: Double { sinDegrees(degrees) }

    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(degrees: lhs.degrees + rhs.degrees) }
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

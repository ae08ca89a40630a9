/// Why an animated WebP or GIF cannot be made.
public enum AnimationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A C library refused: its name, the call and what it said.
    case library(name: String, call: String, reason: String)
    /// A transparent pixel where the format cannot keep its alpha (GIF keeps 1 bit): the pixel
    /// and its alpha, 0…255.
    case partialTransparency(x: Int, y: Int, alpha: UInt8)

    public var description: String {
        switch self {
        case .library(let name, let call, let reason): return "\(name): \(call) failed: \(reason)"
        case .partialTransparency(let x, let y, let alpha):
            return "pixel (\(x), \(y)) has alpha \(alpha) of 255, and GIF keeps only fully transparent or opaque "
                + "pixels"
        }
    }
}

/// Why an export (WebP, GIF, Lottie, SVG) cannot be made.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A C library refused: its name, the call and what it said.
    case library(name: String, call: String, reason: String)
    /// A transparent pixel where the format cannot keep its alpha (GIF keeps 1 bit): the pixel
    /// and its alpha, 0…255.
    case partialTransparency(x: Int, y: Int, alpha: UInt8)
    /// A label glyph that is a colour bitmap (emoji): vector formats take outlines only.
    case colorGlyph(text: String)
    /// A frame number past the sequence's frames.
    case frameOutOfRange(frame: Int, count: Int)
    /// A backdrop image: vector formats draw shapes only.
    case backdropImage

    public var description: String {
        switch self {
        case .library(let name, let call, let reason): return "\(name): \(call) failed: \(reason)"
        case .partialTransparency(let x, let y, let alpha):
            return "pixel (\(x), \(y)) has alpha \(alpha) of 255, and GIF keeps only fully transparent or opaque "
                + "pixels"
        case .colorGlyph(let text):
            return "the label \"\(text)\" has colour (emoji) glyphs, which vector formats cannot hold as outlines"
        case .frameOutOfRange(let frame, let count):
            return "frame \(frame) is out of range; expected a frame number from 0 to \(count - 1)"
        case .backdropImage: return "a backdrop image cannot be part of a vector file (it draws shapes only)"
        }
    }
}

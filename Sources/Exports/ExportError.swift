/// Why a vector export (Lottie, SVG) cannot be made.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A label glyph that is a colour bitmap (emoji): vector formats take outlines only.
    case colorGlyph(text: String)
    /// A frame number past the sequence's frames.
    case frameOutOfRange(frame: Int, count: Int)
    /// A backdrop image: vector formats draw shapes only.
    case backdropImage

    public var description: String {
        switch self {
        case .colorGlyph(let text):
            return "the label \"\(text)\" has colour (emoji) glyphs, which vector formats cannot hold as outlines"
        case .frameOutOfRange(let frame, let count):
            return "frame \(frame) is out of range; expected a frame number from 0 to \(count - 1)"
        case .backdropImage: return "a backdrop image cannot be part of a vector file (it draws shapes only)"
        }
    }
}

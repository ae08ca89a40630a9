import Images

/// Why bytes could not be read as a screenshot.
public enum ImageDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither PNG nor JPEG: what the first bytes look like instead ("empty", "text", …).
    case notAnImage(looksLike: String)
    /// The image ends before its last pixel (a cut download): the format and the decoder's words.
    case truncated(format: String, reason: String)
    /// Over `Pixmap.maxPixelCount` pixels, refused before anything is allocated.
    case tooLarge(width: Int, height: Int)
    /// The decoder refused the file: the format and the decoder's message.
    case unreadable(format: String, reason: String)
    /// An image whose file asks for more work than its size warrants, as a decompression bomb
    /// does (more PNG image data than its rows need, JPEG scans over the bound): the format and
    /// what is over.
    case tooMuchWork(format: String, reason: String)
    /// The caller's `shouldStop` said yes before the image was whole.
    case stopped
    /// A valid image of a kind this reader does not take (CMYK JPEG, an ICC profile of another
    /// colour space than RGB).
    case unsupported(format: String, reason: String)

    /// One clause without parentheses of its own: messages put it in theirs ("expected a
    /// readable PNG or JPEG file (a JPEG image this reader does not take: CMYK colours; …)").
    public var description: String {
        switch self {
        case .notAnImage(let looksLike):
            return "not a PNG or JPEG image: it looks like \(looksLike)"
        case .truncated(let format, let reason):
            return "a truncated \(format) image: \(reason)"
        case .tooLarge(let width, let height):
            return "an image of \(width) × \(height) px, over \(Pixmap.maxPixelCount / 1_000_000) megapixels"
        case .unreadable(let format, let reason):
            return "an unreadable \(format) image: \(reason)"
        case .tooMuchWork(let format, let reason):
            return "a \(format) image that asks for more work than its size warrants: \(reason)"
        case .stopped:
            return "stopped before the image was read"
        case .unsupported(let format, let reason):
            return "a \(format) image this reader does not take: \(reason)"
        }
    }
}

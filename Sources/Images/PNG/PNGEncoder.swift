import PNGBridge

/// Errors of PNG encoding and decoding.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libpng stopped while writing the container; its message.
    case libpngWriteFailed(message: String)
    /// The bytes are not a PNG that libpng reads; its message.
    case unreadable(message: String)
    /// zlib could not start a deflate stream (out of memory).
    case zlibUnavailable
    /// zlib's `deflate` returned `status` instead of finishing its piece.
    case zlibFailed(status: Int32)
    /// The image is over `Pixmap.maxPixelCount` pixels.
    case tooLarge(width: Int, height: Int)
    /// The file holds more image data than its `width` × `height` px need: over `limit` bytes
    /// (twice its rows as stored, and 1 MiB), as a decompression bomb does.
    case tooMuchImageData(width: Int, height: Int, limit: Int)
    /// The read was stopped by the caller's `shouldStop` before the image was whole.
    case stopped

    public var description: String {
        switch self {
        case .libpngWriteFailed(let message): return "cannot encode PNG: \(message)"
        case .unreadable(let message): return "not a readable PNG: \(message)"
        case .zlibUnavailable: return "cannot encode PNG: zlib could not start a deflate stream"
        case .zlibFailed(let status): return "cannot encode PNG: zlib deflate returned \(status)"
        case .tooLarge(let width, let height):
            return "PNG of \(width) × \(height) px is over \(Pixmap.maxPixelCount) pixels"
        case .tooMuchImageData: return explanation
        case .stopped: return "stopped before the image was read"
        }
    }
}

extension PNGError {
    /// What is wrong with the file, for the messages that name it.
    package var explanation: String {
        guard case .tooMuchImageData(let width, let height, let limit) = self else { return description }
        return
            "more image data than a \(width) × \(height) px image needs: over \(limit) bytes, twice its rows and 1 MiB"
    }
}

/// Writes an image as a PNG: 8-bit RGBA, straight alpha, an sRGB chunk, no time chunk, so the
/// same pixels always give the same bytes. Scanlines come from `Scanlines` (pixels demultiplied
/// with `Alpha.demultiply`), the stream from `ZlibStream`, the chunks from `PNGContainer`, as for
/// sequences and animated PNGs.
///
/// The defaults were chosen by measurement (`swift run -c release png-settings`, BENCHMARKS.md): on
/// these mostly uniform frames no filter at zlib level 6 was both the fastest and the smallest of
/// the five filters and libpng's adaptive choice.
public struct PNGEncoder: Sendable {
    /// How the scanlines are deflated. Default: zlib level 6.
    var compression: Compression
    /// The row filter. Default: `.none`.
    var filter: PNGFilter

    /// zlib level 6, no row filter.
    public init() {
        self.init(compression: .zlib(level: 6))
    }

    /// An encoder deflating with `compression` after the row filter `filter`.
    public init(compression: Compression, filter: PNGFilter = .none) {
        precondition(compression.isValid, "zlib levels are 0...9")
        self.compression = compression
        self.filter = filter
    }

    /// zlib at `compressionLevel` (0…9).
    public init(compressionLevel: Int) {
        self.init(compression: .zlib(level: compressionLevel))
    }

    /// The PNG file's bytes.
    public func encode(_ image: Pixmap) throws(PNGError) -> [UInt8] {
        try encode(rows: image)
    }

    /// The bytes of `encode(rows:)` (the same image data, in IDAT chunks of about 1 MiB), handed
    /// to `write` as they are made: memory holds a batch of pieces, never the whole file (a
    /// report's 100-megapixel panel).
    public func encode<E: Error>(rows image: some RowSource, to write: ([UInt8]) throws(E) -> Void)
        throws(PNGStreamError<E>)
    {
        func sink(_ bytes: [UInt8]) throws(PNGStreamError<E>) {
            do { try write(bytes) } catch { throw .sink(error) }
        }
        func chunk(_ type: String, _ data: [UInt8]) throws(PNGStreamError<E>) {
            do {
                try PNGContainer.chunk(type, [data], to: write)
            } catch {
                throw .sink(error)
            }
        }
        try PNGStreamError<E>.gathering {
            try sink(try PNGContainer.head(width: image.width, height: image.height))
            var stream = ZlibStream(level: compression.headerLevel)
            try compression.append(image, filter: filter, to: &stream, batch: 1) { stream in
                if stream.bytes.count >= 1 << 20 { try chunk("IDAT", stream.take()) }
            }
            try chunk("IDAT", stream.finish())
            try sink(PNGContainer.end)
        }
    }

    /// The PNG file's bytes, the rows made on demand.
    package func encode(rows image: some RowSource) throws(PNGError) -> [UInt8] {
        try PNGContainer.file(
            width: image.width, height: image.height, imageData: compression.stream(of: image, filter: filter))
    }
}

/// The text of a NUL-terminated C message buffer.
func string(fromCMessage buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

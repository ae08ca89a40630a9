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

    public var description: String {
        switch self {
        case .libpngWriteFailed(let message): return "cannot encode PNG: \(message)"
        case .unreadable(let message): return "not a readable PNG: \(message)"
        case .zlibUnavailable: return "cannot encode PNG: zlib could not start a deflate stream"
        case .zlibFailed(let status): return "cannot encode PNG: zlib deflate returned \(status)"
        case .tooLarge(let width, let height):
            return "PNG of \(width) × \(height) px is over \(Pixmap.maxPixelCount) pixels"
        }
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

/// Reads a PNG (any colour type libpng reads) into a premultiplied `Pixmap`.
public enum PNGDecoder {
    /// Decodes `bytes`; refuses images over `Pixmap.maxPixelCount` pixels before allocating them.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> Pixmap {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            // IHDR's width and height are bytes 16…23; check them before libpng allocates.
            let w = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let h = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            let (pixels, overflow) = w.multipliedReportingOverflow(by: h)
            if overflow || pixels > Pixmap.maxPixelCount { throw .tooLarge(width: w, height: h) }
        }
        let status = bytes.withUnsafeBufferPointer { b in
            png_bridge_decode_rgba(b.baseAddress, b.count, &pixels, &width, &height, &message, message.count)
        }
        guard status == 0, let pixels else {
            throw .unreadable(message: string(fromCMessage: message))
        }
        defer { png_bridge_pixels_free(pixels) }
        var pixmap: Pixmap
        do {
            pixmap = try Pixmap(width: Int(width), height: Int(height))
        } catch {
            throw .tooLarge(width: Int(width), height: Int(height))
        }
        let count = Int(width) * Int(height)
        pixmap.pixels.withUnsafeMutableBufferPointer { target in
            for i in 0..<count {
                let a = pixels[4 * i + 3]
                let r = Alpha.premultiply(pixels[4 * i], alpha: a)
                let g = Alpha.premultiply(pixels[4 * i + 1], alpha: a)
                let b = Alpha.premultiply(pixels[4 * i + 2], alpha: a)
                target[i] = Pixmap.pack(r: UInt32(r), g: UInt32(g), b: UInt32(b), a: UInt32(a))
            }
        }
        return pixmap
    }
}

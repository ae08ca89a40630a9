/// Errors of pixel buffers.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A pixmap of zero width or height, or over `Pixmap.maxPixelCount` pixels.
    case invalidSize(width: Int, height: Int)

    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            return "invalid pixmap size \(width) × \(height) px (expected 1 to \(Pixmap.maxPixelCount) pixels)"
        }
    }
}

/// An image of premultiplied sRGB RGBA pixels, 8 bits a channel, rows top to bottom with no
/// padding (stride = width × 4 bytes).
///
/// Pixels are stored as `UInt32` with the bytes R, G, B, A in memory order (little-endian).
/// Guarantees: width and height ≥ 1, width × height ≤ `maxPixelCount`, every colour channel
/// ≤ alpha.
public struct Pixmap: Sendable, Equatable {
    /// The largest pixmap: 100 megapixels (400 MB).
    public static let maxPixelCount = 100_000_000

    /// Columns, at least 1.
    public let width: Int
    /// Rows, at least 1.
    public let height: Int
    /// Premultiplied RGBA8, row after row, R in the lowest byte; `width × height` values.
    public var pixels: [UInt32]

    /// A transparent pixmap, or `RasterError.invalidSize`.
    public init(width: Int, height: Int) throws(RasterError) {
        try self.init(width: width, height: height, fill: 0)
    }

    /// A pixmap whose every pixel the caller writes before anything reads it (the compositor
    /// does): its memory is not cleared first. In debug builds it holds a pattern no renderer
    /// writes (colour above alpha), so a pixel left unwritten shows in the tests.
    package static func overwritten(width: Int, height: Int) throws(RasterError) -> Pixmap {
        #if DEBUG
        return try Pixmap(width: width, height: height, fill: 0x00FF_00FF)
        #else
        return try Pixmap(width: width, height: height, fill: nil)
        #endif
    }

    private init(width: Int, height: Int, fill: UInt32?) throws(RasterError) {
        guard width >= 1, height >= 1, width <= Pixmap.maxPixelCount, height <= Pixmap.maxPixelCount,
            width * height <= Pixmap.maxPixelCount
        else {
            throw RasterError.invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            if let fill { buffer.initialize(repeating: fill) }
            count = buffer.count
        }
    }

    /// Every pixel: (0, 0) to (width, height).
    public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// The pixel at (x, y) as premultiplied (r, g, b, a), 0…255.
    public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = pixels[y * width + x]
        return (UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24))
    }

    /// Packs premultiplied 8-bit channels into the stored pixel form.
    @inline(__always)
    package static func pack(r: UInt32, g: UInt32, b: UInt32, a: UInt32) -> UInt32 {
        r | g << 8 | b << 16 | a << 24
    }
}

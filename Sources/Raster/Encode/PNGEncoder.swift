import PNGBridge

/// A PNG row filter (PNG specification, section 9).
public enum PNGFilter: String, Sendable, CaseIterable {
    case none, sub, up, average, paeth
    /// libpng's adaptive choice among all five, per row.
    case adaptive

    var libpngFlags: Int32 {
        switch self {
        case .none: return Int32(png_bridge_filter_none)
        case .sub: return Int32(png_bridge_filter_sub)
        case .up: return Int32(png_bridge_filter_up)
        case .average: return Int32(png_bridge_filter_average)
        case .paeth: return Int32(png_bridge_filter_paeth)
        case .adaptive:
            return Int32(
                png_bridge_filter_none | png_bridge_filter_sub | png_bridge_filter_up
                    | png_bridge_filter_average | png_bridge_filter_paeth)
        }
    }
}

/// Errors of PNG encoding and decoding, with libpng's message.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    case encodingFailed(String)
    case decodingFailed(String)
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .encodingFailed(let message): return "cannot encode PNG: \(message)"
        case .decodingFailed(let message): return "not a readable PNG: \(message)"
        case .tooLarge(let width, let height):
            return "PNG of \(width) × \(height) px is over \(Pixmap.maxPixelCount) pixels"
        }
    }
}

/// Writes a `Pixmap` as a PNG with libpng: 8-bit RGBA, straight alpha, an sRGB chunk, no time
/// chunk, so the same pixels always give the same bytes.
///
/// Pixels are demultiplied with `Alpha.demultiply`. The defaults were chosen by measurement
/// (`bench/png-settings`, README "PNG settings"): on these mostly uniform frames no filter at
/// zlib level 6 was both the fastest and the smallest of the five filters and libpng's adaptive
/// choice (overlay @3x: 41 ms and 26.1 kB, against 46 ms / 26.6 kB for Up and 93 ms / 26.0 kB
/// adaptive; indicator @3x: 1.4 ms / 4.9 kB against 1.6 ms / 7.3 kB for Up).
public struct PNGEncoder: Sendable {
    /// zlib's level, 0…9. Default: 6.
    public var compressionLevel: Int
    /// The row filter. Default: `.none`.
    public var filter: PNGFilter

    public init(compressionLevel: Int = 6, filter: PNGFilter = .none) {
        precondition((0...9).contains(compressionLevel), "zlib levels are 0...9")
        self.compressionLevel = compressionLevel
        self.filter = filter
    }

    /// The PNG file's bytes.
    public func encode(_ pixmap: Pixmap) throws(PNGError) -> [UInt8] {
        let rows = PNGEncoder.straightRows(pixmap)
        var buffer = png_bridge_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let status = rows.withUnsafeBufferPointer { rows in
            png_bridge_encode_rgba(
                rows.baseAddress, UInt32(pixmap.width), UInt32(pixmap.height),
                pixmap.width * 4, Int32(compressionLevel), filter.libpngFlags,
                &buffer, &message, message.count)
        }
        guard status == 0 else {
            throw .encodingFailed(string(fromCMessage: message))
        }
        defer { png_bridge_buffer_free(&buffer) }
        return Array(UnsafeBufferPointer(start: buffer.data, count: buffer.size))
    }

    /// The pixmap as straight-alpha RGBA bytes, row after row.
    static func straightRows(_ pixmap: Pixmap) -> [UInt8] {
        let count = pixmap.width * pixmap.height
        var rows = [UInt8](repeating: 0, count: count * 4)
        Alpha.demultiplyTable.withUnsafeBufferPointer { table in
            pixmap.pixels.withUnsafeBufferPointer { source in
                rows.withUnsafeMutableBytes { raw in
                    let target = raw.bindMemory(to: UInt32.self)
                    for i in 0..<count { target[i] = Scanlines.straight(source[i], table: table) }
                }
            }
        }
        return rows
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
            throw .decodingFailed(string(fromCMessage: message))
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

import CZlib
import PNGBridge

/// The PNG file around compressed image data: libpng's chunk functions write the signature,
/// IHDR (8-bit RGBA, colour type 6, no interlace), sRGB (perceptual), one IDAT and IEND, with
/// their CRCs. Nothing in it depends on time.
package enum PNGContainer {
    /// A PNG file of a width × height RGBA image whose zlib stream is `imageData`.
    static func file(width: Int, height: Int, imageData: [UInt8]) throws(PNGError) -> [UInt8] {
        var buffer = png_bridge_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let status = imageData.withUnsafeBufferPointer { data in
            png_bridge_write_container(
                UInt32(width), UInt32(height), data.baseAddress, data.count,
                &buffer, &message, message.count)
        }
        guard status == 0 else {
            throw .libpngWriteFailed(message: string(fromCMessage: message))
        }
        defer { png_bridge_buffer_free(&buffer) }
        return Array(UnsafeBufferPointer(start: buffer.data, count: buffer.size))
    }

    /// The libraries whose output the PNG bytes depend on, e.g. "zlib 1.2.13, libpng 1.6.39": the
    /// same input gives the same bytes with the same versions of these.
    package static var encoderVersions: String {
        "zlib \(String(cString: zlibVersion())), libpng \(String(cString: png_bridge_libpng_version()))"
    }

    /// A PNG file with IHDR and sRGB, then `chunks` (type, data) in order, then IEND, written by
    /// libpng's chunk functions (animated PNGs use this).
    static func file(width: Int, height: Int, chunks: [(String, [UInt8])]) throws(PNGError) -> [UInt8] {
        var types = [CChar]()
        var data = [UInt8]()
        var offsets = [Int]()
        var lengths = [Int]()
        for (type, bytes) in chunks {
            precondition(type.utf8.count == 4, "chunk types have four letters")
            types += type.utf8.map { CChar(bitPattern: $0) }
            offsets.append(data.count)
            lengths.append(bytes.count)
            data += bytes
        }
        var buffer = png_bridge_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { d in
            png_bridge_write_chunks(
                UInt32(width), UInt32(height), types, d.baseAddress, offsets, lengths, chunks.count,
                &buffer, &message, message.count)
        }
        guard status == 0 else { throw .libpngWriteFailed(message: string(fromCMessage: message)) }
        defer { png_bridge_buffer_free(&buffer) }
        return Array(UnsafeBufferPointer(start: buffer.data, count: buffer.size))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// The two-byte zlib header (CMF, FLG) for a 32 KiB window, with FLEVEL from `level` as zlib
    /// writes it and the check bits that make it a multiple of 31.
    static func zlibHeader(level: Int) -> [UInt8] {
        let flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var header = 0x78 << 8 | flevel << 6
        header += 31 - header % 31
        return [UInt8(header >> 8), UInt8(header & 0xFF)]
    }
}

import CDeflate
import CZlib
import PNGBridge

/// The PNG file around compressed image data: libpng's chunk functions write the signature,
/// IHDR (8-bit RGBA, colour type 6, no interlace) and sRGB (perceptual); the image data's chunks
/// (IDAT; an animated PNG's acTL, fcTL and fdAT) and IEND follow, each framed as libpng frames
/// it, with its CRC (`chunk`). Nothing in it depends on time.
package enum PNGContainer {
    /// A PNG file of a width × height RGBA image whose zlib stream is `imageData`: libpng's head
    /// (`head`), one IDAT chunk and IEND, assembled in one buffer of the file's size (a frame of
    /// hundreds of megabytes is copied once).
    static func file(width: Int, height: Int, imageData: [UInt8]) throws(PNGError) -> [UInt8] {
        let head = try head(width: width, height: height)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(head.count + 12 + imageData.count + end.count)
        bytes += head
        chunk("IDAT", [imageData]) { (part: [UInt8]) in bytes += part }
        bytes += end
        return bytes
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

    /// The start of a PNG file of a width × height RGBA image, as `file(width:height:chunks:)`
    /// writes it: the signature, IHDR and sRGB. Chunks (`chunk(_:_:to:)`) and `end` follow.
    package static func head(width: Int, height: Int) throws(PNGError) -> [UInt8] {
        Array(try file(width: width, height: height, chunks: []).dropLast(end.count))
    }

    /// The IEND chunk that closes every file.
    package static let end: [UInt8] = [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82]

    /// One chunk, as libpng's `png_write_chunk` writes it, handed to `write` in pieces (no
    /// copy of the data is made): its length, its type, `parts` one after another as its data,
    /// and the CRC-32 of the type and the data.
    package static func chunk<E: Error>(_ type: String, _ parts: [[UInt8]], to write: ([UInt8]) throws(E) -> Void)
        throws(E)
    {
        precondition(type.utf8.count == 4, "chunk types have four letters")
        let length = parts.reduce(0) { $0 + $1.count }
        precondition(length <= 0x7FFF_FFFF, "a chunk holds at most 2^31 − 1 bytes")
        let name = Array(type.utf8)
        // The folded CRC (`frames_crc32`, zlib's values): the image data's is most of a
        // frame's checksum work.
        var crc = name.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, 4) }
        for part in parts where !part.isEmpty {
            crc = part.withUnsafeBufferPointer { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        }
        try write(bigEndian(UInt32(length)) + name)
        for part in parts where !part.isEmpty { try write(part) }
        try write(bigEndian(UInt32(crc)))
    }

    package static func bigEndian(_ value: UInt32) -> [UInt8] {
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

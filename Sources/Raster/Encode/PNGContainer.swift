/// The parts of a PNG file around the image data (PNG specification, sections 5 and 11): the
/// signature, chunks with their CRC, and the header this package writes: IHDR for 8-bit RGBA
/// (colour type 6, no interlace) and sRGB (perceptual), nothing time-dependent.
enum PNGContainer {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "chunk types have four letters")
        let crc = Deflate.crc32(typeBytes + data)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc)
    }

    /// Signature, IHDR and sRGB for a width × height RGBA image.
    static func header(width: Int, height: Int) -> [UInt8] {
        let ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        return signature + chunk("IHDR", ihdr) + chunk("sRGB", [0])
    }

    static let end = chunk("IEND", [])

    /// The two-byte zlib header (CMF, FLG) for a 32 KiB window, with FLEVEL from `level` as zlib
    /// writes it and the check bits that make it a multiple of 31.
    static func zlibHeader(level: Int) -> [UInt8] {
        let flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var header = 0x78 << 8 | flevel << 6
        header += 31 - header % 31
        return [UInt8(header >> 8), UInt8(header & 0xFF)]
    }
}

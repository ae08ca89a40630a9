/// The marker segments of a JPEG file's headers, before its first scan (SOS) or its end (EOI):
/// each segment's marker and body (after its two length bytes), every length checked against the
/// file's size. Markers without a length (fill bytes, SOI, RSTn) are stepped over. Only the
/// file's structure is walked; the decoder reads the rest.
enum JPEGSegments {
    /// The segments before the first scan, in file order; nil when a length runs past the file
    /// or is shorter than its own two bytes.
    static func beforeScan(_ bytes: [UInt8]) -> [(marker: UInt8, body: ArraySlice<UInt8>)]? {
        var segments: [(marker: UInt8, body: ArraySlice<UInt8>)] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            segments.append((marker, bytes[(offset + 4)..<(offset + 2 + length)]))
            offset += 2 + length
        }
        return segments
    }
}

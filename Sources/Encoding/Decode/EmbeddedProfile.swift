import CZlib

/// Finds the ICC colour profile a PNG (`iCCP` chunk, zlib-compressed) or a JPEG (`APP2`
/// "ICC_PROFILE" segments, in sequence order) carries, as the profile's bytes. Only the file's
/// structure is walked: chunk lengths and segment lengths are checked against the file's size,
/// and a profile is at most `maxBytes`. A file without one (or with a broken one) has none:
/// its pixels are then taken as sRGB, as browsers take them.
enum EmbeddedProfile {
    /// The largest profile taken: 4 MiB (Display P3 is 536 bytes, the largest printer profiles
    /// about 2 MB).
    static let maxBytes = 4 << 20

    /// The profile in a PNG file's bytes, or nil.
    static func png(_ bytes: [UInt8]) -> [UInt8]? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, at: offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            guard length <= bytes.count - data - 4 else { return nil }
            if type == "iCCP" { return pngProfile(bytes[data..<(data + length)]) }
            if type == "IDAT" || type == "IEND" { return nil }
            offset = data + length + 4
        }
        return nil
    }

    /// An iCCP chunk's data: a name of 1–79 bytes, a zero, the compression method (0), then the
    /// zlib stream of the profile.
    private static func pngProfile(_ chunk: ArraySlice<UInt8>) -> [UInt8]? {
        guard let zero = chunk.prefix(80).firstIndex(of: 0), zero + 1 < chunk.endIndex,
            chunk[zero + 1] == 0
        else { return nil }
        return inflate(Array(chunk[(zero + 2)...]))
    }

    /// `compressed` inflated, in a buffer that grows up to `maxBytes`; nil when it is not a
    /// whole zlib stream.
    private static func inflate(_ compressed: [UInt8]) -> [UInt8]? {
        var capacity = 64 << 10
        while capacity <= maxBytes {
            var out = [UInt8](repeating: 0, count: capacity)
            var length = uLongf(capacity)
            let status = out.withUnsafeMutableBufferPointer { o in
                compressed.withUnsafeBufferPointer { c in
                    uncompress(o.baseAddress, &length, c.baseAddress, uLong(c.count))
                }
            }
            if status == Z_OK { return Array(out[..<Int(length)]) }
            if status != Z_BUF_ERROR { return nil }
            capacity *= 4
        }
        return nil
    }

    /// The profile in a JPEG file's bytes (APP2 segments "ICC_PROFILE\0", seq, count), or nil.
    static func jpeg(_ bytes: [UInt8]) -> [UInt8]? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var pieces: [Int: ArraySlice<UInt8>] = [:]
        var expected = 0
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            // Markers without a length (fill bytes, RSTn, SOI); SOS ends the headers.
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
            let body = bytes[(offset + 4)..<(offset + 2 + length)]
            if marker == 0xE2, body.count > 14, body.starts(with: signature) {
                let sequence = Int(body[body.startIndex + 12])
                expected = Int(body[body.startIndex + 13])
                pieces[sequence] = body.dropFirst(14)
            }
            offset += 2 + length
        }
        guard expected > 0, pieces.count == expected else { return nil }
        var profile: [UInt8] = []
        for sequence in 1...expected {
            guard let piece = pieces[sequence], profile.count + piece.count <= maxBytes else { return nil }
            profile += piece
        }
        return profile
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

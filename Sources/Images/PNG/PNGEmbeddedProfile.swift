import CZlib

extension PNGDecoder {
    /// The largest ICC profile taken from a file: 4 MiB (Display P3 is 536 bytes, the largest
    /// printer profiles about 2 MB).
    package static let maxProfileBytes = 4 << 20

    /// The ICC profile a PNG file's `iCCP` chunk holds, inflated, or nil: only the chunks before
    /// the image data are walked, each length checked against the file's size; a profile is at
    /// most `maxProfileBytes`. A file without one (or with a broken one) has none: its pixels are
    /// then taken as sRGB, as browsers take them.
    public static func embeddedProfile(in bytes: [UInt8]) -> [UInt8]? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
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

    /// `compressed` inflated, in a buffer that grows up to `maxProfileBytes`; nil when it is not a
    /// whole zlib stream.
    private static func inflate(_ compressed: [UInt8]) -> [UInt8]? {
        var capacity = 64 << 10
        while capacity <= maxProfileBytes {
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
}

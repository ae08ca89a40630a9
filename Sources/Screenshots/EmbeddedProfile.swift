import Images

/// Finds the ICC colour profile a JPEG (`APP2` "ICC_PROFILE" segments, in sequence order) carries,
/// as the profile's bytes (a PNG's: `PNGDecoder.embeddedProfile`). Only the file's structure is
/// walked: segment lengths are checked against the file's size, and a profile is at most
/// `PNGDecoder.maxProfileBytes`. A file without one (or with a broken one) has none: its pixels are
/// then taken as sRGB, as browsers take them.
enum EmbeddedProfile {

    /// The profile in a JPEG file's bytes (APP2 segments "ICC_PROFILE\0", seq, count), or nil.
    static func jpeg(_ bytes: [UInt8]) -> [UInt8]? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var pieces: [Int: ArraySlice<UInt8>] = [:]
        var expected = 0
        for (marker, body) in JPEGSegments.beforeScan(bytes) ?? [] where marker == 0xE2 {
            if body.count > 14, body.starts(with: signature) {
                let sequence = Int(body[body.startIndex + 12])
                expected = Int(body[body.startIndex + 13])
                pieces[sequence] = body.dropFirst(14)
            }
        }
        guard expected > 0, pieces.count == expected else { return nil }
        var profile: [UInt8] = []
        for sequence in 1...expected {
            guard let piece = pieces[sequence], profile.count + piece.count <= PNGDecoder.maxProfileBytes else {
                return nil
            }
            profile += piece
        }
        return profile
    }
}

/// Pixels as the studio sends a still (`/frame.rgba`): 32-bit pixels, row after row, in runs, so
/// that what is one colour crosses from the server into the page's canvas as a few bytes. Most of
/// a still is one colour: the screen around the card under the dim, the card around its spinner
/// and label. Sent as they are, the 12 MB of an edit of the dim on an iPhone 15 at @3x took
/// Chromium 26–48 ms from the socket to the page's script; in runs they are 48 KB.
///
/// Each run begins with a little-endian 32-bit word `c`: with its top bit set, `c & 0x7FFFFFFF`
/// copies of the one pixel that follows; else the `c` pixels that follow, as they are. A count is
/// at least 1. The page's `unrun` reads them back.
enum PixelRuns {
    /// The shortest run of one colour sent as such: a shorter one costs more words in a run than
    /// among the pixels around it.
    static let shortest = 4

    static let repeated: UInt32 = 0x8000_0000

    /// `pixels` (their bytes as they lie in memory: R, G, B, A) in runs, the counts little-endian.
    static func encode(_ pixels: UnsafeBufferPointer<UInt32>) -> [UInt8] {
        var words: [UInt32] = []
        words.reserveCapacity(pixels.count / 8 + 16)
        var literal = 0 // where the pixels sent as they are begin
        var i = 0
        func sendLiteral(upTo end: Int) {
            guard end > literal else { return }
            words.append(UInt32(end - literal).littleEndian)
            words.append(contentsOf: pixels[literal..<end])
        }
        while i < pixels.count {
            let p = pixels[i]
            var end = i + 1
            while end < pixels.count && pixels[end] == p { end += 1 }
            if end - i >= shortest {
                sendLiteral(upTo: i)
                words.append((repeated | UInt32(end - i)).littleEndian)
                words.append(p)
                literal = end
            }
            i = end
        }
        sendLiteral(upTo: pixels.count)
        return words.withUnsafeBytes { Array($0) }
    }
}

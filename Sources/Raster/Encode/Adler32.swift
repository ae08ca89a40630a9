/// Adler-32 (RFC 1950, 8.2), 16 bytes at a time in vector lanes: each lane keeps its running
/// sum of bytes and the sum of those running sums, and the lanes are weighted and added up once
/// per chunk. The same values as zlib's `adler32` (tested), several times fewer instructions.
enum Adler32 {
    static let modulus: UInt64 = 65521
    /// Bytes per chunk (a multiple of 16): no lane sum can overflow within one.
    static let chunk = 4096

    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, initial: UInt32 = 1) -> UInt32 {
        var a = UInt64(initial & 0xFFFF)
        var b = UInt64(initial >> 16)
        guard let base = bytes.baseAddress else { return initial }
        let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
        var offset = 0
        while offset < bytes.count {
            let n = min(chunk, bytes.count - offset)
            let blocks = n / 16
            var sums = SIMD16<UInt32>()
            var sumsOfSums = SIMD16<UInt32>()
            let raw = UnsafeRawPointer(base + offset)
            for block in 0..<blocks {
                let bytes = raw.loadUnaligned(fromByteOffset: 16 * block, as: SIMD16<UInt8>.self)
                sumsOfSums &+= sums
                sums &+= SIMD16<UInt32>(truncatingIfNeeded: bytes)
            }
            // The h = 16·blocks bytes: A grows by their sum, B by h·A plus each byte times how
            // many of the h bytes are at or after it; then the tail one byte at a time.
            let head = UInt64((sums &* weights).wrappedSum()) + 16 * UInt64(sumsOfSums.wrappedSum())
            b += UInt64(16 * blocks) * a + head
            a += UInt64(sums.wrappedSum())
            for i in (16 * blocks)..<n {
                a += UInt64(base[offset + i])
                b += a
            }
            a %= modulus
            b %= modulus
            offset += n
        }
        return UInt32(b << 16 | a)
    }
}

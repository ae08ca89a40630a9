/// SHA-256 (FIPS 180-4), for the checksums a manifest records: font files and backdrop images.
///
/// Why SHA-256 and not zlib's CRC-32 or Adler-32: the checksum says "this is the same file" when
/// a golden folder is verified on another machine, so it must not collide by accident for files
/// that differ in a few bytes (a font rebuilt with one glyph changed), and anyone can check it by
/// hand with `sha256sum`. No dependency; a file is hashed once per process (`FileChecksum`).
package enum SHA256 {
    /// The 32-byte digest of `bytes`.
    package static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
        )
        let fullBlocks = bytes.count / 64
        // Scratch: the 64 round constants, then the 64-word message schedule.
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 128)
        defer { scratch.deallocate() }
        for (t, constant) in k.enumerated() { scratch[t] = constant }
        bytes.withUnsafeBufferPointer { buffer in
            for block in 0..<fullBlocks { compress(&state, buffer.baseAddress! + block * 64, scratch) }
        }
        // The last bytes, a 1 bit, zeros, and the length in bits as a big-endian 64-bit number.
        var tail = Array(bytes[(fullBlocks * 64)...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bits = UInt64(bytes.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        tail.withUnsafeBufferPointer { buffer in
            for block in 0..<(tail.count / 64) { compress(&state, buffer.baseAddress! + block * 64, scratch) }
        }
        var out: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            for shift in stride(from: 24, through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return out
    }

    /// The digest as 64 lowercase hex digits, as `sha256sum` prints it.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(digest(bytes).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One 64-byte block into the state; `scratch` holds the round constants and room for the
    /// message schedule.
    private static func compress(
        _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
        _ block: UnsafePointer<UInt8>, _ scratch: UnsafeMutablePointer<UInt32>
    ) {
        let k = UnsafePointer(scratch)
        let w = scratch + 64
        // `while` loops: a range's iterator is a call per step in a debug build.
        var t = 0
        while t < 16 {
            w[t] =
                UInt32(block[4 &* t]) &<< 24 | UInt32(block[4 &* t &+ 1]) &<< 16
                | UInt32(block[4 &* t &+ 2]) &<< 8 | UInt32(block[4 &* t &+ 3])
            t &+= 1
        }
        while t < 64 {
            let x = w[t &- 15]
            let y = w[t &- 2]
            let s0 = rotate(x, 7) ^ rotate(x, 18) ^ (x &>> 3)
            let s1 = rotate(y, 17) ^ rotate(y, 19) ^ (y &>> 10)
            w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
            t &+= 1
        }
        var (a, b, c, d, e, f, g, h) = state
        t = 0
        while t < 64 {
            let t1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
            let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            t &+= 1
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
            state.7 &+ h
        )
    }

    // Masking shifts of one type only: in a debug build the generic `>>` and `<<` are calls, and
    // hashing a font took a third of a second.
    @inline(__always)
    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }
}

/// Conversions between straight and premultiplied 8-bit channels.
///
/// premultiply(s, a) = round(s · a / 255) and demultiply(p, a) = round(p · 255 / a) (0 when
/// a = 0), both rounding halves up, in integers. For every p ≤ a,
/// premultiply(demultiply(p, a), a) == p: a premultiplied pixel survives being written as
/// straight alpha (PNG) and read back.
package enum Alpha {
    @inline(__always)
    package static func premultiply(_ straight: UInt8, alpha: UInt8) -> UInt8 {
        UInt8((UInt32(straight) * UInt32(alpha) * 2 + 255) / 510)
    }

    @inline(__always)
    package static func demultiply(_ premultiplied: UInt8, alpha: UInt8) -> UInt8 {
        if alpha == 0 { return 0 }
        let a = UInt32(alpha)
        return UInt8(min(255, (UInt32(premultiplied) * 255 * 2 + a) / (2 * a)))
    }

    /// `demultiply` for every (premultiplied, alpha) pair, indexed `alpha << 8 | premultiplied`.
    /// Made with a multiplication by 2⁴⁰ / (2·alpha), rounded up, instead of a division: exact,
    /// because the dividend stays under 2¹⁷ (tests compare every entry with `demultiply`).
    package static let demultiplyTable: [UInt8] = [UInt8](unsafeUninitializedCapacity: 65536) { table, count in
        for p in 0..<256 { table[p] = 0 }
        for alpha in 1..<256 {
            let divisor = UInt64(2 * alpha)
            let reciprocal = (1 << 40) / divisor + 1
            for p in 0..<256 {
                let dividend = UInt64(p * 510 + alpha)
                table[alpha << 8 | p] = UInt8(min(255, (dividend &* reciprocal) >> 40))
            }
        }
        count = 65536
    }
}

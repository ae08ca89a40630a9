/// Conversions between straight and premultiplied 8-bit channels.
///
/// premultiply(s, a) = round(s · a / 255) and demultiply(p, a) = round(p · 255 / a) (0 when
/// a = 0), both rounding halves up, in integers. For every p ≤ a,
/// premultiply(demultiply(p, a), a) == p: a premultiplied pixel survives being written as
/// straight alpha (PNG) and read back.
public enum Alpha {
    @inline(__always)
    /// round(straight · alpha / 255), halves up.
    public static func premultiply(_ straight: UInt8, alpha: UInt8) -> UInt8 {
        UInt8((UInt32(straight) * UInt32(alpha) * 2 + 255) / 510)
    }

    @inline(__always)
    /// round(premultiplied · 255 / alpha), halves up; 0 when alpha is 0.
    public static func demultiply(_ premultiplied: UInt8, alpha: UInt8) -> UInt8 {
        if alpha == 0 { return 0 }
        let a = UInt32(alpha)
        return UInt8(min(255, (UInt32(premultiplied) * 255 * 2 + a) / (2 * a)))
    }

    /// 2⁴⁰ / (2·alpha), rounded up, for each alpha from 1 (0 for alpha 0): `demultiply(_:reciprocal:alpha:)`
    /// multiplies by it instead of dividing.
    static let demultiplyReciprocals: [UInt64] = (0..<256).map { $0 == 0 ? 0 : (1 << 40) / UInt64(2 * $0) + 1 }

    /// `demultiply(premultiplied, alpha)` for an alpha of 1…255, with `reciprocal` its entry of
    /// `demultiplyReciprocals`: a multiplication in place of the division, exact because the
    /// dividend stays under 2¹⁷ (tests compare every pair with `demultiply`).
    @inline(__always)
    static func demultiply(_ premultiplied: UInt32, reciprocal: UInt64, alpha: UInt32) -> UInt32 {
        UInt32(min(255, ((UInt64(premultiplied) &* 510 &+ UInt64(alpha)) &* reciprocal) >> 40))
    }
}

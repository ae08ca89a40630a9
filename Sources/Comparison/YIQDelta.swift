/// pixelmatch 7.1.0's colour distance (its `colorDelta`), operation for operation in Double so
/// that every result is the same number JavaScript computes: the squared YIQ difference of
/// Kotsarenko and Ramos, "Measuring perceived color difference using YIQ NTSC transmission color
/// space in mobile applications" (2010), its sign telling whether the second pixel is lighter.
///
/// A pixel that is not opaque is blended over a background that depends on its byte offset `k`
/// in the image (pixelmatch's pattern: red always 48, green and blue 48 or 207).
enum YIQDelta {
    /// pixelmatch's largest possible squared distance: a threshold t allows 35215 · t².
    static let maximum = 35215.0

    /// The signed squared YIQ distance between straight pixels `p` and `q` (negative when `q` is
    /// lighter), or their brightness difference alone (`brightnessOnly`).
    @inline(__always)
    static func delta(_ p: UInt32, _ q: UInt32, offset k: Int, brightnessOnly: Bool) -> Double {
        let r1 = Int(p & 0xFF)
        let g1 = Int((p >> 8) & 0xFF)
        let b1 = Int((p >> 16) & 0xFF)
        let a1 = Int(p >> 24)
        let r2 = Int(q & 0xFF)
        let g2 = Int((q >> 8) & 0xFF)
        let b2 = Int((q >> 16) & 0xFF)
        let a2 = Int(q >> 24)
        var dr = Double(r1 - r2)
        var dg = Double(g1 - g2)
        var db = Double(b1 - b2)
        let da = a1 - a2
        if p == q { return 0 }
        if a1 < 255 || a2 < 255 {
            let rb = 48 + 159 * (k % 2)
            let gb = 48 + 159 * (Int(Double(k) / 1.618033988749895) % 2)
            let bb = 48 + 159 * (Int(Double(k) / 2.618033988749895) % 2)
            dr = Double(r1 * a1 - r2 * a2 - rb * da) / 255
            dg = Double(g1 * a1 - g2 * a2 - gb * da) / 255
            db = Double(b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if brightnessOnly { return y }
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }
}

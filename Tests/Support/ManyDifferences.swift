import Images

/// Two images that differ in every 64 rows in every way a judgement tells apart: a
/// gradient, every 7th column half transparent; vertical edges from a dark area to a light one
/// whose one ramp pixel changes shade (anti-aliasing to the detector); blocks of 8 × 8 px of new
/// colour; and single pixels changed at random, by a little or a lot.
public func pairWithManyDifferences(width: Int, height: Int, seed: UInt64) -> (expected: RGBAImage, actual: RGBAImage) {
    var generator = SplitMix(seed: seed)
    var expected = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            let red = UInt32(x * 255 / max(1, width - 1))
            let green = UInt32(y * 255 / max(1, height - 1))
            let blue = UInt32((x + y) % 256)
            let alpha: UInt32 = x % 7 == 0 ? 128 : 255
            expected[y * width + x] = red | green << 8 | blue << 16 | alpha << 24
        }
    }
    var actual = expected
    for edge in stride(from: 4, to: width - 4, by: 23) {
        for y in 0..<height {
            let row = y * width
            for x in (edge - 3)..<edge { (expected[row + x], actual[row + x]) = (0xFF20_2020, 0xFF20_2020) }
            for x in (edge + 1)...(edge + 3) { (expected[row + x], actual[row + x]) = (0xFFE0_E0E0, 0xFFE0_E0E0) }
            (expected[row + edge], actual[row + edge]) = (0xFF60_6060, 0xFFA0_A0A0)
        }
    }
    for _ in 0..<(width * height / 400) {
        let x0 = Int(generator.next() % UInt64(width - 8))
        let y0 = Int(generator.next() % UInt64(height - 8))
        let colour = UInt32(truncatingIfNeeded: generator.next()) | 0xFF00_0000
        for y in y0..<(y0 + 8) {
            for x in x0..<(x0 + 8) { actual[y * width + x] = colour }
        }
    }
    for _ in 0..<(width * height / 20) {
        let i = Int(generator.next() % UInt64(width * height))
        let change = generator.next() % 2 == 0 ? 0x0000_0102 : UInt32(truncatingIfNeeded: generator.next())
        actual[i] ^= change
    }
    return (
        try! RGBAImage(width: width, height: height, pixels: expected),
        try! RGBAImage(width: width, height: height, pixels: actual)
    )
}

import TestSupport
import Testing

@testable import Comparison
@testable import Images
@testable import StrictJSON
@testable import TestSupport

/// The comparison's fast paths against plain references: the exact figures of straight images
/// against premultiplying them first, and window counts against a whole summed-area table and a
/// count of every window.
@Suite struct ComparisonTests {
    static func random(_ width: Int, _ height: Int, seed: UInt64, alphas: [UInt32]) -> RGBAImage {
        var generator = SplitMix(seed: seed)
        let pixels = (0..<(width * height)).map { _ -> UInt32 in
            let colour = UInt32(truncatingIfNeeded: generator.next()) & 0x00FF_FFFF
            return colour | alphas[Int(generator.next() % UInt64(alphas.count))] << 24
        }
        return try! RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [0, 1, 3, 40])
    func straightFiguresAreThoseOfPremultipliedImages(delta: Int) {
        let expected = Self.random(37, 23, seed: 1, alphas: [0, 1, 128, 254, 255, 255])
        var actual = expected
        var generator = SplitMix(seed: 2)
        for i in actual.pixels.indices where generator.next() % 4 == 0 {
            actual.pixels[i] ^= UInt32(truncatingIfNeeded: generator.next()) & 0x0303_0303
        }
        let straight = ImageComparison(expected: expected, actual: actual, maxChannelDelta: delta)
        let premultiplied = ImageComparison(
            expected: Pixmap(premultiplying: expected), actual: Pixmap(premultiplying: actual), maxChannelDelta: delta)
        #expect(straight == premultiplied)
        #expect(straight.pixelsOverThreshold == premultiplied.pixelsOverThreshold)
    }

    /// Every window's count, from a whole summed-area table, and by counting.
    static func reference(_ mask: DifferenceMask, window: Int) -> (table: Int, counted: Int) {
        let (w, h) = (mask.width, mask.height)
        let states = mask.states
        let n = max(1, min(window, w, h))
        var table = [Int](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            for x in 0..<w {
                let here = states[y * w + x] == PixelState.differing.rawValue ? 1 : 0
                table[(y + 1) * (w + 1) + x + 1] =
                    here + table[y * (w + 1) + x + 1] + table[(y + 1) * (w + 1) + x] - table[y * (w + 1) + x]
            }
        }
        var fromTable = 0
        var counted = 0
        for y in 0...(h - n) {
            for x in 0...(w - n) {
                let sum =
                    table[(y + n) * (w + 1) + x + n] - table[y * (w + 1) + x + n] - table[(y + n) * (w + 1) + x]
                    + table[y * (w + 1) + x]
                fromTable = max(fromTable, sum)
                var count = 0
                for v in y..<(y + n) {
                    for u in x..<(x + n) where states[v * w + u] == PixelState.differing.rawValue { count += 1 }
                }
                counted = max(counted, count)
            }
        }
        return (fromTable, counted)
    }

    @Test(arguments: [1, 2, 3, 7, 16, 40, 1000])
    func windowCountsEqualTheReference(window: Int) {
        var generator = SplitMix(seed: UInt64(window))
        for (width, height, density) in [(31, 17, 2), (17, 31, 5), (40, 40, 9), (5, 3, 2), (23, 70, 60), (9, 90, 200)] {
            let states = (0..<(width * height)).map { _ -> UInt8 in
                UInt8(generator.next() % UInt64(density) == 0 ? 1 : generator.next() % 4)
            }
            let mask = DifferenceMask(width: width, height: height, states: states)
            let reference = Self.reference(mask, window: window)
            #expect(reference.table == reference.counted)
            #expect(
                ClusterWindow.largestCount(in: mask, window: window) == reference.table,
                "\(width)×\(height), window \(window)")
        }
    }
}

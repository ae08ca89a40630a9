import Testing

@testable import Studio

/// The runs a still is sent in (`PixelRuns`), read back as the page's `unrun` reads them.
struct PixelRunsTests {
    /// The RGBA bytes of `count` pixels from `bytes` in runs, as the page reads them; nil where
    /// the page throws (runs cut short, past the box or short of it: StudioCanvasTests).
    static func decode(_ bytes: [UInt8], count: Int) -> [UInt8]? {
        guard bytes.count % 4 == 0 else { return nil }
        let words = stride(from: 0, to: bytes.count, by: 4).map { i in
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[i + $1]) << (8 * UInt32($1)) }
        }
        var pixels: [UInt32] = []
        var i = 0
        while i < words.count {
            let c = words[i]
            let n = Int(c & 0x7FFF_FFFF)
            i += 1
            guard n > 0, pixels.count + n <= count else { return nil }
            if c & 0x8000_0000 != 0 {
                guard i < words.count else { return nil }
                pixels += repeatElement(words[i], count: n)
                i += 1
            } else {
                guard i + n <= words.count else { return nil }
                pixels += words[i..<(i + n)]
                i += n
            }
        }
        guard pixels.count == count else { return nil }
        return PixelRunsTests.bytes(pixels)
    }

    static func encoded(_ pixels: [UInt32]) -> [UInt8] {
        pixels.withUnsafeBufferPointer(PixelRuns.encode)
    }

    /// The RGBA bytes of `pixels`, R in the lowest byte.
    static func bytes(_ pixels: [UInt32]) -> [UInt8] {
        pixels.flatMap { p in (0..<4).map { UInt8(truncatingIfNeeded: p >> (8 * UInt32($0))) } }
    }

    @Test(arguments: [
        [UInt32](),
        [7],
        [1, 2, 3],
        [5, 5, 5], // shorter than a run
        [5, 5, 5, 5], // a run, nothing else
        [1, 2, 9, 9, 9, 9, 9, 3, 4], // pixels, a run, pixels
        [9, 9, 9, 9, 1, 9, 9, 9, 9],
        [0xFF00_00FF, 0xFF00_00FF, 0xFF00_00FF, 0xFF00_00FF, 0xFF00_00FF, 0x8000_0001],
    ])
    func theRunsGiveThePixelsBack(_ pixels: [UInt32]) {
        #expect(
            PixelRunsTests.decode(PixelRunsTests.encoded(pixels), count: pixels.count) == PixelRunsTests.bytes(pixels))
    }

    /// A screen of one colour around a card: a few words, not a word a pixel.
    @Test func oneColourIsAFewWords() {
        let width = 300
        var screen = [UInt32](repeating: 0xFF33_2211, count: width * 600)
        for y in 200..<300 {
            for x in 50..<250 { screen[y * width + x] = UInt32(truncatingIfNeeded: x &* 2_654_435_761 ^ y) }
        }
        let runs = PixelRunsTests.encoded(screen)
        #expect(PixelRunsTests.decode(runs, count: screen.count) == PixelRunsTests.bytes(screen))
        // The card's pixels as they are, a count word for each of its rows, a run between rows.
        #expect(runs.count == 4 * 100 * 200 + 4 * 100 + 8 * 101, "\(runs.count) bytes")
    }
}

import Images

/// Whether the actual image is mostly the expected one moved: the translation within ±`reach`
/// pixels each way that leaves the fewest pixels different inside the box that holds the
/// differences.
///
/// Candidates are scored on a grid of at most 128 × 128 sample pixels of the box (exact
/// equality, a pixel moved in from outside the image counting as different); the best one, if it
/// is not (0, 0) and leaves at most half as many samples different as no move, is counted in
/// full with the comparison's own judgement (no anti-aliasing detection), pixels ignored in the
/// actual image and pixels that the move brings in from outside the image left out. Ties go to
/// the smaller move.
enum ShiftSearch {
    static let reach = 8

    /// The move (dx, dy: actual(x, y) is expected(x − dx, y − dy)) and the pixels of the box that
    /// still differ after it; nil when no move explains the differences.
    static func find(
        _ expected: UnsafeBufferPointer<UInt32>, _ actual: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
        box: PixelRect, states: UnsafeBufferPointer<UInt8>, differs: (UInt32, UInt32, Int) -> Bool
    ) -> PixelShift? {
        let stepX = max(1, (box.width + 127) / 128)
        let stepY = max(1, (box.height + 127) / 128)
        let side = 2 * reach + 1
        // misses[(dy + reach) * side + dx + reach]: sampled pixels that differ after the move.
        var misses = [Int](repeating: 0, count: side * side)
        misses.withUnsafeMutableBufferPointer { misses in
            for y in stride(from: box.y0, to: box.y1, by: stepY) {
                for x in stride(from: box.x0, to: box.x1, by: stepX) {
                    let q = actual[y * width + x]
                    for dy in -reach...reach {
                        let sy = y - dy
                        let inside = sy >= 0 && sy < height
                        let row = (dy + reach) * side + reach
                        for dx in -reach...reach {
                            let sx = x - dx
                            if !inside || sx < 0 || sx >= width || expected[sy * width + sx] != q {
                                misses[row + dx] += 1
                            }
                        }
                    }
                }
            }
        }
        let unmoved = misses[reach * side + reach]
        var best = (dx: 0, dy: 0, misses: unmoved)
        for distance in 1...(2 * reach) {
            for dy in -reach...reach {
                for dx in -reach...reach where abs(dx) + abs(dy) == distance {
                    let count = misses[(dy + reach) * side + dx + reach]
                    if count < best.misses { best = (dx, dy, count) }
                }
            }
        }
        guard best.dx != 0 || best.dy != 0, 2 * best.misses <= unmoved else { return nil }
        var remaining = 0
        for y in box.y0..<box.y1 {
            let sy = y - best.dy
            for x in box.x0..<box.x1 where states[y * width + x] != PixelState.ignored.rawValue {
                let sx = x - best.dx
                if sy < 0 || sy >= height || sx < 0 || sx >= width { continue }
                let p = expected[sy * width + sx]
                let q = actual[y * width + x]
                if p != q && differs(p, q, 4 * (y * width + x)) { remaining += 1 }
            }
        }
        return PixelShift(dx: best.dx, dy: best.dy, remainingPixels: remaining)
    }
}

/// A translation that explains most of a difference: the actual image is the expected one moved
/// by `dx` pixels right and `dy` pixels down (y down; negative: left, up).
public struct PixelShift: Sendable, Equatable {
    /// Pixels right (negative: left), −8…8.
    public let dx: Int
    /// Pixels down (negative: up), −8…8.
    public let dy: Int
    /// Pixels of the differences' box that still differ once the expected image is moved (those
    /// the move brings in from outside the image not counted).
    public let remainingPixels: Int

    /// "actual is expected moved by (+2, −1) px; 14 pixels still differ".
    public var description: String {
        func signed(_ v: Int) -> String { v > 0 ? "+\(v)" : v < 0 ? "−\(-v)" : "0" }
        let still = remainingPixels == 1 ? "1 pixel still differs" : "\(remainingPixels) pixels still differ"
        return "actual is expected moved by (\(signed(dx)), \(signed(dy))) px; \(still)"
    }
}

/// pixelmatch's anti-aliasing detector (its `antialiased` and `hasManySiblings`), after
/// V. Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector" (2009): a pixel is taken as
/// anti-aliasing when, among its 8 neighbours, at most 2 equal it (fewer at the image's edge), it
/// has both a darker and a brighter neighbour, and the darkest or the brightest of them has 3 or
/// more equal neighbours in both images (it lies inside a flat area, so the pixel is on a ramp
/// between two).
///
/// The brightness difference is each pixelmatch version's own (`PixelmatchVersion`); the order
/// of the visit (column by column, then row) and the ties (the first darkest, the first
/// brightest) are pixelmatch's.
struct AntialiasDetector<Version: PixelmatchVersion> {
    let width: Int
    let height: Int

    /// Whether the pixel at (x, y) of `image` is anti-aliasing, `image` and `other` being the two
    /// images (in either order).
    @inline(__always)
    func isAntialiased(
        _ image: UnsafeBufferPointer<UInt32>, _ other: UnsafeBufferPointer<UInt32>, x x1: Int, y y1: Int
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let position = y1 * width + x1
        let center = image[position]
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var darkest = 0.0
        var brightest = 0.0
        var darkestAt = (0, 0)
        var brightestAt = (0, 0)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = Version.brightness(center, image[y * width + x], centerOffset: position * 4)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (x, y)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (x, y)
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, darkestAt) && hasManySiblings(other, darkestAt))
            || (hasManySiblings(image, brightestAt) && hasManySiblings(other, brightestAt))
    }

    /// Whether the pixel at `at` has 3 or more neighbours of exactly its value (the image's edge
    /// counting as one).
    @inline(__always)
    func hasManySiblings(_ image: UnsafeBufferPointer<UInt32>, _ at: (x: Int, y: Int)) -> Bool {
        let (x1, y1) = at
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let value = image[y1 * width + x1]
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if image[y * width + x] == value {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }
}

/// What differs between the pixelmatch versions the metrics follow: the colour decision and the
/// detector's brightness difference.
protocol PixelmatchVersion {
    /// Whether two straight pixels that are not equal differ by more than `limit` (the metric's
    /// own form of the threshold), the pixel's byte offset being `offset`.
    static func differs(_ p: UInt32, _ q: UInt32, offset: Int, limit: Double) -> Bool
    /// The threshold in the form `differs` takes.
    static func limit(threshold: Double) -> Double
    /// The detector's brightness difference of a neighbour from the centre pixel.
    static func brightness(_ center: UInt32, _ neighbour: UInt32, centerOffset: Int) -> Double
}

/// pixelmatch 7.1.0.
enum PixelmatchYIQ: PixelmatchVersion {
    @inline(__always)
    static func differs(_ p: UInt32, _ q: UInt32, offset: Int, limit: Double) -> Bool {
        abs(YIQDelta.delta(p, q, offset: offset, brightnessOnly: false)) > limit
    }

    static func limit(threshold: Double) -> Double { YIQDelta.maximum * threshold * threshold }

    @inline(__always)
    static func brightness(_ center: UInt32, _ neighbour: UInt32, centerOffset: Int) -> Double {
        YIQDelta.delta(center, neighbour, offset: centerOffset, brightnessOnly: true)
    }
}

/// pixelmatch's main branch (c6fee35).
enum PixelmatchOKLab: PixelmatchVersion {
    @inline(__always)
    static func differs(_ p: UInt32, _ q: UInt32, offset: Int, limit: Double) -> Bool {
        OKLabDelta.exceeds(p, q, offset: offset, threshold: limit) != 0
    }

    static func limit(threshold: Double) -> Double { threshold }

    @inline(__always)
    static func brightness(_ center: UInt32, _ neighbour: UInt32, centerOffset: Int) -> Double {
        OKLabDelta.brightness(center, neighbour)
    }
}

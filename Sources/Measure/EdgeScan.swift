/// Where a uniform area of one colour ends along a row or a column, to a fraction of a pixel.
///
/// From a pixel inside the area, the scan steps outward until a pixel differs from the area's
/// colour C by more than the tolerance. The outside colour S is read `reach` pixels from the
/// last pixel of the area's colour (and must agree with the pixel after it, or the edge is not
/// clean). Each pixel of the `reach` from that last one is a mixture of C and S; its share of C
/// (the projection of its colour on the line from S to C) is how much of it the area covers,
/// so the edge lies that many pixels past the last pixel taken whole: an area-based estimate,
/// exact for a straight edge across the line, and unbiased under the blur of a scaled
/// screenshot or of JPEG's halved colour resolution (which needs the wider reach: 6 pixels
/// rather than 3).
struct EdgeScan {
    let pixels: ScreenPixels
    /// The area's colour.
    let inside: RGB
    /// The largest channel difference still counted as the area's colour.
    let tolerance: Float
    /// How many pixels the change may take: 3, or 6 for lossy screenshots.
    var reach = 3

    /// The edge along row `row` (horizontal: `vertical` false) or column `row` (vertical),
    /// scanning from pixel `start` in `direction` (+1 or −1) for at most `limit` pixels: the
    /// edge's position in pixel coordinates (the boundary between pixels i − 1 and i is i), or
    /// nil when the scan leaves the image, meets no change, or the change is not clean (the
    /// outside differs from the area by less than twice the tolerance, or is not uniform).
    func edge(line row: Int, vertical: Bool, from start: Int, direction: Int, limit: Int) -> Double? {
        @inline(__always) func at(_ i: Int) -> RGB { vertical ? pixels.rgb(row, i) : pixels.rgb(i, row) }
        let length = vertical ? pixels.height : pixels.width
        guard start >= 0, start < length, at(start).distance(to: inside) <= tolerance else { return nil }
        var i = start
        var steps = 0
        // A single pixel off the area's colour (JPEG's noise in a saturated colour) does not end
        // it: two in a row do.
        while at(i + direction).distance(to: inside) <= tolerance
            || at(i + 2 * direction).distance(to: inside) <= tolerance
        {
            i += direction
            steps += 1
            if steps > limit || i + 2 * direction < 0 || i + 2 * direction >= length { return nil }
        }
        // i is the last pixel taken as the area's colour; i + direction the first that is not.
        let far = i + reach * direction
        let farther = i + (reach + 1) * direction
        guard far >= 0, far < length, farther >= 0, farther < length else { return nil }
        let outside = at(far)
        guard outside.distance(to: inside) > 2 * tolerance, at(farther).distance(to: outside) <= 2 * tolerance else {
            return nil
        }
        let axis = inside - outside
        let norm = (axis * axis).sum()
        var covered = 0.0
        for k in 0..<reach {
            let share = ((at(i + k * direction) - outside) * axis).sum() / norm
            covered += Double(min(1, max(0, share)))
        }
        return direction > 0 ? Double(i) + covered : Double(i + 1) - covered
    }
}

/// The value most of a set of edge positions agree on: the position with the most others within
/// `width` of it (ties: the first in the order given), and the mean of those.
func consensus(_ values: [Double], width: Double = 0.5, minimum: Int = 3) -> (value: Double, count: Int)? {
    guard values.count >= minimum else { return nil }
    var best: (index: Int, count: Int) = (0, 0)
    for (i, v) in values.enumerated() {
        let count = values.filter { abs($0 - v) <= width }.count
        if count > best.count { best = (i, count) }
    }
    guard best.count >= minimum else { return nil }
    let center = values[best.index]
    let near = values.filter { abs($0 - center) <= width }
    return (near.reduce(0, +) / Double(near.count), near.count)
}

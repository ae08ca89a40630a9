import LibC

/// Finds where rings may be: the places many colour edges point at from a common distance.
///
/// The screenshot is averaged down by a whole factor to about one pixel a point (`ReducedImage`),
/// its colour edges found with Sobel filters (Di Zenzo's colour gradient: the direction in which
/// the three channels change most together) and thinned to one pixel across; each edge pixel then
/// votes for every point 5–80 pt away along its gradient, both ways (a circular Hough transform
/// with gradient direction). A circle's edge pixels all vote for its centre, so the ring's
/// centre gets two circumferences of votes (its outer and inner edges) while text, photos and
/// straight edges spread theirs. The highest local maxima are the candidates; `RingFit` decides.
struct RingSearch {
    /// A place that may be a ring's centre, in screenshot pixels, with the radii of the circles
    /// whose edges voted for it (reduced pixels × factor), outer first.
    struct Candidate {
        var centerX: Double
        var centerY: Double
        var outerRadius: Double
        var innerRadius: Double
        var votes: Double
        /// How many edge pixels lie on its strongest circle (reduced pixels of circumference).
        var edgeCount: Double
    }

    let reduced: ReducedImage
    /// The edge pixels after thinning, row by row (top to bottom, left to right): position and
    /// the unit direction of the gradient (sign free).
    private(set) var edges: [Edge] = []
    /// Where each reduced row's edges begin in `edges` (one more entry than rows).
    private(set) var rowStarts: [Int] = []
    /// The radii searched, in reduced pixels.
    let radii: ClosedRange<Int>
    /// The least change an edge pixel must show, levels a pixel: 5, or 8 in a JPEG, whose blocks
    /// make faint edges everywhere.
    let minimumStrength: Float

    /// An edge pixel: where, and which way the colour changes most.
    struct Edge {
        let x: Int32
        let y: Int32
        let ux: Float
        let uy: Float
    }

    /// The search over `pixels` at `scale` pixels per point.
    init(_ pixels: ScreenPixels, scale: Double, jpeg: Bool = false) {
        minimumStrength = jpeg ? 8 : 5
        reduced = ReducedImage(pixels, factor: max(1, Int(scale.rounded(.down))))
        let perPoint = scale / Double(reduced.factor)
        let smallest = max(2, Int((5 * perPoint).rounded(.down)))
        let largest = max(smallest + 1, min(Int(80 * perPoint), min(reduced.width, reduced.height) / 2))
        radii = smallest...largest
        findEdges()
    }

    /// Di Zenzo gradients by Sobel filters, then non-maximum suppression along the gradient:
    /// a pixel stays an edge where it is at least as strong as its two neighbours across the
    /// edge and its change is at least `minimumStrength`. Row by row: three reduced rows, three
    /// rows of strengths and directions are held at once (the first and last rows, and the
    /// first and last columns, have no gradient: strength 0). It is longer than 60 lines because
    /// the rolling rows, the gradients and the suppression of the row behind share one scope of
    /// buffer pointers, which split functions would each have to open again.
    private mutating func findEdges() {
        let (w, h) = (reduced.width, reduced.height)
        // The filters need a pixel on each side: an image narrower or lower than 3 has no edges.
        guard w >= 3, h >= 3 else {
            rowStarts = [Int](repeating: 0, count: h + 1)
            return
        }
        var rows = [Float](repeating: 0, count: 3 * 3 * w)
        var strength = [Float](repeating: 0, count: 3 * w)
        var directions = [SIMD2<Float>](repeating: .zero, count: 3 * w)
        var edges: [Edge] = []
        var starts = [Int](repeating: 0, count: h + 1)
        let minimum = minimumStrength
        rows.withUnsafeMutableBufferPointer { r in
            strength.withUnsafeMutableBufferPointer { s in
                directions.withUnsafeMutableBufferPointer { d in
                    func slot(_ y: Int) -> Int { y % 3 }
                    func reducedRow(_ y: Int) -> UnsafeMutableBufferPointer<Float> {
                        UnsafeMutableBufferPointer(rebasing: r[(slot(y) * 3 * w)..<((slot(y) + 1) * 3 * w)])
                    }
                    // Non-maximum suppression of row y (1 ≤ y ≤ h − 2): its strengths and those
                    // of rows y − 1 and y + 1 are in their slots.
                    func suppress(_ y: Int) {
                        starts[y] = edges.count
                        let (above, here, below) = (slot(y - 1) * w, slot(y) * w, slot(y + 1) * w)
                        for x in 1..<(w - 1) {
                            let value = s[here + x]
                            guard value >= minimum else { continue }
                            let u = d[here + x]
                            let dx = Int(u.x.rounded())
                            let dy = Int(u.y.rounded())
                            let ahead = dy == 0 ? here : dy > 0 ? below : above
                            let behind = dy == 0 ? here : dy > 0 ? above : below
                            if value >= s[ahead + x + dx] && value > s[behind + x - dx] {
                                edges.append(Edge(x: Int32(x), y: Int32(y), ux: u.x, uy: u.y))
                            }
                        }
                    }
                    reduced.row(0, into: reducedRow(0))
                    reduced.row(1, into: reducedRow(1))
                    for y in 1..<(h - 1) {
                        reduced.row(y + 1, into: reducedRow(y + 1))
                        let (top, middle, bottom) = (reducedRow(y - 1), reducedRow(y), reducedRow(y + 1))
                        let base = slot(y) * w
                        for x in 1..<(w - 1) {
                            let (value, direction) = RingSearch.gradient(
                                above: UnsafeBufferPointer(top), here: UnsafeBufferPointer(middle),
                                below: UnsafeBufferPointer(bottom), x: x, width: w)
                            s[base + x] = value
                            d[base + x] = direction
                        }
                        if y >= 2 { suppress(y - 1) }
                    }
                    // The last row has no gradient.
                    for x in 0..<w { s[slot(h - 1) * w + x] = 0 }
                    suppress(h - 2)
                }
            }
        }
        starts[h - 1] = edges.count
        starts[h] = edges.count
        self.edges = edges
        rowStarts = starts
    }

    /// The colour gradient's strength (levels a pixel) and unit direction at column x of the
    /// middle of three reduced rows: the largest eigenvalue of the three channels' summed
    /// structure tensor, and its eigenvector.
    @inline(__always)
    private static func gradient(
        above: UnsafeBufferPointer<Float>, here: UnsafeBufferPointer<Float>, below: UnsafeBufferPointer<Float>,
        x: Int, width w: Int
    ) -> (Float, SIMD2<Float>) {
        var gxx: Float = 0
        var gyy: Float = 0
        var gxy: Float = 0
        for c in 0..<3 {
            let i = c * w + x
            let (a, b, cc) = (above[i - 1], above[i], above[i + 1])
            let (d, f) = (here[i - 1], here[i + 1])
            let (g, hh, k) = (below[i - 1], below[i], below[i + 1])
            let gx = (cc + 2 * f + k - a - 2 * d - g) / 8
            let gy = (g + 2 * hh + k - a - 2 * b - cc) / 8
            gxx += gx * gx
            gyy += gy * gy
            gxy += gx * gy
        }
        let half = (gxx - gyy) / 2
        let root = (half * half + gxy * gxy).squareRoot()
        let lambda = (gxx + gyy) / 2 + root
        // The eigenvector of λ: (λ − gyy, gxy), or (gxy, λ − gxx), whichever is longer.
        var v = SIMD2<Float>(lambda - gyy, gxy)
        let other = SIMD2<Float>(gxy, lambda - gxx)
        if (other * other).sum() > (v * v).sum() { v = other }
        let norm = (v * v).sum().squareRoot()
        return (lambda.squareRoot(), norm > 0 ? v / norm : SIMD2<Float>(1, 0))
    }

    /// The votes in rows `rows` (a `rows.count × width` block, row-major): every edge pixel for
    /// each point `radii` away along its gradient, both ways, each vote weighing 1/r, so that a
    /// whole circle of any size gives its centre 2π. Only the edge pixels within reach of the
    /// rows are visited, in the order of `edges`, so each pixel sums its votes in the same order
    /// whatever rows are asked.
    func votes(rows: Range<Int>) -> [Float] {
        let w = reduced.width
        var votes = [Float](repeating: 0, count: w * rows.count)
        let weights = (0...radii.upperBound).map { 1 / Float(max(1, $0)) }
        let (low, high) = (radii.lowerBound, radii.upperBound)
        let (width, height) = (Float(w) - 0.5, Float(reduced.height) - 0.5)
        let first = rowStarts[max(0, rows.lowerBound - high - 1)]
        let last = rowStarts[min(reduced.height, rows.upperBound + high + 1)]
        votes.withUnsafeMutableBufferPointer { v in
            for edge in edges[first..<last] {
                let (x, y) = (Float(edge.x) + 0.5, Float(edge.y) + 0.5)
                for sign: Float in [-1, 1] {
                    let (ux, uy) = (sign * edge.ux, sign * edge.uy)
                    for r in low...high {
                        let px = x + ux * Float(r)
                        let py = y + uy * Float(r)
                        if px < 0 || py < 0 || px > width || py > height { break }
                        let row = Int(py)
                        if rows.contains(row) { v[(row - rows.lowerBound) * w + Int(px)] += weights[r] }
                    }
                }
            }
        }
        return votes
    }

    /// Up to `limit` candidates: of the local maxima of the votes (summed over 5 × 5 pixels, at
    /// least 3: half a circle), the `10 × limit` strongest, taken in turn in the order of their
    /// votes and of the edge pixels on their strongest circle, each with the radii of the edges
    /// around it. The votes are counted in bands of rows (each band's own and 5 more on each
    /// side, about 16 MB at most), never for the whole picture at once.
    /// It is longer than 60 lines because a band's votes, its peaks and the ranking across bands
    /// are one pass over the bands.
    func candidates(limit: Int = 28) -> [Candidate] {
        let (w, h) = (reduced.width, reduced.height)
        // A peak is looked for 3 pixels in from every side: a smaller image has none (1 × 1 px
        // screenshots trapped here).
        guard w > 6, h > 6 else { return [] }
        let window = 3
        let bandHeight = max(64, (1 << 22) / w)
        var peaks: [(x: Int, y: Int, votes: Float)] = []
        for bandStart in stride(from: window, to: h - window, by: bandHeight) {
            let band = bandStart..<min(h - window, bandStart + bandHeight)
            // Sums for the band's rows and 3 on each side; votes for 2 more each side.
            let summedRows = max(0, band.lowerBound - window)..<min(h, band.upperBound + window)
            let voteRows = max(0, summedRows.lowerBound - 2)..<min(h, summedRows.upperBound + 2)
            let votes = self.votes(rows: voteRows)
            var summed = [Float](repeating: 0, count: w * summedRows.count)
            for y in summedRows where y >= 2 && y < h - 2 {
                let v = y - voteRows.lowerBound
                for x in 2..<(w - 2) {
                    var s: Float = 0
                    for dy in -2...2 { for dx in -2...2 { s += votes[(v + dy) * w + x + dx] } }
                    summed[(y - summedRows.lowerBound) * w + x] = s
                }
            }
            for y in band {
                let row = y - summedRows.lowerBound
                for x in window..<(w - window) {
                    let s = summed[row * w + x]
                    guard s >= 3 else { continue }
                    var isPeak = true
                    scan: for dy in -window...window {
                        for dx in -window...window where dx != 0 || dy != 0 {
                            let o = summed[(row + dy) * w + x + dx]
                            if o > s || (o == s && (dy < 0 || (dy == 0 && dx < 0))) {
                                isPeak = false
                                break scan
                            }
                        }
                    }
                    if isPeak { peaks.append((x, y, s)) }
                }
            }
        }
        peaks.sort { $0.votes != $1.votes ? $0.votes > $1.votes : ($0.y, $0.x) < ($1.y, $1.x) }
        // Text lines and rows of edges pile up votes too, spread over every distance; a circle's
        // edges lie at one distance. The peaks with the most votes are ranked again by the edge
        // pixels on their strongest circle.
        let ranked = peaks.prefix(10 * limit).compactMap { candidate(atX: $0.x, y: $0.y, votes: Double($0.votes)) }
        // Votes favour whole circles of any size; edge pixels favour large ones. Taken in turn
        // from both rankings, a small spinner among avatars and tab bar icons is not missed, nor
        // a large one among a JPEG's many small peaks.
        let byEdges = ranked.sorted { $0.edgeCount != $1.edgeCount ? $0.edgeCount > $1.edgeCount : $0.votes > $1.votes }
        var chosen: [Candidate] = []
        for (byVote, byEdge) in zip(ranked, byEdges) {
            for candidate in [byVote, byEdge] where chosen.count < limit {
                if !chosen.contains(where: { $0.centerX == candidate.centerX && $0.centerY == candidate.centerY }) {
                    chosen.append(candidate)
                }
            }
        }
        return chosen.map(refined)
    }
}

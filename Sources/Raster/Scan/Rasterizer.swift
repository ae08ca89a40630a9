import Images

/// The coverage rasterizer: exact-area accumulation of line segments, non-zero winding.
///
/// Method (font-rs's `raster.rs`, after libart and stb_truetype): every line segment adds, to
/// each cell of an accumulation buffer, the signed area it contributes to the cells on its right
/// within that pixel row; a running sum along each row then gives, per pixel, the signed area
/// of the shape inside that pixel, exact for polygons up to Double rounding.
/// Coverage is min(1, |sum|) (0 below `residue`): the non-zero rule, exact wherever the winding
/// number inside a pixel takes only the values 0 and ±1 of one sign; where ±2 meets 0, or +1
/// meets −1, it is an approximation, so the outlines drawn here wind once (see `Path` shapes).
///
/// Limits: curves must be flattened first (`Path.flattened(tolerance:)`); the accuracy of a curved
/// edge is then the flattening tolerance. Segments are clipped to the window: parts left of it
/// become vertical edges on its left side (so winding is kept), parts right of it do not affect
/// it, parts above or below are dropped. Accumulation is in Double (Float coordinates alone
/// would cost about 1e-5 px² per edge pixel); the finished coverage is stored as Float.
/// A window of more than `bandCells` cells is accumulated in bands of rows, in one buffer, each
/// band from the segments that reach it (a row or more above or below it, a segment adds nothing
/// to it): a row gets the same additions in the same order either way (the same values, bit for
/// bit), and the Double buffer stays at most `bandCells` cells (64 KiB, cached, under glibc's
/// threshold for a fresh mapping) beside the Float mask.
package enum Rasterizer {
    /// The most cells accumulated at once: 8 Ki (64 KiB of Double). 64 Ki cells cost the indicator
    /// at @3x 74 more page faults a run, the overlay's still 156 (`perf stat`, when it was chosen).
    static let bandCells = 1 << 13

    /// Sums below this are rounding left after a shape (about 1e-16), not area: 0, blending nothing.
    static let residue = 1e-12

    /// The coverage of the polygons (closed implicitly) over `window` (pixels), accumulated at most
    /// `bandCells` cells at a time; with `rows` (image rows), only those rows of the window: the
    /// same values as those rows of the whole window's mask, bit for bit.
    package static func coverage(
        of polygons: [Polygon], in window: PixelRect, rows: Range<Int>? = nil, bandCells: Int = Rasterizer.bandCells
    ) -> CoverageMask {
        let part =
            rows.map {
                window.intersection(PixelRect(x0: window.x0, y0: $0.lowerBound, x1: window.x1, y1: $0.upperBound))
            }
            ?? window
        let width = window.width
        let empty = PixelRect(x0: window.x0, y0: window.y0, x1: window.x0, y1: window.y0)
        guard width > 0, !part.isEmpty else { return CoverageMask(window: empty, values: []) }
        let (ox, oy) = (Double(window.x0), Double(window.y0))
        let (first, last) = (part.y0 - window.y0, part.y1 - window.y0)
        let bandRows = max(1, bandCells / (width + 2))
        let repeats = repeatedRows(of: polygons, oy: oy, height: window.height, rows: first..<last)
        // A row that repeats the row above shares its values (`CoverageMask.rowStart`); every
        // other row is written, each band's rows in turn.
        var starts = [Int]()
        starts.reserveCapacity(part.height)
        var stored = 0
        for row in first..<last {
            if row > first && repeats[row - first] {
                starts.append(starts[starts.count - 1])
            } else {
                starts.append(stored * width)
                stored += 1
            }
        }
        let storage = [Float](unsafeUninitializedCapacity: width * stored) { values, count in
            var accumulator = Accumulator(
                width: width, height: window.height, rows: first..<min(last, first + bandRows))
            var used = false
            for start in stride(from: first, to: last, by: bandRows) {
                let band = start..<min(last, start + bandRows)
                if band.allSatisfy({ repeats[$0 - first] }) { continue }
                if used { accumulator.reset(rows: band) }
                used = true
                let (above, below) = (Double(band.lowerBound - 1), Double(band.upperBound + 1))
                for polygon in polygons where polygon.count >= 2 {
                    var previous = polygon[polygon.count - 1]
                    for point in polygon {
                        let (y0, y1) = (previous.y - oy, point.y - oy)
                        if !((y0 <= above && y1 <= above) || (y0 >= below && y1 >= below)) {
                            accumulator.addClippedLine(x0: previous.x - ox, y0: y0, x1: point.x - ox, y1: y1)
                        }
                        previous = point
                    }
                }
                accumulator.coverage(into: values) { row in repeats[row - first] ? nil : starts[row - first] }
            }
            count = values.count
        }
        return stored == part.height
            ? CoverageMask(window: part, values: storage) : CoverageMask(window: part, storage: storage, starts: starts)
    }

    /// For each window row of `rows` (window coordinates: 0 is the top of a window `height` rows
    /// tall, whose top is `oy` in the polygons' coordinates), whether its coverage is the row
    /// above's, bit for bit, without accumulating it: every segment adds exactly the same to both
    /// rows, because it is vertical and crosses both whole or neither, or is horizontal (it adds
    /// nothing). Their cells, running sums and values are then the same. Any other row, and the
    /// first, is made. A rounded rectangle's rows between its corners repeat.
    static func repeatedRows(of polygons: [Polygon], oy: Double, height: Int, rows: Range<Int>) -> [Bool] {
        var made = [Bool](repeating: false, count: rows.count)
        // Rows low…high (clamped to `rows`) are made.
        func mark(_ low: Double, _ high: Double) {
            let limit = Double(height) + 2
            let a = max(rows.lowerBound, Int(max(-2, min(limit, low))))
            let b = min(rows.upperBound - 1, Int(max(-2, min(limit, high))))
            if a <= b { for row in a...b { made[row - rows.lowerBound] = true } }
        }
        for polygon in polygons where polygon.count >= 2 {
            var previous = polygon[polygon.count - 1]
            for point in polygon {
                let (top, bottom) = (min(previous.y, point.y) - oy, max(previous.y, point.y) - oy)
                if !(top < bottom) {
                    // Horizontal: adds nothing (and a segment with NaN is made everywhere).
                    if top.isNaN || bottom.isNaN { mark(-2, Double(height) + 2) }
                } else if previous.x == point.x {
                    // Vertical: only the rows where it begins or ends differ from the row above.
                    mark(top.rounded(.down), top.rounded(.up))
                    mark(bottom.rounded(.down), bottom.rounded(.up))
                } else {
                    // Slanted: every row it reaches, and the row below it.
                    mark(top.rounded(.down), bottom.rounded(.down) + 1)
                }
                previous = point
            }
        }
        if !made.isEmpty { made[0] = true }
        return made.map { !$0 }
    }

    /// The coverage of `path`, flattened at `tolerance` px, over `window`.
    package static func coverage(of path: Path, in window: PixelRect, tolerance: Double = Path.defaultTolerance)
        -> CoverageMask
    {
        coverage(of: path.flattened(tolerance: tolerance), in: window)
    }
}

/// The accumulation buffer: one row of `width + 2` cells per pixel row of `rows` (the two extra
/// cells take the spill of edges on or right of the last column and are never read). Segments
/// are clipped to the whole window, 0…height; only the rows of `rows` are kept.
struct Accumulator {
    let width: Int
    let height: Int
    let stride: Int
    /// The rows kept: all of them, or a band.
    private(set) var rows: Range<Int>
    var cells: [Double]

    init(width: Int, height: Int, rows: Range<Int>? = nil) {
        self.width = width
        self.height = height
        self.rows = rows ?? 0..<height
        stride = width + 2
        cells = [Double](repeating: 0, count: stride * self.rows.count)
    }

    /// Empty again, for `rows` (no more rows than at first): a window's bands reuse one buffer.
    mutating func reset(rows: Range<Int>) {
        precondition(stride * rows.count <= cells.count, "a band no larger than the first")
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        self.rows = rows
    }

    /// Adds a segment in window coordinates after clipping it to 0…height in y and splitting it
    /// where it crosses x = 0 and x = width.
    mutating func addClippedLine(x0: Double, y0: Double, x1: Double, y1: Double) {
        if y0 == y1 { return }
        let (h, w) = (Double(height), Double(width))
        // Clip to 0 ≤ y ≤ height.
        var ax = x0
        var ay = y0
        var bx = x1
        var by = y1
        if (ay <= 0 && by <= 0) || (ay >= h && by >= h) { return }
        let dxdy = (bx - ax) / (by - ay)
        // Moves an end outside 0…h along the line onto the nearer limit.
        func clip(_ x: inout Double, _ y: inout Double) {
            if y < 0 {
                x += (0 - y) * dxdy
                y = 0
            } else if y > h {
                x += (h - y) * dxdy
                y = h
            }
        }
        clip(&ax, &ay)
        clip(&bx, &by)
        if ax >= 0, ax <= w, bx >= 0, bx <= w { // the common case: inside
            addLine(x0: ax, y0: ay, x1: bx, y1: by)
            return
        }
        // Split at x = 0 and x = width, in order along the segment.
        var cuts: [(Double, Double)] = [(ax, ay)]
        var crossings: [Double] = []
        for edge in [0.0, w] where (ax < edge && bx > edge) || (ax > edge && bx < edge) {
            crossings.append((edge - ax) / (bx - ax))
        }
        for t in crossings.sorted() {
            cuts.append((ax + (bx - ax) * t, ay + (by - ay) * t))
        }
        cuts.append((bx, by))
        for i in 0..<(cuts.count - 1) {
            let (px, py) = cuts[i]
            let (qx, qy) = cuts[i + 1]
            let mid = (px + qx) / 2
            if mid >= w { continue } // right of the window: no effect on it
            if mid <= 0 { // left of it: a vertical edge at x = 0
                addLine(x0: 0, y0: py, x1: 0, y1: qy)
            } else {
                addLine(x0: max(0, min(w, px)), y0: py, x1: max(0, min(w, qx)), y1: qy)
            }
        }
    }

    /// font-rs's `draw_line`: a segment inside the window (0 ≤ x ≤ width, 0 ≤ y ≤ height).
    mutating func addLine(x0 px0: Double, y0 py0: Double, x1 px1: Double, y1 py1: Double) {
        if py0 == py1 { return }
        let direction: Double
        let (sx, sy, ex, ey): (Double, Double, Double, Double)
        if py0 < py1 {
            direction = 1
            (sx, sy, ex, ey) = (px0, py0, px1, py1)
        } else {
            direction = -1
            (sx, sy, ex, ey) = (px1, py1, px0, py0)
        }
        let dxdy = (ex - sx) / (ey - sy)
        let rowStart = max(rows.lowerBound, Int(sy))
        let rowEnd = min(rows.upperBound, Int(ey.rounded(.up)))
        let (stride, limit, firstRow) = (self.stride, Double(width), rows.lowerBound)
        // Where the segment enters row `rowStart`: as the row above it leaves it, when it starts above.
        var x = rowStart <= Int(sy) ? sx : max(0, min(limit, sx + dxdy * (Double(rowStart) - sy)))
        cells.withUnsafeMutableBufferPointer { cells in
            for row in rowStart..<max(rowStart, rowEnd) {
                let line = (row - firstRow) * stride
                let rowBottom = min(Double(row + 1), ey)
                let dy = rowBottom - max(Double(row), sy)
                // From the start point, not by steps, so x cannot drift outside 0…width.
                let xNext = rowBottom == ey ? ex : max(0, min(limit, sx + dxdy * (rowBottom - sy)))
                let d = dy * direction
                let (left, right) = x < xNext ? (x, xNext) : (xNext, x)
                let leftFloor = left.rounded(.down)
                let leftIndex = Int(leftFloor)
                let rightCeil = right.rounded(.up)
                let rightIndex = Int(rightCeil)
                if rightIndex <= leftIndex + 1 {
                    let xmf = 0.5 * (x + xNext) - leftFloor
                    cells[line + leftIndex] += d - d * xmf
                    cells[line + leftIndex + 1] += d * xmf
                } else {
                    let s = 1 / (right - left)
                    let leftFraction = left - leftFloor
                    let a0 = 0.5 * s * (1 - leftFraction) * (1 - leftFraction)
                    let rightFraction = right - rightCeil + 1
                    let am = 0.5 * s * rightFraction * rightFraction
                    cells[line + leftIndex] += d * a0
                    if rightIndex == leftIndex + 2 {
                        cells[line + leftIndex + 1] += d * (1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - leftFraction)
                        cells[line + leftIndex + 1] += d * (a1 - a0)
                        var column = leftIndex + 2
                        while column < rightIndex - 1 {
                            cells[line + column] += d * s
                            column += 1
                        }
                        let a2 = a1 + Double(rightIndex - leftIndex - 3) * s
                        cells[line + rightIndex - 1] += d * (1 - a2 - am)
                    }
                    cells[line + rightIndex] += d * am
                }
                x = xNext
            }
        }
    }

    /// The running sum along each row, as non-zero coverage.
    func coverage() -> [Float] {
        var out = [Float](repeating: 0, count: width * rows.count)
        out.withUnsafeMutableBufferPointer { out in coverage(into: out) { ($0 - rows.lowerBound) * width } }
        return out
    }

    /// The running sum along each row of `rows`, as non-zero coverage, into `out` (`width` values
    /// a row): window row r's values from `target(r)` on, or nowhere when it is nil (a row that
    /// shares the row above's values).
    func coverage(into out: UnsafeMutableBufferPointer<Float>, target: (Int) -> Int?) {
        let width = self.width
        let stride = self.stride
        cells.withUnsafeBufferPointer { cells in
            for row in 0..<rows.count {
                var sum: Double = 0
                let source = row * stride
                guard let target = target(rows.lowerBound + row) else { continue }
                for column in 0..<width {
                    sum += cells[source + column]
                    out[target + column] = abs(sum) < Rasterizer.residue ? 0 : Float(min(1, abs(sum)))
                }
            }
        }
    }
}

/// The exact union in one pixel row (see `Rasterizer.unionCoverage`).
extension UnionRows {
    /// The exact coverage of the pixels of `row` where the plain accumulation is not exact
    /// (column, coverage), or nil when there are none.
    /// The work `exactRow` takes in row `row`, counted before it starts: the cube of each
    /// cluster's size (a pass over its pieces for each of up to as many strips as pairs).
    func work(ofRow row: Int) -> Double {
        let list = pieces[row].sorted { $0.minX < $1.minX }
        var work = 0.0
        var first = 0
        while first < list.count {
            var end = first + 1
            var maxX = list[first].maxX
            while end < list.count, list[end].minX <= maxX + 1e-9 {
                maxX = max(maxX, list[end].maxX)
                end += 1
            }
            let size = Double(end - first)
            work += size * size * size
            first = end
        }
        return work
    }

    func exactRow(_ row: Int) -> [(Int, Float)]? {
        let list = pieces[row].sorted { $0.minX < $1.minX }
        var flags = ColumnFlags(width: width)
        var boundary: [UnionPiece] = []
        var winding = 0
        var plain = 0
        var gapStart = 0.0
        var first = 0
        while first < list.count {
            var end = first + 1
            var maxX = list[first].maxX
            // Pieces that touch (to within rounding) are one cluster: a contour goes on there.
            while end < list.count, list[end].minX <= maxX + 1e-9 {
                maxX = max(maxX, list[end].maxX)
                end += 1
            }
            flags.mark(from: gapStart, to: list[first].minX, winding: winding, plain: plain)
            let net = strips(
                of: list[first..<end], row: Double(row), winding: winding, plain: plain, flags: &flags,
                boundary: &boundary)
            winding += net.winding
            plain += net.plain
            gapStart = maxX
            first = end
        }
        flags.mark(from: gapStart, to: Double(width), winding: winding, plain: plain)
        let columns = flags.inexactColumns
        if columns.isEmpty { return nil }
        var accumulator = Accumulator(width: width, height: 1)
        let top = Double(row)
        for piece in boundary {
            accumulator.addLine(x0: piece.x0, y0: piece.y0 - top, x1: piece.x1, y1: piece.y1 - top)
        }
        let values = accumulator.coverage()
        return columns.map { ($0, values[$0]) }
    }

    /// Walks the strips of one cluster: marks the columns each winding reaches, appends the
    /// union's boundary pieces (directed: down where the union starts, up where it ends), and
    /// returns the change of winding across the cluster.
    func strips(
        of cluster: ArraySlice<UnionPiece>, row: Double, winding base: Int, plain basePlain: Int,
        flags: inout ColumnFlags, boundary: inout [UnionPiece]
    ) -> (winding: Int, plain: Int) {
        // Scratch arrays reserved once per cluster: this runs for every row of a label.
        var cuts: [Double] = []
        cuts.reserveCapacity(2 * cluster.count + 8)
        var left = Double.infinity
        var right = -Double.infinity
        for piece in cluster {
            cuts.append(piece.y0)
            cuts.append(piece.y1)
            left = min(left, piece.minX)
            right = max(right, piece.maxX)
        }
        for i in cluster.indices {
            for j in (i + 1)..<cluster.endIndex {
                if cluster[j].minX > cluster[i].maxX { break }
                if let y = UnionRows.crossing(cluster[i], cluster[j]) { cuts.append(y) }
            }
        }
        cuts.sort()
        var net: (winding: Int, plain: Int)? = nil
        var previous = cuts[0]
        var active: [(piece: UnionPiece, xa: Double, xb: Double, xm: Double)] = []
        active.reserveCapacity(cluster.count)
        for cut in cuts.dropFirst() where cut > previous {
            let (ya, yb) = (previous, cut)
            previous = cut
            let middle = (ya + yb) / 2
            active.removeAll(keepingCapacity: true)
            for piece in cluster where piece.y0 <= ya && piece.y1 >= yb {
                // Interpolated x, kept inside the piece's own x-range against rounding.
                func x(_ y: Double) -> Double { min(piece.maxX, max(piece.minX, piece.x(at: y))) }
                active.append((piece: piece, xa: x(ya), xb: x(yb), xm: x(middle)))
            }
            active.sort { $0.xm < $1.xm }
            var winding = base
            var plain = basePlain
            var spanStart = left
            for entry in active {
                flags.mark(from: spanStart, to: max(entry.xa, entry.xb), winding: winding, plain: plain)
                let next = winding + entry.piece.winding
                if (winding != 0) != (next != 0) {
                    let entering = winding == 0
                    boundary.append(
                        UnionPiece(
                            x0: entering ? entry.xa : entry.xb, y0: entering ? ya : yb,
                            x1: entering ? entry.xb : entry.xa, y1: entering ? yb : ya, winding: 1, sign: 1))
                }
                winding = next
                plain += entry.piece.sign
                spanStart = min(entry.xa, entry.xb)
            }
            flags.mark(from: spanStart, to: right, winding: winding, plain: plain)
            if net == nil, !active.isEmpty { net = (winding - base, plain - basePlain) }
        }
        return net ?? (0, 0)
    }

    /// Where two pieces cross strictly inside both their y-ranges, or nil.
    static func crossing(_ a: UnionPiece, _ b: UnionPiece) -> Double? {
        let low = max(a.y0, b.y0)
        let high = min(a.y1, b.y1)
        guard low < high else { return nil }
        let slopeA = (a.x1 - a.x0) / (a.y1 - a.y0)
        let slopeB = (b.x1 - b.x0) / (b.y1 - b.y0)
        guard slopeA != slopeB else { return nil }
        let y = (b.x0 - a.x0 + slopeA * a.y0 - slopeB * b.y0) / (slopeA - slopeB)
        return y > low && y < high ? y : nil
    }
}

/// Per pixel column of a row: whether the plain accumulation may be wrong there.
struct ColumnFlags {
    private var state: [UInt8]
    private static let positive: UInt8 = 1
    private static let negative: UInt8 = 2
    private static let inexact: UInt8 = 4

    init(width: Int) {
        state = [UInt8](repeating: 0, count: width)
    }

    /// Records that the columns from x `low` to `high` (pixels) hold a region of summed winding
    /// `winding` and plain winding `plain`. The accumulation is exact for (0, 0) and for (1, ±1)
    /// when every such region of the pixel has the same sign.
    mutating func mark(from low: Double, to high: Double, winding: Int, plain: Int) {
        let flag: UInt8
        switch (winding, plain) {
        case (0, 0): return
        case (1, 1): flag = ColumnFlags.positive
        case (1, -1): flag = ColumnFlags.negative
        default: flag = ColumnFlags.inexact
        }
        let first = max(0, Int(min(low, high).rounded(.down)))
        let last = min(state.count - 1, max(first, Int(max(low, high).rounded(.up)) - 1))
        guard first <= last else { return }
        for column in first...last { state[column] |= flag }
    }

    /// The columns where the plain accumulation is not exact.
    var inexactColumns: [Int] {
        state.indices.filter {
            state[$0] & ColumnFlags.inexact != 0
                || state[$0] & (ColumnFlags.positive | ColumnFlags.negative)
                    == ColumnFlags.positive | ColumnFlags.negative
        }
    }
}

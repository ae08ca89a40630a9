import Images

/// Exact coverage of a union of shapes that overlap, such as the glyphs of a label.
///
/// `Rasterizer.coverage` gives min(1, |winding area|) per pixel: exact where the winding number
/// inside a pixel takes only the values 0 and +1 (or 0 and −1), too high where two outlines
/// overlap (winding 2 next to 1 or 0, as where joined Arabic letters or a Devanagari headline
/// meet). Here each shape is first oriented so that its outline encloses positive winding, and a
/// pixel's coverage is the exact area, inside the pixel, of the points whose summed winding is not
/// zero: the union of the shapes under the non-zero rule.
///
/// Method (trapezoids per pixel row, after Bentley–Ottmann and cairo's tessellator): the edges
/// are cut into pieces per pixel row; pieces whose x-ranges overlap form a cluster. Inside a
/// cluster the row is cut at every piece's end and every crossing of two pieces into strips in
/// which no pieces cross, so they are ordered by x; walking them left to right gives the winding
/// number between each pair, and the pieces where "winding ≠ 0" switches are the boundary of the
/// union in that strip (horizontal edges bound no strip, but they join the pieces they touch into
/// one cluster, so that between clusters the winding is the same over the row's height). Those
/// boundary pieces wind once, so the exact-area accumulation
/// (`Rasterizer`) of them is the union's exact area per pixel.
///
/// Where no two outlines overlap, the plain accumulation is already exact, and its values are
/// kept unchanged (bit for bit); the boundary is used only in pixels where the winding reaches
/// ±2 or where shapes of opposite orientation meet. Rows where that cannot happen are not
/// searched at all (`SimpleShapes`): in a label of separate glyphs, none. Cost: the plain
/// accumulation, a sweep over each shape's edges, and for each row searched a sort of its pieces
/// and, per cluster, a pass over its pieces per strip: up to the cube of a cluster's size, when
/// every piece crosses every other. Real labels make clusters of a few pieces; a font whose glyph
/// stacks hundreds of overlapping contours makes clusters of hundreds, so the work is counted
/// before it starts and refused over `maxUnionWork` (`UnionError.tooIntricate`).
extension Rasterizer {
    /// The coverage of the union of `shapes` (each a set of closed polygons filled by the
    /// non-zero rule, its orientation taken from its signed area) over `window`.
    /// Only the rows `SimpleShapes.rowsToSearch` names are searched (`searchingEveryRow`: all,
    /// for tests: the same values).
    static func unionCoverage(
        of shapes: [[Polygon]], in window: PixelRect, searchingEveryRow: Bool = false
    ) throws(UnionError) -> CoverageMask {
        var mask = coverage(of: shapes.flatMap { $0 }, in: window)
        guard window.width > 0, window.height > 0 else { return mask }
        let search =
            searchingEveryRow
            ? [Bool](repeating: true, count: window.height) : SimpleShapes.rowsToSearch(shapes, in: window)
        guard search.contains(true) else { return mask }
        let rows = UnionRows(shapes: shapes, window: window, rows: search)
        let work = (0..<window.height).reduce(0.0) { $0 + (search[$1] ? rows.work(ofRow: $1) : 0) }
        if work > maxUnionWork { throw .tooIntricate(work: work, limit: maxUnionWork) }
        let width = window.width
        mask.withEveryRow { values in
            for row in 0..<window.height where search[row] && !rows.pieces[row].isEmpty {
                guard let exact = rows.exactRow(row) else { continue }
                for (column, value) in exact { values[row * width + column] = value }
            }
        }
        return mask
    }
}

extension Rasterizer {
    /// The most work the exact union may take: 2 × 10⁸ piece visits (the sum over the rows
    /// searched of the cube of each cluster's size), about a second here. A label of real glyphs
    /// takes thousands.
    static let maxUnionWork = 2e8
}

/// Why the exact union of a label's outlines is not made.
public enum UnionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The outlines overlap in more places than the exact union can visit in bounded time (a
    /// glyph that stacks hundreds of contours): `work` piece visits, at most `limit`.
    case tooIntricate(work: Double, limit: Double)

    public var description: String {
        switch self {
        case .tooIntricate(let work, let limit):
            return "the label's outlines overlap too much to be drawn exactly (\(Int(work)) steps of work, at most "
                + "\(Int(limit)); a glyph of the font stacks hundreds of overlapping contours)"
        }
    }
}

/// One edge piece inside a pixel row, window coordinates: from (x0, y0) to (x1, y1) with y0 < y1,
/// `winding` +1 or −1 for the summed (oriented) winding and `sign` ±1 for the plain one.
struct UnionPiece {
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double
    let winding: Int
    let sign: Int

    var minX: Double { min(x0, x1) }
    var maxX: Double { max(x0, x1) }

    func x(at y: Double) -> Double {
        y1 == y0 ? x0 : x0 + (x1 - x0) * (y - y0) / (y1 - y0)
    }
}

/// The shapes' edges cut into pixel rows (y clipped to the window; x left of it moved onto its
/// left side, as `Accumulator` does, right of it dropped).
struct UnionRows {
    let width: Int
    var pieces: [[UnionPiece]]

    /// `rows`: the window rows whose pieces are kept (default: all).
    init(shapes: [[Polygon]], window: PixelRect, rows: [Bool]? = nil) {
        width = window.width
        pieces = Array(repeating: [], count: window.height)
        let ox = Double(window.x0)
        let oy = Double(window.y0)
        let w = Double(window.width)
        let h = Double(window.height)
        for shape in shapes {
            // A shape that turns clockwise on screen (positive signed area) winds −1 inside.
            let orientation = UnionRows.signedArea(shape) > 0 ? -1 : 1
            for polygon in shape where polygon.count >= 2 {
                var previous = polygon[polygon.count - 1]
                for point in polygon {
                    var a = (x: previous.x - ox, y: previous.y - oy)
                    var b = (x: point.x - ox, y: point.y - oy)
                    previous = point
                    guard a.y != b.y else {
                        // A horizontal edge bounds no area, but it joins the pieces it touches
                        // into one cluster: the winding changes across it.
                        if a.y >= 0, a.y < h, max(a.x, b.x) > 0, min(a.x, b.x) < w {
                            pieces[Int(a.y.rounded(.down))].append(
                                UnionPiece(
                                    x0: max(0, min(a.x, b.x)), y0: a.y, x1: min(w, max(a.x, b.x)), y1: a.y,
                                    winding: 0, sign: 0))
                        }
                        continue
                    }
                    // The accumulator's direction: +1 for an edge going down.
                    let sign = a.y < b.y ? 1 : -1
                    if a.y > b.y { swap(&a, &b) }
                    let top = max(0, a.y)
                    let bottom = min(h, b.y)
                    guard top < bottom else { continue }
                    let dxdy = (b.x - a.x) / (b.y - a.y)
                    var row = Int(top.rounded(.down))
                    var y = top
                    while y < bottom, row < pieces.count {
                        let next = min(bottom, Double(row + 1))
                        if let rows, !rows[row] {
                            (y, row) = (next, row + 1)
                            continue
                        }
                        let xa = y == a.y ? a.x : a.x + dxdy * (y - a.y)
                        let xb = next == b.y ? b.x : a.x + dxdy * (next - a.y)
                        appendClipped(
                            UnionPiece(x0: xa, y0: y, x1: xb, y1: next, winding: sign * orientation, sign: sign),
                            row: row, width: w)
                        y = next
                        row += 1
                    }
                }
            }
        }
    }

    /// Appends `piece` cut where it crosses x = 0 and x = width: parts left of the window become
    /// vertical pieces on its left side (they keep their winding), parts right of it are dropped.
    private mutating func appendClipped(_ piece: UnionPiece, row: Int, width w: Double) {
        if piece.minX >= 0, piece.maxX <= w {
            pieces[row].append(piece)
            return
        }
        var cuts = [piece.y0, piece.y1]
        for edge in [0.0, w] where (piece.x0 - edge) * (piece.x1 - edge) < 0 {
            cuts.append(piece.y0 + (edge - piece.x0) / (piece.x1 - piece.x0) * (piece.y1 - piece.y0))
        }
        cuts.sort()
        // The x of each cut: the piece's own ends, or exactly the edge it crosses there, so the
        // pieces on either side of a cut meet.
        func x(at y: Double) -> Double {
            if y == piece.y0 { return piece.x0 }
            if y == piece.y1 { return piece.x1 }
            let x = piece.x(at: y)
            return abs(x) < abs(x - w) ? 0 : w
        }
        for i in 0..<(cuts.count - 1) where cuts[i] < cuts[i + 1] {
            let xa = x(at: cuts[i])
            let xb = x(at: cuts[i + 1])
            let middle = (xa + xb) / 2
            if middle >= w { continue }
            let x0 = middle <= 0 ? 0 : min(w, max(0, xa))
            let x1 = middle <= 0 ? 0 : min(w, max(0, xb))
            pieces[row].append(
                UnionPiece(x0: x0, y0: cuts[i], x1: x1, y1: cuts[i + 1], winding: piece.winding, sign: piece.sign))
        }
    }

    /// Twice the signed area of the polygons (y down: positive for clockwise on screen).
    static func signedArea(_ polygons: [Polygon]) -> Double {
        var sum = 0.0
        for polygon in polygons where polygon.count >= 3 {
            var previous = polygon[polygon.count - 1]
            for point in polygon {
                sum += (previous.x - point.x) * (previous.y + point.y)
                previous = point
            }
        }
        return sum
    }
}

import Images

/// Which rows of a union of shapes the exact search of `Rasterizer.unionCoverage` must visit.
///
/// The plain accumulation is already the exact union in a pixel row when every shape that reaches
/// the row is simple (its summed winding is 0 or one value, +1 or −1, everywhere) and no two of
/// them reach a common pixel column in it: each pixel then holds the edges of one simple shape
/// alone. A shape is simple when no two of its edges come within `clearance` of each other (but
/// for neighbours, at their shared vertex), so none cross, and the windings its nested polygons
/// add up to are 0 and one sign's 1. The glyphs of most labels are such shapes, apart; the rows
/// where outlines overlap (joined scripts, accents over a neighbour, overlapping contours of a
/// variable font) are searched as before.
enum SimpleShapes {
    /// How close two edges of a simple shape may come: 1e-6 px, far above Double rounding at
    /// these sizes, so a shape judged simple has no crossing that rounding hides.
    static let clearance = 1e-6

    /// For each row of `window`, whether the exact search must visit it.
    static func rowsToSearch(_ shapes: [[Polygon]], in window: PixelRect) -> [Bool] {
        var search = [Bool](repeating: false, count: window.height)
        func mark(_ rows: Range<Int>) {
            let low = max(0, rows.lowerBound - window.y0)
            let high = min(window.height, rows.upperBound - window.y0)
            if low < high { for row in low..<high { search[row] = true } }
        }
        // A shape's pixel columns and rows (those its edges reach, and the row of an edge along
        // its bottom), and its extent in x.
        var boxes: [PixelRect] = []
        var spans: [ClosedRange<Double>] = []
        let simple = simpleShapes(shapes)
        for (index, shape) in shapes.enumerated() {
            let points = shape.filter { $0.count >= 2 }.joined()
            guard let first = points.first else { continue }
            var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
            for point in points {
                (minX, maxX) = (min(minX, point.x), max(maxX, point.x))
                (minY, maxY) = (min(minY, point.y), max(maxY, point.y))
            }
            // Outside the window's columns, edges are moved onto its side: every row is searched.
            guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite,
                minX >= Double(window.x0), maxX <= Double(window.x1)
            else { return [Bool](repeating: true, count: window.height) }
            // Rows beyond the window's are cut to one past it (they are not searched).
            let (top, bottom) = (max(minY, Double(window.y0 - 1)), min(maxY, Double(window.y1 + 1)))
            let box = PixelRect(
                x0: Int(minX.rounded(.down)), y0: Int(top.rounded(.down)),
                x1: Int(maxX.rounded(.up)), y1: Int(bottom.rounded(.down)) + 1)
            boxes.append(box)
            spans.append(minX...maxX)
            if box.y0 < box.y1, !simple[index] { mark(box.y0..<box.y1) }
        }
        // Two shapes in common rows are apart when no column holds both and a gap of at least
        // `clearance` parts them (their edges never meet in one cluster of a row).
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let (a, b) = (boxes[i], boxes[j])
                let rows = max(a.y0, b.y0)..<max(max(a.y0, b.y0), min(a.y1, b.y1))
                let gap = max(spans[j].lowerBound - spans[i].upperBound, spans[i].lowerBound - spans[j].upperBound)
                if !rows.isEmpty && (max(a.x0, b.x0) < min(a.x1, b.x1) || gap < clearance) { mark(rows) }
            }
        }
        return search
    }

    /// `isSimple` of each shape (each is judged alone).
    static func simpleShapes(_ shapes: [[Polygon]]) -> [Bool] {
        shapes.map(isSimple)
    }

    /// Whether `shape` alone winds 0 or one sign's 1 everywhere, its edges apart by `clearance`.
    static func isSimple(_ shape: [Polygon]) -> Bool {
        guard shape.allSatisfy({ $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else { return false }
        // Repeated points make edges of no length, which add nothing: left out.
        let polygons = shape.filter { $0.count >= 2 }.map(withoutEmptyEdges)
        var turns: [Int] = []
        for polygon in polygons {
            let area = UnionRows.signedArea([polygon])
            guard polygon.count >= 3, abs(area) > clearance else { return false }
            turns.append(area > 0 ? 1 : -1)
        }
        guard !edgesMeet(polygons) else { return false }
        // The polygons do not cross: the winding just inside one is the sum of the turns of
        // those that contain it, its own included; every region of the shape is inside one.
        var sign = 0
        for (i, polygon) in polygons.enumerated() {
            var winding = turns[i]
            for (j, other) in polygons.enumerated() where j != i && contains(other, polygon[0]) {
                winding += turns[j]
            }
            if winding == 0 { continue }
            guard abs(winding) == 1, sign == 0 || winding == sign else { return false }
            sign = winding
        }
        return true
    }

    /// `polygon` without points equal to the one before (the last compared with the first) and
    /// without horizontal spikes (a, v, a with v level with a): edges of no length and pairs
    /// that go out and back along a level line enclose nothing and wind nothing.
    static func withoutEmptyEdges(_ polygon: Polygon) -> Polygon {
        var kept: Polygon = []
        kept.reserveCapacity(polygon.count)
        func isSpike(_ a: Point, _ v: Point, _ b: Point) -> Bool { a == b && a.y == v.y }
        for point in polygon {
            if kept.last == point { continue }
            if kept.count >= 2, isSpike(kept[kept.count - 2], kept[kept.count - 1], point) {
                kept.removeLast()
                continue
            }
            kept.append(point)
        }
        while kept.count >= 3 {
            let n = kept.count
            if kept[n - 1] == kept[0] || isSpike(kept[n - 2], kept[n - 1], kept[0]) {
                kept.removeLast()
            } else if isSpike(kept[n - 1], kept[0], kept[1]) {
                kept.removeFirst()
            } else {
                break
            }
        }
        return kept
    }

    /// One edge of a shape: from `a` to `b`, edge `index` of polygon `polygon` (of `count`),
    /// between `top` and `bottom` in y.
    struct Edge {
        let a: Point
        let b: Point
        let polygon: Int
        let index: Int
        let count: Int
        let top: Double
        let bottom: Double
    }

    /// Whether two edges of `polygons` come within `clearance` of each other (neighbours: where
    /// one folds back onto the other), found by sweeping down the bands of rows the edges begin in.
    static func edgesMeet(_ polygons: [Polygon]) -> Bool {
        var edges: [Edge] = []
        edges.reserveCapacity(polygons.reduce(0) { $0 + $1.count })
        // The highest and the lowest top.
        var (highest, lowest) = (Double.infinity, -Double.infinity)
        for (p, polygon) in polygons.enumerated() {
            for i in polygon.indices {
                let (a, b) = (polygon[i], polygon[i + 1 == polygon.count ? 0 : i + 1])
                let top = min(a.y, b.y)
                (highest, lowest) = (min(highest, top), max(lowest, top))
                edges.append(
                    Edge(a: a, b: b, polygon: p, index: i, count: polygon.count, top: top, bottom: max(a.y, b.y)))
            }
        }
        guard !edges.isEmpty else { return false }
        guard (lowest - highest).isFinite else { return true }
        // The edges by the band their top is in (a counting sort): bands a pixel tall, or taller
        // where there would be more bands than edges.
        let height = max(1, (lowest - highest) / Double(edges.count))
        let bands = edges.map { min(edges.count, Int((($0.top - highest) / height).rounded(.down))) }
        var starts = [Int](repeating: 0, count: edges.count + 2)
        for band in bands { starts[band + 1] += 1 }
        for row in 1..<starts.count { starts[row] += starts[row - 1] }
        var order = [Int](repeating: 0, count: edges.count)
        var next = starts
        for (n, band) in bands.enumerated() {
            order[next[band]] = n
            next[band] += 1
        }
        let margin = 1e-12 * (abs(highest) + abs(lowest))
        var active: [Int] = []
        for row in 0..<(starts.count - 1) where starts[row] < starts[row + 1] {
            // Edges that end above the band leave (with a margin far above the rounding of a
            // band's first y); each edge that begins in it is compared with those left and with
            // the band's earlier ones.
            let above = highest + Double(row) * height - clearance - margin
            active.removeAll { edges[$0].bottom < above }
            for n in order[starts[row]..<starts[row + 1]] {
                for m in active where meet(edges[m], edges[n]) { return true }
                active.append(n)
            }
        }
        return false
    }

    static func meet(_ e: Edge, _ f: Edge) -> Bool {
        let c = clearance
        guard e.top - c <= f.bottom, f.top - c <= e.bottom,
            min(e.a.x, e.b.x) - c <= max(f.a.x, f.b.x), min(f.a.x, f.b.x) - c <= max(e.a.x, e.b.x)
        else { return false }
        if e.polygon == f.polygon {
            if (e.index + 1) % e.count == f.index { return near(f.b, e) || near(e.a, f) }
            if (f.index + 1) % f.count == e.index { return near(e.b, f) || near(f.a, e) }
        }
        let (o1, o2) = (cross(e.a, e.b, f.a), cross(e.a, e.b, f.b))
        let (o3, o4) = (cross(f.a, f.b, e.a), cross(f.a, f.b, e.b))
        if o1 * o2 < 0 && o3 * o4 < 0 { return true }
        return near(e.a, f) || near(e.b, f) || near(f.a, e) || near(f.b, e)
    }

    /// (b − a) × (p − a).
    static func cross(_ a: Point, _ b: Point, _ p: Point) -> Double {
        (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
    }

    /// Whether `p` lies within `clearance` of edge `e`.
    static func near(_ p: Point, _ e: Edge) -> Bool {
        let (dx, dy) = (e.b.x - e.a.x, e.b.y - e.a.y)
        let length = dx * dx + dy * dy
        let t = length > 0 ? max(0, min(1, ((p.x - e.a.x) * dx + (p.y - e.a.y) * dy) / length)) : 0
        let (x, y) = (e.a.x + t * dx - p.x, e.a.y + t * dy - p.y)
        return x * x + y * y < clearance * clearance
    }

    /// Whether `p` is inside `polygon` (crossings of a ray to the right; `p` is off its edges).
    static func contains(_ polygon: Polygon, _ p: Point) -> Bool {
        var inside = false
        var previous = polygon[polygon.count - 1]
        for point in polygon {
            if (point.y > p.y) != (previous.y > p.y),
                p.x < previous.x + (point.x - previous.x) * (p.y - previous.y) / (point.y - previous.y)
            {
                inside.toggle()
            }
            previous = point
        }
        return inside
    }
}

@testable import Images
@testable import Raster

/// An exact-area reference for unions of shapes, independent of the rasterizer: per pixel row,
/// the row is cut into strips at every edge end and every crossing of two edges; within a strip
/// the edges are straight and ordered, the union (non-zero rule, each shape oriented by its own
/// signed area) is a set of trapezoids, and each trapezoid's area in each pixel column is
/// integrated in closed form (the integral of a clamped linear function). Exact up to Double
/// rounding; slow (for tests).
enum ExactAreaReference {
    struct Edge {
        let x0: Double, y0: Double, x1: Double, y1: Double
        let winding: Int
        let shape: Int
        func x(at y: Double) -> Double { x0 + (x1 - x0) * (y - y0) / (y1 - y0) }
    }

    /// Coverage 0…1 of each pixel of `window`, row by row.
    static func coverage(of shapes: [[Polygon]], in window: PixelRect) -> [Double] {
        var out = [Double](repeating: 0, count: window.width * window.height)
        var rows = [[Edge]](repeating: [], count: window.height)
        for (index, shape) in shapes.enumerated() {
            var area = 0.0
            for polygon in shape {
                for i in polygon.indices {
                    let a = polygon[i]
                    let b = polygon[(i + 1) % polygon.count]
                    area += a.x * b.y - b.x * a.y
                }
            }
            for polygon in shape {
                for i in polygon.indices {
                    let a = polygon[i]
                    let b = polygon[(i + 1) % polygon.count]
                    guard a.y != b.y else { continue }
                    // Positive shoelace area (y down) = clockwise on screen: the interior lies left
                    // of the downward edges, so walking right, an upward edge enters (+1).
                    let down = a.y < b.y
                    let winding = (down ? -1 : 1) * (area > 0 ? 1 : -1)
                    let (top, bottom) = down ? (a, b) : (b, a)
                    let y0 = Double(window.y0)
                    var row = max(0, Int((top.y - y0).rounded(.down)))
                    while row < window.height, Double(row) + y0 < bottom.y {
                        let ya = max(top.y, Double(row) + y0)
                        let yb = min(bottom.y, Double(row + 1) + y0)
                        if ya < yb {
                            let full = Edge(x0: top.x, y0: top.y, x1: bottom.x, y1: bottom.y, winding: 0, shape: 0)
                            rows[row].append(
                                Edge(
                                    x0: full.x(at: ya) - Double(window.x0), y0: ya - y0,
                                    x1: full.x(at: yb) - Double(window.x0), y1: yb - y0, winding: winding,
                                    shape: index))
                        }
                        row += 1
                    }
                }
            }
        }
        for row in 0..<window.height {
            addRow(rows[row], shapes: shapes.count, into: &out, offset: row * window.width, width: window.width)
        }
        return out
    }

    static func addRow(_ edges: [Edge], shapes: Int, into out: inout [Double], offset: Int, width: Int) {
        var cuts = Set<Double>()
        for e in edges {
            cuts.insert(e.y0)
            cuts.insert(e.y1)
        }
        let byX = edges.sorted { min($0.x0, $0.x1) < min($1.x0, $1.x1) }
        for i in byX.indices {
            let a = byX[i]
            for j in (i + 1)..<byX.count {
                let b = byX[j]
                if min(b.x0, b.x1) > max(a.x0, a.x1) { break }
                let low = max(a.y0, b.y0)
                let high = min(a.y1, b.y1)
                guard low < high else { continue }
                // x_a(y) − x_b(y) is linear in y: it changes sign where they cross.
                let da = a.x(at: low) - b.x(at: low)
                let db = a.x(at: high) - b.x(at: high)
                if da * db < 0 { cuts.insert(low + (high - low) * da / (da - db)) }
            }
        }
        let ys = cuts.sorted()
        for k in 0..<max(0, ys.count - 1) {
            let ya = ys[k]
            let yb = ys[k + 1]
            let middle = (ya + yb) / 2
            let active = edges.filter { $0.y0 <= ya && $0.y1 >= yb }.sorted { $0.x(at: middle) < $1.x(at: middle) }
            var windings = [Int](repeating: 0, count: shapes)
            var inside = 0
            var start: Edge? = nil
            for e in active {
                let was = windings[e.shape] != 0
                windings[e.shape] += e.winding
                let now = windings[e.shape] != 0
                if was != now {
                    if now {
                        if inside == 0 { start = e }
                        inside += 1
                    } else {
                        inside -= 1
                        if inside == 0, let left = start {
                            addTrapezoid(left: left, right: e, ya: ya, yb: yb, into: &out, offset: offset, width: width)
                        }
                    }
                }
            }
        }
    }

    /// Adds, per column, the area between edges `left` and `right` over ya…yb.
    static func addTrapezoid(
        left: Edge, right: Edge, ya: Double, yb: Double, into out: inout [Double], offset: Int, width: Int
    ) {
        let l0 = left.x(at: ya)
        let l1 = left.x(at: yb)
        let r0 = right.x(at: ya)
        let r1 = right.x(at: yb)
        let first = max(0, Int(min(l0, l1).rounded(.down)))
        let last = min(width - 1, Int(max(r0, r1).rounded(.down)))
        guard first <= last else { return }
        for c in first...last {
            let x = Double(c)
            let area = clampedIntegral(r0 - x, r1 - x) - clampedIntegral(l0 - x, l1 - x)
            out[offset + c] += area * (yb - ya)
        }
    }

    /// ∫₀¹ clamp(a + (b − a)·t, 0, 1) dt, in closed form.
    static func clampedIntegral(_ a: Double, _ b: Double) -> Double {
        if a == b { return min(1, max(0, a)) }
        // Split t at the points where the line meets 0 and 1.
        var ts = [0.0, 1.0]
        for level in [0.0, 1.0] {
            let t = (level - a) / (b - a)
            if t > 0, t < 1 { ts.append(t) }
        }
        ts.sort()
        var sum = 0.0
        for i in 0..<(ts.count - 1) {
            let va = a + (b - a) * ts[i]
            let vb = a + (b - a) * ts[i + 1]
            let mid = (va + vb) / 2
            let value = mid <= 0 ? 0 : (mid >= 1 ? 1 : mid)
            sum += value * (ts[i + 1] - ts[i])
        }
        return sum
    }
}

/// The radii around a vote peak, and its centre refined by a circle fit.
extension RingSearch {
    /// The candidate at reduced pixel (x, y): the edge pixels around it whose gradient points at
    /// it (within 25°) give a histogram of distances; the two distances whose edges go furthest
    /// round (as a share of their circumference) are the ring's outer and inner edges (one when
    /// the stroke is too thin to part them). Nil when no edge goes a third of the way round.
    /// `refined(_:)` then fits its centre.
    func candidate(atX cx: Int, y cy: Int, votes: Double) -> Candidate? {
        let found = edgeRadii(aroundX: Double(cx), y: Double(cy))
        guard let outer = found.radii.max(), let inner = found.radii.min() else { return nil }
        return Candidate(
            centerX: Double(cx), centerY: Double(cy), outerRadius: outer, innerRadius: inner, votes: votes,
            edgeCount: found.edgeCount)
    }

    /// `candidate` (in reduced pixels) with both circles fitted to their edge pixels at once
    /// (Kåsa's algebraic fit: one centre, two radii), which puts the centre within about a third
    /// of a reduced pixel, and converted to screenshot pixels.
    func refined(_ candidate: Candidate) -> Candidate {
        var radii =
            candidate.outerRadius == candidate.innerRadius
            ? [candidate.outerRadius] : [candidate.outerRadius, candidate.innerRadius]
        var center = (x: candidate.centerX, y: candidate.centerY)
        for _ in 0..<2 {
            guard let fitted = fitCircles(around: center, radii: radii) else { break }
            center = fitted.center
            radii = fitted.radii
        }
        let f = Double(reduced.factor)
        let (outer, inner) = (radii.max()!, radii.min()!)
        var out = candidate
        out.centerX = (center.x + 0.5) * f
        out.centerY = (center.y + 0.5) * f
        out.outerRadius = (outer + 0.5) * f
        out.innerRadius = max(0, (inner - 0.5) * f)
        return out
    }

    /// The edge pixels within the searched radii of (cx, cy) whose gradient is within 25° of
    /// the line to it: (distance, x, y).
    private func radialEdges(aroundX cx: Double, y cy: Double, band: ClosedRange<Double>) -> [(Double, Int, Int)] {
        let reach = band.upperBound + 1
        var found: [(Double, Int, Int)] = []
        let y0 = max(0, Int(cy - reach))
        let y1 = min(reduced.height - 1, Int(cy + reach))
        guard y0 <= y1 else { return [] }
        let low = band.lowerBound * band.lowerBound
        let high = band.upperBound * band.upperBound
        for k in rowStarts[y0]..<rowStarts[y1 + 1] {
            let edge = edges[k]
            let dx = Double(edge.x) - cx
            let dy = Double(edge.y) - cy
            let squared = dx * dx + dy * dy
            guard squared >= low, squared <= high, squared > 0 else { continue }
            let d = squared.squareRoot()
            let alignment = abs(Double(edge.ux) * dx + Double(edge.uy) * dy) / d
            if alignment > 0.9 { found.append((d, Int(edge.x), Int(edge.y))) }
        }
        return found
    }

    /// The one or two radii whose edges go furthest round (at least a third, and the second at
    /// least 40 % as far as the first), outer first.
    private func edgeRadii(aroundX cx: Double, y cy: Double) -> (radii: [Double], edgeCount: Double) {
        let band = Double(radii.lowerBound - 1)...Double(radii.upperBound + 1)
        let edges = radialEdges(aroundX: cx, y: cy, band: band)
        let top = radii.upperBound + 2
        var histogram = [Double](repeating: 0, count: top + 1)
        for (d, _, _) in edges where Int(d.rounded()) <= top { histogram[Int(d.rounded())] += 1 }
        // The share of each circumference covered by edges, over three neighbouring radii.
        var share = [Double](repeating: 0, count: top + 1)
        for r in 1..<top {
            share[r] = (histogram[r - 1] + histogram[r] + histogram[r + 1]) / (2 * Double.pi * Double(r))
        }
        var peaks: [(radius: Int, share: Double)] = []
        for r in max(1, radii.lowerBound - 1)..<top where share[r] >= 0.33 {
            if share[r] >= share[r - 1] && share[r] > share[r + 1] { peaks.append((r, share[r])) }
        }
        // The ring's two edges go round alike: a second peak must reach 40 % of the first's share
        // (the card's straight sides, seen from its middle, reach far less).
        let sorted = peaks.sorted { $0.share > $1.share }
        let best = sorted.prefix(1) + sorted.dropFirst().prefix(1).filter { $0.share >= 0.4 * sorted[0].share }
        let count = best.first.map { $0.share * 2 * Double.pi * Double($0.radius) } ?? 0
        return (best.map { Double($0.radius) }.sorted(by: >), count)
    }

    /// One centre and a radius per circle, fitted to the edge pixels within 1.5 reduced pixels of
    /// each: |p|² = 2 p·c + (r_k² − |c|²), linear least squares in (cx, cy, k_1, k_2).
    private func fitCircles(around center: (x: Double, y: Double), radii: [Double]) -> (
        center: (x: Double, y: Double), radii: [Double]
    )? {
        let band = max(0.5, radii.min()! - 2)...(radii.max()! + 2)
        let edges = radialEdges(aroundX: center.x, y: center.y, band: band)
        let n = 2 + radii.count
        var normal = [Double](repeating: 0, count: n * n)
        var rhs = [Double](repeating: 0, count: n)
        var used = [Int](repeating: 0, count: radii.count)
        for (d, x, y) in edges {
            guard let k = radii.indices.min(by: { abs(radii[$0] - d) < abs(radii[$1] - d) }),
                abs(radii[k] - d) <= 1.5
            else { continue }
            used[k] += 1
            var row = [Double](repeating: 0, count: n)
            row[0] = 2 * Double(x)
            row[1] = 2 * Double(y)
            row[2 + k] = 1
            let target = Double(x * x + y * y)
            for i in 0..<n {
                rhs[i] += row[i] * target
                for j in 0..<n { normal[i * n + j] += row[i] * row[j] }
            }
        }
        guard used.allSatisfy({ $0 >= 8 }), let solution = LinearSolve.solve(normal, rhs, size: n) else { return nil }
        let c = (x: solution[0], y: solution[1])
        let fitted = (0..<radii.count).map { k in (solution[2 + k] + c.x * c.x + c.y * c.y).squareRoot() }
        guard fitted.allSatisfy({ $0.isFinite }), abs(c.x - center.x) < 3, abs(c.y - center.y) < 3 else { return nil }
        return (c, fitted)
    }
}

/// Small dense linear systems, by Gaussian elimination with partial pivoting.
enum LinearSolve {
    /// The solution of `matrix` (row-major, `size × size`) · x = `rhs`, or nil when the matrix is
    /// singular (a pivot below 1e-12 of the largest entry).
    static func solve(_ matrix: [Double], _ rhs: [Double], size n: Int) -> [Double]? {
        var a = matrix
        var b = rhs
        let scale = max(1e-300, a.map(abs).max() ?? 0)
        for column in 0..<n {
            let pivot = (column..<n).max { abs(a[$0 * n + column]) < abs(a[$1 * n + column]) }!
            guard abs(a[pivot * n + column]) > 1e-12 * scale else { return nil }
            if pivot != column {
                for j in 0..<n { a.swapAt(pivot * n + j, column * n + j) }
                b.swapAt(pivot, column)
            }
            for row in (column + 1)..<n {
                let factor = a[row * n + column] / a[column * n + column]
                guard factor != 0 else { continue }
                for j in column..<n { a[row * n + j] -= factor * a[column * n + j] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = b[row]
            for j in (row + 1)..<n { s -= a[row * n + j] * x[j] }
            x[row] = s / a[row * n + row]
        }
        return x
    }
}

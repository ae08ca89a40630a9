/// The card's corner radius, fitted to the edge positions along the rows and columns through
/// its corners.
///
/// In each corner whose two edges are known, rows are scanned toward the side edge and columns
/// toward the top or bottom edge (`EdgeScan`). A point at distance v inside one edge, found at
/// depth u inside the other, lies on the corner's circle of radius ρ when
/// u = ρ − √(ρ² − (ρ − v)²) (and u = 0 past the corner). Rows are used where the circle is
/// steeper than 45° and columns where it is flatter, so that each scan crosses the edge at a
/// wide angle. ρ is found by a search over 0…half the card's shorter side that minimises the
/// squared distances, each capped at one pixel (a point off by more, such as a scan that met
/// the label, counts as one pixel whatever its distance).
struct CornerFit {
    let scan: EdgeScan

    /// One corner: its point (x, y) where the two edges meet, and which way is inside (+1 or −1
    /// along x and y).
    struct Corner {
        let x: Double
        let y: Double
        let inwardX: Int
        let inwardY: Int
    }

    /// Points (v, u, isRow) of `corner` up to `reach` px from its edges.
    func points(_ corner: Corner, reach: Double) -> [(v: Double, u: Double)] {
        var points: [(Double, Double)] = []
        let steps = Int(reach.rounded(.up))
        for k in 0..<steps {
            // Rows: v along y from the top or bottom edge, u along x from the side.
            let row = Int((corner.y + Double(corner.inwardY) * (Double(k) + 0.5)).rounded(.down))
            let v = Double(corner.inwardY) * (Double(row) + 0.5 - corner.y)
            let startX = Int((corner.x + Double(corner.inwardX) * (reach + 1)).rounded(.down))
            if v > 0,
                let x = scan.edge(
                    line: row, vertical: false, from: startX, direction: -corner.inwardX, limit: steps + scan.reach)
            {
                points.append((v, Double(corner.inwardX) * (x - corner.x)))
            }
            let column = Int((corner.x + Double(corner.inwardX) * (Double(k) + 0.5)).rounded(.down))
            let w = Double(corner.inwardX) * (Double(column) + 0.5 - corner.x)
            let startY = Int((corner.y + Double(corner.inwardY) * (reach + 1)).rounded(.down))
            if w > 0,
                let y = scan.edge(
                    line: column, vertical: true, from: startY, direction: -corner.inwardY, limit: steps + scan.reach)
            {
                // Columns are the same corner seen across the diagonal: marked by a negative v.
                points.append((-w, Double(corner.inwardY) * (y - corner.y)))
            }
        }
        return points
    }

    /// The depth of a circle of radius `radius` at distance v from the other edge.
    static func depth(_ v: Double, radius: Double) -> Double {
        guard v < radius else { return 0 }
        let d = radius - v
        return radius - (radius * radius - d * d).squareRoot()
    }

    /// The capped squared error of a radius over `points` (rows where the circle is steep,
    /// columns where it is flat) and how many points counted.
    static func loss(_ points: [(v: Double, u: Double)], radius: Double) -> (Double, Int) {
        let steep = radius * (1 - 0.5.squareRoot())
        var total = 0.0
        var used = 0
        for point in points {
            let v = abs(point.v)
            guard v >= steep || v >= radius else { continue }
            let r = point.u - depth(v, radius: radius)
            total += min(1, r * r)
            used += 1
        }
        return (total, used)
    }

    /// The radius in 0…`largest` px that best fits `points`, the root mean square of its capped
    /// errors, and the share of the points it uses that lie within `near` px of it; nil with
    /// fewer than six points.
    static func radius(_ points: [(v: Double, u: Double)], largest: Double, near: Double = 0.5) -> (
        radius: Double, spread: Double, agreeing: Double
    )? {
        guard points.count >= 6, largest > 0 else { return nil }
        func mean(_ radius: Double) -> Double {
            let (total, used) = loss(points, radius: radius)
            return used >= 4 ? total / Double(used) : .infinity
        }
        var best = 0.0
        var bestLoss = mean(0)
        var trial = 0.25
        while trial <= largest {
            let l = mean(trial)
            if l < bestLoss { (best, bestLoss) = (trial, l) }
            trial += 0.25
        }
        // Golden-section search within a step of the best, towards the smaller radius where two
        // trials fit alike (every radius up to half a pixel fits a square corner's points).
        var a = max(0, best - 0.25)
        var b = min(largest, best + 0.25)
        for _ in 0..<20 {
            let m1 = a + (b - a) * 0.382
            let m2 = a + (b - a) * 0.618
            if mean(m1) <= mean(m2) { b = m2 } else { a = m1 }
        }
        let fitted = (a + b) / 2
        let steep = fitted * (1 - 0.5.squareRoot())
        let used = points.filter { abs($0.v) >= steep || abs($0.v) >= fitted }
        let agreeing = used.filter { abs($0.u - depth(abs($0.v), radius: fitted)) <= near }.count
        return (fitted, mean(fitted).squareRoot(), Double(agreeing) / Double(max(1, used.count)))
    }
}

extension CardFit {
    /// The corner radius from every corner whose two edges are known (a side that does not
    /// stand out mirrored from the other: its corners' scans find nothing and add no point).
    mutating func fitCorners(_ pixels: ScreenPixels, ring: RingFit) {
        guard let (left, right) = sides(axis: ring.centerX), top != nil || bottom != nil else { return }
        let scan = scanner(pixels, ring: ring)
        let fitter = CornerFit(scan: scan)
        let height = (bottom ?? (2 * ring.centerY - top!)) - (top ?? (2 * ring.centerY - bottom!))
        let largest = min(right - left, height) / 2
        var corners: [CornerFit.Corner] = []
        for (y, inward) in [(top, 1), (bottom, -1)] {
            guard let y else { continue }
            corners += [
                CornerFit.Corner(x: left, y: y, inwardX: 1, inwardY: inward),
                CornerFit.Corner(x: right, y: y, inwardX: -1, inwardY: inward),
            ]
        }
        let points = corners.flatMap { fitter.points($0, reach: largest) }
        // A fit with less than a quarter of its points within half a pixel found no corner: the
        // screen behind the card has its colour, or content crosses it.
        // (Within a pixel in a lossy screenshot, whose edges spread.)
        if let fitted = CornerFit.radius(points, largest: largest, near: edgeReach > 3 ? 1 : 0.5),
            fitted.agreeing >= 0.25
        {
            cornerRadius = fitted.radius
            cornerSpread = fitted.spread
        } else {
            cornerRadius = nil
        }
    }
}

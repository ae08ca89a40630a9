/// The card around the ring: its four edges and its corner radius, in screenshot pixels, each
/// nil where the card does not stand out from the screen behind it.
///
/// Method. The left and right edges come from the rows through the spinner, scanned outward
/// from the ring (`EdgeScan`); the top edge from the columns over it, scanned upward. Each scan
/// that meets a clean change gives a position; rows where the screen happens to have the card's
/// colour run on past the edge, rows in a corner stop short of it, so the edge is the position
/// most scans agree on (`consensus`). The bottom edge is scanned the same way in the columns
/// under the label (`bottom(below:)`). The corner radius is fitted to the scans through each
/// corner (`CornerFit`).
struct CardFit: Sendable {
    var left: Double?
    var right: Double?
    var top: Double?
    var bottom: Double?
    /// How many scans agreed on each edge (left, right, top, bottom).
    var support: [Int] = [0, 0, 0, 0]
    var cornerRadius: Double?
    /// The spread of the corner points about the fitted corners, px.
    var cornerSpread: Double = 0
    /// How many pixels an edge may take (`EdgeScan.reach`): 3, or 6 for lossy screenshots.
    var edgeReach = 3

    /// The scan for the card's edges around `ring`.
    func scanner(_ pixels: ScreenPixels, ring: RingFit) -> EdgeScan {
        EdgeScan(pixels: pixels, inside: ring.card, tolerance: max(6, 4 * ring.noise), reach: edgeReach)
    }

    /// The sides and the top around `ring`.
    static func sides(_ pixels: ScreenPixels, ring: RingFit, lossy: Bool) -> CardFit {
        var card = CardFit()
        card.edgeReach = lossy ? 6 : 3
        let scan = card.scanner(pixels, ring: ring)
        let (cx, cy) = (ring.centerX, ring.centerY)
        let outer = ring.outerRadius
        var lefts: [Double] = []
        var rights: [Double] = []
        let rows = Int((cy - outer).rounded(.up))...Int((cy + outer).rounded(.down))
        for y in rows where y >= 0 && y < pixels.height {
            let reach = Int(outer + 1.5)
            if let x = scan.edge(line: y, vertical: false, from: Int(cx) - reach, direction: -1, limit: pixels.width) {
                lefts.append(x)
            }
            if let x = scan.edge(line: y, vertical: false, from: Int(cx) + reach, direction: 1, limit: pixels.width) {
                rights.append(x)
            }
        }
        var tops: [Double] = []
        let columns = Int((cx - 0.8 * outer).rounded(.up))...Int((cx + 0.8 * outer).rounded(.down))
        for x in columns where x >= 0 && x < pixels.width {
            let start = Int(cy - outer - 1.5)
            if let y = scan.edge(line: x, vertical: true, from: start, direction: -1, limit: pixels.height) {
                tops.append(y)
            }
        }
        let needed = { (count: Int) in max(3, count / 4) }
        if let l = consensus(lefts, minimum: needed(rows.count)) { (card.left, card.support[0]) = (l.value, l.count) }
        if let r = consensus(rights, minimum: needed(rows.count)) { (card.right, card.support[1]) = (r.value, r.count) }
        if let t = consensus(tops, minimum: needed(columns.count)) { (card.top, card.support[2]) = (t.value, t.count) }
        return card
    }

    /// The bottom edge: the columns under the ring's box scanned downward from `start` (a row
    /// under the label, or under the ring when there is none).
    mutating func bottom(_ pixels: ScreenPixels, ring: RingFit, below start: Double) {
        let scan = scanner(pixels, ring: ring)
        let outer = ring.outerRadius
        var bottoms: [Double] = []
        let columns = Int((ring.centerX - 0.8 * outer).rounded(.up))...Int((ring.centerX + 0.8 * outer).rounded(.down))
        for x in columns where x >= 0 && x < pixels.width {
            if let y = scan.edge(
                line: x, vertical: true, from: Int(start.rounded(.up)), direction: 1, limit: pixels.height)
            {
                bottoms.append(y)
            }
        }
        if let b = consensus(bottoms, minimum: max(3, columns.count / 4)) { (bottom, support[3]) = (b.value, b.count) }
    }

    /// The left and right edges, the one that does not stand out mirrored from the other about
    /// the ring's axis (the card is centred on it); nil when neither does.
    func sides(axis: Double) -> (left: Double, right: Double)? {
        switch (left, right) {
        case (let l?, let r?): return (l, r)
        case (let l?, nil): return (l, 2 * axis - l)
        case (nil, let r?): return (2 * axis - r, r)
        case (nil, nil): return nil
        }
    }

    /// Where the card's rows end under `start`: from the first row from which three rows running
    /// have less than 40 % of their pixels between the card's sides in the card's colour (a
    /// label's rows keep far more), on to the first row with less than 10 % (past the bottom
    /// corners) within half the card's width, else two rows past the first. Nil when neither
    /// side is known or no such row comes within `limit` rows.
    func lowestCardRow(_ pixels: ScreenPixels, ring: RingFit, from start: Int, limit: Int) -> Int? {
        guard let (left, right) = sides(axis: ring.centerX) else { return nil }
        let x0 = max(0, Int((left + 1).rounded(.up)))
        let x1 = min(pixels.width, Int((right - 1).rounded(.down)))
        guard x1 > x0 else { return nil }
        let tolerance = max(6, 4 * ring.noise)
        func share(_ y: Int) -> Double {
            var inCard = 0
            for x in x0..<x1 where pixels.rgb(x, y).distance(to: ring.card) <= tolerance { inCard += 1 }
            return Double(inCard) / Double(x1 - x0)
        }
        var low = 0
        let end = min(pixels.height, start + limit)
        // A ring at the picture's bottom edge has no rows under it.
        guard max(0, start) < end else { return nil }
        for y in max(0, start)..<end {
            low = share(y) < 0.4 ? low + 1 : 0
            guard low == 3 else { continue }
            let first = y - 2
            for row in first..<min(end, first + (x1 - x0) / 2) where share(row) < 0.1 { return row }
            return first + 2
        }
        return nil
    }
}

/// The first estimate of a ring around a candidate centre, from rays out of it.
extension RingFit {
    /// Colours and the arc's block from rays out of the candidate's centre.
    static func initial(_ pixels: ScreenPixels, candidate: RingSearch.Candidate, error: Double) -> RingFit? {
        let (cx, cy) = (candidate.centerX, candidate.centerY)
        let outer = candidate.outerRadius
        guard outer >= 2 else { return nil }
        var outside: [RGB] = []
        for j in stride(from: 0, to: rayCount, by: 2) {
            let (s, c) = sincos(degrees: Double(j))
            for k in 0..<3 {
                let r = outer + error + 1.5 + Double(k)
                outside.append(pixels.sample(cx + r * c, cy + r * s))
            }
        }
        let card = Robust.median(outside)
        let noise = max(0.5, Float(Robust.spread(outside.map { Double($0.distance(to: card)) })))
        // Every 2°: enough to tell a spinner and start a fit.
        var ring: [RGB] = []
        var outers: [Double] = []
        var inners: [Double] = []
        var angles: [Int] = []
        for j in stride(from: 0, to: rayCount, by: 2) {
            guard
                let found = ringOnRay(
                    pixels, x: cx, y: cy, degrees: Double(j), from: outer + error + 0.5, card: card,
                    threshold: max(8, 4 * noise))
            else { continue }
            outers.append(found.outer)
            inners.append(found.inner)
            ring.append(found.color)
            angles.append(j)
        }
        guard outers.count >= rayCount / 4 else { return nil }
        let (outerEdge, innerEdge) = (Robust.median(outers) + 0.25, Robust.median(inners))
        let track = Robust.median(ring)
        let tolerance = max(12, 4 * noise)
        let arcRays = ring.filter { $0.distance(to: track) > tolerance }
        guard arcRays.count >= 12 else { return nil }
        let arc = Robust.median(arcRays)
        guard max(track.distance(to: card), arc.distance(to: card)) > tolerance,
            let block = arcBlockStart(ring, at: angles, track: track, arc: arc)
        else { return nil }
        var fit = RingFit(
            centerX: cx, centerY: cy, radius: (outerEdge + innerEdge) / 2, thickness: max(1, outerEdge - innerEdge),
            card: card, track: track, arc: arc, arcStart: block.start, radiusSpread: 0, thicknessSpread: 0, rays: 0,
            arcSpread: 0, noise: noise)
        // Far from a 90° arc with round caps already: not worth a fit.
        fit.arcExtent = block.length
        return abs(fit.arcExtent - fit.expectedArcExtent) <= 40 ? fit : nil
    }

    /// The start of the block of rays nearer the arc colour than the track colour and its
    /// length, degrees, or nil when those rays are not one block of 45°–270°. Each ray takes the
    /// majority of the rays within 8° first (JPEG blocks and text near the ring flip single
    /// rays); blocks up to 12° apart are one, and the longest must then hold 80 % of the arc's
    /// rays.
    private static func arcBlockStart(_ ring: [RGB], at angles: [Int], track: RGB, arc: RGB) -> (
        start: Double, length: Double
    )? {
        // Rays that met no ring do not vote.
        var raw = [Bool?](repeating: nil, count: rayCount)
        for (color, j) in zip(ring, angles) { raw[j] = (color - arc).length < (color - track).length }
        let isArc = (0..<rayCount).map { j in
            let known = (-8...8).compactMap { raw[(j + $0 + rayCount) % rayCount] }
            return known.filter { $0 }.count * 2 > known.count
        }
        let count = isArc.filter { $0 }.count
        guard count >= 45, count <= 270, count < rayCount else { return nil }
        // Blocks of arc rays, joined across gaps of up to 12°; the longest.
        var blocks: [(start: Int, length: Int)] = []
        for start in 0..<rayCount where isArc[start] && !isArc[(start + rayCount - 1) % rayCount] {
            var length = 0
            while isArc[(start + length) % rayCount] { length += 1 }
            blocks.append((start, length))
        }
        var joined: [(start: Int, length: Int)] = []
        for block in blocks {
            if let last = joined.last, block.start - (last.start + last.length) <= 12 {
                joined[joined.count - 1].length = block.start + block.length - last.start
            } else {
                joined.append(block)
            }
        }
        if joined.count > 1, let first = joined.first, let last = joined.last,
            first.start + rayCount - (last.start + last.length) <= 12
        {
            joined[joined.count - 1].length = first.start + rayCount + first.length - last.start
            joined.removeFirst()
        }
        guard let best = joined.max(by: { $0.length < $1.length }) else { return nil }
        // The block's middle, less half of the 90° sweep: caps widen the block on both sides.
        return (Double(best.start) + Double(best.length) / 2 - 45, Double(best.length))
    }

    /// The ring on the ray at `degrees` from (x, y), scanned inward from `high` every three
    /// quarters of a pixel: where it starts and ends (its colour leaves the card's and comes back,
    /// or reaches the centre) and its colour there, the median of its middle half (its sample
    /// farthest from the card when the stroke is too thin). Under 1.5 px of another colour is a
    /// ripple of the card's edge (JPEG), not the ring: the scan goes on.
    static func ringOnRay(
        _ pixels: ScreenPixels, x cx: Double, y cy: Double, degrees: Double, from high: Double, card: RGB,
        threshold: Float
    ) -> (outer: Double, inner: Double, color: RGB)? {
        let (s, c) = sincos(degrees: degrees)
        var samples: [(r: Double, color: RGB, distance: Float)] = []
        var entered: Double? = nil
        var left: Double? = nil
        var r = high
        while r >= 0 {
            let color = pixels.sample(cx + r * c, cy + r * s)
            let d = color.distance(to: card)
            if entered == nil, d > threshold { entered = r }
            if let start = entered, d <= threshold {
                if start - r < 1.5 {
                    entered = nil
                    samples = []
                } else {
                    left = r
                    break
                }
            }
            if entered != nil { samples.append((r, color, d)) }
            r -= 0.75
        }
        guard let entered, let farthest = samples.max(by: { $0.distance < $1.distance }) else { return nil }
        let inside = left ?? 0
        let quarter = (entered - inside) / 4
        let middle = samples.filter { $0.r <= entered - quarter && $0.r >= inside + quarter }
        return (entered, inside, middle.count >= 3 ? Robust.median(middle.map(\.color)) : farthest.color)
    }
}

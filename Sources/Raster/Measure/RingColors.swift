#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The ring's colours once its geometry is known, and the arc's bisector.
extension RingFit {
    /// The pixels of the ring's box: each with its distance from the centre, its angle (degrees
    /// clockwise from 3 o'clock) and its colour.
    func forEachPixel(out to: Double, _ body: (Double, Double, RGB) -> Void, in pixels: ScreenPixels) {
        let x0 = max(0, Int((centerX - to).rounded(.down)))
        let x1 = min(pixels.width - 1, Int((centerX + to).rounded(.up)))
        let y0 = max(0, Int((centerY - to).rounded(.down)))
        let y1 = min(pixels.height - 1, Int((centerY + to).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            let dy = Double(y) + 0.5 - centerY
            for x in x0...x1 {
                let dx = Double(x) + 0.5 - centerX
                let d = (dx * dx + dy * dy).squareRoot()
                guard d <= to else { continue }
                body(d, atan2(dy, dx) * 180 / .pi, pixels.rgb(x, y))
            }
        }
    }

    /// The card colour (just outside the ring, and in its hole), the track colour and the arc
    /// colour, from whole pixels: the mean of the stroke's core (1.5 px in from each edge, so
    /// neither anti-aliasing nor JPEG's halved colour resolution reaches it) where the stroke
    /// has one, else from the stroke's pixels and their coverage c (from the fitted radii):
    /// the track is composited over the card, P = t·T + (1 − t)·C, and the arc over that,
    /// P = a·A + (1 − a)·(t·T + (1 − t)·C), where t and a are the pixel's coverage by the fitted
    /// track and arc (drawn by the package's rasterizer), so each colour is the least-squares
    /// colour of its pixels.
    mutating func refineColors(_ pixels: ScreenPixels) {
        var outside: [RGB] = []
        var trackCore: [RGB] = []
        var arcCore: [RGB] = []
        var trackPixels: [(Float, Float, RGB)] = []
        var arcPixels: [(Float, Float, RGB)] = []
        let (inner, outer) = (innerRadius, outerRadius)
        let model = RingModel(self)
        let window = model.window(width: pixels.width, height: pixels.height)
        guard !window.isEmpty else { return }
        let (trackPath, arcPath) = model.paths
        let trackMask = Rasterizer.coverage(of: trackPath, in: window)
        let arcMask = Rasterizer.coverage(of: arcPath, in: window)
        for y in window.y0..<window.y1 {
            for x in window.x0..<window.x1 {
                let (dx, dy) = (Double(x) + 0.5 - centerX, Double(y) + 0.5 - centerY)
                let d = (dx * dx + dy * dy).squareRoot()
                let color = pixels.rgb(x, y)
                if d >= outer + 1.5 || (inner > 3 && d <= inner - 1.5) {
                    outside.append(color)
                    continue
                }
                guard let onArc = rayKind(atan2(dy, dx) * 180 / .pi) else { continue }
                let inCore = d >= inner + 1.5 && d <= outer - 1.5
                let covered = (trackMask.coverage(x: x, y: y), arcMask.coverage(x: x, y: y))
                if onArc {
                    if inCore { arcCore.append(color) }
                    arcPixels.append((covered.0, covered.1, color))
                } else {
                    if inCore { trackCore.append(color) }
                    trackPixels.append((covered.0, covered.1, color))
                }
            }
        }
        if outside.count >= 16 {
            card = Robust.median(outside)
            noise = max(0.5, Robust.quantile(outside.map { $0.distance(to: card) }, 0.75) / 1.6)
        }
        let tolerance = max(10, 4 * noise)
        if trackCore.count >= 16 {
            track = Robust.mean(of: trackCore, near: Robust.median(trackCore), tolerance: tolerance)
        } else if let fitted = RingFit.overColor(trackPixels.map { ($0.0, $0.2) }, base: { _ in card }) {
            track = fitted
        }
        if arcCore.count >= 8 {
            arc = Robust.mean(of: arcCore, near: Robust.median(arcCore), tolerance: tolerance)
        } else {
            // The arc over the track over the card, each with its own coverage.
            let (card, track) = (self.card, self.track)
            var sum = RGB(0, 0, 0)
            var weight: Float = 0
            for (t, a, color) in arcPixels where a > 0 {
                let base = card + (track - card) * t
                sum += (color - base * (1 - a)) * a
                weight += a * a
            }
            if weight > 2 { arc = sum / weight }
        }
    }

    /// The colour X that best explains pixels P = c·X + (1 − c)·base(c) by least squares over
    /// pixels of coverage c; nil when they cover less than two pixels in all.
    static func overColor(_ pixels: [(Float, RGB)], base: (Float) -> RGB) -> RGB? {
        var sum = RGB(0, 0, 0)
        var weight: Float = 0
        for (c, color) in pixels where c > 0 {
            // P − (1 − c)·base = c·X: weighted by c, the normal equation is Σ c·(P − (1 − c)·base) = X·Σ c².
            sum += (color - base(c) * (1 - c)) * c
            weight += c * c
        }
        return weight > 2 ? sum / weight : nil
    }

    /// The arc's bisector from the arc's share of each ray's middle (the stroke's central half):
    /// the circular mean of the shares, less 45°, is where the arc starts. `arcSpread` is how
    /// far that is from the middle of the two places the share crosses one half.
    mutating func measureArc(_ pixels: ScreenPixels) {
        var shares: [Double] = []
        var sumSin = 0.0
        var sumCos = 0.0
        let half = max(0, thickness / 4)
        for j in 0..<RingFit.rayCount {
            let degrees = Double(j) + 0.5
            let (s, c) = sincos(degrees: degrees)
            var color = RGB(0, 0, 0)
            var count: Float = 0
            var r = radius - half
            repeat {
                color += pixels.sample(centerX + r * c, centerY + r * s)
                count += 1
                r += 0.25
            } while r <= radius + half
            let share = Double(min(1, max(0, RingFit.share(color / count, card: track, toward: arc))))
            shares.append(share)
            sumSin += share * s
            sumCos += share * c
        }
        arcExtent = shares.reduce(0, +) * 360 / Double(RingFit.rayCount)
        let bisector = atan2(sumSin, sumCos) * 180 / .pi
        arcStart = RingFit.normalized(bisector - 45)
        if let crossing = RingFit.crossingsBisector(shares, near: bisector) {
            var difference = (crossing - bisector).truncatingRemainder(dividingBy: 360)
            if difference > 180 { difference -= 360 } else if difference < -180 { difference += 360 }
            arcSpread = abs(difference)
        } else {
            arcSpread = 5
        }
    }

    /// An angle in degrees in −90…270, the range of the contract's frames (−90 + 360·k/N).
    static func normalized(_ degrees: Double) -> Double {
        var a = (degrees + 90).truncatingRemainder(dividingBy: 360)
        if a < 0 { a += 360 }
        return a - 90
    }

    /// The middle of the two angles, on either side of `bisector`, where the shares cross one
    /// half (interpolated between rays), or nil when either is missing.
    static func crossingsBisector(_ shares: [Double], near bisector: Double) -> Double? {
        let n = shares.count
        let middle = Int(
            ((bisector - 0.5).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360))
        guard shares[middle % n] >= 0.5 else { return nil }
        func crossing(step: Int) -> Double? {
            var k = middle
            for _ in 0..<(n / 2) {
                let next = ((k + step) % n + n) % n
                if shares[next] < 0.5 {
                    let t = (shares[k] - 0.5) / max(1e-9, shares[k] - shares[next])
                    return Double(k) + 0.5 + Double(step) * t
                }
                k = next
            }
            return nil
        }
        guard let up = crossing(step: 1), let down = crossing(step: -1) else { return nil }
        var upper = up
        if upper < down { upper += 360 }
        return (upper + down) / 2
    }
}

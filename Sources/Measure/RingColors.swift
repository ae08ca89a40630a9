import Images
import LibC
import Raster

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
    /// has one, else from the stroke's pixels and their coverage t and a by the fitted track and
    /// arc (drawn by the package's rasterizer): the track is composited over the card,
    /// P = t·T + (1 − t)·C, and the arc over that, P = a·A + (1 − a)·(t·T + (1 − t)·C). In a
    /// lossless screenshot each colour is then the least-squares colour of its pixels; in a
    /// lossy one, whose edges are spread, the change summed over the stroke and 3 px around it
    /// over the coverage summed (a sum the spreading keeps).
    mutating func refineColors(_ pixels: ScreenPixels) {
        let samples = RingSamples(self, pixels)
        if samples.outside.count >= 16 {
            let median = Robust.median(samples.outside)
            self.card = median
            noise = max(0.5, Robust.quantile(samples.outside.map { $0.distance(to: median) }, 0.75) / 1.6)
        }
        let tolerance = max(10, 4 * noise)
        let (card, inner, outer, lossy) = (self.card, innerRadius, outerRadius, self.jpeg)
        let trackPixels = samples.track.filter { lossy || ($0.d > inner - 1.5 && $0.d < outer + 1.5) }
        if samples.trackCore.count >= 16 {
            track = Robust.mean(of: samples.trackCore, near: Robust.median(samples.trackCore), tolerance: tolerance)
        } else if let fitted = RingSamples.color(
            trackPixels.map { ($0.t, $0.color) }, lossy: lossy, bases: trackPixels.map { _ in card })
        {
            track = fitted
        }
        let track = self.track
        let arcPixels = samples.arc.filter { lossy || ($0.d > inner - 1.5 && $0.d < outer + 1.5) }
        if samples.arcCore.count >= 8 {
            arc = Robust.mean(of: samples.arcCore, near: Robust.median(samples.arcCore), tolerance: tolerance)
        } else if let fitted = RingSamples.color(
            arcPixels.map { ($0.a, $0.color) }, lossy: lossy,
            bases: arcPixels.map { card + (track - card) * $0.t })
        {
            arc = fitted
        }
    }

    /// The track colour of a JPEG whose stroke is under 6 px wide, once the ring is chosen. Its
    /// core is within reach of the colour's half resolution, but not of the lightness's: the
    /// change from the card summed over the stroke and 3 px around it, 20° clear of the arc's
    /// caps (JPEG's blocks carry the arc's colour along the ring), keeps the track's colour
    /// whatever the spreading, so it gives the colour's direction from the card, and the median
    /// luma change of the pixels the stroke covers whole sets how far along it. A track within 8
    /// of the card's luma keeps the core's mean, and so does the search throughout: the mean
    /// does not depend on a geometry still moving. (The arc keeps its core's mean: tried the
    /// same way, it came out better on most test screenshots and worse on a few.)
    mutating func refineThinJPEGTrack(_ pixels: ScreenPixels) {
        guard jpeg, outerRadius - innerRadius < 6 else { return }
        let reach = capAngle + 20
        let clear = RingSamples(self, pixels).track.filter {
            let turned = turned($0.angle)
            return turned > 90 + reach && turned < 360 - reach
        }
        let change = clear.reduce(RGB(0, 0, 0)) { $0 + ($1.color - card) }
        let whole = clear.filter { $0.t >= 0.95 }.map { $0.color.luma - card.luma }
        guard whole.count >= 8, abs(change.luma) > 0 else { return }
        let plateau = Robust.quantile(whole, 0.5)
        guard abs(plateau) >= 8, (plateau > 0) == (change.luma > 0) else { return }
        track = card + change * (plateau / change.luma)
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
            let share = Double(arcShare(color / count))
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

    /// How much of `color` is the arc's rather than the track's, 0…1, with the card's colour
    /// that a thin stroke's edges (and a JPEG's spread colour) mix in taken out: `color` is
    /// decomposed as T + β·(A − T) + γ·(C − T) by least squares, and the share is β / (1 − γ).
    /// Where the three colours are nearly on one line, the plain projection from T to A.
    func arcShare(_ color: RGB) -> Float {
        let (u, v, p) = (arc - track, card - track, color - track)
        let (uu, uv, vv) = ((u * u).sum(), (u * v).sum(), (v * v).sum())
        let (pu, pv) = ((p * u).sum(), (p * v).sum())
        let determinant = uu * vv - uv * uv
        guard determinant > 0.01 * uu * vv else {
            return min(1, max(0, RingFit.share(color, card: track, toward: arc)))
        }
        let beta = (pu * vv - pv * uv) / determinant
        let gamma = (pv * uu - pu * uv) / determinant
        let ring = max(0.2, 1 - min(0.8, max(0, gamma)))
        return min(1, max(0, beta / ring))
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

/// The pixels around a fitted ring that its colours are measured from: the card's (outside the
/// ring, and in its hole), the stroke's core on the track and on the arc, and every pixel within
/// 3 px of the stroke with its distance from the centre and its coverage by the fitted track (t)
/// and arc (a); the arc's ends are left out.
struct RingSamples {
    struct Pixel {
        let d: Double
        /// Degrees clockwise from 3 o'clock.
        let angle: Double
        let t: Float
        let a: Float
        let color: RGB
    }

    var outside: [RGB] = []
    var trackCore: [RGB] = []
    var arcCore: [RGB] = []
    var track: [Pixel] = []
    var arc: [Pixel] = []

    init(_ fit: RingFit, _ pixels: ScreenPixels) {
        let (inner, outer) = (fit.innerRadius, fit.outerRadius)
        let reach = outer + 3.5
        let window = PixelRect(
            x0: Int((fit.centerX - reach).rounded(.down)), y0: Int((fit.centerY - reach).rounded(.down)),
            x1: Int((fit.centerX + reach).rounded(.up)), y1: Int((fit.centerY + reach).rounded(.up))
        ).intersection(PixelRect(x0: 0, y0: 0, x1: pixels.width, y1: pixels.height))
        guard !window.isEmpty else { return }
        let (trackPath, arcPath) = RingModel(fit).paths
        let trackMask = Rasterizer.coverage(of: trackPath, in: window)
        let arcMask = Rasterizer.coverage(of: arcPath, in: window)
        for y in window.y0..<window.y1 {
            for x in window.x0..<window.x1 {
                let (dx, dy) = (Double(x) + 0.5 - fit.centerX, Double(y) + 0.5 - fit.centerY)
                let d = (dx * dx + dy * dy).squareRoot()
                let color = pixels.rgb(x, y)
                if d >= outer + 1.5 || (inner > 3 && d <= inner - 1.5) { outside.append(color) }
                let angle = atan2(dy, dx) * 180 / .pi
                guard d <= outer + 3, d >= inner - 3, let onArc = fit.rayKind(angle) else { continue }
                let inCore = d >= inner + 1.5 && d <= outer - 1.5
                let pixel = Pixel(
                    d: d, angle: angle, t: trackMask.coverage(x: x, y: y), a: arcMask.coverage(x: x, y: y),
                    color: color)
                if onArc {
                    if inCore { arcCore.append(color) }
                    arc.append(pixel)
                } else {
                    if inCore { trackCore.append(color) }
                    track.append(pixel)
                }
            }
        }
    }

    /// The colour X over each pixel's base that explains pixels P = c·X + (1 − c)·base of
    /// coverage c: by least squares, or (`lossy`) as the summed change over the summed
    /// coverage; nil when they cover less than two pixels in all.
    static func color(_ pixels: [(Float, RGB)], lossy: Bool, bases: [RGB]) -> RGB? {
        var sum = RGB(0, 0, 0)
        var weight: Float = 0
        for ((c, color), base) in zip(pixels, bases) {
            if lossy {
                // Σ(P − base) = Σ c·(X − base), so X = (Σ(P − base) + Σ c·base) / Σ c.
                sum += color - base + base * c
                weight += c
            } else if c > 0 {
                // P − (1 − c)·base = c·X, weighted by c.
                sum += (color - base * (1 - c)) * c
                weight += c * c
            }
        }
        return weight > 2 ? sum / weight : nil
    }
}

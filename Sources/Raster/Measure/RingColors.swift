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
    /// has one, else the ring's colour change summed over its pixels divided by its area.
    mutating func refineColors(_ pixels: ScreenPixels) {
        var outside: [RGB] = []
        var trackCore: [RGB] = []
        var arcCore: [RGB] = []
        var trackSum = RGB(0, 0, 0)
        var trackArea: Float = 0
        var arcSum = RGB(0, 0, 0)
        var arcArea: Float = 0
        let (inner, outer) = (innerRadius, outerRadius)
        let card = self.card
        let core = 1.5
        forEachPixel(
            out: outer + 3.5,
            { d, angle, color in
                if d >= outer + 1.5 || (inner > 3 && d <= inner - 1.5) {
                    outside.append(color)
                    return
                }
                guard let onArc = rayKind(angle) else { return }
                let covered = Float(min(1, max(0, outer - d + 0.5)) - min(1, max(0, inner - d + 0.5)))
                let inCore = d >= inner + core && d <= outer - core
                if onArc {
                    if inCore { arcCore.append(color) }
                    arcSum += color - card
                    arcArea += covered
                } else {
                    if inCore { trackCore.append(color) }
                    trackSum += color - card
                    trackArea += covered
                }
            }, in: pixels)
        if outside.count >= 16 { self.card = Robust.median(outside) }
        let tolerance = max(10, 4 * noise)
        if trackCore.count >= 16 {
            track = Robust.mean(of: trackCore, near: Robust.median(trackCore), tolerance: tolerance)
        } else if trackArea > 4 {
            track = self.card + trackSum / trackArea
        }
        if arcCore.count >= 8 {
            arc = Robust.mean(of: arcCore, near: Robust.median(arcCore), tolerance: tolerance)
        } else if arcArea > 2 {
            // The arc lies over the track: its change from the card is the arc's colour over
            // the card where the arc covers.
            arc = self.card + arcSum / arcArea
        }
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

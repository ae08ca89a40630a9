#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds where rings may be: the places many colour edges point at from a common distance.
///
/// The screenshot is averaged down by a whole factor to about one pixel a point (`ReducedImage`),
/// its colour edges found with Sobel filters (Di Zenzo's colour gradient: the direction in which
/// the three channels change most together) and thinned to one pixel across; each edge pixel then
/// votes for every point 3–150 pt away along its gradient, both ways (a circular Hough transform
/// with gradient direction). A circle's edge pixels all vote for its centre, so the ring's
/// centre gets two circumferences of votes (its outer and inner edges) while text, photos and
/// straight edges spread theirs. The highest local maxima are the candidates; `RingFit` decides.
struct RingSearch {
    /// A place that may be a ring's centre, in screenshot pixels, with the radii of the circles
    /// whose edges voted for it (reduced pixels × factor), outer first.
    struct Candidate {
        var centerX: Double
        var centerY: Double
        var outerRadius: Double
        var innerRadius: Double
        var votes: Int
    }

    let reduced: ReducedImage
    /// Edge strength (0 where thinned away) and direction of each reduced pixel.
    private(set) var magnitude: [Float]
    private(set) var directionX: [Float]
    private(set) var directionY: [Float]
    /// The radii searched, in reduced pixels.
    let radii: ClosedRange<Int>

    /// The search over `pixels` at `scale` pixels per point.
    init(_ pixels: ScreenPixels, scale: Double) {
        reduced = ReducedImage(pixels, factor: max(1, Int(scale.rounded(.down))))
        let perPoint = scale / Double(reduced.factor)
        let smallest = max(2, Int((3 * perPoint).rounded(.down)))
        let largest = max(smallest + 1, min(Int(150 * perPoint), min(reduced.width, reduced.height) / 2))
        radii = smallest...largest
        let count = reduced.width * reduced.height
        magnitude = [Float](repeating: 0, count: count)
        directionX = [Float](repeating: 0, count: count)
        directionY = [Float](repeating: 0, count: count)
        findEdges()
    }

    /// Di Zenzo gradients by Sobel filters, then non-maximum suppression along the gradient.
    private mutating func findEdges() {
        let (w, h) = (reduced.width, reduced.height)
        var strength = [Float](repeating: 0, count: w * h)
        reduced.planes.withUnsafeBufferPointer { p in
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    var gxx: Float = 0
                    var gyy: Float = 0
                    var gxy: Float = 0
                    for c in 0..<3 {
                        let base = c * w * h
                        @inline(__always) func v(_ dx: Int, _ dy: Int) -> Float { p[base + (y + dy) * w + x + dx] }
                        let gx = (v(1, -1) + 2 * v(1, 0) + v(1, 1) - v(-1, -1) - 2 * v(-1, 0) - v(-1, 1)) / 8
                        let gy = (v(-1, 1) + 2 * v(0, 1) + v(1, 1) - v(-1, -1) - 2 * v(0, -1) - v(1, -1)) / 8
                        gxx += gx * gx
                        gyy += gy * gy
                        gxy += gx * gy
                    }
                    let half = (gxx - gyy) / 2
                    let lambda = (gxx + gyy) / 2 + (half * half + gxy * gxy).squareRoot()
                    let i = y * w + x
                    strength[i] = lambda.squareRoot()
                    let angle = 0.5 * atan2(2 * gxy, gxx - gyy)
                    directionX[i] = cos(angle)
                    directionY[i] = sin(angle)
                }
            }
        }
        // Thin: keep a pixel only where it is at least as strong as its two neighbours across
        // the edge, and above a floor of 3 levels a pixel.
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                let i = y * w + x
                let s = strength[i]
                guard s >= 3 else { continue }
                let dx = Int(directionX[i].rounded())
                let dy = Int(directionY[i].rounded())
                if s >= strength[i + dy * w + dx] && s > strength[i - dy * w - dx] { magnitude[i] = s }
            }
        }
    }

    /// The votes: every edge pixel for each point `radii` away along its gradient, both ways.
    func accumulator() -> [Int32] {
        let (w, h) = (reduced.width, reduced.height)
        var votes = [Int32](repeating: 0, count: w * h)
        votes.withUnsafeMutableBufferPointer { v in
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    let i = y * w + x
                    guard magnitude[i] > 0 else { continue }
                    let (ux, uy) = (directionX[i], directionY[i])
                    for sign: Float in [-1, 1] {
                        for r in radii {
                            let px = Int((Float(x) + sign * ux * Float(r)).rounded())
                            let py = Int((Float(y) + sign * uy * Float(r)).rounded())
                            if px < 0 || py < 0 || px >= w || py >= h { break }
                            v[py * w + px] &+= 1
                        }
                    }
                }
            }
        }
        return votes
    }

    /// Up to `limit` candidates: local maxima of the votes (summed over 3 × 3 pixels), strongest
    /// first, at least `minimumVotes`, each with the radii of the edges around it.
    func candidates(limit: Int = 12) -> [Candidate] {
        let (w, h) = (reduced.width, reduced.height)
        let votes = accumulator()
        var summed = [Int32](repeating: 0, count: w * h)
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                var s: Int32 = 0
                for dy in -1...1 { for dx in -1...1 { s &+= votes[(y + dy) * w + x + dx] } }
                summed[y * w + x] = s
            }
        }
        var peaks: [(x: Int, y: Int, votes: Int32)] = []
        let window = 3
        for y in window..<(h - window) {
            for x in window..<(w - window) {
                let s = summed[y * w + x]
                guard s >= 24 else { continue }
                var isPeak = true
                scan: for dy in -window...window {
                    for dx in -window...window where dx != 0 || dy != 0 {
                        let o = summed[(y + dy) * w + x + dx]
                        if o > s || (o == s && (dy < 0 || (dy == 0 && dx < 0))) {
                            isPeak = false
                            break scan
                        }
                    }
                }
                if isPeak { peaks.append((x, y, s)) }
            }
        }
        peaks.sort { $0.votes != $1.votes ? $0.votes > $1.votes : ($0.y, $0.x) < ($1.y, $1.x) }
        return peaks.prefix(limit).compactMap { peak in
            candidate(atX: peak.x, y: peak.y, votes: Int(peak.votes))
        }
    }
}

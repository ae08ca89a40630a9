import Foundation
import Testing

@testable import Measure

/// ΔE00 from Little CMS against the formula as Sharma, Wu and Dalal's implementation notes write
/// it (below, the package's own code before Little CMS did this work), on a grid of Lab pairs:
/// near pairs, where the mean hue's wrap and the zero-chroma cases matter most, and every pair of
/// the grid. Both agree to the two decimals `frames measure` prints a ΔE with.
@Suite struct ColorDifferenceTests {
    /// The colours of the grid: L* 0…100 in steps of 12.5, a* and b* −100…100 in steps of 25.
    static let grid: [LabColor] = stride(from: 0.0, through: 100, by: 12.5).flatMap { l in
        stride(from: -100.0, through: 100, by: 25).flatMap { a in
            stride(from: -100.0, through: 100, by: 25).map { b in LabColor(l: l, a: a, b: b) }
        }
    }

    /// Every pair of the grid but those of exactly opposite hues: there the mean hue is 180° from
    /// either choice and the formula jumps (Sharma, Wu and Dalal's note on its discontinuities);
    /// the paper's code takes one side and Little CMS the other (0.17 at ΔE 52.6 on this grid).
    /// The measurement's colours are never compared at opposite hues to two decimals' worth.
    @Test func farPairsAgreeWithTheFormula() {
        var worst = 0.0
        var pairs = 0
        for (index, one) in Self.grid.enumerated() {
            for two in Self.grid[index...] {
                let opposite = one.a * two.b == one.b * two.a && one.a * two.a + one.b * two.b < 0
                if opposite { continue }
                worst = max(worst, abs(ColorDifference.ciede2000(one, two) - SharmaFormula.ciede2000(one, two)))
                pairs += 1
            }
        }
        #expect(pairs == 266_085 - 7_776)
        #expect(worst < 0.005, "largest disagreement \(worst)")
    }

    /// Each grid colour against colours within about 3 ΔE of it, in every direction, and against
    /// the greys, whose hue is undefined.
    @Test func nearPairsAgreeWithTheFormula() {
        var worst = 0.0
        var pairs = 0
        for one in Self.grid {
            for step in [(0.7, 0.0, 0.0), (0.0, 1.3, 0.0), (0.0, 0.0, -1.9), (0.4, -2.2, 2.5), (0.0, -0.01, 0.02)] {
                let two = LabColor(l: min(100, one.l + step.0), a: one.a + step.1, b: one.b + step.2)
                let grey = LabColor(l: one.l, a: 0, b: 0)
                for (p, q) in [(one, two), (two, one), (one, grey)] {
                    worst = max(worst, abs(ColorDifference.ciede2000(p, q) - SharmaFormula.ciede2000(p, q)))
                    pairs += 1
                }
            }
        }
        #expect(pairs == Self.grid.count * 15)
        #expect(worst < 0.005, "largest disagreement \(worst)")
    }
}

/// CIEDE2000 as Sharma, Wu and Dalal's implementation notes (2005) write it, kL = kC = kH = 1.
enum SharmaFormula {
    static func ciede2000(_ one: LabColor, _ two: LabColor) -> Double {
        let rad = Double.pi / 180
        let c1 = (one.a * one.a + one.b * one.b).squareRoot()
        let c2 = (two.a * two.a + two.b * two.b).squareRoot()
        let mean = (c1 + c2) / 2
        let mean7 = pow(mean, 7)
        let g = 0.5 * (1 - (mean7 / (mean7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * one.a
        let a2 = (1 + g) * two.a
        let cp1 = (a1 * a1 + one.b * one.b).squareRoot()
        let cp2 = (a2 * a2 + two.b * two.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / rad
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(one.b, a1)
        let h2 = hue(two.b, a2)
        let dL = two.l - one.l
        let dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(dh / 2 * rad)
        let lMean = (one.l + two.l) / 2
        let cpMean = (cp1 + cp2) / 2
        var hMean = h1 + h2
        if cp1 * cp2 != 0 {
            if abs(h1 - h2) <= 180 {
                hMean = (h1 + h2) / 2
            } else {
                hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2
            }
        }
        let t =
            1 - 0.17 * cos((hMean - 30) * rad) + 0.24 * cos(2 * hMean * rad) + 0.32 * cos((3 * hMean + 6) * rad)
            - 0.20 * cos((4 * hMean - 63) * rad)
        let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
        let cpMean7 = pow(cpMean, 7)
        let rC = 2 * (cpMean7 / (cpMean7 + pow(25, 7))).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sC = 1 + 0.045 * cpMean
        let sH = 1 + 0.015 * cpMean * t
        let rT = -sin(2 * dTheta * rad) * rC
        let termL = dL / sL
        let termC = dC / sC
        let termH = dH / sH
        return (termL * termL + termC * termC + termH * termH + rT * termC * termH).squareRoot()
    }

}

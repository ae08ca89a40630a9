import Images
import Raster

/// The label's font as the measurement needs it: its line metrics per point, and how the
/// line-profile estimates (`LineProfile`) read on text this package draws in it, so that their
/// bias for the font cancels.
///
/// The calibration draws the fourteen default texts (`Translation.all`), one a line, at 40 px
/// with the package's own text layout and rasterizer, and runs the same estimates on them: the
/// median body height (x-height with overshoots, as the profile sees it) per point, the median
/// distance from the estimated baseline to the true one, and the median space between a line's
/// ink and its advance width (side bearings) per point.
struct LabelFont: Sendable, Equatable {
    let source: FontSource
    /// Ascender above the baseline, descender below it (positive), line gap: each per point of
    /// text size.
    let ascender: Double
    let descender: Double
    let lineGap: Double
    /// The estimated body height per point of text size.
    let bodyRatio: Double
    /// Estimated baseline minus true baseline, per point (y down).
    let baselineBias: Double
    /// A line's advance width minus its ink width, per point.
    let bearings: Double

    /// Line box height per point (ascender + descender).
    var lineHeight: Double { ascender + descender }
    /// Baseline to baseline per point.
    var pitch: Double { ascender + descender + lineGap }

    static let calibrationSize = 40.0

    /// The label's font: the documented default family's figures as `calibrated(_:)` gives them
    /// (the measurement's tests hold the two equal), any other font calibrated now.
    init(source: FontSource) throws(FontError) {
        if source == .family(nil) {
            self = .dejaVuSans
        } else {
            self = try LabelFont.calibrated(source)
        }
    }

    init(
        source: FontSource, ascender: Double, descender: Double, lineGap: Double, bodyRatio: Double,
        baselineBias: Double, bearings: Double
    ) {
        self.source = source
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.bodyRatio = bodyRatio
        self.baselineBias = baselineBias
        self.bearings = bearings
    }

    /// DejaVu Sans, the documented default family: its line metrics (hhea: 1901, −483, 0 of
    /// 2048 units) and its calibration, kept here so that a run does not draw the fourteen texts.
    static let dejaVuSans = LabelFont(
        source: .family(nil), ascender: 1901.0 / 2048, descender: 483.0 / 2048, lineGap: 0,
        bodyRatio: 0.5642873834221107, baselineBias: 0.008951161396993257, bearings: 0.19953364923677414)

    /// The figures of `source`, measured on the fourteen default texts drawn at 40 px.
    static func calibrated(_ source: FontSource) throws(FontError) -> LabelFont {
        let text = Translation.all.map(\.loadingProcessingText).joined(separator: "\n")
        let size = LabelFont.calibrationSize
        let label = try TextLabel(text: text, font: source, size: size)
        let rendered = RenderedLabel(label, scale: 1)
        var bodies: [Double] = []
        var biases: [Double] = []
        var bearings: [Double] = []
        for (index, line) in label.lines.enumerated() {
            let top = label.lineTop(index) + rendered.top
            let rows = Int(top)..<Int((top + label.lineHeight).rounded(.up))
            guard let found = LineProfile.lines(rendered.rowSums(rows)).max(by: { $0.level < $1.level }) else {
                continue
            }
            bodies.append(found.bodyHeight / size)
            biases.append((found.baseline + Double(rows.lowerBound) - (top + label.ascender)) / size)
            let ink = rendered.inkExtent(rows)
            bearings.append((line.width - (ink.right - ink.left)) / size)
        }
        return LabelFont(
            source: source, ascender: label.ascender / size, descender: -label.descender / size,
            lineGap: label.lineGap / size, bodyRatio: bodies.isEmpty ? 0.55 : Robust.median(bodies),
            baselineBias: Robust.median(biases), bearings: Robust.median(bearings))
    }
}

/// A label drawn by the package's rasterizer as a coverage mask, for measuring: the label's
/// top at `top` px, its axis at the middle of the mask.
struct RenderedLabel {
    let mask: CoverageMask
    /// The label's top, px from the mask's top.
    let top: Double
    let axis: Double

    init(_ label: TextLabel, scale: Double) {
        top = 2
        let width = Int((label.width * scale + 6).rounded(.up))
        axis = Double(width) / 2
        let height = Int((label.height * scale + 4).rounded(.up))
        let window = PixelRect(x0: 0, y0: 0, x1: max(1, width), y1: max(1, height))
        mask = Rasterizer.coverage(of: label.path(axisX: axis / scale, top: top / scale, scale: scale), in: window)
    }

    /// The coverage summed along each row of `rows` (rows outside the mask are 0).
    func rowSums(_ rows: Range<Int>) -> [Double] {
        rows.map { y in
            guard y >= 0, y < mask.window.height else { return 0 }
            var sum: Float = 0
            for x in 0..<mask.window.width { sum += mask.coverage(x: x, y: y) }
            return Double(sum)
        }
    }

    /// The coverage summed down each column over `rows`.
    func columnSums(_ rows: Range<Int>) -> [Double] {
        (0..<mask.window.width).map { x in
            var sum: Float = 0
            for y in rows where y >= 0 && y < mask.window.height { sum += mask.coverage(x: x, y: y) }
            return Double(sum)
        }
    }

    /// The ink's left and right edges over `rows`, px (`InkExtent`).
    func inkExtent(_ rows: Range<Int>) -> (left: Double, right: Double) {
        InkExtent.of(columnSums(rows))
    }
}

/// Where the ink of a line starts and ends, from its column sums: the first and last columns
/// holding at least a tenth of a pixel of ink and 3 % of the fullest column's (so that noise
/// summed down a column does not count), each edge moved in by the part of that column the ink
/// leaves empty (relative to the column after it, capped at one). The same rule on the
/// screenshot and on the calibration label, so its bias cancels in the side bearings.
enum InkExtent {
    static func of(_ columns: [Double]) -> (left: Double, right: Double) {
        let least = max(0.1, 0.03 * (columns.max() ?? 0))
        guard let first = columns.firstIndex(where: { $0 >= least }),
            let last = columns.lastIndex(where: { $0 >= least })
        else { return (0, 0) }
        func filled(_ i: Int, _ next: Int) -> Double {
            guard next >= 0, next < columns.count, columns[next] > 0 else { return 1 }
            return min(1, columns[i] / columns[next])
        }
        return (Double(first) + 1 - filled(first, first + 1), Double(last) + filled(last, last - 1))
    }
}

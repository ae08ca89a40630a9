/// The lines of a label found in its row profile: the ink of each pixel row summed across the
/// label (in pixels of full coverage).
///
/// Latin text has most of its ink between the baseline and the x-height: each line shows as a
/// band of high rows (the body) with low shoulders above (capitals, ascenders, accents) and
/// below (descenders). Lines are the runs of rows with ink, split where two bodies meet; the
/// baseline is where the profile falls halfway from the body's level (the median of its rows)
/// to the level of the rows below it, interpolated between row centres, and the x-height line
/// the same upward. The same estimate run on a label this package draws at a known size
/// calibrates it (`LabelFont`), so its bias for the font cancels.
struct LineProfile {
    /// One line, in rows of the profile (row i spans i…i + 1).
    struct Line: Equatable {
        /// The first and one past the last row with ink.
        var inkTop: Double
        var inkBottom: Double
        var baseline: Double
        /// The x-height line (the top of the body).
        var bodyTop: Double
        /// The body's level: how much ink a body row holds, px.
        var level: Double

        var bodyHeight: Double { baseline - bodyTop }
    }

    /// The lines of `rows`, top to bottom.
    static func lines(_ rows: [Double]) -> [Line] {
        guard let peak = rows.max(), peak > 0 else { return [] }
        let floor = max(0.05, 0.02 * peak)
        var runs: [Range<Int>] = []
        var start: Int? = nil
        for (i, value) in rows.enumerated() {
            if value > floor {
                if start == nil { start = i }
            } else if let s = start {
                runs.append(s..<i)
                start = nil
            }
        }
        if let s = start { runs.append(s..<rows.count) }
        // A run whose highest row is under 30 % of the highest (descenders or accents parted from
        // their line by an empty row) is no line: it joins the nearest line within half a body.
        let strong = runs.filter { run in (run.map { rows[$0] }.max() ?? 0) >= 0.3 * peak }
        var lines = strong.flatMap { bodies(in: $0, rows) }.compactMap { line(body: $0.body, run: $0.run, rows) }
        for run in runs where !strong.contains(run) {
            let nearest = lines.indices.min { a, b in
                distance(run, lines[a]) < distance(run, lines[b])
            }
            guard let k = nearest, distance(run, lines[k]) <= lines[k].bodyHeight / 2 else { continue }
            lines[k].inkTop = min(lines[k].inkTop, Double(run.lowerBound))
            lines[k].inkBottom = max(lines[k].inkBottom, Double(run.upperBound))
        }
        return lines
    }

    /// Rows between a run and a line's ink (0 when they touch).
    private static func distance(_ run: Range<Int>, _ line: Line) -> Double {
        max(0, Double(run.lowerBound) - line.inkBottom, line.inkTop - Double(run.upperBound))
    }

    /// The bodies of a run of ink rows (rows at 30 % of the run's highest or more), each with
    /// the part of the run that belongs to it (split at the lowest row between two bodies). Two
    /// bands whose rows between never fall under 12 % of the highest are one body: the middle of
    /// a body, between the strokes at the x-height and at the baseline, keeps its letters' stems,
    /// while between two lines only descenders and ascenders pass.
    private static func bodies(in run: Range<Int>, _ rows: [Double]) -> [(body: Range<Int>, run: Range<Int>)] {
        let peak = run.map { rows[$0] }.max() ?? 0
        var bands: [Range<Int>] = []
        var start: Int? = nil
        for i in run {
            if rows[i] >= 0.3 * peak {
                if start == nil { start = i }
            } else if let s = start {
                bands.append(s..<i)
                start = nil
            }
        }
        if let s = start { bands.append(s..<run.upperBound) }
        var merged: [Range<Int>] = []
        for band in bands {
            if let last = merged.last, (last.upperBound..<band.lowerBound).allSatisfy({ rows[$0] >= 0.12 * peak }) {
                merged[merged.count - 1] = last.lowerBound..<band.upperBound
            } else {
                merged.append(band)
            }
        }
        var result: [(Range<Int>, Range<Int>)] = []
        var from = run.lowerBound
        for (k, band) in merged.enumerated() {
            var to = run.upperBound
            if k + 1 < merged.count {
                let gap = band.upperBound..<merged[k + 1].lowerBound
                to = gap.min { rows[$0] < rows[$1] } ?? band.upperBound
            }
            result.append((band, from..<max(to, band.upperBound)))
            from = to
        }
        return result
    }

    /// The line whose body is `body` within `run`: its baseline and x-height line.
    private static func line(body: Range<Int>, run: Range<Int>, _ rows: [Double]) -> Line? {
        guard body.count >= 2 else { return nil }
        let level = Robust.median(body.map { rows[$0] })
        func shoulder(_ range: Range<Int>) -> Double {
            let values = range.clamped(to: run).map { rows[$0] }
            return values.isEmpty ? 0 : Robust.median(values)
        }
        let below = shoulder((body.upperBound + 1)..<(body.upperBound + 4))
        let above = shoulder((body.lowerBound - 4)..<(body.lowerBound - 1))
        // Down from the body's middle to where the profile falls under halfway to `below`.
        let middle = (body.lowerBound + body.upperBound) / 2
        let downLevel = (level + below) / 2
        var baseline = Double(run.upperBound)
        for k in (middle + 1)..<run.upperBound where rows[k] < downLevel {
            let t = (rows[k - 1] - downLevel) / max(1e-9, rows[k - 1] - rows[k])
            baseline = Double(k) - 0.5 + t
            break
        }
        let upLevel = (level + above) / 2
        var bodyTop = Double(run.lowerBound)
        for k in stride(from: middle - 1, through: run.lowerBound, by: -1) where rows[k] < upLevel {
            let t = (rows[k + 1] - upLevel) / max(1e-9, rows[k + 1] - rows[k])
            bodyTop = Double(k) + 1.5 - t
            break
        }
        return Line(
            inkTop: Double(run.lowerBound), inkBottom: Double(run.upperBound), baseline: baseline, bodyTop: bodyTop,
            level: level)
    }
}

/// Greedy line filling over grapheme clusters, as Core Text's word wrapping does.
///
/// A line ends at the last line-break opportunity (UAX #14) where its text, less trailing white
/// space, still fits; white space at a break hangs past the line's end and is not counted. When
/// not even the first word fits, the line ends at the last grapheme cluster that fits (at least
/// one cluster a line), so a word wider than the line is broken between clusters, never inside
/// one. Linear in the number of clusters.
enum LineBreaker {
    /// The lines, as ranges of cluster indices, for clusters of these `advances` (pt): a break is
    /// allowed before cluster i when `breaks[i]`; `whitespace[i]` marks clusters that hang.
    /// Without `maxWidth`, one line.
    static func lines(advances: [Double], breaks: [Bool], whitespace: [Bool], maxWidth: Double?) -> [Range<Int>] {
        let count = advances.count
        guard let maxWidth, count > 0 else { return [0..<count] }
        var lines: [Range<Int>] = []
        var start = 0
        while start < count {
            var width = 0.0
            var hanging = 0.0
            var lastFit: Int? = nil
            var end = count
            var index = start
            while index < count {
                if index > start, breaks[index], width - hanging <= maxWidth { lastFit = index }
                width += advances[index]
                hanging = whitespace[index] ? hanging + advances[index] : 0
                if width - hanging > maxWidth {
                    end = lastFit ?? max(start + 1, index)
                    break
                }
                index += 1
            }
            lines.append(start..<end)
            start = end
        }
        return lines
    }

    /// `line` without the white space at its end, when it ends at a break (not the text's end).
    static func trimmed(_ line: Range<Int>, whitespace: [Bool], total: Int) -> Range<Int> {
        guard line.upperBound < total else { return line }
        var end = line.upperBound
        while end > line.lowerBound, whitespace[end - 1] { end -= 1 }
        return line.lowerBound..<end
    }
}

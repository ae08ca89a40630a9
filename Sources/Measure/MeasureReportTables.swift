import Comparison
import Raster

/// The report's tables: the style with its ± (and verdicts), and the label's lines.
extension MeasureReport {
    var styleTable: String {
        let m = measurement
        var out = "<table id=\"style\">\n<thead><tr><th>Property</th><th>Measured</th><th>±</th>"
        if verdict != nil {
            out +=
                "<th>Expected (\(escapeHTML(against ?? "")))</th><th>Difference</th><th>Tolerance</th><th>Result</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        let style = m.roundedStyle
        for (index, property) in StyleProperty.all.enumerated() {
            let unknown = m.unknown.contains(property.name)
            var value = unknown ? "unknown" : property.text(for: property.value(in: style))
            if case .number(let number) = property.value(in: style), !unknown {
                value = MeasureVerdict.brief(number)
            }
            let plusMinus = m.uncertainty[property.name].map { MeasureVerdict.brief($0) } ?? ""
            var swatch = ""
            if case .color(let color) = property.value(in: style), !unknown {
                swatch =
                    "<span style=\"display:inline-block;width:12px;height:12px;border:1px solid #999;"
                    + "background:\(color.hex.prefix(7))\"></span> "
            }
            let row = verdict?.rows[index]
            let rowClass = row.map { $0.result == .fail ? "fail" : $0.result == .pass ? "pass" : "" } ?? ""
            out += "<tr class=\"\(rowClass)\"><td>\(property.name)</td>"
            out += "<td>\(swatch)\(escapeHTML(value))</td><td>\(escapeHTML(plusMinus))</td>"
            if let row {
                out += "<td>\(escapeHTML(row.expected))</td><td>\(escapeHTML(row.difference))</td>"
                out += "<td>\(escapeHTML(row.tolerance))</td><td class=\"result\">\(row.result.rawValue)</td>"
            }
            out += "</tr>\n"
        }
        out += "<tr><td>arc start</td><td>\(MeasureVerdict.brief(m.arcStartDegrees))°</td><td>"
        out += "\(m.uncertainty["arcStartDegrees"].map { MeasureVerdict.brief($0) } ?? "")</td></tr>\n"
        return out + "</tbody>\n</table>\n"
    }

    var lineTable: String {
        let m = measurement
        guard !m.lines.isEmpty else { return "<p>No label.</p>\n" }
        var out = "<h2>Label</h2>\n<p>"
        if let text = m.text {
            out += "Measured as \u{201C}\(escapeHTML(text))\u{201D}"
            if let matches = m.textMatches { out += matches ? " (the expected text)" : " (does not match)" }
            out += ". "
        } else {
            out += "Text unknown (give --text or --lang to check it); the re-render copies it from the screenshot. "
        }
        out += "\(m.lines.count) line\(m.lines.count == 1 ? "" : "s"), boxes in points:</p>\n<table>\n"
        out += "<thead><tr><th>Line</th><th>x</th><th>y</th><th>width</th><th>height</th></tr></thead>\n<tbody>\n"
        for (i, line) in m.lines.enumerated() {
            let cells = [line.minX, line.minY, line.width, line.height].map(MeasureVerdict.brief)
            out += "<tr><td>\(i + 1)</td><td>" + cells.joined(separator: "</td><td>") + "</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }
}

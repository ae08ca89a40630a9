import Images
import StrictJSON

/// One image in a report, and how it compared.
package struct ReportFrame: Sendable {
    let name: String
    let outcome: FrameOutcome
    /// The expected and actual images, loaded only when the frame is drawn (frames that fail);
    /// nil where one side has none.
    let images: @Sendable () -> (expected: Pixmap?, actual: Pixmap?)
    /// For a frame with the judged figures that fails: pixelmatch's picture of the difference and the differences
    /// alone on transparency (`DifferencePicture`), made when the frame is drawn.
    let pictures: (@Sendable () -> (difference: Pixmap, mask: Pixmap)?)?

    package init(
        name: String, outcome: FrameOutcome, images: @escaping @Sendable () -> (expected: Pixmap?, actual: Pixmap?),
        pictures: (@Sendable () -> (difference: Pixmap, mask: Pixmap)?)? = nil
    ) {
        self.name = name
        self.outcome = outcome
        self.images = images
        self.pictures = pictures
    }
}

/// A folder (or a pair of files) in a report: its frames, and what explains them; or why it
/// could not be compared at all.
package struct ReportSection: Sendable {
    let title: String
    let notes: [String]
    let frames: [ReportFrame]
    /// Why nothing in it could be compared (a folder that is not a frames folder, …).
    let error: String?

    package init(title: String, notes: [String], frames: [ReportFrame], error: String? = nil) {
        self.title = title
        self.notes = notes
        self.frames = frames
        self.error = error
    }
}

/// A comparison as one self-contained HTML page, to open from a CI artifact: no network, images
/// embedded as data URIs, and every figure readable without a script.
///
/// On top, a table of every frame with its figures, worst first. Below, each frame that fails:
/// expected, actual and difference side by side at 1:1 (one image pixel a CSS pixel), a 4× pixel
/// zoom of the difference box (`image-rendering: pixelated`), and the figures with the
/// thresholds. Passing frames are listed in the table, not drawn. A short script adds a swipe and
/// a toggle between expected and actual.
package struct HTMLReport: Sendable {
    /// "frames verify", "frames compare".
    let command: String
    let sections: [ReportSection]
    let maxChannelDelta: Int
    let maxDifferingPixels: Int
    /// The options of a judged comparison in words (metric, threshold, regions, limits), shown
    /// instead of the two thresholds.
    let options: String?

    package init(
        command: String, sections: [ReportSection], maxChannelDelta: Int, maxDifferingPixels: Int,
        options: String? = nil
    ) {
        self.command = command
        self.sections = sections
        self.maxChannelDelta = maxChannelDelta
        self.maxDifferingPixels = maxDifferingPixels
        self.options = options
    }

    /// The page, handed to `write` piece by piece: the images of failing frames are loaded,
    /// encoded and written one at a time, each PNG as it is deflated, so that memory holds one
    /// frame's images and never the page (a report of two 100-megapixel images is a page of
    /// gigabytes). Stops at the first error `write` throws.
    package func write<E: Error>(to write: (String) throws(E) -> Void) throws(E) {
        let all = sections.flatMap(\.frames)
        let failing = all.filter { !$0.outcome.passes }.count
        let errors = sections.filter { $0.error != nil }.count
        var headline =
            "\(command): "
            + (failing == 0
                ? "\(all.count == 1 ? "the" : "all") \(counted(all.count, "frame")) \(all.count == 1 ? "holds" : "hold")"
                : "\(failing) of \(counted(all.count, "frame")) \(failing == 1 ? "differs" : "differ")")
        if errors > 0 { headline += "; \(counted(errors, "folder")) could not be verified" }
        try write("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        try write("<title>\(escapeHTML(headline))</title>\n<style>\n\(HTMLReport.style)</style>\n</head>\n<body>\n")
        try write("<h1>\(escapeHTML(headline))</h1>\n<p class=\"thresholds\">\(escapeHTML(thresholds))</p>\n")
        try write(summaryTable)
        for (s, section) in sections.enumerated() {
            try write("<section class=\"folder\">\n<h2>\(escapeHTML(section.title))</h2>\n")
            if let error = section.error {
                try write("<p class=\"error\">Error: \(escapeHTML(error))</p>\n</section>\n")
                continue
            }
            if !section.notes.isEmpty {
                try write("<ul class=\"notes\">\n" + section.notes.map { "<li>\(escapeHTML($0))</li>\n" }.joined())
                try write("</ul>\n")
            }
            let passing = section.frames.filter(\.outcome.passes).count
            try write(
                "<p>\(passing) of \(counted(section.frames.count, "frame")) \(passing == 1 ? "holds" : "hold")"
                    + (passing > 0 ? " (listed above, not drawn).</p>\n" : ".</p>\n"))
            for (f, frame) in section.frames.enumerated() where !frame.outcome.passes {
                try ReportFigure(frame: frame, id: "f\(s)-\(f)", thresholds: thresholds).write(to: write)
            }
            try write("</section>\n")
        }
        try write("<script>\n\(HTMLReport.script)</script>\n</body>\n</html>\n")
    }

    /// The whole page as one string (`write(to:)` into memory): for small reports and tests.
    package var html: String {
        var page = ""
        write { (text: String) throws(Never) in page += text }
        return page
    }

    var thresholds: String {
        if let options { return options }
        return "Thresholds: a channel of a pixel may differ by \(maxChannelDelta) (--max-channel-delta), and "
            + "\(maxDifferingPixels) pixels per image may differ by more (--max-differing-pixels)."
    }

    /// Every frame with its figures, worst first (ties in the order of the sections).
    var summaryTable: String {
        var rows: [(section: Int, index: Int, frame: ReportFrame)] = []
        for (s, section) in sections.enumerated() {
            for (f, frame) in section.frames.enumerated() { rows.append((s, f, frame)) }
        }
        rows.sort { a, b in
            if FrameOutcome.isWorse(a.frame.outcome, than: b.frame.outcome) { return true }
            if FrameOutcome.isWorse(b.frame.outcome, than: a.frame.outcome) { return false }
            return (a.section, a.index) < (b.section, b.index)
        }
        var table = "<table id=\"summary\">\n<thead><tr><th>Result</th><th>Folder</th><th>Frame</th>"
        table += "<th>Largest channel difference</th><th>Differing pixels</th><th>Share</th>"
        table += "<th>Over the channel threshold</th><th>Difference box</th><th>Note</th></tr></thead>\n<tbody>\n"
        for row in rows {
            let outcome = row.frame.outcome
            let passes = outcome.passes
            var name = escapeHTML(row.frame.name)
            if !passes { name = "<a href=\"#f\(row.section)-\(row.index)\">\(name)</a>" }
            var cells = [passes ? "PASS" : "FAIL", escapeHTML(sections[row.section].title), name]
            cells += ReportFigure.figures(outcome).map(escapeHTML)
            table += "<tr class=\"\(passes ? "pass" : "fail")\"><td>" + cells.joined(separator: "</td><td>")
            table += "</td></tr>\n"
        }
        return table + "</tbody>\n</table>\n"
    }
}

/// Text for HTML: control and direction characters shown as `shownText` shows them, then `&`,
/// `<`, `>` and quotes escaped.
package func escapeHTML(_ text: String) -> String {
    var out = ""
    // The one rule for text from outside first (`shownText`): a name cannot break a line here
    // either.
    for character in shownText(text) {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(character)
        }
    }
    return out
}

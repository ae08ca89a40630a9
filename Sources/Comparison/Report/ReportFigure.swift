import Images
import StrictJSON

/// A frame that fails, drawn in a report: expected | actual | difference at 1:1, a 4× zoom of the
/// difference box, the figures and the thresholds.
struct ReportFigure {
    /// The zoom shows at most this many pixels each way (256 CSS pixels at 4×).
    static let zoomPixels = 64
    static let zoomFactor = 4

    let frame: ReportFrame
    let id: String
    let thresholds: String

    /// The summary table's cells for an outcome: largest channel difference, differing pixels,
    /// their share, pixels over the channel threshold, the difference box, a note.
    static func figures(_ outcome: FrameOutcome) -> [String] {
        switch outcome {
        case .identical: return ["0", "0", "0 %", "0", "", "identical"]
        case .unmatched(let reason): return ["", "", "", "", "", reason]
        case .compared(let c):
            guard c.sizesMatch else { return ["", "", "", "", "", c.summary] }
            let (pixels, box) = c.saidToDiffer
            let share = Double(pixels) / Double(max(1, c.pixelCount)) * 100
            var notes: [String] = []
            if c.settings.figures == .judged {
                if c.antialiasedPixels > 0 { notes.append("\(c.antialiasedPixels) anti-aliased not counted") }
                notes.append("at most \(c.largestCluster) in a \(c.settings.window)×\(c.settings.window) window")
                if let shift = c.shift { notes.append(shift.description) }
            }
            return [
                "\(c.maxChannelDelta)", "\(pixels)",
                share == 0 ? "0 %" : share < 0.01 ? "<0.01 %" : "\((share * 100).rounded() / 100) %",
                "\(c.differingPixels)", box.map { "x \($0.x0)…\($0.x1 - 1), y \($0.y0)…\($0.y1 - 1)" } ?? "",
                notes.joined(separator: "; "),
            ]
        }
    }

    /// The figure, handed to `write` piece by piece: each panel's PNG streamed into its data URI
    /// as it is deflated, one panel at a time.
    func write<E: Error>(to write: (String) throws(E) -> Void) throws(E) {
        try write("<article class=\"frame\" id=\"\(id)\">\n<h3>FAIL \(escapeHTML(frame.name))</h3>\n")
        try write("<p class=\"figures\">\(escapeHTML(frame.outcome.summary))</p>\n")
        try write("<p class=\"thresholds\">\(escapeHTML(thresholds))</p>\n<div class=\"panels\">\n")
        if let pictures = frame.pictures {
            // Each image is let go once drawn: the pictures load the pair again themselves.
            do {
                let (expected, actual) = frame.images()
                try ReportFigure.panel(expected, role: "expected", caption: "expected", alt: frame.name, to: write)
                try ReportFigure.panel(actual, role: "actual", caption: "actual", alt: frame.name, to: write)
            }
            if let pictures = pictures() {
                try ReportFigure.panel(
                    pictures.difference, role: "difference",
                    caption: "difference (red: differs, yellow: anti-aliased)", alt: frame.name, to: write)
                try ReportFigure.panel(
                    pictures.mask, role: "difference-mask checker", caption: "differences alone", alt: frame.name,
                    to: write)
            }
            try write("</div>\n</article>\n")
            return
        }
        let (expected, actual) = frame.images()
        try ReportFigure.panel(expected, role: "expected", caption: "expected", alt: frame.name, to: write)
        try ReportFigure.panel(actual, role: "actual", caption: "actual", alt: frame.name, to: write)
        if let expected, let actual {
            try ReportFigure.panel(
                DifferencePicture.magenta(expected: expected, actual: actual), role: "difference",
                caption: "difference (magenta)", alt: frame.name, to: write)
        }
        try write("</div>\n")
        if case .compared(let comparison) = frame.outcome, comparison.settings.figures == .channels,
            comparison.sizesMatch, let box = comparison.changedBox, let expected, let actual
        {
            try write(zoom(box, expected, actual))
        }
        try write("</article>\n")
    }

    /// One image at 1:1, or a note where there is none; its PNG streamed into the data URI.
    static func panel<E: Error>(
        _ image: Pixmap?, role: String, caption: String, alt: String, to write: (String) throws(E) -> Void
    ) throws(E) {
        guard let image else {
            try write("<figure class=\"\(role)\"><figcaption>\(caption): none</figcaption></figure>\n")
            return
        }
        try write(
            "<figure class=\"\(role)\"><figcaption>\(caption), \(image.width)×\(image.height) px</figcaption>"
                + "<img class=\"\(role) checker\" width=\"\(image.width)\" height=\"\(image.height)\" "
                + "alt=\"\(caption) \(escapeHTML(alt))\" src=\"data:image/png;base64,")
        var base64 = Base64Stream()
        do throws(PNGStreamError<E>) {
            try PNGEncoder().encode(rows: image) { (bytes: [UInt8]) throws(E) in try write(base64.text(for: bytes)) }
        } catch {
            // A panel that cannot be encoded (memory) is left empty rather than failing the page.
            if case .sink(let error) = error { throw error }
        }
        try write(base64.finish() + "\"></figure>\n")
    }

    func zoom(_ box: PixelRect, _ expected: Pixmap, _ actual: Pixmap) -> String {
        func span(_ low: Int, _ high: Int, within size: Int) -> (Int, Int) {
            let grow = max(4, (24 - (high - low) + 1) / 2)
            let start = max(0, low - grow)
            return (start, min(size, high + grow, start + ReportFigure.zoomPixels))
        }
        let (x0, x1) = span(box.x0, box.x1, within: expected.width)
        let (y0, y1) = span(box.y0, box.y1, within: expected.height)
        let area = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
        let difference = DifferencePicture.magenta(expected: expected, actual: actual)
        var out = "<div class=\"zoom\"><p>\(ReportFigure.zoomFactor)× zoom of x \(area.x0)…\(area.x1 - 1), "
        out += "y \(area.y0)…\(area.y1 - 1)</p>\n<div class=\"panels\">\n"
        for (image, role) in [(expected, "expected"), (actual, "actual"), (difference, "difference")] {
            let crop = ReportFigure.crop(image, area)
            guard let png = try? PNGEncoder().encode(crop) else { continue }
            out += "<figure><figcaption>\(role)</figcaption><img class=\"zoom checker\" "
            out +=
                "width=\"\(crop.width * ReportFigure.zoomFactor)\" height=\"\(crop.height * ReportFigure.zoomFactor)\" "
            out += "alt=\"\(role), zoomed\" src=\"\(Base64.pngDataURI(png))\"></figure>\n"
        }
        return out + "</div></div>\n"
    }

    /// The pixels of `image` in `area` (inside the image).
    static func crop(_ image: Pixmap, _ area: PixelRect) -> Pixmap {
        var out = try! Pixmap(width: area.width, height: area.height)
        for y in 0..<area.height {
            let from = (area.y0 + y) * image.width + area.x0
            out.pixels.replaceSubrange(
                (y * area.width)..<((y + 1) * area.width), with: image.pixels[from..<(from + area.width)])
        }
        return out
    }
}

extension HTMLReport {
    static let style = """
        body { font: 14px/20px system-ui, sans-serif; margin: 16px; color: #222; background: #fff; }
        h1 { font-size: 20px; line-height: 28px; } h2 { font-size: 17px; line-height: 24px; margin-top: 28px; }
        h3 { font-size: 15px; line-height: 20px; color: #b00020; }
        table { border-collapse: collapse; margin: 8px 0 16px; }
        th, td { padding: 2px 8px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
        td { font-variant-numeric: tabular-nums; }
        tr.fail td:first-child { color: #b00020; font-weight: bold; }
        tr.pass td:first-child { color: #1b7f3b; }
        .notes li { color: #6a4a00; }
        .error { color: #b00020; font-weight: bold; }
        .panels { display: flex; gap: 16px; align-items: flex-start; overflow-x: auto; }
        figure { margin: 0; flex: none; }
        figcaption { font-size: 12px; line-height: 16px; color: #555; }
        img { display: block; }
        .checker { background-color: #fff;
          background-image: conic-gradient(#ccc 25%, #fff 0 50%, #ccc 0 75%, #fff 0); background-size: 16px 16px; }
        img.zoom { image-rendering: pixelated; }
        .swipe { position: relative; display: inline-block; }
        .swipe img + img { position: absolute; left: 0; top: 0; }
        article.frame { border-top: 1px solid #ddd; padding-top: 8px; margin-top: 16px; }

        """

    /// Adds a swipe (a slider that reveals the actual image over the expected one) and a toggle
    /// to each frame that has both. Everything else works without it.
    static let script = """
        for (const article of document.querySelectorAll("article.frame")) {
          const expected = article.querySelector("img.expected"), actual = article.querySelector("img.actual");
          if (!expected || !actual) continue;
          const box = document.createElement("div");
          box.className = "swipe-view";
          const caption = document.createElement("p");
          caption.textContent = "Swipe: expected on the left of the line, actual on the right. ";
          const slider = document.createElement("input");
          slider.type = "range"; slider.min = 0; slider.max = 100; slider.value = 50;
          const toggle = document.createElement("button");
          toggle.textContent = "Toggle expected / actual";
          const view = document.createElement("div");
          view.className = "swipe";
          const under = expected.cloneNode(), over = actual.cloneNode();
          under.className = over.className = "checker";
          view.append(under, over);
          const clip = () => { over.style.clipPath = `inset(0 0 0 ${slider.value}%)`; };
          slider.addEventListener("input", clip);
          toggle.addEventListener("click", () => { slider.value = slider.value > 50 ? 0 : 100; clip(); });
          clip();
          caption.append(slider, toggle);
          box.append(caption, view);
          article.append(box);
        }

        """
}

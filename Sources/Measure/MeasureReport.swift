import Comparison
import Images
import StrictJSON

/// A measurement as one self-contained HTML page (no network, images as data URIs): the
/// screenshot with the measured card and ring outlined, then the compared region three ways side
/// by side (the screenshot, the re-render of the recovered style over the screenshot's
/// surroundings, their difference), scaled alike to fit the page with pixels kept square, then the
/// style with each property's ± (and its verdict against an expected style), the card, the arc,
/// the label's lines and the notes.
public struct MeasureReport: Sendable {
    /// The measurement shown.
    public let measurement: IndicatorMeasurement
    /// The whole screenshot (drawn at most 390 CSS pixels wide).
    public let screenshot: Pixmap
    /// The screenshot's name as the user gave it.
    public let name: String
    /// The verdicts against an expected style, if any, and that style's name.
    public let verdict: MeasureVerdict?
    /// The expected style's name (a file or a preset), if any.
    public let against: String?

    /// A report of `measurement` of `screenshot`, named `name`, with `verdict` against `against`.
    public init(
        measurement: IndicatorMeasurement, screenshot: Pixmap, name: String, verdict: MeasureVerdict? = nil,
        against: String? = nil
    ) {
        self.measurement = measurement
        self.screenshot = screenshot
        self.name = name
        self.verdict = verdict
        self.against = against
    }

    /// The page, handed to `write` piece by piece (each picture a piece of its own), so that the
    /// page is never held whole; stops at the first error `write` throws.
    public func write<E: Error>(to write: (String) throws(E) -> Void) throws(E) {
        let m = measurement
        var headline = "frames measure \(name)"
        if let verdict { headline += verdict.passes ? ": every property within tolerance" : ": properties off" }
        var head = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        head += "<title>\(escapeHTML(headline))</title>\n<style>\n\(MeasureReport.style)</style>\n</head>\n<body>\n"
        head += "<h1>\(escapeHTML(headline))</h1>\n"
        head += "<p class=\"summary\">\(escapeHTML(summary))</p>\n"
        if !m.notes.isEmpty {
            head += "<ul class=\"notes\">\n" + m.notes.map { "<li>\(escapeHTML($0))</li>\n" }.joined() + "</ul>\n"
        }
        try write(head + "<div class=\"panels\">\n")
        try write(overview)
        try write("</div>\n<h2>Screenshot, re-render and difference</h2>\n<div class=\"panels\" id=\"compare\">\n")
        for (image, role, caption) in [
            (m.screenshot, "screenshot", "screenshot"), (m.rerender, "rerender", "re-render of the recovered style"),
            (MeasureReport.difference(m.screenshot, m.rerender), "difference", "difference (brighter: larger)"),
        ] {
            try write(MeasureReport.figure(image, role: role, caption: caption, zoom: 1))
        }
        try write("</div>\n<h2>Style</h2>\n" + styleTable + lineTable + "</body>\n</html>\n")
    }

    /// The whole page as one string (`write(to:)` into memory).
    public var html: String {
        var page = ""
        write { (text: String) throws(Never) in page += text }
        return page
    }

    var summary: String {
        let m = measurement
        var parts = ["scale \(formatNumber((m.scale * 1000).rounded() / 1000)) px/pt"]
        parts.append("arc starts at \(MeasureVerdict.brief(m.arcStartDegrees))° (−90° is 12 o'clock)")
        if let frame = m.frame { parts.append("frame \(frame)") }
        if let card = m.card {
            parts.append(
                "card at (\(MeasureVerdict.brief(card.minX)), \(MeasureVerdict.brief(card.minY))) pt, "
                    + "\(MeasureVerdict.brief(card.width)) × \(MeasureVerdict.brief(card.height)) pt")
        }
        parts.append("\(m.variant.rawValue)")
        parts.append(
            "re-render vs screenshot: mean difference \(MeasureVerdict.brief(m.meanDelta)), largest \(m.maxDelta) "
                + "(0…255 a channel)")
        return parts.joined(separator: "; ")
    }

    /// The screenshot, at most 390 CSS pixels wide, with the compared region outlined.
    var overview: String {
        guard let png = try? PNGEncoder().encode(screenshot) else { return "" }
        let width = min(390, screenshot.width)
        let height = screenshot.height * width / max(1, screenshot.width)
        let r = measurement.region
        let k = Double(width) / Double(screenshot.width)
        var out = "<figure class=\"overview\"><figcaption>\(escapeHTML(name)), \(screenshot.width)×"
        out += "\(screenshot.height) px</figcaption><div class=\"frame\" style=\"width:\(width)px;height:\(height)px\">"
        out += "<img width=\"\(width)\" height=\"\(height)\" alt=\"the screenshot\" src=\"\(Base64.pngDataURI(png))\">"
        out += "<div class=\"mark\" style=\"left:\(Int(Double(r.x0) * k))px;top:\(Int(Double(r.y0) * k))px;"
        out += "width:\(max(2, Int(Double(r.width) * k)))px;height:\(max(2, Int(Double(r.height) * k)))px\"></div>"
        return out + "</div></figure>\n"
    }

    static func figure(_ image: Pixmap, role: String, caption: String, zoom: Int) -> String {
        guard let png = try? PNGEncoder().encode(image) else { return "" }
        return "<figure class=\"\(role)\"><figcaption>\(escapeHTML(caption)), \(image.width)×\(image.height) px, "
            + "shown to fit</figcaption><img class=\"\(role)\" width=\"\(image.width * zoom)\" "
            + "height=\"\(image.height * zoom)\" alt=\"\(escapeHTML(caption))\" src=\"\(Base64.pngDataURI(png))\">"
            + "</figure>\n"
    }

    /// The screenshot, the re-render and their difference side by side (4 px apart) as a PNG
    /// data URI, for a page to show beside the measurement; "" when it cannot be made.
    public static func sideBySide(_ m: IndicatorMeasurement) -> String {
        let difference = difference(m.screenshot, m.rerender)
        let (w, h, gap) = (m.screenshot.width, m.screenshot.height, 4)
        guard m.rerender.width == w, m.rerender.height == h, var out = try? Pixmap(width: 3 * w + 2 * gap, height: h)
        else { return "" }
        for (k, image) in [m.screenshot, m.rerender, difference].enumerated() {
            for y in 0..<h {
                for x in 0..<w { out.pixels[y * out.width + k * (w + gap) + x] = image.pixels[y * w + x] }
            }
        }
        guard let png = try? PNGEncoder().encode(out) else { return "" }
        return Base64.pngDataURI(png)
    }

    /// Where two images of one size differ: each pixel's largest channel difference × 8 (32
    /// levels and more are white, magenta-tinted), over `a` faded to a quarter of its lightness.
    /// `a` itself when the sizes differ.
    public static func difference(_ a: Pixmap, _ b: Pixmap) -> Pixmap {
        guard a.width == b.width, a.height == b.height, var out = try? Pixmap(width: a.width, height: a.height) else {
            return a
        }
        for i in 0..<out.pixels.count {
            let p = a.pixels[i]
            let q = b.pixels[i]
            var delta: UInt32 = 0
            for shift in [UInt32(0), 8, 16] {
                let d = Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)
                delta = max(delta, UInt32(abs(d)))
            }
            let luma = ((p & 0xFF) + ((p >> 8) & 0xFF) + ((p >> 16) & 0xFF)) / 12
            let v = min(255, luma + delta * 8)
            out.pixels[i] = Pixmap.pack(r: v, g: min(255, luma + delta * 4), b: v, a: 255)
        }
        return out
    }

    static let style = """
        body { font: 14px/20px system-ui, sans-serif; margin: 16px; color: #1d1d1f; }
        h1 { font-size: 18px; } h2 { font-size: 15px; margin-top: 20px; }
        .panels { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
        img { image-rendering: pixelated; display: block; border: 1px solid #ccc; }
        .frame { position: relative; } .mark { position: absolute; outline: 2px solid #e0218a; }
        #compare { flex-wrap: nowrap; } #compare figure { flex: 1 1 0; min-width: 0; }
        #compare img { width: 100%; height: auto; }
        table { border-collapse: collapse; font-size: 13px; margin-top: 8px; }
        td, th { border-top: 1px solid #eee; padding: 3px 8px; text-align: left; }
        tr.fail td.result { color: #b00020; font-weight: 700; } tr.pass td.result { color: #137333; }
        ul.notes { color: #8a5300; }

        """
}

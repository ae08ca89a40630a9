import Raster

/// The studio's "Match a screenshot": `POST /measure?name=N` with a PNG or JPEG body (at most
/// `StudioBackdrops.maxBytes`) measures it as `frames measure` does and answers with the
/// measurement (`MeasureOutput.json`), the page state that shows the recovered style (the
/// variant, the scale, every recovered property and the label's text when it was recognised,
/// as the form's option names), the notes,
/// and the screenshot, the re-render and their difference side by side as a PNG data URI.
/// An image that cannot be read or measured gets 400 with the message, as a bad value does.
enum StudioMatch {
    static func answer(_ request: HTTPRequest) throws(FramesError) -> JSONValue {
        let name = request.value("name") ?? "screenshot"
        let decoded: DecodedScreenshot
        do {
            decoded = try ScreenshotDecoder.decode(request.body)
        } catch {
            throw .invalidValue(option: "screenshot", value: name, expected: "a PNG or JPEG screenshot; it is \(error)")
        }
        let image = decoded.image
        let scale: ScreenshotScale
        do {
            scale = try ScreenshotScale.resolve(width: image.width, height: image.height)
        } catch {
            throw .usage("\(name): \(error)")
        }
        let measurement: IndicatorMeasurement
        do {
            measurement = try ScreenshotMeasure.measure(
                image, options: MeasureOptions(scale: scale, format: decoded.format))
        } catch {
            throw .invalidValue(
                option: "screenshot", value: name, expected: "a screenshot with a loading indicator (\(error))")
        }
        var state: [String: JSONValue] = [
            "style": .string(measurement.variant.rawValue),
            "scale": .string(formatNumber((measurement.scale * 100).rounded() / 100)),
        ]
        let style = MeasureOutput.rounded(measurement.style)
        for property in StyleProperty.all where !measurement.unknown.contains(property.name) {
            if case .fontName(nil) = property.value(in: style) { continue }
            state[property.flag] = .string(property.text(for: property.value(in: style)))
        }
        if let text = measurement.text { state["text"] = .string(text) }
        var notes = measurement.notes
        if let profile = decoded.convertedFrom { notes.insert("converted from \(profile) to sRGB", at: 0) }
        return .object([
            "state": .object(state), "measurement": .object(MeasureOutput.json(measurement)),
            "notes": .array(notes.map(JSONValue.string)), "difference": .string(differencePanel(measurement)),
        ])
    }

    /// Screenshot | re-render | difference, as a PNG data URI.
    static func differencePanel(_ m: IndicatorMeasurement) -> String {
        let difference = MeasureReport.difference(m.screenshot, m.rerender)
        let (w, h, gap) = (m.screenshot.width, m.screenshot.height, 4)
        guard var out = try? Pixmap(width: 3 * w + 2 * gap, height: h) else { return "" }
        for (k, image) in [m.screenshot, m.rerender, difference].enumerated() {
            for y in 0..<h {
                for x in 0..<w { out.pixels[y * out.width + k * (w + gap) + x] = image.pixels[y * w + x] }
            }
        }
        guard let png = try? PNGEncoder().encode(out) else { return "" }
        return Base64.pngDataURI(png)
    }

    /// The page's part: a file input, the notes, the figures and the difference panel. Added to
    /// the hand-off column; it sets the form from the answer's state and renders it.
    static let section = """
        <h2>Match a screenshot</h2>
        <div class="row"><div class="inputs">
        <input type="file" id="match-file" accept="image/png,image/jpeg" aria-label="screenshot to match">
        </div><div class="hint">A PNG or JPEG screenshot with the indicator: its style goes into the controls.</div>
        <div class="error" id="match-error"></div></div>
        <ul id="match-notes"></ul>
        <pre id="match-figures"></pre>
        <img id="match-difference" alt="screenshot, re-render and difference" style="max-width:100%">
        """

    // The script of `section`: it calls the page script's functions (`changed`, `showAll`,
    // `schedule`), which are global in a classic script.
    static let script = #"""
        async function matchScreenshot() {
          const file = document.getElementById("match-file").files[0];
          if (!file) return;
          document.getElementById("match-error").textContent = "";
          document.body.dataset.match = "busy";
          const r = await fetch("/measure?" + encode([["token", token], ["name", file.name]]), { method: "POST", body: file });
          const answer = await r.json().catch(() => ({ message: "measuring refused (" + r.status + ")" }));
          if (!r.ok) {
            document.getElementById("match-error").textContent = answer.message;
            document.body.dataset.match = "error";
            return;
          }
          for (const p of T.properties) delete state[p.flag];
          for (const k of ["style", "scale", "device"]) delete state[k];
          for (const [k, v] of Object.entries(answer.state)) state[k] = v;
          const notes = document.getElementById("match-notes");
          notes.textContent = "";
          for (const n of answer.notes) { const li = el("li"); li.textContent = n; notes.append(li); }
          const m = answer.measurement;
          const lines = Object.entries(m.style).filter(([k]) => k !== "preset").map(([k, v]) =>
            k + ": " + (v === null ? "unknown" : v) + (m.uncertainty[k] != null ? " ± " + m.uncertainty[k] : ""));
          lines.push("arc start: " + m.arcStartDegrees + "° ± " + m.uncertainty.arcStartDegrees);
          lines.push("re-render: mean difference " + m.residual.meanDelta + ", largest " + m.residual.maxDelta);
          document.getElementById("match-figures").textContent = lines.join("\n");
          document.getElementById("match-difference").src = answer.difference;
          document.body.dataset.match = "ready";
          showAll();
          editedAt = performance.now();
          schedule(true);
        }
        document.getElementById("match-file").addEventListener("change", matchScreenshot);
        """#
}

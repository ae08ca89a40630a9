import FramesCLI
import Images
import Measure
import Raster
import Screenshots
import StrictJSON

/// The studio's "Match a screenshot": `POST /measure?name=N` with a PNG or JPEG body (at most
/// `StudioBackdrops.maxBytes`) measures it as `frames measure` does and answers with the
/// measurement (`MeasureOutput.json`), the page state that shows the recovered style (the
/// variant, the device and scale, every recovered property and the label's text when it was
/// recognised, as the form's option names), the notes (one naming every device of the
/// screenshot's screen, when several share it), and the screenshot, the re-render and
/// their difference side by side as a PNG data URI. The image's size is read from its header
/// and its decoding and measuring charged to the studio's memory budget before anything is
/// decoded. An image that cannot be read or measured gets 400 (no indicator: 422) with the
/// message, as a bad value does; any picture from 1 × 1 px up, any crop, aspect or orientation
/// ends in one of those or a measurement.
enum StudioMatch {
    static func answer(_ request: HTTPRequest, memory: StudioMemory) throws(FramesError) -> JSONValue {
        if let error = request.query.error { throw error }
        let name = request.value("name") ?? "screenshot"
        let size: (width: Int, height: Int)
        do {
            size = try ScreenshotDecoder.size(of: request.body)
        } catch {
            throw refusal(name, error)
        }
        let cost = StudioCosts.measure(pixels: size.width * size.height)
        if cost > StudioMemory.budget {
            throw .invalidValue(
                option: "<screenshot>", value: name,
                expected: "a screenshot the studio's memory budget can measure (this one is \(size.width) × "
                    + "\(size.height) px, about \(formatBytes(cost)) to measure); use frames measure")
        }
        guard let charge = memory.charge(now: cost) else {
            throw .invalidValue(
                option: "<screenshot>", value: name,
                expected: "a screenshot that fits the studio's memory budget now (renders under way hold it; try again)"
            )
        }
        return try withExtendedLifetime(charge) { () throws(FramesError) in try measure(request.body, name: name) }
    }

    /// The upload decoded and measured, and the answer made.
    static func measure(_ bytes: [UInt8], name: String) throws(FramesError) -> JSONValue {
        let decoded: DecodedScreenshot
        do {
            decoded = try ScreenshotDecoder.decode(bytes, shouldStop: Stop.asked)
        } catch {
            throw refusal(name, error)
        }
        let measurement: IndicatorMeasurement
        let scale: ScreenshotScale
        do {
            scale = try ScreenshotScale.resolve(width: decoded.image.width, height: decoded.image.height)
            measurement = try ScreenshotMeasure.measure(
                decoded.image, options: MeasureOptions(scale: scale, format: decoded.format))
        } catch {
            throw .measurement(option: "<screenshot>", value: name, error)
        }
        var state: [String: JSONValue] = [
            "style": .string(measurement.variant.rawValue),
            "scale": .string(formatNumber((measurement.scale * 100).rounded() / 100)),
        ]
        var notes = measurement.notes
        if let device = scale.device {
            state["device"] = .string(device.name)
            if let same = sameScreen(as: device) { notes.insert(same, at: 0) }
        }
        let style = measurement.roundedStyle
        for property in StyleProperty.all where !measurement.unknown.contains(property.name) {
            if case .fontName(nil) = property.value(in: style) { continue }
            state[property.flag] = .string(property.text(for: property.value(in: style)))
        }
        if let text = measurement.text { state["text"] = .string(text) }
        if let profile = decoded.convertedFrom { notes.insert("converted from \(profile) to sRGB", at: 0) }
        if let skipped = decoded.skippedProfile { notes.insert(skipped, at: 0) }
        if decoded.orientation != .upright {
            notes.insert(
                "measured as viewers show it: its EXIF orientation (\(decoded.orientation.value)) says it is "
                    + decoded.orientation.description, at: 0)
        }
        if let ambiguity = scale.ambiguity { notes.insert(ambiguity, at: 0) }
        return .object([
            "state": .object(state), "measurement": .object(MeasureOutput.json(measurement)),
            "notes": .array(notes.map { .string(Console.shown($0)) }),
            "difference": .string(MeasureReport.sideBySide(measurement)),
        ])
    }

    /// The devices whose screen is `device`'s (an iPhone 15's is an iPhone 14 Pro's), named all,
    /// or nil when it is the only one: a screenshot of that size is any of them.
    static func sameScreen(as device: Device) -> String? {
        let names = Device.all.filter { $0.screen == device.screen }.map(\.name)
        guard names.count > 1 else { return nil }
        let list = names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "\(list) have this screen (\(formatNumber(device.screen.width)) × "
            + "\(formatNumber(device.screen.height)) pt): the device control shows \(device.name)"
    }

    /// The error for an upload that is not a PNG or JPEG screenshot this tool reads.
    static func refusal(_ name: String, _ error: ImageDecodeError) -> FramesError {
        .unusableInput(option: "<screenshot>", value: name, expected: "a PNG or JPEG screenshot", cause: .image(error))
    }

    /// The page's part, at the end of the hand-off column: a file input, the error, the notes,
    /// the figures and the side-by-side picture.
    static let section = """
        <h2>Match a screenshot</h2>
        <div class="row" data-option="--match"><div class="inputs">
        <input type="file" id="match-file" accept="image/png,image/jpeg" aria-label="screenshot to match">
        </div><div class="hint">A PNG or JPEG screenshot with the indicator: its style goes into the controls.</div>
        <div class="error" id="match-error"></div></div>
        <ul id="match-notes"></ul>
        <pre id="match-figures" hidden></pre>
        <img id="match-difference" alt="screenshot, re-render and difference, side by side" hidden>
        """

    /// The script of `section`: it calls the page script's functions (`noteChange`, `showAll`,
    /// `schedule`), which are global in a classic script. The state the answer gives replaces the
    /// style's controls, the device and the scale; the page's zoom, background and frame stay.
    static let script = #"""
        async function matchScreenshot() {
          const file = $("match-file").files[0];
          if (!file) return;
          $("match-error").textContent = "";
          document.body.dataset.match = "busy";
          if (file.size > T.maxBackdropBytes) {
            $("match-error").textContent = "invalid value '" + shown(file.name) + "' for <screenshot>: expected a PNG or JPEG of at most " + (T.maxBackdropBytes >> 20) + " MiB";
            document.body.dataset.match = "error";
            return;
          }
          const r = await fetch("/measure?" + encode([["token", token], ["name", file.name]]), { method: "POST", body: file });
          const answer = await r.json().catch(() => ({ message: "measuring refused (" + r.status + ")" }));
          if (!r.ok) {
            $("match-error").textContent = answer.message;
            document.body.dataset.match = "error";
            return;
          }
          noteChange();
          for (const p of T.properties) delete state[p.flag];
          for (const k of ["style", "scale", "device", "text"]) delete state[k];
          for (const [k, v] of Object.entries(answer.state)) state[k] = v;
          invalid = {};
          const notes = $("match-notes");
          notes.textContent = "";
          for (const n of answer.notes) { const li = el("li"); li.textContent = n; notes.append(li); }
          const m = answer.measurement;
          const lines = Object.entries(m.style).filter(([k]) => k !== "preset").map(([k, v]) =>
            k + ": " + (v === null ? "unknown" : v) + (m.uncertainty[k] != null ? " ± " + m.uncertainty[k] : ""));
          lines.push("arc start: " + m.arcStartDegrees + "° ± " + m.uncertainty.arcStartDegrees);
          lines.push("re-render: mean difference " + m.residual.meanDelta + ", largest " + m.residual.maxDelta);
          $("match-figures").textContent = lines.join("\n");
          $("match-figures").hidden = false;
          $("match-difference").src = answer.difference;
          $("match-difference").hidden = false;
          document.body.dataset.match = "ready";
          view.centre = true; view.wantCard = true;
          showAll();
          editedAt = performance.now();
          schedule(true);
        }
        $("match-file").addEventListener("change", matchScreenshot);
        """#
}

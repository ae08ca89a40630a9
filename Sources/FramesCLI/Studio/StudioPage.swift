import Raster

/// The studio's page: one HTML document with its style and script inline (no file to find at
/// run time). The form is built by the script from `StyleProperty.all`, the variants, devices and
/// languages, which the page carries as JSON; the pixels come from the server.
enum StudioPage {
    /// The page with the tables filled in.
    static var html: String {
        template.replacing("/*TABLES*/", with: tables).replacing("/*SCRIPT*/", with: StudioScript.source)
            .replacing("<!--MATCH-->", with: StudioMatch.section).replacing("/*MATCH*/", with: StudioMatch.script)
    }

    /// The properties (name, flag, kind, summary, preset values), variants, devices and languages.
    static var tables: String {
        let properties = StyleProperty.all.map { property -> JSONValue in
            var object: [String: JSONValue] = [
                "name": .string(property.name), "flag": .string(property.flag), "summary": .string(property.summary),
                "expected": .string(property.expected),
            ]
            object["kind"] = .string(
                {
                    switch property.kind {
                    case .color: return "color"
                    case .length: return "length"
                    case .textSize: return "textSize"
                    case .opacity: return "opacity"
                    case .fontName: return "fontName"
                    }
                }())
            var defaults: [String: JSONValue] = [:]
            for variant in Variant.allCases {
                let value = property.defaultValue(for: variant)
                defaults[variant.rawValue] =
                    value == .fontName(nil) ? .string("") : .string(property.text(for: value))
            }
            object["defaults"] = .object(defaults)
            return .object(object)
        }
        let devices = Device.all.map { device -> JSONValue in
            .object([
                "name": .string(device.name), "scale": .number(device.scale),
                "width": .number(device.screen.width), "height": .number(device.screen.height),
            ])
        }
        let languages = Translation.all.map { translation -> JSONValue in
            .object([
                "code": .string(translation.languageCode), "name": .string(translation.languageName),
                "text": .string(translation.loadingProcessingText),
            ])
        }
        let tables = JSONValue.object([
            "properties": .array(properties), "devices": .array(devices), "languages": .array(languages),
            "variants": .array(Variant.allCases.map { .string($0.rawValue) }),
            "maxBackdropBytes": .number(Double(StudioBackdrops.maxBytes)),
        ])
        // Inside a <script> element: "</" written as "<\/" so no text ends the element.
        return tables.text.replacing("</", with: "<\\/")
    }

    static let template = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>frames studio</title>
        <style>
        :root { font: 14px/20px system-ui, sans-serif; color: #1d1d1f; background: #f5f5f7; }
        body { margin: 0; display: grid; grid-template-columns: 320px minmax(0, 1fr) 430px; height: 100vh;
          overflow: hidden; }
        aside, section { padding: 12px 16px; overflow: auto; box-sizing: border-box; height: 100vh; }
        aside#form { background: #fff; border-right: 1px solid #ddd; }
        aside#handoff { background: #fff; border-left: 1px solid #ddd; }
        h1 { font-size: 16px; margin: 0 0 8px; }
        h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: #666; margin: 16px 0 6px; }
        .row { margin: 0 0 8px; }
        .row label { display: block; font-weight: 600; font-size: 12px; }
        .row .inputs { display: flex; gap: 6px; align-items: center; }
        .row input[type=text], .row select { flex: 1; min-width: 0; font: inherit; padding: 2px 4px; }
        .row input[type=number] { width: 72px; font: inherit; }
        .row input[type=range] { flex: 1; min-width: 0; }
        .row input[type=file] { flex: 1; min-width: 0; font-size: 12px; }
        .row input[type=color] { width: 36px; height: 26px; padding: 0; border: 1px solid #bbb; }
        .row .hint { color: #777; font-size: 11px; }
        .error { color: #b00020; font-size: 12px; }
        .error:empty { display: none; }
        .row.invalid input { outline: 2px solid #b00020; }
        #stage { display: inline-block; margin-top: 8px; border: 1px solid #ccc; line-height: 0;
          background-color: #fff;
          background-image: linear-gradient(45deg, #ddd 25%, transparent 25%, transparent 75%, #ddd 75%),
            linear-gradient(45deg, #ddd 25%, transparent 25%, transparent 75%, #ddd 75%);
          background-size: 16px 16px; background-position: 0 0, 8px 8px; }
        #preview { display: block; image-rendering: pixelated; }
        #controls { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
        #scrubber { flex: 1; min-width: 160px; }
        #status { color: #666; font-size: 12px; }
        table#lint { border-collapse: collapse; width: 100%; font-size: 12px; }
        table#lint td { border-top: 1px solid #eee; padding: 3px 4px; vertical-align: top; }
        tr.fail td.result { color: #b00020; font-weight: 700; }
        tr.pass td.result { color: #137333; }
        button.fix { white-space: nowrap; font-size: 11px; padding: 2px 6px; }
        pre { background: #f5f5f7; padding: 8px; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; }
        pre#swift { white-space: pre; overflow-x: auto; }
        button, .button { font: inherit; padding: 3px 10px; }
        a.button { display: inline-block; border: 1px solid #999; border-radius: 3px; color: inherit;
          text-decoration: none; background: #f0f0f0; margin: 2px 0; }
        </style>
        </head>
        <body>
        <aside id="form"><h1>frames studio</h1><div id="fields"></div></aside>
        <section id="main">
        <div id="controls">
        <button id="play" type="button">Pause</button>
        <input id="scrubber" type="range" min="0" max="59" value="0" aria-label="frame">
        <span id="frame-number">playing</span>
        <label>zoom <select id="zoom"><option value="1">1×</option><option value="2">2×</option>
        <option value="4">4×</option><option value="8">8×</option></select></label>
        <span id="status"></span>
        </div>
        <div class="error" id="general-error"></div>
        <div id="stage"><img id="preview" alt="preview"></div>
        </section>
        <aside id="handoff">
        <h2>Checks</h2>
        <table id="lint"><tbody></tbody></table>
        <h2>Swift</h2>
        <pre id="swift"></pre>
        <h2>Command line</h2>
        <pre id="command"></pre>
        <h2>Download</h2>
        <a class="button" id="download-style" download="style.json">style JSON</a>
        <a class="button" id="download-apng" download="spinner.png">animated PNG</a>
        <a class="button" id="download-sheet" download="sheet.png">contact sheet</a>
        <!--MATCH-->
        </aside>
        <script id="tables" type="application/json">/*TABLES*/</script>
        <script>/*SCRIPT*/</script>
        <script>/*MATCH*/</script>
        </body>
        </html>
        """
}

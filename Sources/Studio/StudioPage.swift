import Raster
import StrictJSON

/// The studio's page: one HTML document with its style and script inline (no file to find at
/// run time). The form is built by the script from `StyleProperty.all`, the variants, devices and
/// languages, which the page carries as JSON; the pixels come from the server.
enum StudioPage {
    /// The page with the tables filled in.
    static var html: String {
        template.replacing("/*ICON*/", with: icon).replacing("/*STYLE*/", with: StudioStyle.css)
            .replacing("/*TABLES*/", with: tables).replacing("/*SCRIPT*/", with: StudioScript.source)
            .replacing("<!--MATCH-->", with: StudioMatch.section).replacing("/*MATCH*/", with: StudioMatch.script)
    }

    /// The page's icon, in the page (a `data:` URL, which the content security policy allows
    /// for images): the browser asks the studio for no `/favicon.ico`, which would need the token.
    /// The spinner's track and arc.
    static let icon =
        "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E"
        + "%3Ccircle cx='8' cy='8' r='6' fill='none' stroke='%23d0d7de' stroke-width='3'/%3E"
        + "%3Cpath d='M8 2a6 6 0 0 1 6 6' fill='none' stroke='%230969da' stroke-width='3' stroke-linecap='round'/%3E"
        + "%3C/svg%3E"

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
            "names": .array((StudioState.names.sorted() + ["backdrop-image"]).map(JSONValue.string)),
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
        <link rel="icon" href="/*ICON*/">
        <style>/*STYLE*/</style>
        </head>
        <body>
        <header id="bar">
        <h1>frames studio</h1>
        <span id="stale" role="status" hidden>stale</span>
        <span class="actions">
        <button id="copy-link" type="button" title="The style as a link, without the token">Copy link</button>
        <button id="copy-command" type="button" title="The command line that renders this preview">Copy command</button>
        </span>
        <output id="copied"></output>
        </header>
        <div id="layout">
        <section id="main">
        <div id="controls">
        <button id="play" type="button">Pause</button>
        <input id="scrubber" type="range" min="0" max="59" value="0" aria-label="frame">
        <span id="frame-number">playing</span>
        <label>zoom <select id="zoom"><option value="">auto</option><option value="fit">fit</option>
        <option value="card">card</option><option value="1">1×</option><option value="2">2×</option>
        <option value="4">4×</option><option value="8">8×</option></select></label>
        <button id="background" type="button" title="The preview's background">checks</button>
        <button id="before" type="button" aria-pressed="false" disabled
          title="Show the preview before the last change">before</button>
        <span id="status"></span>
        </div>
        <div class="error" id="general-error"></div>
        <div id="notices"></div>
        <div id="viewport" tabindex="0" aria-label="preview: drag to pan, wheel to zoom, arrow keys to step frames">
        <canvas id="preview" role="img" aria-label="preview" width="0" height="0"></canvas><span id="badge"></span>
        </div>
        </section>
        <aside id="form"><div id="fields"></div></aside>
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
        </div>
        <script id="tables" type="application/json">/*TABLES*/</script>
        <script>/*SCRIPT*/</script>
        <script>/*MATCH*/</script>
        </body>
        </html>
        """
}

import Foundation
import TestSupport
import Testing

@testable import Comparison
@testable import FramesCLI
@testable import Images
@testable import Studio

/// The studio in headless Chromium: the preview is `frames --frame K`'s pixels at device scale
/// factors 1, 2 and 3; a colour control changes the image and the URL, and back restores both; a
/// bad value shows its error beside its control. The last test takes the screenshots in
/// docs/images (written there with FRAMES_UPDATE_DOCS=1, else into the artifacts folder) and
/// measures the latency of an edit.
@Suite(.serialized, .slow) struct StudioBrowserTests {
    static let backdrop = "%23F2F4F7"

    /// Waits until the page has shown the render of its current state (or an error).
    func settle(_ browser: Browser, state wanted: String = "ready") throws {
        for _ in 0..<600 {
            let state = try browser.execute("return document.body.dataset.state || ''") as? String
            if state == wanted { return }
            if state == "error", wanted == "ready" {
                let message = try browser.execute(
                    "return [...document.querySelectorAll('.error')].map(e => e.textContent).join(' ')")
                throw Browser.Failure(description: "the page shows an error: \(message ?? "")")
            }
            usleep(50_000)
        }
        throw Browser.Failure(description: "the page did not reach '\(wanted)'")
    }

    /// The preview as the browser draws it: the window's screenshot (in device pixels) cut at the
    /// image's place, the image's own size in pixels.
    func preview(_ browser: Browser) throws -> Pixmap {
        let box = try #require(
            try browser.execute(
                """
                window.scrollTo(0, 0);
                const r = document.getElementById("preview").getBoundingClientRect();
                const canvas = document.getElementById("preview");
                return [r.x * devicePixelRatio, r.y * devicePixelRatio, canvas.width, canvas.height];
                """) as? [Any])
        let numbers = box.map { ($0 as? NSNumber)?.doubleValue ?? -1 }
        let window = try PNGDecoder.decode(browser.screenshot())
        let (x, y, width, height) = (
            Int(numbers[0].rounded()), Int(numbers[1].rounded()), Int(numbers[2]), Int(numbers[3])
        )
        #expect(
            abs(numbers[0] - Double(x)) < 0.01 && abs(numbers[1] - Double(y)) < 0.01, "not on device pixels: \(numbers)"
        )
        guard x >= 0, y >= 0, x + width <= window.width, y + height <= window.height else {
            throw Browser.Failure(
                description: "the preview \(numbers) is not inside the window \(window.width)×\(window.height)")
        }
        var out = try Pixmap(width: width, height: height)
        for row in 0..<height {
            for column in 0..<width {
                out.pixels[row * width + column] = window.pixels[(y + row) * window.width + x + column]
            }
        }
        return out
    }

    /// Frame `k` as `frames` writes it with `arguments`.
    func rendered(_ arguments: [String], frame k: Int) throws -> Pixmap {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(arguments + ["--frame", "\(k)", "--out", "out", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let name = try #require(CLI.contents(of: folder.appendingPathComponent("out")).first { $0.hasSuffix(".png") })
        return try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("out/\(name)"))))
    }

    func expectSame(_ expected: Pixmap, _ actual: Pixmap, _ label: String) {
        let comparison = ImageComparison(
            expected: RGBAImage(expected), actual: RGBAImage(actual),
            settings: ComparisonSettings(judgement: .exact(maxChannelDelta: 1), figures: .channels))
        #expect(comparison.passes, "\(label): the preview is not the frame at 1:1 within 1/255: \(comparison.summary)")
    }

    @Test(arguments: [1, 2, 3])
    func thePreviewIsTheCommandLinesFrame(scale: Int) throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1200, height: 1100, scale: scale)
        defer { browser.quit() }
        try browser.open(studio.url("backdrop-color=\(Self.backdrop)&scale=\(scale)&frame=7"))
        try settle(browser)
        #expect(try browser.execute("return devicePixelRatio") as? Int == scale)
        expectSame(
            try rendered(["--backdrop-color", "#F2F4F7", "--scale", "\(scale)"], frame: 7), try preview(browser),
            "@\(scale)x frame 7")
        // An overlay on a device, with a brand colour and German.
        try browser.open(
            studio.url(
                "style=overlay&device=iPhone%20SE&scale=\(scale)&lang=de&dim-amount=0.4&spinner-color=%23E8421A"
                    + "&backdrop-color=\(Self.backdrop)&frame=21"))
        try settle(browser)
        expectSame(
            try rendered(
                [
                    "--style", "overlay", "--device", "iPhone SE", "--scale", "\(scale)", "--lang", "de",
                    "--dim-amount", "0.4", "--spinner-color", "#E8421A", "--backdrop-color", "#F2F4F7",
                ], frame: 21), try preview(browser), "overlay @\(scale)x frame 21")
    }

    @Test func aColourControlChangesTheImageAndTheURLAndBackRestoresThem() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 900)
        defer { browser.quit() }
        try browser.open(studio.url("backdrop-color=\(Self.backdrop)&frame=3"))
        try settle(browser)
        let before = try preview(browser)
        _ = try browser.execute(
            """
            const hex = document.getElementById("f-spinner-color");
            hex.value = "#E8421A";
            hex.dispatchEvent(new Event("input"));
            """)
        try settle(browser)
        let search = try browser.execute("return location.search") as? String ?? ""
        #expect(search.contains("spinner-color=%23E8421A"), "\(search)")
        let after = try preview(browser)
        #expect(before != after, "the image did not change")
        expectSame(
            try rendered(["--backdrop-color", "#F2F4F7", "--spinner-color", "#E8421A"], frame: 3), after,
            "after the edit")
        let command = try browser.execute("return document.getElementById('command').textContent") as? String
        #expect(command == "frames --backdrop-color '#F2F4F7' --spinner-color '#E8421A' --frame 3 --out frames")
        let swift = try browser.execute("return document.getElementById('swift').textContent") as? String
        #expect(swift == "LoadingStyle(\n    spinnerColor: Color(red: 0.91, green: 0.26, blue: 0.10)\n)")
        // Back: the URL, the control and the image as before.
        _ = try browser.execute("document.body.dataset.state = 'busy'; history.back()")
        try settle(browser)
        #expect(!(try browser.execute("return location.search") as? String ?? "").contains("spinner-color"))
        #expect(try browser.execute("return document.getElementById('f-spinner-color').value") as? String == "")
        expectSame(before, try preview(browser), "after going back")
    }

    /// Every colour form `frames` reads shows in the swatch and the picker and renders as the
    /// command line renders it: a CSS name, `rgb()` with a slash alpha, short hex without "#".
    @Test(arguments: [
        ("rebeccapurple", "#663399", "rgb(102, 51, 153)"),
        ("rgb(232 66 26 / 50%)", "#e8421a", "rgba(232, 66, 26, 0.5)"),
        ("0a0", "#00aa00", "rgb(0, 170, 0)"),
    ])
    func aColourInAnyFormShowsInItsSwatch(text: String, picker: String, swatch: String) throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 900)
        defer { browser.quit() }
        try browser.open(studio.url("backdrop-color=\(Self.backdrop)&frame=3"))
        try settle(browser)
        _ = try browser.execute(
            """
            document.body.dataset.state = "busy";
            const hex = document.getElementById("f-spinner-color");
            hex.value = "\(text)";
            hex.dispatchEvent(new Event("input"));
            """)
        try settle(browser)
        #expect(
            try browser.execute("return document.getElementById('f-spinner-color-picker').value") as? String == picker)
        let shown = try browser.execute(
            "return getComputedStyle(document.querySelector('[data-option=\"--spinner-color\"] .swatch i')).backgroundColor"
        )
        #expect(shown as? String == swatch)
        expectSame(
            try rendered(["--backdrop-color", "#F2F4F7", "--spinner-color", text], frame: 3), try preview(browser), text
        )
    }

    /// Edits in quick succession (keys typed): each asks for its still at once, aborting the one
    /// before it (asked for less than `YOUNG` ms before); the renders carry the page's ticket,
    /// one number per edit render; only the last is painted, and the image the page settles on
    /// is the last edit's.
    @Test func aBurstOfEditsSettlesOnTheLastOne() throws {
        try onPausedPage { browser in
            _ = try browser.execute(
                """
                document.body.dataset.state = "busy";
                const hex = document.getElementById("f-spinner-color");
                const colours = ["#111111", "#222222", "#333333", "#444444", "#1A7F37"];
                // All in one task, so that no still can come back between them.
                for (const c of colours) { hex.value = c; hex.dispatchEvent(new Event("input")); }
                """)
            usleep(200_000)
            try settle(browser)
            try expectSpinner("#1A7F37", browser, "after the burst")
            let asked = try stillsAsked(browser)
            let views = Set(asked.map(\.view))
            let numbers = asked.map(\.number)
            #expect(views.count == 1 && views.first?.count == 16, "\(asked)")
            #expect(numbers == Array(1...6), "the first render and one a key: \(asked)")
            #expect(try paints(browser) == 1, "only the last edit of the burst is painted")
        }
    }

    /// An edit while the still in flight was asked for more than `YOUNG` ms before (a slider
    /// dragged) waits for it to be painted, then asks: no render is aborted over and over, and
    /// both edits are painted in turn.
    @Test func anEditWaitsForAnOlderStillInFlight() throws {
        try onPausedPage { browser in
            let waited =
                try browser.execute(
                    """
                    document.body.dataset.state = "busy";
                    const hex = document.getElementById("f-spinner-color");
                    hex.value = "#222222"; hex.dispatchEvent(new Event("input"));
                    // As if that still had been asked for a while ago and were still on its way.
                    asking = performance.now() - 2 * YOUNG;
                    hex.value = "#1A7F37"; hex.dispatchEvent(new Event("input"));
                    return waiting !== null;
                    """) as? Bool
            #expect(waited == true, "the second edit waits")
            usleep(200_000)
            try settle(browser)
            try expectSpinner("#1A7F37", browser, "after both")
            #expect(try stillsAsked(browser).map(\.number) == [1, 2, 3], "one still an edit, none aborted")
            #expect(try paints(browser) == 2, "both edits are painted")
        }
    }

    /// A colour typed key by key: a value one key short is refused and marked, and the colour on
    /// screen stands in for it, so nothing renders again (no flash of the default colour) and the
    /// downloads ask for what the preview shows; the next key renders.
    @Test func aValueOneKeyShortKeepsTheStillOnScreen() throws {
        try onPausedPage { browser in
            func type(_ value: String, settling state: String) throws {
                _ = try browser.execute(
                    """
                    document.body.dataset.state = "busy";
                    const hex = document.getElementById("f-spinner-color");
                    hex.value = "\(value)"; hex.dispatchEvent(new Event("input"));
                    """)
                try settle(browser, state: state)
            }
            try type("#E84", settling: "ready")
            try type("#E8421", settling: "error")
            try expectSpinner("#E84", browser, "one key short")
            #expect(try stillsAsked(browser).count == 3, "the refused value is asked for once, and nothing after it")
            let download = try browser.execute(
                "return new URL(document.getElementById('download-style').href).searchParams.get('spinner-color')")
            #expect(download as? String == "#E84", "the style file's colour: \(download ?? "none")")
            try type("#E8421A", settling: "ready")
            try expectSpinner("#E8421A", browser, "the whole colour")
        }
    }

    /// Playing: a key that leaves the colour refused lets the loop on screen, whole, play on;
    /// nothing is asked for after the refused still.
    @Test func aRefusedKeyLetsTheLoopPlayOn() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 900)
        defer { browser.quit() }
        try browser.open(studio.url("backdrop-color=\(Self.backdrop)"))
        try settle(browser)
        try browser.waitUntil("player && player.ready === player.count && player.shown >= 0")
        let before = try stillsAsked(browser).count
        _ = try browser.execute(
            """
            document.body.dataset.state = "busy";
            const hex = document.getElementById("f-spinner-color");
            hex.value = "#E8421"; hex.dispatchEvent(new Event("input"));
            """)
        try settle(browser, state: "error")
        let shown = try browser.execute("return player.shown") as? Int ?? -1
        try browser.waitUntil("player && !player.frozen && player.shown !== \(shown)")
        #expect(try stillsAsked(browser).count == before + 1, "one still for the refused key, none after")
    }

    /// The studio and a browser on its page over the backdrop, paused on frame 3, settled.
    func onPausedPage(_ body: (Browser) throws -> Void) throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 900)
        defer { browser.quit() }
        try browser.open(studio.url("backdrop-color=\(Self.backdrop)&frame=3"))
        try settle(browser)
        try body(browser)
    }

    /// Expects the preview to be frame 3 over the backdrop with the spinner in `colour`.
    func expectSpinner(_ colour: String, _ browser: Browser, _ label: String) throws {
        expectSame(
            try rendered(["--backdrop-color", "#F2F4F7", "--spinner-color", colour], frame: 3), try preview(browser),
            label)
    }

    /// How many edits the page has painted (its `edit-to-paint` measures).
    func paints(_ browser: Browser) throws -> Int {
        try browser.execute("return performance.getEntriesByName('edit-to-paint').length") as? Int ?? -1
    }

    /// The page's `/frame.rgba` requests so far: its view and render number each.
    func stillsAsked(_ browser: Browser) throws -> [(view: String, number: Int)] {
        let asked =
            try browser.execute(
                """
                return performance.getEntriesByType("resource").map((e) => new URL(e.name))
                  .filter((u) => u.pathname === "/frame.rgba").map((u) => [u.searchParams.get("view"), u.searchParams.get("render")]);
                """) as? [[String]] ?? []
        return asked.map { ($0.first ?? "", $0.last.flatMap { Int($0) } ?? -1) }
    }

    @Test func aBadValueShowsItsErrorBesideItsControl() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 900)
        defer { browser.quit() }
        try browser.open(studio.url("frame=0"))
        try settle(browser)
        for (field, value, option) in [
            ("f-stroke-width", "30", "--stroke-width"), ("f-spinner-color", "#12", "--spinner-color"),
            ("f-text-size", "-2", "--text-size"),
        ] {
            _ = try browser.execute(
                """
                const input = document.getElementById("\(field)");
                input.value = "\(value)";
                input.dispatchEvent(new Event("input"));
                """)
            try settle(browser, state: "error")
            let message =
                try browser.execute(
                    "return document.querySelector('#\(field)').closest('.row').querySelector('.error').textContent")
                as? String ?? ""
            let expected = try CLI.run([option, value, "--frame", "0", "--out", "/nonexistent/x"])
            let line = expected.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect("Error: " + message == line, "\(field): the page says '\(message)', frames says '\(line)'")
            _ = try browser.execute(
                """
                const input = document.getElementById("\(field)");
                input.value = "";
                input.dispatchEvent(new Event("input"));
                """)
            try settle(browser)
        }
    }
}

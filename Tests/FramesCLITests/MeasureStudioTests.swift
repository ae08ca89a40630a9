import Foundation
import Raster
import Testing

/// The studio's "Match a screenshot" in headless Chromium: a screenshot Skia drew is given to the
/// file control, the controls take the measured style (the same values `frames measure` prints),
/// the preview renders it, and the screenshot, re-render and difference are shown beside.
@Suite(.serialized) struct MeasureStudioTests {
    @Test func matchingAScreenshotSetsTheControlsAndShowsTheDifference() throws {
        let shot = try MeasureCLITests.cases().appendingPathComponent("case_005.png")
        let measured = try CLI.run(["measure", shot.path])
        #expect(measured.status == 0, "\(measured.stderr)")
        let style = try #require(try JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as? [String: Any])
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 1000)
        defer { browser.quit() }
        try browser.open(studio.url())
        try StudioBrowserTests().settle(browser)
        let bytes = try Data(contentsOf: shot).base64EncodedString()
        _ = try browser.execute(
            """
            const bytes = Uint8Array.from(atob("\(bytes)"), (c) => c.charCodeAt(0));
            const transfer = new DataTransfer();
            transfer.items.add(new File([bytes], "case_005.png", { type: "image/png" }));
            const input = document.getElementById("match-file");
            input.files = transfer.files;
            input.dispatchEvent(new Event("change"));
            """)
        for _ in 0..<600 {
            let state = try browser.execute("return document.body.dataset.match || ''") as? String
            if state == "ready" || state == "error" { break }
            usleep(50_000)
        }
        let error = try browser.execute("return document.getElementById('match-error').textContent") as? String
        #expect(error == "", "\(error ?? "")")
        try StudioBrowserTests().settle(browser)
        for (key, flag) in [("spinnerColor", "spinner-color"), ("trackColor", "track-color")] {
            let shown = try browser.execute("return document.getElementById('f-\(flag)').value") as? String
            #expect(shown?.uppercased() == (style[key] as? String)?.uppercased(), "\(flag): \(shown ?? "")")
        }
        let size = try browser.execute("return document.getElementById('f-spinner-size').value") as? String
        #expect(size.flatMap(Double.init) == (style["spinnerSize"] as? NSNumber)?.doubleValue)
        let search = try browser.execute("return location.search") as? String ?? ""
        #expect(search.contains("spinner-color=") && search.contains("scale="), "\(search)")
        let panel = try browser.execute(
            "const i = document.getElementById('match-difference'); return [i.naturalWidth, i.naturalHeight]")
        let sizes = (panel as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } ?? []
        #expect(sizes.count == 2 && sizes[0] > 3 * sizes[1] / 2, "the difference panel: \(sizes)")
        if ProcessInfo.processInfo.environment["FRAMES_UPDATE_DOCS"] == "1" {
            try Data(try browser.screenshot()).write(
                to: DocsTests.root.appendingPathComponent("docs/images/studio-match.png"))
        }
    }
}

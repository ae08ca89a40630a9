import Foundation
import TestSupport
import Testing

@testable import Studio

/// The preview handled as a person would, in headless Chromium: zoom to fit and to the card (and
/// the card brought into view when the device changes), wheel zoom and panning, the background,
/// arrow keys stepping frames, and the view of the still before the last change.
@Suite(.serialized, .slow) struct StudioInteractionTests {
    let tests = StudioBrowserTests()

    /// The card's box and the viewport's, in CSS pixels of the window: [card…, viewport…].
    func boxes(_ browser: Browser) throws -> [Double] {
        let values = try #require(
            try browser.execute(
                """
                const v = document.getElementById("viewport").getBoundingClientRect();
                const i = document.getElementById("preview").getBoundingClientRect();
                const c = lastCheck.card, z = i.width / preview.width;
                return [i.left + c.x * z, i.top + c.y * z, c.width * z, c.height * z, v.left, v.top, v.width, v.height];
                """) as? [NSNumber])
        return values.map(\.doubleValue)
    }

    func cardIsInView(_ b: [Double]) -> Bool {
        b[0] >= b[4] - 1 && b[1] >= b[5] - 1 && b[0] + b[2] <= b[4] + b[6] + 1 && b[1] + b[3] <= b[5] + b[7] + 1
    }

    func choose(_ browser: Browser, zoom: String) throws {
        _ = try browser.execute(
            """
            const z = document.getElementById("zoom");
            z.value = "\(zoom)";
            z.dispatchEvent(new Event("change"));
            """)
    }

    @Test func zoomToFitToTheCardAndTheCardInViewWhenTheDeviceChanges() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1440, height: 900)
        defer { browser.quit() }
        try browser.open(studio.url("style=overlay&device=iPhone%2015&backdrop-color=%23F2F4F7&frame=12&zoom=1"))
        try tests.settle(browser)
        try choose(browser, zoom: "fit")
        let fit = try boxes(browser)
        let image = try #require(
            try browser.execute(
                "const r = document.getElementById('preview').getBoundingClientRect(); return [r.width, r.height]")
                as? [NSNumber])
        #expect(image[0].doubleValue <= fit[6] + 1 && image[1].doubleValue <= fit[7] + 1, "fit: \(image) in \(fit)")
        try choose(browser, zoom: "card")
        let card = try boxes(browser)
        #expect(cardIsInView(card) && card[2] >= card[6] * 0.5 || card[3] >= card[7] * 0.5, "card: \(card)")
        // 1:1, panned away from the card, then another device: the card is brought back into view.
        try choose(browser, zoom: "1")
        _ = try browser.execute("view.x = -3000; view.y = -3000; place();")
        #expect(!cardIsInView(try boxes(browser)))
        _ = try browser.execute(
            """
            const d = document.getElementById("f-device");
            d.value = "iPhone 15 Pro Max";
            d.dispatchEvent(new Event("change"));
            """)
        try tests.settle(browser)
        let moved = try boxes(browser)
        #expect(cardIsInView(moved), "\(moved)")
    }

    @Test func wheelZoomPanningBackgroundArrowKeysAndBefore() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 1000)
        defer { browser.quit() }
        try browser.open(studio.url("backdrop-color=%23F2F4F7&frame=3"))
        try tests.settle(browser)
        let width = "document.getElementById('preview').getBoundingClientRect().width"
        let before = try #require(try browser.execute("return " + width) as? NSNumber).doubleValue
        _ = try browser.execute(
            """
            const v = document.getElementById("viewport"), r = v.getBoundingClientRect();
            v.dispatchEvent(new WheelEvent("wheel", { deltaY: -400, clientX: r.left + 50, clientY: r.top + 50, cancelable: true }));
            """)
        let after = try #require(try browser.execute("return " + width) as? NSNumber).doubleValue
        #expect(after > before * 1.5, "the wheel zoomed from \(before) to \(after)")
        #expect((try browser.execute("return location.search") as? String ?? "").contains("zoom="))
        let left = "document.getElementById('preview').getBoundingClientRect().left"
        let x0 = try #require(try browser.execute("return " + left) as? NSNumber).doubleValue
        _ = try browser.execute(
            """
            const v = document.getElementById("viewport");
            v.dispatchEvent(new PointerEvent("pointerdown", { clientX: 300, clientY: 300, pointerId: 1 }));
            v.dispatchEvent(new PointerEvent("pointermove", { clientX: 360, clientY: 320, pointerId: 1 }));
            v.dispatchEvent(new PointerEvent("pointerup", { clientX: 360, clientY: 320, pointerId: 1 }));
            """)
        let x1 = try #require(try browser.execute("return " + left) as? NSNumber).doubleValue
        #expect(abs(x1 - x0 - 60) < 1.5, "dragged 60 px: \(x0) → \(x1)")
        _ = try browser.execute("document.getElementById('background').click()")
        #expect(
            try browser.execute("return document.getElementById('viewport').dataset.background") as? String == "white")
        // Arrow keys step the paused frame.
        _ = try browser.execute(
            """
            document.body.dataset.state = "busy";
            document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
            """)
        try tests.settle(browser)
        #expect((try browser.execute("return location.search") as? String ?? "").contains("frame=4"))
        _ = try browser.execute("document.getElementById('zoom').value = '1'; setZoom('1', false)")
        tests.expectSame(
            try tests.rendered(["--backdrop-color", "#F2F4F7"], frame: 4), try tests.preview(browser), "frame 4")
        // An edit, then "before": the still before the edit, marked as such.
        _ = try browser.execute(
            """
            document.body.dataset.state = "busy";
            const hex = document.getElementById("f-spinner-color");
            hex.value = "#1A7F37";
            hex.dispatchEvent(new Event("input"));
            """)
        try tests.settle(browser)
        _ = try browser.execute("document.getElementById('before').click()")
        try browser.waitUntil("preview.dataset.kind === 'before'")
        #expect(
            try browser.execute("return document.getElementById('badge').textContent") as? String
                == "before the last change")
        tests.expectSame(
            try tests.rendered(["--backdrop-color", "#F2F4F7"], frame: 4), try tests.preview(browser), "before")
    }
}

import Foundation
import TestSupport
import Testing

@testable import Studio

/// The studio's page on every screen, in headless Chromium: no horizontal scrolling from a phone
/// to a desktop, the preview as wide as the screen less its margins on narrow ones, the controls
/// and buttons shown, up to 2560 px wide; the pictures docs/studio.md shows at 390 × 844,
/// 768 × 1024, 1280 × 800 and 1440 × 900 are taken here. On a phone the preview stays in view
/// while a field is edited; at 1280 px the Swift code wraps; the scale's placeholder is the
/// device's. Then what a link may hold: unknown and bad parameters are marked at their controls
/// and the rest renders; the token is asked for when the link has none.
@Suite(.serialized, .slow) struct StudioLayoutTests {
    let tests = StudioBrowserTests()
    let pictures = StudioPictureTests()

    static let sizes = [(390, 844, "phone"), (768, 1024, "tablet"), (1440, 900, "desktop"), (2560, 1440, "wide")]

    /// A number the page's script returns.
    func number(_ browser: Browser, _ script: String) throws -> Double {
        try #require((try browser.execute("return " + script) as? NSNumber)?.doubleValue, "\(script)")
    }

    @Test(arguments: [0, 1, 2, 3])
    func theLayoutFitsTheScreen(size index: Int) throws {
        let (width, height, name) = Self.sizes[index]
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: max(width, 800), height: height + 200)
        defer { browser.quit() }
        try browser.emulate(width: width, height: height)
        try browser.open(
            studio.url("style=overlay&device=iPhone%2015&spinner-color=%23E8421A&backdrop-color=%23F2F4F7&frame=12"))
        try tests.settle(browser)
        let inner = try number(browser, "innerWidth")
        let innerHeight = try number(browser, "innerHeight")
        #expect(inner == Double(width) && innerHeight == Double(height), "\(inner) × \(innerHeight)")
        #expect(try number(browser, "document.documentElement.scrollWidth") <= inner, "\(name): scrolls sideways")
        #expect(try number(browser, "document.body.scrollWidth") <= inner, "\(name): scrolls sideways")
        let viewport = try number(browser, "document.getElementById('viewport').getBoundingClientRect().width")
        let least = width < 1180 ? inner - 32 : inner - 300 - 380 - 32
        #expect(viewport >= least, "\(name): the preview is \(viewport) px wide in \(inner)")
        // The image is inside the viewport, and shown whole (it is fitted: it is larger than the screen).
        let box = try #require(
            try browser.execute(
                """
                const v = document.getElementById("viewport").getBoundingClientRect();
                const i = document.getElementById("preview").getBoundingClientRect();
                return [i.left - v.left, i.top - v.top, v.right - i.right, v.bottom - i.bottom, i.width];
                """) as? [NSNumber])
        #expect(box.prefix(4).allSatisfy { $0.doubleValue >= -1 } && box[4].doubleValue > 100, "\(name): \(box)")
        for id in ["copy-link", "copy-command", "play", "zoom", "f-spinner-color", "lint"] {
            let shown = try browser.execute(
                "const e = document.getElementById('\(id)'); return e.offsetWidth > 0 && e.offsetHeight > 0")
            #expect(shown as? Bool == true, "\(name): #\(id) is not shown")
        }
        // Every element's right edge is inside the window.
        let overflowing =
            try browser.execute(
                """
                return [...document.querySelectorAll("body *")].filter((e) => e.offsetParent !== null
                  && e.getBoundingClientRect().right > innerWidth + 0.5 && !e.closest("#viewport, pre"))
                  .map((e) => e.tagName + "#" + e.id + "." + e.className).slice(0, 5);
                """) as? [String] ?? []
        #expect(overflowing.isEmpty, "\(name): \(overflowing)")
        if name != "wide" { try pictures.save(try browser.screenshot(), "studio-\(name).png") }
    }

    /// On a phone and a tablet the preview stays at the top of the window while the page scrolls
    /// to a field further down, and the field being edited is in view under it (the phone's is
    /// the picture studio-phone-editing.png).
    @Test(arguments: [0, 1])
    func thePreviewStaysInViewWhileAFieldIsEdited(size index: Int) throws {
        let (width, height, name) = Self.sizes[index]
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 800, height: height + 200)
        defer { browser.quit() }
        try browser.emulate(width: width, height: height)
        try browser.open(studio.url("style=overlay&device=iPhone%2015&backdrop-color=%23F2F4F7&frame=12"))
        try tests.settle(browser)
        let boxes = try #require(
            try browser.execute(
                """
                const field = document.getElementById("f-text-size");
                field.scrollIntoView({ block: "end" });
                field.focus();
                const v = document.getElementById("viewport").getBoundingClientRect();
                const f = field.getBoundingClientRect();
                return [v.top, v.bottom, f.top, f.bottom, scrollY];
                """) as? [NSNumber]
        ).map(\.doubleValue)
        #expect(boxes[4] > 0, "\(name): the page did not scroll")
        #expect(boxes[0] >= -1 && boxes[1] <= Double(height) * 0.6, "\(name): the preview is at \(boxes)")
        #expect(boxes[2] >= boxes[1] && boxes[3] <= Double(height) + 1, "\(name): the field is at \(boxes)")
        if name == "phone" { try pictures.save(try browser.screenshot(), "studio-phone-editing.png") }
    }

    /// At 1280 × 800 the hand-off column is 380 px wide: the Swift code of a style with long lines
    /// wraps inside it rather than scroll sideways.
    @Test func theSwiftCodeFitsItsPanelAt1280() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1280, height: 1000)
        defer { browser.quit() }
        try browser.emulate(width: 1280, height: 800)
        try browser.open(
            studio.url(
                "spinner-color=%23E8421A&track-color=%23E8421A40&background-color=%23FFF4CE&text-font-name=DejaVu%20Serif"
                    + "&text=Processing%20your%20payment%20securely&frame=0"))
        try tests.settle(browser)
        let swift = try #require(
            try browser.execute(
                "const p = document.getElementById('swift'); return [p.scrollWidth, p.clientWidth, p.textContent.length]"
            )
                as? [Int])
        #expect(swift[2] > 100 && swift[0] <= swift[1], "the Swift panel scrolls sideways: \(swift)")
        try pictures.save(try browser.screenshot(), "studio-1280.png")
    }

    /// The scale's placeholder is the device's scale: from a link's device (spelt as the command
    /// line takes it), and after another device is chosen in the menu.
    @Test func theScalePlaceholderFollowsTheDevice() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1440, height: 900)
        defer { browser.quit() }
        try browser.open(studio.url("style=overlay&device=iphone-15&frame=0"))
        try tests.settle(browser)
        let placeholder = "return document.getElementById('f-scale').placeholder"
        #expect(try browser.execute(placeholder) as? String == "3")
        _ = try browser.execute(
            """
            document.body.dataset.state = "busy";
            const d = document.getElementById("f-device");
            d.value = "iPhone SE";
            d.dispatchEvent(new Event("change"));
            """)
        try tests.settle(browser)
        #expect(try browser.execute(placeholder) as? String == "2")
        _ = try browser.execute(
            """
            document.body.dataset.state = "busy";
            const d = document.getElementById("f-device");
            d.value = "";
            d.dispatchEvent(new Event("change"));
            """)
        try tests.settle(browser)
        #expect(try browser.execute(placeholder) as? String == "1")
    }

    /// A link with an unknown parameter (`spiner-color`) and a bad value (`stroke-width=30`) opens
    /// with both marked (the unknown one at its closest control) and the rest of the style (the
    /// track colour) rendered as `frames` renders it.
    @Test func aLinkWithUnknownAndBadParametersMarksThemAndRendersTheRest() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 1000)
        defer { browser.quit() }
        try browser.open(
            studio.url(
                "backdrop-color=%23F2F4F7&spiner-color=red&stroke-width=30&track-color=%23E8421A&frame=3&x%1B%5B2Jy=1"))
        try tests.settle(browser, state: "error")
        let marked = try browser.elements(".row.invalid").map { try browser.text(of: $0) }
        #expect(
            marked.contains { $0.contains("strokeWidth") && $0.contains("expected at most half of --spinner-size") })
        #expect(marked.contains { $0.contains("spinnerColor") && $0.contains("spiner-color=red") }, "\(marked)")
        let notice = try browser.execute("return document.getElementById('notices').textContent") as? String ?? ""
        #expect(notice.contains("'spiner-color' is unknown"), "\(notice)")
        // Text from the link is shown with its control characters escaped.
        #expect(notice.contains("'x\\u{1B}[2Jy' is unknown") && !notice.contains("\u{1B}"), "\(notice)")
        let stale = try browser.execute("return document.getElementById('stale').hidden") as? Bool
        #expect(stale == false, "the preview is not marked stale")
        tests.expectSame(
            try tests.rendered(["--backdrop-color", "#F2F4F7", "--track-color", "#E8421A"], frame: 3),
            try tests.preview(browser), "the rest of the link")
        // Mending the value renders it and clears its mark.
        _ = try browser.execute(
            """
            const input = document.getElementById("f-stroke-width");
            input.value = "6";
            input.dispatchEvent(new Event("input"));
            """)
        try tests.settle(browser)
        #expect(try browser.elements(".row.invalid").count == 1)
        tests.expectSame(
            try tests.rendered(
                ["--backdrop-color", "#F2F4F7", "--track-color", "#E8421A", "--stroke-width", "6"], frame: 3),
            try tests.preview(browser), "after mending --stroke-width")
    }

    /// "Copy link" gives the style without the token; opened as it is, the link asks for the
    /// studio's address, and with it opens the same style. "Copy command" gives the command line shown.
    @Test func aCopiedLinkAsksForTheTokenAndOpensTheSameStyle() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 900)
        defer { browser.quit() }
        try browser.open(studio.url("spinner-color=%23E8421A&text-size=17&frame=2"))
        try tests.settle(browser)
        _ = try browser.execute("document.getElementById('copy-link').click()")
        try browser.waitUntil("document.getElementById('copied').textContent.includes('http')")
        let copied = try browser.execute("return document.getElementById('copied').textContent") as? String ?? ""
        let link = try #require(copied.firstMatch(of: /http:\S+/).map { String($0.0) }, "\(copied)")
        #expect(!link.contains("token") && link.contains("spinner-color=%23E8421A") && link.contains("text-size=17"))
        _ = try browser.execute("document.getElementById('copy-command').click()")
        try browser.waitUntil("document.getElementById('copied').textContent.startsWith('Command copied')")
        let command = try browser.execute("return document.getElementById('command').textContent") as? String ?? ""
        let said = try browser.execute("return document.getElementById('copied').textContent") as? String ?? ""
        #expect(said == "Command copied: " + command && command.hasPrefix("frames --spinner-color"), "\(said)")
        try browser.open(URL(string: link)!)
        try browser.waitUntil("document.getElementById('token-form')")
        #expect(try browser.elements("#token-form").count == 1)
        _ = try browser.execute(
            """
            document.getElementById("token").value = "http://127.0.0.1:\(studio.port)/?token=\(studio.token)";
            document.getElementById("token-form").requestSubmit();
            """)
        try browser.waitUntil("document.getElementById('f-spinner-color')")
        try tests.settle(browser)
        #expect(try browser.execute("return document.getElementById('f-spinner-color').value") as? String == "#E8421A")
        #expect(try browser.execute("return document.getElementById('f-text-size').value") as? String == "17")
    }
}

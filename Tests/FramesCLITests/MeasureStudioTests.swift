import CZlib
import Foundation
import TestSupport
import Testing

@testable import FramesCLI
@testable import Images
@testable import Raster
@testable import Studio

/// The studio's "Match a screenshot" in headless Chromium: a screenshot Skia drew is given to the
/// file control, the controls take the measured style (the values `frames measure` prints), the
/// preview renders it, and the screenshot, re-render and difference are shown beside. The
/// picture of the page is docs/images/studio-match.png (written there with FRAMES_UPDATE_DOCS=1,
/// else into the artifacts folder); a file that is not a screenshot is refused in words.
@Suite(.serialized, .slow) struct MeasureStudioTests {
    let tests = StudioBrowserTests()

    /// Hands `data` to the match's file control as the file `name`.
    func choose(_ data: Data, name: String, type: String, in browser: Browser) throws {
        _ = try browser.execute(
            """
            const bytes = Uint8Array.from(atob("\(data.base64EncodedString())"), (c) => c.charCodeAt(0));
            const transfer = new DataTransfer();
            transfer.items.add(new File([bytes], "\(name)", { type: "\(type)" }));
            const input = document.getElementById("match-file");
            input.files = transfer.files;
            input.dispatchEvent(new Event("change"));
            """)
        try browser.waitUntil("['ready', 'error'].includes(document.body.dataset.match)")
    }

    @Test func matchingAScreenshotSetsTheControlsAndShowsTheDifference() throws {
        let shot = try MeasureCLITests.cases().appendingPathComponent("case_005.png")
        let measured = try CLI.run(["measure", shot.path])
        #expect(measured.status == 0, "\(measured.stderr)")
        let style = try #require(try JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as? [String: Any])
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 1000)
        defer { browser.quit() }
        try browser.emulate(width: 1440, height: 900)
        try browser.open(studio.url("backdrop-color=%23F2F4F7"))
        try tests.settle(browser)
        try choose(try Data(contentsOf: shot), name: "case_005.png", type: "image/png", in: browser)
        let error = try browser.execute("return document.getElementById('match-error').textContent") as? String
        #expect(error == "", "\(error ?? "")")
        try tests.settle(browser)
        for (key, flag) in [
            ("spinnerColor", "spinner-color"), ("trackColor", "track-color"), ("backgroundColor", "background-color"),
        ] {
            let shown = try browser.execute("return document.getElementById('f-\(flag)').value") as? String
            #expect(shown?.uppercased() == (style[key] as? String)?.uppercased(), "\(flag): \(shown ?? "")")
        }
        for (key, flag) in [("spinnerSize", "spinner-size"), ("strokeWidth", "stroke-width")] {
            let shown = try browser.execute("return document.getElementById('f-\(flag)').value") as? String
            #expect(shown.flatMap(Double.init) == (style[key] as? NSNumber)?.doubleValue, "\(flag): \(shown ?? "")")
        }
        let search = try browser.execute("return location.search") as? String ?? ""
        #expect(search.contains("spinner-color=") && search.contains("scale=3"), "\(search)")
        // The picture beside the figures: screenshot | re-render | difference, each as tall as it is.
        let panel = try browser.execute(
            "const i = document.getElementById('match-difference'); return [i.naturalWidth, i.naturalHeight]")
        let sizes = (panel as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } ?? []
        #expect(sizes.count == 2 && sizes[0] > 3 * sizes[1] / 2, "the difference panel: \(sizes)")
        let figures = try browser.execute("return document.getElementById('match-figures').textContent") as? String
        #expect(figures?.contains("spinnerSize: \((style["spinnerSize"] as? NSNumber)?.stringValue ?? "?")") == true)
        // No sideways scrolling with the match shown.
        let wide = try browser.execute("return document.documentElement.scrollWidth <= innerWidth") as? Bool
        #expect(wide == true)
        _ = try browser.execute("document.getElementById('match-difference').scrollIntoView({ block: 'center' })")
        try StudioPictureTests().save(try browser.screenshot(), "studio-match.png")
    }

    /// `POST /measure` without a browser: a screenshot answers the measurement of `frames measure
    /// --json`; a PNG whose header claims more than the memory budget can measure, a file that is
    /// not an image and a screenshot without an indicator answer 400, 400 and 422 naming it.
    @Test func theServerMeasuresWithinItsBudgetAndSaysWhyNot() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let cases = try MeasureCLITests.cases()
        let shot = [UInt8](try Data(contentsOf: cases.appendingPathComponent("case_006.jpg")))
        let answer = try studio.postMeasure(shot, name: "shot.jpg")
        #expect(answer.status == 200, "\(answer.body.prefix(300))")
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["state", "measurement", "notes", "difference"])
        let measured = try CLI.run(["measure", cases.appendingPathComponent("case_006.jpg").path, "--json"])
        let expected = try JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as? [String: Any]
        #expect(
            ((object?["measurement"] as? [String: Any])?["style"] as? NSDictionary)
                == (expected?["style"] as? NSDictionary))
        // 50 megapixels by its header: over what the budget can measure, refused before decoding.
        var huge = [UInt8](try MeasureCLITests.hugePNG())
        huge.replaceSubrange(16..<24, with: [0, 0, 0x1B, 0x58, 0, 0, 0x1B, 0x58])
        let tooLarge = try studio.postMeasure(huge, name: "huge.png")
        #expect(tooLarge.status == 400 && tooLarge.body.contains("7000 × 7000 px"), "\(tooLarge)")
        let text = try studio.postMeasure(Array("hello".utf8), name: "notes.txt")
        #expect(text.status == 400 && text.body.contains("not a PNG or JPEG image"), "\(text)")
        let backdrop = [UInt8](try Data(contentsOf: cases.appendingPathComponent("case_006_backdrop.png")))
        let none = try studio.postMeasure(backdrop, name: "empty.png")
        #expect(none.status == 422 && none.body.contains("no loading indicator found"), "\(none)")
    }

    /// Pictures of every shape and turn: 1 × 1 px, strips, a corner, a frame turned a quarter,
    /// a landscape screen, the turned frame with EXIF orientation 6 (which viewers show
    /// upright). Each answers 200 with a style every property of which the command line accepts,
    /// or 400/422 with a message; the server answers every one (no request kills it). The turned
    /// frame's label is left out, not measured with a negative gap; the EXIF file measures as
    /// the upright frame.
    @Test func anyPictureGetsAnAnswerAndEveryStyleIsOneTheToolAccepts() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        var style = LoadingStyle.overlay
        style.dimAmount = 0.4
        let device = try #require(Device.named("iPhone 15"))
        let frame = try FrameRenderer(
            scene: Scene(
                style: style, variant: .overlay, scale: 3, screenSize: device.screen, background: .white,
                text: "Processing payment…"), frameCount: 12
        ).frame(3)
        let landscape = try FrameRenderer(
            scene: Scene(
                style: style, variant: .overlay, scale: 3,
                screenSize: Size(width: device.screen.height, height: device.screen.width), background: .white,
                text: "Processing payment…"), frameCount: 12
        ).frame(3)
        func picture(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> UInt32) throws -> Pixmap {
            var image = try Pixmap(width: width, height: height)
            for y in 0..<height { for x in 0..<width { image.pixels[y * width + x] = pixel(x, y) } }
            return image
        }
        let turned = try picture(frame.height, frame.width) { x, y in
            frame.pixels[x * frame.width + frame.width - 1 - y]
        }
        let corner = try picture(400, 300) { x, y in frame.pixels[(y + 1100) * frame.width + x + 300] }
        let strip = try picture(frame.width, 2) { x, y in frame.pixels[(y + 1200) * frame.width + x] }
        let one = try picture(1, 1) { _, _ in Pixmap.pack(r: 9, g: 9, b: 9, a: 255) }
        // The turned frame (the frame's right side at the top) with the tag that says to turn it
        // a quarter clockwise: viewers show the upright frame.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        var exif = try PNGEncoder().encode(turned)
        let crc = UInt32(
            (Array("eXIf".utf8) + tiff).withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        let bigEndian = { (v: UInt32) in [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        exif.insert(contentsOf: bigEndian(UInt32(tiff.count)) + Array("eXIf".utf8) + tiff + bigEndian(crc), at: 33)
        let pictures: [(String, [UInt8])] = [
            ("one.png", try PNGEncoder().encode(one)), ("strip.png", try PNGEncoder().encode(strip)),
            ("corner.png", try PNGEncoder().encode(corner)), ("turned.png", try PNGEncoder().encode(turned)),
            ("landscape.png", try PNGEncoder().encode(landscape)), ("exif.png", exif),
        ]
        var answers: [String: [String: String]] = [:]
        for (name, bytes) in pictures {
            let answer = try studio.postMeasure(bytes, name: name)
            #expect([200, 400, 422].contains(answer.status), "\(name): \(answer.status) \(answer.body.prefix(300))")
            let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            if answer.status != 200 {
                #expect((object?["message"] as? String)?.isEmpty == false, "\(name): \(answer.body.prefix(300))")
                continue
            }
            let state = try #require(object?["state"] as? [String: String], "\(name)")
            answers[name] = state
            for property in StyleProperty.all {
                guard let text = state[property.flag] else { continue }
                let accepted = try CLI.run(["--\(property.flag)", text, "--print-style"])
                #expect(accepted.status == 0, "\(name): --\(property.flag) \(text): \(accepted.stderr)")
            }
        }
        #expect(answers["turned.png"]?["text-gap"] == nil, "\(answers["turned.png"] ?? [:])")
        for name in ["landscape.png", "exif.png"] {
            let gap = answers[name]?["text-gap"].flatMap { Double($0) }
            #expect(gap.map { abs($0 - 8) < 0.2 } == true, "\(name): \(answers[name] ?? [:])")
        }
        #expect(try studio.get("/style.json?token=\(studio.token)").status == 200, "the server still answers")
    }

    @Test func aFileThatIsNotAScreenshotIsRefusedInWords() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 1000)
        defer { browser.quit() }
        try browser.open(studio.url())
        try tests.settle(browser)
        let before = try browser.execute("return location.search") as? String
        try choose(Data("hello\n".utf8), name: "notes.txt", type: "text/plain", in: browser)
        let error = try browser.execute("return document.getElementById('match-error').textContent") as? String
        #expect(
            error?.contains("for <screenshot>: expected a PNG or JPEG screenshot (not a PNG or JPEG image") == true,
            "\(error ?? "")")
        #expect(try browser.execute("return location.search") as? String == before, "the state is kept")
    }

    /// A screenshot of a screen several devices share (an iPhone 15's is an iPhone 14 Pro's) is
    /// said to be any of them, not only the first the device table lists.
    @Test func aScreenSeveralDevicesShareNamesThemAll() throws {
        let iPhone15 = try #require(Device.named("iPhone 15"))
        let said = try #require(StudioMatch.sameScreen(as: iPhone15))
        #expect(said.contains("iPhone 14 Pro") && said.contains("iPhone 15"), "\(said)")
        #expect(said.contains("393 × 852 pt"), "\(said)")
        #expect(StudioMatch.sameScreen(as: try #require(Device.named("iPhone SE"))) == nil)
    }
}

import Foundation
import TestSupport
import Testing

@testable import Comparison
@testable import FramesCLI
@testable import Images

/// The HTML report as headless Chromium draws it: it renders without a script, the table lists
/// every frame worst first, the expected and actual panels are the frames pixel for pixel at 1:1,
/// the zoom is pixelated, and the script adds a swipe. The second test leaves a screenshot of a
/// failing report in the artifacts folder (docs/images/verify-report.png is one).
@Suite(.serialized, .slow) struct ReportBrowserTests {
    let folder: URL

    init() throws {
        folder = try CLI.temporaryFolder()
    }

    func run(_ arguments: [String], status: Int32 = 0) throws {
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == status, "\(arguments): \(result.stdout)\(result.stderr)")
    }

    func image(_ path: String) throws -> Pixmap {
        try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent(path))))
    }

    /// Two folders of opaque frames (a backdrop colour under the card's corners); in `bad`, one
    /// channel of one pixel of frame 1 is one step off.
    func makeReport() throws -> (original: Pixmap, altered: Pixmap) {
        for name in ["good", "bad"] {
            try run(["--frames", "3", "--scale", "2", "--backdrop-color", "#F2F4F7", "--out", name, "--quiet"])
        }
        let original = try image("bad/frame_0001.png")
        var altered = original
        altered.pixels[10 * altered.width + 60] -= 1
        try Data(PNGEncoder().encode(altered)).write(to: folder.appendingPathComponent("bad/frame_0001.png"))
        try run(["verify", "good", "bad", "--report", "report.html"], status: 1)
        return (original, altered)
    }

    @Test func theReportShowsFramesAtOneToOneWithoutAScript() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (original, altered) = try makeReport()
        let browser = try Browser(width: 1400, height: 1400, javascript: false)
        defer { browser.quit() }
        try browser.open(folder.appendingPathComponent("report.html"))
        // Every frame in the table, the failing one first.
        let rows = try browser.elements("#summary tbody tr").map { row in
            try browser.elements("td", in: row).map(browser.text(of:)).joined(separator: "|")
        }
        #expect(rows.count == 6, "\(rows)")
        #expect(rows.first?.hasPrefix("FAIL|bad|frame_0001.png|1|1|") == true, "\(rows.first ?? "")")
        for name in ["good", "bad"] {
            for k in 0..<3 { #expect(rows.contains { $0.contains("|\(name)|frame_000\(k).png|") }, "\(name) \(k)") }
        }
        // The figures are there without a script; the swipe is not.
        let article = try #require(try browser.elements("article.frame").first)
        #expect(try browser.text(of: article).contains("largest channel difference 1, 1 pixel differs"))
        #expect(try browser.elements(".swipe-view").isEmpty)
        // The panels are the frames, pixel for pixel.
        let expected = try PNGDecoder.decode(
            browser.screenshot(of: try #require(try browser.elements("img.expected").first)))
        let actual = try PNGDecoder.decode(
            browser.screenshot(of: try #require(try browser.elements("img.actual").first)))
        let exact = ComparisonSettings(figures: .channels)
        let expectedPanel = ImageComparison(expected: RGBAImage(altered), actual: RGBAImage(expected), settings: exact)
        let actualPanel = ImageComparison(expected: RGBAImage(original), actual: RGBAImage(actual), settings: exact)
        #expect(expectedPanel.isIdentical, "the expected panel is not the frame at 1:1: \(expectedPanel.summary)")
        #expect(actualPanel.isIdentical, "the actual panel is not the render at 1:1: \(actualPanel.summary)")
        #expect(try browser.elements("img.zoom").count == 3)
    }

    @Test func theScriptAddsASwipeAndTheZoomIsPixelated() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try makeReport()
        // A visible change too, for the screenshot: the spinner's colour edited in a manifest.
        try run([
            "--style", "overlay", "--width", "220", "--height", "200", "--frames", "4", "--dim-amount", "0.3",
            "--backdrop-color", "#DDE3EA", "--out", "brand", "--quiet",
        ])
        let manifest = folder.appendingPathComponent("brand/manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "#4287F5", with: "#E8421A").write(
            to: manifest, atomically: true, encoding: .utf8)
        try run(["verify", "brand", "bad", "good", "--report", "report.html"], status: 1)
        let browser = try Browser(width: 1200, height: 900)
        defer { browser.quit() }
        try browser.open(folder.appendingPathComponent("report.html"))
        #expect(try browser.elements(".swipe-view").count == 5)
        let zoom =
            try browser.execute(
                """
                const img = document.querySelector("img.zoom");
                return [getComputedStyle(img).imageRendering, img.naturalWidth * 4 === img.clientWidth, img.complete];
                """) as? [Any]
        #expect(zoom?.first as? String == "pixelated")
        #expect(zoom?.dropFirst().allSatisfy { $0 as? Bool == true } == true, "\(zoom ?? [])")
        let height = try browser.execute("return document.documentElement.scrollHeight") as? Int ?? 900
        try browser.resize(width: 1200, height: min(height, 1800))
        let shot = try browser.screenshot()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let environment = ProcessInfo.processInfo.environment["FRAMES_ARTIFACTS"].map(URL.init(fileURLWithPath:))
        let artifacts = environment ?? root.appendingPathComponent(".build/frames-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try Data(shot).write(to: artifacts.appendingPathComponent("verify-report.png"))
        #expect(try PNGDecoder.decode(shot).width == 1200)
    }
}

import Foundation
import TestSupport
import Testing

@testable import Studio

/// The studio's pictures in docs/images, taken from the real page (written there with
/// FRAMES_UPDATE_DOCS=1, else into the artifacts folder). The latency of an edit is measured by
/// bench/studio-latency.py, not here (docs/studio.md, "Latency").
@Suite(.serialized, .slow) struct StudioPictureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func save(_ png: [UInt8], _ name: String) throws {
        let environment = ProcessInfo.processInfo.environment
        let artifacts =
            environment["FRAMES_ARTIFACTS"].map(URL.init(fileURLWithPath:))
            ?? Self.root.appendingPathComponent(".build/frames-artifacts")
        var folders = [artifacts]
        if environment["FRAMES_UPDATE_DOCS"] == "1", name.hasSuffix(".png") {
            folders.append(Self.root.appendingPathComponent("docs/images"))
        }
        for folder in folders {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(png).write(to: folder.appendingPathComponent(name))
        }
    }

    let tests = StudioBrowserTests()

    @Test func screenshotsOfTheDefaultStyleABrandStyleAndTheZoomedArc() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1280, height: 1000)
        defer { browser.quit() }
        try browser.emulate(width: 1280, height: 800)
        try browser.open(studio.url("backdrop-color=%23F2F4F7&scale=2&frame=12"))
        try tests.settle(browser)
        #expect(try browser.elements("#lint tr.fail").count == 1)
        try save(try browser.screenshot(), "studio-default.png")
        // A brand style (Examples/brand-yellow.json) on an iPhone SE: four checks fail.
        try browser.open(
            studio.url(
                "style=overlay&device=iPhone%20SE&scale=1&spinner-color=%23FFC400&track-color=%23FFF3C4"
                    + "&text-color=%239E9E9E&text-size=12&dim-amount=0.2&backdrop-color=%23FFFFFF&frame=30"))
        try tests.settle(browser)
        let failing = try browser.elements("#lint tr.fail").map(browser.text(of:))
        #expect(failing.count == 4, "\(failing)")
        #expect(failing.contains { $0.contains("arc on track") && $0.contains("--spinner-color #AF8700") })
        try save(try browser.screenshot(), "studio-brand-lint.png")
        // The arc at 8×, pixelated.
        try browser.open(studio.url("backdrop-color=%23F2F4F7&scale=1&frame=12&zoom=8"))
        try tests.settle(browser)
        let zoom =
            try browser.execute(
                """
                const canvas = document.getElementById("preview");
                return [getComputedStyle(canvas).imageRendering, canvas.getBoundingClientRect().width / canvas.width];
                """) as? [Any]
        #expect(zoom?.first as? String == "pixelated")
        #expect((zoom?.last as? NSNumber)?.doubleValue == 8, "\(zoom ?? [])")
        // The arc of frame 12 is right of the spinner's top: pan the preview there.
        _ = try browser.execute("view.x -= 60; view.y += 120; place();")
        try save(try browser.screenshot(), "studio-zoom.png")
    }
}

import Foundation
import Testing

@testable import Studio

/// The studio's pictures in docs/images, taken from the real page (written there with
/// FRAMES_UPDATE_DOCS=1, else into the artifacts folder), and the latency of an edit, measured in
/// the page from the input event to the decoded image (`FRAMES_STUDIO_BINARY` runs a release
/// build for the figures in docs/studio.md).
@Suite(.serialized) struct StudioPictureTests {
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
                const img = document.getElementById("preview");
                return [getComputedStyle(img).imageRendering, img.getBoundingClientRect().width / img.naturalWidth];
                """) as? [Any]
        #expect(zoom?.first as? String == "pixelated")
        #expect((zoom?.last as? NSNumber)?.doubleValue == 8, "\(zoom ?? [])")
        // The arc of frame 12 is right of the spinner's top: pan the preview there.
        _ = try browser.execute("view.x -= 60; view.y += 120; place();")
        try save(try browser.screenshot(), "studio-zoom.png")
    }

    /// Colour edits at @3x: the still (frame 0) and the whole loop (an animated PNG of 60
    /// frames), from the input event to the decoded image; the medians are printed and written
    /// to studio-latency.txt in the artifacts folder.
    @Test(arguments: ["scale=3", "style=overlay&device=iPhone%2015"])
    func latencyOfAnEdit(state: String) throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1400, height: 1000)
        defer { browser.quit() }
        try browser.open(studio.url(state))
        try tests.settle(browser)
        var stills: [Double] = []
        var loops: [Double] = []
        // Five edits with a release build (the figures in docs/studio.md), two in the test suite.
        let release = ProcessInfo.processInfo.environment["FRAMES_STUDIO_BINARY"] != nil
        for colour in ["#E8421A", "#1A7F37", "#8250DF", "#BF3989", "#0969DA"].prefix(release ? 5 : 2) {
            _ = try browser.execute(
                """
                document.body.dataset.state = "busy";
                const hex = document.getElementById("f-spinner-color");
                hex.value = "\(colour)";
                hex.dispatchEvent(new Event("input"));
                """)
            try tests.settle(browser)
            let timing = try #require(
                try browser.execute("return window.studioTimings[window.studioTimings.length - 1]") as? [String: Any])
            stills.append((timing["still"] as? NSNumber)?.doubleValue ?? -1)
            loops.append((timing["loop"] as? NSNumber)?.doubleValue ?? -1)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let line =
            "\(state): still \(Int(median(stills).rounded())) ms, loop \(Int(median(loops).rounded())) ms "
            + "(medians of \(stills.count) edits; stills \(stills.map { Int($0) }), loops \(loops.map { Int($0) }))"
        print(line)
        #expect(stills.allSatisfy { $0 > 0 } && loops.allSatisfy { $0 > 0 }, "\(line)")
        try save(Array((line + "\n").utf8), "studio-latency-\(state.hasPrefix("scale") ? "indicator" : "overlay").txt")
    }
}

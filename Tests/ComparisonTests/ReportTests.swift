import Testing

@testable import Comparison
@testable import Raster

/// The report's parts that need no browser (the page itself is checked in Chromium by
/// ReportBrowserTests).
@Suite struct ReportTests {
    @Test func base64MatchesRFC4648() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE="]
        for (text, encoded) in vectors { #expect(Base64.encode(Array(text.utf8)) == encoded, "\(text)") }
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
    }

    /// Worst first in the table; passing frames listed, not drawn; names escaped.
    @Test func theTableSortsWorstFirstAndOnlyFailuresAreDrawn() throws {
        let image = try FrameRenderer(scene: Scene(variant: .indicator), frameCount: 4).frame(1)
        var changed = image
        changed.pixels[5 * image.width + 40] ^= 0x0000_0003
        var worse = changed
        worse.pixels[6 * image.width + 40] ^= 0x0000_0300
        let frames = [
            ("ok.png", image, image), ("one<b>.png", image, changed), ("two.png", image, worse),
        ].map { name, expected, actual in
            let comparison = ImageComparison(
                expected: RGBAImage(expected), actual: RGBAImage(actual),
                settings: ComparisonSettings(figures: .channels))
            return ReportFrame(name: name, outcome: .compared(comparison)) { (expected, actual) }
        }
        let missing = ReportFrame(name: "gone.png", outcome: .unmatched("missing from the folder")) { (image, nil) }
        let html = HTMLReport(
            command: "frames verify",
            sections: [ReportSection(title: "f", notes: ["a & b"], frames: frames + [missing])],
            maxChannelDelta: 0, maxDifferingPixels: 0
        ).html
        let order = ["gone.png", "two.png", "one&lt;b&gt;.png", "ok.png"].map { html.range(of: ">\($0)<")?.lowerBound }
        #expect(!order.contains(nil), "every frame in the table")
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "table order")
        #expect(html.contains("<li>a &amp; b</li>"))
        #expect(!html.contains("one<b>"))
        #expect(html.components(separatedBy: "<article class=\"frame\"").count == 4, "three failing frames drawn")
        #expect(!html.contains("FAIL ok.png"))
        #expect(html.contains("frames verify: 3 of 4 frames differ"))
    }
}

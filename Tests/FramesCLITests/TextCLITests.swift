import Foundation
import Testing

@testable import FramesCLI

/// The label through the built `frames`: limits, warnings that name the option, what the
/// manifest and --print-style record.
@Suite struct TextCLITests {
    /// A grapheme cluster of 3000 marks is refused at once, naming --text and the limit.
    @Test func aClusterOfThousandsOfMarksIsRefused() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.expectRefusal(
            ["--text", "a" + String(repeating: "\u{301}", count: 3000), "--out", "out"], in: folder,
            mentions: ["--text", "at most 32", "found one of 3001"])
    }

    /// A colour-bitmap font named or given as a file: the default family with a warning naming
    /// the option.
    @Test(arguments: ["--text-font-name", "--font-file"])
    func aFontWithoutOutlinesWarnsNamingTheOption(option: String) throws {
        let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
        try #require(FileManager.default.fileExists(atPath: emoji), "apt-get install fonts-noto-color-emoji")
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let value = option == "--font-file" ? emoji : "Noto Color Emoji"
        let result = try CLI.run([option, value, "--frames", "1", "--out", "out", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: \(option): font '\(value)' has no outlines"), "\(result.stderr)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("out/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("DejaVuSans.ttf"))
        #expect(manifest.contains("\"shaping\": \"HarfBuzz "), "\(manifest)")
    }

    /// --print-style records the fonts the label uses and the shaping libraries, and still reads
    /// back as a style file to the same style.
    @Test func printedStyleRecordsFontsAndReadsBack() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CLI.run(["--style", "overlay", "--text", "Pay 💳", "--print-style"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("\"resolvedText\""))
        #expect(first.stdout.contains("NotoColorEmoji.ttf"), "\(first.stdout)")
        #expect(first.stdout.contains("HarfBuzz"))
        try first.stdout.write(to: folder.appendingPathComponent("style.json"), atomically: true, encoding: .utf8)
        let second = try CLI.run(["--style-file", "style.json", "--text", "Pay 💳", "--print-style"], in: folder)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
    }
}

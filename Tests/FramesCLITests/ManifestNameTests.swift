import Foundation
import Testing

@testable import FramesCLI

/// Messages tell the truth, and a manifest is never a way to make frames remove a file: only
/// plain names that its own name pattern gives are ever acted on.
@Suite(.serialized) struct ManifestNameTests {
    static let hostileNames = [
        "important\u{0}.png", "../outside.png", "/tmp/absolute.png", "important.png", "frame_00x1.png",
        ".hidden.png", "frame_0001.png\n", "sub/frame_0001.png",
    ]

    @Test func namesOtherThanThePatternsAreNeverRemoved() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("o")
        #expect(try CLI.run(["--no-text", "--frames", "4", "--out", "o"], in: folder).status == 0)
        for name in ["important", "important.png", "frame_00x1.png", ".hidden.png"] {
            try Data("keep".utf8).write(to: out.appendingPathComponent(name))
        }
        try Data("keep".utf8).write(to: folder.appendingPathComponent("outside.png"))
        // The earlier manifest also lists names no run of this pattern writes.
        let manifestURL = out.appendingPathComponent("manifest.json")
        var manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        manifest["files"] = ((manifest["files"] as? [String]) ?? []) + ManifestNameTests.hostileNames
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        let result = try CLI.run(["--no-text", "--frames", "2", "--out", "o", "--force"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            CLI.contents(of: out) == [
                ".hidden.png", "frame_0000.png", "frame_0001.png", "frame_00x1.png", "important", "important.png",
                "manifest.json",
            ], "\(CLI.contents(of: out))")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("outside.png").path))
    }

    @Test(arguments: ["a\n%d.png", "a%d\t.png", "\u{1B}[31m%04d.png", "x%d\r.png"])
    func controlCharactersInTheNamePatternAreRefused(pattern: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.expectRefusal(
            ["--no-text", "--frames", "2", "--name-pattern", pattern], in: folder,
            mentions: ["--name-pattern", "control characters"])
    }

    /// A colour-bitmap font (no outlines) named by --text-font-name: the default family draws the
    /// label, and the warning names the option.
    @Test func aFontWithoutOutlinesFallsBackNamingTheOption() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            ["--text-font-name", "Noto Color Emoji", "--frames", "1", "--out", "o"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("warning: --text-font-name: font 'Noto Color Emoji' has no outlines"),
            "\(result.stderr)")
    }
}

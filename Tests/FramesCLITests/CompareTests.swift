import Foundation
import Testing

@testable import FramesCLI
@testable import Images

/// `frames compare`, run as a user would.
@Suite struct CompareTests {
    /// A folder with frames 0…3 of a small sequence, and the same frames again in `b`.
    func twoRuns() throws -> URL {
        let folder = try CLI.temporaryFolder()
        for name in ["a", "b"] {
            let result = try CLI.run(["--scale", "2", "--no-text", "--frames", "4", "--out", name], in: folder)
            #expect(result.status == 0)
        }
        return folder
    }

    @Test func identicalFilesPassWithFigures() throws {
        let folder = try twoRuns()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["compare", "a/frame_0001.png", "b/frame_0001.png"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout == "PASS b/frame_0001.png: identical (largest channel difference 0, 0 pixels differ)\n")
    }

    @Test func framesOneStepApartDifferAroundTheArc() throws {
        let folder = try twoRuns()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["compare", "a/frame_0001.png", "a/frame_0002.png", "--diff", "d.png"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("FAIL a/frame_0002.png: largest channel difference "))
        // The box lies inside the spinner box: x 32…127, y 40…135 px at @2x.
        let box = try #require(result.stdout.firstMatch(of: /in x (\d+)…(\d+), y (\d+)…(\d+)/))
        let (x0, x1, y0, y1) = (Int(box.1)!, Int(box.2)!, Int(box.3)!, Int(box.4)!)
        #expect(x0 >= 32 && x1 < 128 && y0 >= 40 && y1 < 136, "\(result.stdout)")
        let diff = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("d.png"))))
        #expect(diff.width > 3 * 160 && diff.height == 176)
        #expect(result.stdout.contains("diff: d.png"))
    }

    @Test func onePixelChangeIsCaughtAtTheDefaults() throws {
        let folder = try twoRuns()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("b/frame_0002.png")
        var pixmap = try PNGDecoder.decode([UInt8](Data(contentsOf: path)))
        pixmap.pixels[50 * pixmap.width + 3] ^= 0x0000_0100 // green of one pixel, off by one
        try Data(PNGEncoder().encode(pixmap)).write(to: path)
        var result = try CLI.run(["compare", "a", "b"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL frame_0002.png: largest channel difference 1, 1 pixel differs"))
        #expect(result.stdout.contains("in x 3…3, y 50…50"))
        #expect(result.stdout.hasSuffix("3 of 4 images pass\n"), "\(result.stdout)")
        result = try CLI.run(["compare", "a", "b", "--max-channel-delta", "1"], in: folder)
        #expect(result.status == 0, "\(result.stdout)")
        result = try CLI.run(["compare", "a", "b", "--max-differing-pixels", "1"], in: folder)
        #expect(result.status == 0)
        result = try CLI.run(["compare", "a", "b", "--diff", "diffs"], in: folder)
        #expect(CLI.contents(of: folder.appendingPathComponent("diffs")) == ["frame_0002.png"])
    }

    @Test func sizeMismatchAndMissingFramesAreDifferences() throws {
        let folder = try twoRuns()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = try CLI.run(["--scale", "1", "--no-text", "--frames", "1", "--out", "c"], in: folder)
        #expect(other.status == 0)
        var result = try CLI.run(
            ["compare", "a/frame_0000.png", "c/frame_0000.png", "--max-channel-delta", "255"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("size 80×88 px, expected 160×176 px"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("b/frame_0003.png"))
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("a/frame_0000.png"),
            to: folder.appendingPathComponent("b/extra.png"))
        result = try CLI.run(["compare", "a", "b"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL frame_0003.png: missing from b"))
        #expect(result.stdout.contains("FAIL extra.png: extra in b"))
    }

    @Test(arguments: [
        (["compare"], "missing argument <expected>"),
        (["compare", "a/frame_0000.png"], "missing argument <actual>"),
        (["compare", "a", "b/frame_0000.png"], "for <actual>: expected a folder, as <expected> is"),
        (
            ["compare", "nope.png", "a/frame_0000.png"],
            "'nope.png' for <expected>: expected an existing PNG file or folder"
        ),
        (["compare", "a/frame_0000.png", "a/manifest.json"], "for <actual>: expected a readable PNG file"),
        (
            ["compare", "a/frame_0000.png", "truncated.png"],
            "'truncated.png' for <actual>: expected a readable PNG file"
        ),
        (["compare", "a", "b", "--max-channel-delta", "256"], "'256' for --max-channel-delta"),
        (["compare", "a", "b", "--max-differing-pixels", "-1"], "'-1' for --max-differing-pixels"),
        (["compare", "a", "b", "c"], "unexpected argument 'c'"),
        (["compare", "a", "b", "--scale", "2"], "unknown option '--scale'"),
    ])
    func usageAndInputErrors(arguments: [String], message: String) throws {
        let folder = try twoRuns()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try Data(contentsOf: folder.appendingPathComponent("a/frame_0000.png"))
        try bytes.prefix(100).write(to: folder.appendingPathComponent("truncated.png"))
        try CLI.expectRefusal(arguments, in: folder, mentions: [message])
        // An input that is missing or unreadable is no mistake in the command line: its error comes
        // alone.
        let input = ["nope.png", "truncated.png"].contains { message.contains($0) }
        #expect(
            try CLI.run(arguments, in: folder).stderr.contains("See 'frames compare --help' for more information.")
                != input)
    }

    @Test func helpDescribesTheCommand() throws {
        let result = try CLI.run(["compare", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: frames compare <expected> <actual>"))
        #expect(result.stdout.contains("--max-channel-delta <n>") && result.stdout.contains("--diff <path>"))
        #expect(result.stdout.contains("EXIT STATUS"))
    }
}

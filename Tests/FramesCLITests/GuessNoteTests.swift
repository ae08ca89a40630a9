import Foundation
import Testing

@testable import FramesCLI
@testable import Images

/// A note on stderr whenever the tool guesses; the exit status is unchanged.
@Suite struct GuessNoteTests {
    static func writePNG(width: Int, height: Int, to url: URL) throws {
        var pixmap = try Pixmap(width: width, height: height)
        pixmap.pixels = [UInt32](repeating: 0xFF80_6040, count: width * height)
        try Data(PNGEncoder().encode(pixmap)).write(to: url)
    }

    /// A backdrop cut by more than a tenth, or scaled up more than 1.5 times, is noted; one of
    /// the frame's size is not.
    @Test(
        arguments: [
            (1920, 1080, ["--device", "iPhone 15"], "is cut off at the left and right"),
            (300, 650, ["--device", "iPhone 15"], "it is scaled up 3.9×"),
            (390, 844, [], nil),
            (400, 900, [], nil),
        ] as [(Int, Int, [String], String?)])
    func aBackdropFitIsNoted(width: Int, height: Int, arguments: [String], note: String?) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writePNG(width: width, height: height, to: folder.appendingPathComponent("b.png"))
        let result = try CLI.run(
            ["--style", "overlay", "--no-text", "--frame", "0", "--backdrop-image", "b.png", "--out", "o"] + arguments,
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let notes = result.stderr.split(separator: "\n").filter { $0.hasPrefix("note: --backdrop-image") }
        if let note {
            #expect(notes.count == 1 && notes[0].contains(note), "\(result.stderr)")
        } else {
            #expect(notes.isEmpty, "\(result.stderr)")
        }
    }

    /// A timeline whose overlay never shows is noted, unless --loading-enabled false asks for it.
    @Test(arguments: [
        (["--timeline", "idle:1,done:1"], true),
        (["--timeline", "idle:0.51,processing:0.01,done:0.5"], true),
        (["--timeline", "idle:0.1,processing:0.1"], false),
        (["--timeline", "idle:1,done:1", "--loading-enabled", "false"], false),
        (["--timeline", "idle:1,done:1", "--quiet"], false),
    ])
    func aTimelineWithoutTheOverlayIsNoted(arguments: [String], noted: Bool) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["--style", "overlay", "--fps", "10", "--out", "o"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let note = result.stderr.split(separator: "\n").contains { $0.hasPrefix("note: --timeline") }
        #expect(note == noted, "\(arguments): \(result.stderr)")
    }
}

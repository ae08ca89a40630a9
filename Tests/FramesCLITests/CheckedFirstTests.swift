import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every output checked before any work, with the same rules everywhere: a single file whose
/// folder is missing (or is a file) is refused by every command naming the option, before
/// anything is read, computed or printed.
@Suite struct CheckedFirstTests {
    /// A folder with two frames (e.png, a.png, one pixel apart), a frames folder `o`, and a file
    /// `file.txt`.
    static func fixture() throws -> URL {
        let folder = try CLI.temporaryFolder()
        #expect(try CLI.run(["--no-text", "--scale", "1", "--frames", "3", "--out", "o"], in: folder).status == 0)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("o/frame_0000.png"), to: folder.appendingPathComponent("e.png"))
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("o/frame_0001.png"), to: folder.appendingPathComponent("a.png"))
        try Data("x".utf8).write(to: folder.appendingPathComponent("file.txt"))
        return folder
    }

    @Test(arguments: [
        (["compare", "e.png", "e.png", "--report", "nodir/r.html"], "--report"),
        (["compare", "e.png", "a.png", "--diff", "nodir/d.png"], "--diff"),
        (["compare", "e.png", "a.png", "--metric", "yiq", "--diff-mask", "file.txt/m.png"], "--diff-mask"),
        (["measure", "e.png", "--report", "nodir/m.html"], "--report"),
        (["verify", "o", "--report", "nodir/v.html"], "--report"),
        (["--no-text", "--frames", "2", "--apng", "nodir/a.png"], "--apng"),
        (["--no-text", "--frames", "2", "--out", "p", "--sheet", "file.txt/s.png"], "--sheet"),
        (["--no-text", "--frames", "2", "--out", "p", "--lottie", "nodir/deeper/l.json"], "--lottie"),
    ])
    func anOutputWhoseFolderIsMissingIsRefusedFirst(arguments: [String], option: String) throws {
        let folder = try CheckedFirstTests.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let value = try #require(arguments.last)
        let reason = value.hasPrefix("file.txt/") ? "'file.txt' is not a folder" : "does not exist)"
        // Nothing printed on stdout (no PASS, no style), exit 64, the folder as it was.
        try CLI.expectRefusal(arguments, in: folder, mentions: [option, value, reason])
        #expect(CLI.contents(of: folder.appendingPathComponent("o")).count == 4, "\(arguments): o changed")
    }
}

import Foundation
import LibC
import Testing

@testable import FramesCLI

/// Outputs never meet inputs nor each other: every such command is refused with exit 64 naming
/// both options, before anything is written (the folder's files and bytes as they were).
@Suite struct CollisionTests {
    /// A folder with two frame folders (e, a), two single frames (e.png, a.png) and a style file.
    static func fixture() throws -> URL {
        let folder = try CLI.temporaryFolder()
        for (out, color) in [("e", "white"), ("a", "black")] {
            let result = try CLI.run(
                ["--no-text", "--frames", "2", "--spinner-color", color, "--out", out], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent("\(out)/frame_0001.png"),
                to: folder.appendingPathComponent("\(out).png"))
        }
        try Data("{\"spinnerSize\": 40}".utf8).write(to: folder.appendingPathComponent("style.png"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("alias.png").path, withDestinationPath: "e.png")
        return folder
    }

    /// Every file under `folder` with its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let name = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(name)
            if !CLI.isDirectory(url) { files[name] = try? Data(contentsOf: url) }
        }
        return files
    }

    static let cases: [([String], [String])] = [
        (["compare", "e.png", "a.png", "--diff", "e.png"], ["--diff", "<expected>"]),
        (["compare", "e.png", "a.png", "--diff", "a.png"], ["--diff", "<actual>"]),
        (["compare", "e.png", "a.png", "--diff", "./alias.png"], ["--diff", "<expected>"]),
        (["compare", "e.png", "a.png", "--report", "a.png"], ["--report", "<actual>"]),
        (["compare", "e.png", "a.png", "--diff", "d.png", "--report", "d.png"], ["--report", "--diff"]),
        (["compare", "e", "a", "--diff", "e"], ["--diff", "<expected>"]),
        (["compare", "e", "a", "--diff", "./a/"], ["--diff", "<actual>"]),
        (["compare", "e", "a", "--report", "e/frame_0000.png"], ["--report", "<expected>"]),
        (["compare", "e", "a", "--diff", "d", "--report", "d/frame_0000.png"], ["--report", "--diff"]),
        (["verify", "e", "--report", "e/manifest.json"], ["--report", "<folder>"]),
        (["--no-text", "--frames", "2", "--apng", "x.png", "--sheet", "x.png"], ["--sheet", "--apng"]),
        (
            ["--no-text", "--frames", "2", "--apng", "e.png", "--backdrop-image", "e.png"],
            ["--apng", "--backdrop-image"]
        ),
        (
            ["--no-text", "--frames", "2", "--sheet", "alias.png", "--backdrop-image", "e.png"],
            ["--sheet", "--backdrop-image"]
        ),
        (
            ["--no-text", "--frames", "2", "--apng", "style.png", "--style-file", "style.png"],
            ["--apng", "--style-file"]
        ),
        (
            ["--no-text", "--frames", "2", "--out", "e", "--backdrop-image", "e/frame_0001.png"],
            ["--out", "--backdrop-image"]
        ),
        (["--no-text", "--frames", "2", "--out", "o", "--apng", "o/frame_0000.png"], ["--apng", "--out"]),
        (["--no-text", "--frames", "2", "--out", "e", "--sheet", "e/frame_0001.png"], ["--sheet", "--out"]),
        // The earlier run's frame that this run would remove (decided under the folder's lock).
        (
            ["--no-text", "--frames", "1", "--out", "e", "--backdrop-image", "e/frame_0001.png"],
            ["--out", "--backdrop-image"]
        ),
        (["--no-text", "--frames", "1", "--out", "e", "--apng", "e/frame_0001.png"], ["--apng", "--out"]),
    ]

    /// A device, a FIFO or a folder where a file output goes is refused (a rename would replace it).
    @Test(arguments: [
        ["--no-text", "--frames", "2", "--apng", "fifo.png"], ["--no-text", "--frames", "2", "--sheet", "fifo.png"],
        ["compare", "e.png", "a.png", "--diff", "/dev/zero"], ["compare", "e.png", "a.png", "--report", "fifo.png"],
        ["verify", "e", "--report", "/dev/null"],
    ])
    func specialFilesAreNeverReplaced(arguments: [String]) throws {
        let folder = try CollisionTests.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("fifo.png").path, 0o644) == 0)
        try CLI.expectRefusal(arguments, in: folder, mentions: [arguments[arguments.count - 2], "regular file"])
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test(arguments: cases) func outputOntoAnInputIsRefused(arguments: [String], options: [String]) throws {
        let folder = try CollisionTests.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try CollisionTests.snapshot(folder)
        try CLI.expectRefusal(arguments, in: folder, mentions: options)
        #expect(try CollisionTests.snapshot(folder) == before, "\(arguments) changed a file")
    }

    /// Refused after nothing was written: a file where the folder goes, a folder of other files,
    /// with an APNG and a sheet asked for as well.
    @Test func refusedRunsWriteNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("F"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("photos"), withIntermediateDirectories: false)
        try Data("x".utf8).write(to: folder.appendingPathComponent("photos/holiday.jpg"))
        for out in ["F", "photos", "F/deeper"] {
            let before = try CollisionTests.snapshot(folder)
            let result = try CLI.run(
                ["--style", "overlay", "--frames", "4", "--apng", "a.png", "--sheet", "s.png", "--out", out],
                in: folder)
            #expect(result.status != 0 && result.stderr.contains("Error: "), "\(out): \(result.stderr)")
            #expect(try CollisionTests.snapshot(folder) == before, "\(out): \(CLI.contents(of: folder))")
            #expect(CLI.contents(of: folder.appendingPathComponent("photos")) == ["holiday.jpg"])
        }
    }

    /// A folder of other files is refused under its lock before anything in it is touched: a
    /// file there with the form of a staging name stays, whether or not a run left its lock file.
    @Test(arguments: [false, true]) func aFolderOfOtherFilesIsLeftAsItIs(lockFile: Bool) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: photos.appendingPathComponent("holiday.jpg"))
        try Data("y".utf8).write(to: photos.appendingPathComponent(".draft.partial"))
        if lockFile { try Data().write(to: photos.appendingPathComponent(".frames.lock")) }
        let before = try CollisionTests.snapshot(photos).filter { $0.key != ".frames.lock" }
        let result = try CLI.run(["--no-text", "--frames", "2", "--out", "photos"], in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: invalid value 'photos' for --out"), "\(result.stderr)")
        #expect(result.stderr.contains("it holds 1 other file"), "\(result.stderr)")
        #expect(try CollisionTests.snapshot(photos) == before, "\(CLI.contents(of: photos))")
    }

    /// A refusal found half-way (the second frame of <actual> starts as a PNG and is cut short, so
    /// only decoding finds it): the diff of the first frame, already made, and the diff folder go
    /// again. (A file that does not start as a PNG is refused before anything is compared.)
    @Test func compareRefusedHalfWayWritesNothing() throws {
        let folder = try CollisionTests.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let second = folder.appendingPathComponent("a/frame_0001.png")
        try Data(try Data(contentsOf: second).prefix(200)).write(to: second)
        let before = try CollisionTests.snapshot(folder)
        let result = try CLI.run(["compare", "e", "a", "--diff", "d", "--report", "r.html"], in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.contains("FAIL frame_0000.png"), "\(result.stdout)")
        #expect(try CollisionTests.snapshot(folder) == before, "\(CLI.contents(of: folder))")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("d").path))
    }

    /// A file of <actual> that does not start as a PNG is refused before any pair is compared.
    @Test func compareRefusesANonPNGBeforeComparing() throws {
        let folder = try CollisionTests.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("a/frame_0001.png"))
        let before = try CollisionTests.snapshot(folder)
        let result = try CLI.run(["compare", "e", "a", "--diff", "d", "--report", "r.html"], in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("a/frame_0001.png") && result.stderr.contains("not a PNG file"))
        #expect(try CollisionTests.snapshot(folder) == before, "\(CLI.contents(of: folder))")
    }

    /// A folder standing where a frame goes, or a file where a single file's folder goes, is
    /// refused (a usage error naming the option) before the APNG is written.
    @Test func aFolderAtAFrameNameIsRefusedFirst() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("o/frame_0001.png"), withIntermediateDirectories: true)
        try CLI.expectRefusal(
            ["--no-text", "--frames", "2", "--apng", "a.png", "--out", "o", "--force"], in: folder,
            mentions: ["--out", "'frame_0001.png'", "it is a folder"])
        try Data("x".utf8).write(to: folder.appendingPathComponent("blocker"))
        try CLI.expectRefusal(
            ["--no-text", "--frames", "2", "--apng", "blocker/a.png"], in: folder,
            mentions: ["--apng", "blocker/a.png", "'blocker' is a file"])
    }
}

extension CLI {
    static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}

import Foundation
import LibC
import Testing

@testable import FramesCLI

/// Every output checked before any work, with the same rules everywhere: a single file whose
/// folder is a file is refused by every command naming the option, before anything is read,
/// computed or printed (a missing folder is made: `OutputPathTests`); a FIFO or socket at a frame's or the manifest's name in
/// the output folder is refused as single files refuse them; `verify` takes a folder's names by
/// the rules `verify --update` writes them by.
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
        (["compare", "e.png", "e.png", "--report", "file.txt/r.html"], "--report"),
        (["compare", "e.png", "a.png", "--diff", "file.txt/d.png"], "--diff"),
        (["compare", "e.png", "a.png", "--metric", "yiq", "--diff-mask", "file.txt/m.png"], "--diff-mask"),
        (["measure", "e.png", "--report", "file.txt/m.html"], "--report"),
        (["verify", "o", "--report", "file.txt/v.html"], "--report"),
        (["--no-text", "--frames", "2", "--apng", "file.txt/a.png"], "--apng"),
        (["--no-text", "--frames", "2", "--out", "p", "--sheet", "file.txt/s.png"], "--sheet"),
        (["--no-text", "--frames", "2", "--out", "p", "--lottie", "file.txt/deeper/l.json"], "--lottie"),
    ])
    func anOutputWhoseFolderIsAFileIsRefusedFirst(arguments: [String], option: String) throws {
        let folder = try CheckedFirstTests.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let value = try #require(arguments.last)
        let reason = "'file.txt' is a file, where a folder goes"
        // Nothing printed on stdout (no PASS, no style), exit 64, the folder as it was.
        try CLI.expectRefusal(arguments, in: folder, mentions: [option, value, reason])
        #expect(CLI.contents(of: folder.appendingPathComponent("o")).count == 4, "\(arguments): o changed")
    }

    /// A FIFO or a socket where a frame or the manifest goes: refused naming --out and the name,
    /// before anything is written; it stays, and so does the earlier run.
    @Test(arguments: ["frame_0001.png", "manifest.json"], ["a FIFO", "a socket"])
    func aSpecialFileInsideTheOutputFolderIsRefused(name: String, kind: String) throws {
        let folder = try CheckedFirstTests.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let special = folder.appendingPathComponent("o/" + name)
        try FileManager.default.removeItem(at: special)
        let socket = kind == "a FIFO" ? (mkfifo(special.path, 0o644) == 0 ? -1 : -2) : CheckedFirstTests.bind(special)
        defer { if socket >= 0 { close(socket) } }
        #expect(socket != -2, "\(name): \(kind) not made")
        let before = CLI.contents(of: folder.appendingPathComponent("o"))
        try CLI.expectRefusal(
            ["--no-text", "--scale", "1", "--frames", "3", "--out", "o", "--apng", "x.png"], in: folder,
            mentions: ["--out", "'\(name)'", kind])
        #expect(CLI.contents(of: folder.appendingPathComponent("o")) == before, "\(name), \(kind)")
        var info = stat()
        #expect(lstat(special.path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG, "\(name): replaced")
    }

    /// The same refusal from `verify --update`, which rewrites the folder by the same run.
    @Test func aFIFOAtAFrameNameIsRefusedByUpdate() throws {
        let folder = try CheckedFirstTests.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let special = folder.appendingPathComponent("o/frame_0001.png")
        try FileManager.default.removeItem(at: special)
        #expect(mkfifo(special.path, 0o644) == 0)
        let result = try CLI.run(["verify", "--update", "o"], in: folder, environment: ["CI": nil])
        #expect(result.status == 64, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("for <folder>") && result.stderr.contains("'frame_0001.png'"), "\(result.stderr)")
        var info = stat()
        #expect(lstat(special.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(CLI.contents(of: folder.appendingPathComponent("o")).allSatisfy { !$0.hasPrefix(".") })
    }

    /// A Unix socket bound at `url`; its descriptor, or -2.
    static func bind(_ url: URL) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(url.path.utf8CString)
        guard fd >= 0, path.count <= MemoryLayout.size(ofValue: address.sun_path) else { return -2 }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            path.withUnsafeBytes { raw.copyMemory(from: $0) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if bound != 0 {
            close(fd)
            return -2
        }
        return fd
    }

    /// `verify` refuses the names `verify --update` refuses, with the same error: a namePattern
    /// that is not a plain name, files that are not the pattern's names.
    @Test(arguments: [
        ("\"namePattern\": \"frame_%04d.png\"", "\"namePattern\": \"../x_%04d.png\"", "namePattern"),
        ("\"namePattern\": \"frame_%04d.png\"", "\"namePattern\": \"f_%04d.png\"", "files"),
    ])
    func verifyTakesNamesByTheRulesUpdateWritesThem(old: String, new: String, key: String) throws {
        let folder = try CheckedFirstTests.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("o/manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: manifest, atomically: true, encoding: .utf8)
        let verify = try CLI.run(["verify", "o"], in: folder)
        let update = try CLI.run(["verify", "--update", "o"], in: folder, environment: ["CI": nil])
        for (label, result) in [("verify", verify), ("verify --update", update)] {
            #expect(result.status == 64, "\(new): \(label) exit \(result.status) \(result.stdout)")
            #expect(result.stderr.contains("for key '\(key)'"), "\(new): \(label): \(result.stderr)")
        }
        #expect(verify.stderr == update.stderr, "\(new): the same error")
    }
}

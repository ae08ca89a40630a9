import Foundation
import LibC
import Testing

@testable import FramesCLI

/// Temporaries of single files left by SIGKILL (`.NAME.<16 hex>.partial` beside an `--apng`,
/// `--sheet`, `compare --diff`): the next run writing the same file removes them, without
/// `--force`, and nothing else: not a live run's (locked) temporary, not other names, links or
/// folders, not in a folder a frame run holds.
@Suite(.serialized) struct SingleFileDebrisTests {
    @Test func sigkillDebrisOfAnAnimatedPNGGoesWithTheNextRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = folder.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let apng = files.appendingPathComponent("a.png").path
        let sheet = files.appendingPathComponent("s.png").path
        // The single files are staged first, then the frames take seconds: kill in between.
        let run = CLI.start([
            "--no-text", "--style", "overlay", "--frames", "300", "--threads", "1", "--every", "100", "--apng", apng,
            "--sheet", sheet, "--out", folder.appendingPathComponent("o").path,
        ])
        let deadline = Date().addingTimeInterval(60)
        while CLI.contents(of: files).filter({ $0.hasSuffix(".partial") }).count < 2, Date() < deadline {
            usleep(10_000)
        }
        kill(run.process.processIdentifier, SIGKILL)
        _ = run.wait()
        let debris = CLI.contents(of: files)
        #expect(debris.count == 2 && debris.allSatisfy { $0.hasSuffix(".partial") }, "\(debris)")
        let result = try CLI.run(["--no-text", "--frames", "3", "--apng", apng, "--sheet", sheet])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: files) == ["a.png", "s.png"])
    }

    @Test func onlyStaleTemporariesOfTheDestinationGo() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        func put(_ name: String, in subfolder: String = "") throws {
            let path = folder.appendingPathComponent(subfolder).appendingPathComponent(name).path
            #expect(manager.createFile(atPath: path, contents: Data("x".utf8)))
        }
        try put("victim")
        let stale = [".a.png.0123456789abcdef.partial", ".diff.png.00000000000000ff.partial"]
        let others = [
            ".a.png.partial", ".b.png.0123456789abcdef.partial", ".a.png.0123456789ABCDEF.partial",
            ".a.png.00000000000000000.partial", "a.png.0123456789abcdef.partial", ".a.png.0123456789abcdef.partial~",
        ]
        for name in stale + others { try put(name) }
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent(".a.png.1111111111111111.partial").path, withDestinationPath: "victim"
        )
        try manager.createDirectory(
            at: folder.appendingPathComponent(".a.png.2222222222222222.partial"), withIntermediateDirectories: false)
        // A live run's temporary: held locked, as a run holds its own.
        let live = ".a.png.fedcba9876543210.partial"
        try put(live)
        let fd = open(folder.appendingPathComponent(live).path, O_RDONLY)
        defer { close(fd) }
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        // In a folder a frame run holds (or a killed one left), the folder's own recovery decides.
        let held = folder.appendingPathComponent("held")
        try manager.createDirectory(at: held, withIntermediateDirectories: false)
        try put(".frames.lock", in: "held")
        try put(".a.png.0123456789abcdef.partial", in: "held")

        let before = CLI.contents(of: folder)
        #expect(try CLI.run(["--no-text", "--frames", "2", "--apng", "a.png"], in: folder).status == 0)
        #expect(try CLI.run(["--no-text", "--frames", "2", "--apng", "held/a.png"], in: folder).status == 0)
        let one = try CLI.run(["--no-text", "--frame", "0", "--out", "f0"], in: folder)
        let two = try CLI.run(["--no-text", "--frame", "0", "--spinner-color", "#FF0000", "--out", "f1"], in: folder)
        #expect(one.status == 0 && two.status == 0)
        let compare = try CLI.run(
            ["compare", "f0/frame_0000.png", "f1/frame_0000.png", "--diff", "diff.png"], in: folder)
        #expect(compare.status == 1, "\(compare.stderr)")
        let after = CLI.contents(of: folder)
        #expect(after == (before + ["a.png", "diff.png", "f0", "f1"]).filter { !stale.contains($0) }.sorted())
        #expect(try String(contentsOf: folder.appendingPathComponent("victim"), encoding: .utf8) == "x")
        #expect(CLI.contents(of: held) == [".a.png.0123456789abcdef.partial", ".frames.lock", "a.png"])
    }
}

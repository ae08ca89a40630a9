import Foundation
import LibC
import TestSupport
import Testing

@testable import FramesCLI

/// Stops at random moments with 1, 2 and 4 threads (SIGINT, SIGTERM, SIGHUP in turn, 20 runs
/// each): the process ends by the signal or finishes, and the folder is then exactly as it was
/// (a new folder gone, an earlier run's files and bytes intact) or holds the complete new run,
/// with no temporary file and no lock file. Then SIGKILL: the next run, without --force, removes
/// the debris and writes.
@Suite(.serialized, .slow) struct StopTests {
    static let signals = [SIGINT, SIGTERM, SIGHUP]
    static let newRun = ["--no-text", "--style", "overlay", "--frames", "24", "--spinner-color", "black"]

    /// Every file in `folder` and its bytes; nil when the folder does not exist.
    static func state(_ folder: URL) -> [String: Data]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        var files: [String: Data] = [:]
        for name in names { files[name] = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data() }
        return files
    }

    @Test(arguments: [1, 2, 4]) func stopsAtRandomMoments(threads: Int) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // What the new run writes when it completes (its bytes do not depend on the threads).
        let complete = folder.appendingPathComponent("complete")
        let started = Date()
        #expect(try CLI.run(StopTests.newRun + ["--threads", "\(threads)", "--out", complete.path]).status == 0)
        // Signals from the start to a little after the end of a run.
        let span = UInt32(Date().timeIntervalSince(started) * 1.2e6)
        let completeState = try #require(StopTests.state(complete))
        var stopped = 0
        for attempt in 0..<CLI.stressRuns {
            let out = folder.appendingPathComponent("o\(attempt)")
            if attempt % 2 == 1 {
                // An earlier run in the folder, to be kept intact.
                #expect(try CLI.run(["--no-text", "--frames", "30", "--out", out.path]).status == 0)
            }
            let before = StopTests.state(out)
            let run = CLI.start(StopTests.newRun + ["--threads", "\(threads)", "--out", out.path])
            usleep(UInt32.random(in: 0...span))
            let signal = StopTests.signals[attempt % 3]
            kill(run.process.processIdentifier, signal)
            let result = run.wait()
            let after = StopTests.state(out)
            if result.signalled {
                stopped += 1
                #expect(result.status == signal, "attempt \(attempt): died of \(result.status)")
            } else {
                #expect(result.status == 0, "attempt \(attempt): exit \(result.status) \(result.stderr)")
            }
            let asBefore = after == before
            let asComplete =
                after?.filter { $0.key != "manifest.json" } == completeState.filter { $0.key != "manifest.json" }
                && after?.keys.sorted() == completeState.keys.sorted()
            #expect(
                asBefore || asComplete,
                "attempt \(attempt) (\(threads) threads, signal \(signal)): \(after.map { $0.keys.sorted() } ?? [])")
            #expect(!result.signalled || asBefore || asComplete)
            if !result.signalled { #expect(asComplete, "attempt \(attempt): a finished run is complete") }
        }
        print(
            "StopTests: \(stopped) of \(CLI.stressRuns) runs with \(threads) threads were stopped before they finished")
    }

    @Test(arguments: [false, true]) func sigkillDebrisGoesWithTheNextRun(earlier: Bool) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("o")
        if earlier { #expect(try CLI.run(["--no-text", "--frames", "30", "--out", out.path]).status == 0) }
        let run = CLI.start([
            "--no-text", "--style", "overlay", "--scale", "2", "--frames", "400", "--threads", "2", "--out", out.path,
        ])
        // Frames are staged under staging names until the commit: wait for a few.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, CLI.contents(of: out).filter({ $0.hasSuffix(".partial") }).count < 3 {
            usleep(10_000)
        }
        kill(run.process.processIdentifier, SIGKILL)
        _ = run.wait()
        let debris = CLI.contents(of: out)
        #expect(debris.contains(".frames.lock") && debris.contains { $0.hasSuffix(".partial") }, "\(debris.prefix(5))")
        let result = try CLI.run(["--no-text", "--frames", "3", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: out) == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "manifest.json"])
    }

    /// A run killed while it was renaming, before its manifest was in place: the journal in the
    /// lock file (written as `OutputTransaction.commit` writes it) says so, and the next run puts
    /// the earlier run back byte for byte before it goes on.
    @Test func sigkillDuringTheCommitIsUndone() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("o")
        #expect(try CLI.run(["--no-text", "--frames", "4", "--out", out.path]).status == 0)
        let earlier = try StopTests.files(out)
        // The killed commit: every earlier frame kept under a staging name, frames 0 and 1
        // replaced by the new run's, frames 2 and 3 and the manifest still staged.
        var lines = ["frames journal 2"]
        for k in 0..<4 {
            let name = "frame_000\(k).png"
            let kept = ".\(name).00000000000000a\(k).partial"
            let staged = ".\(name).00000000000000b\(k).partial"
            #expect(link(out.appendingPathComponent(name).path, out.appendingPathComponent(kept).path) == 0)
            try Data("new frame \(k)".utf8).write(to: out.appendingPathComponent(staged))
            let old = try StopTests.identity(out.appendingPathComponent(name))
            let new = try StopTests.identity(out.appendingPathComponent(staged))
            lines.append("new \(new.inode) \(new.size) \(StopTests.hex(name))")
            lines.append("kept \(old.inode) \(old.size) \(StopTests.hex(kept)) \(StopTests.hex(name))")
            if k < 2 {
                #expect(rename(out.appendingPathComponent(staged).path, out.appendingPathComponent(name).path) == 0)
            }
        }
        let manifest = ".manifest.json.00000000000000c0.partial"
        try Data("{}".utf8).write(to: out.appendingPathComponent(manifest))
        lines.append("manifest \(try StopTests.identity(out.appendingPathComponent(manifest)).inode)")
        lines.append("commit")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: out.appendingPathComponent(".frames.lock"))
        // The next run takes the lock, puts the earlier run back, then is refused (its contact
        // sheet would be over 100 megapixels): the folder holds the earlier run, as it was.
        let refused = try CLI.run(StopTests.refusedAfterTheLock + ["--out", out.path], in: folder)
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(try StopTests.files(out) == earlier, "the earlier run, as it was: \(CLI.contents(of: out))")
    }

    /// A journal that arrives with a folder (copied, unpacked, written by hand) names files by
    /// inodes that are not theirs: nothing it lists is removed, on a run that goes on or one
    /// that is then refused.
    @Test func aJournalFromElsewhereRemovesNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("o")
        #expect(try CLI.run(["--no-text", "--frames", "2", "--out", out.path]).status == 0)
        try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
        try Data("mine".utf8).write(to: out.appendingPathComponent("photo7.png"))
        let notes = try StopTests.identity(out.appendingPathComponent("notes.txt"))
        var lines = ["frames journal 2"]
        // Inodes that are not the file's at the name (as in a copied folder).
        for name in ["notes.txt", "photo7.png", "frame_0001.png"] {
            let real = try StopTests.identity(out.appendingPathComponent(name))
            lines.append("new \(real.inode + 1) \(real.size) \(StopTests.hex(name))")
            lines.append("stale \(real.inode + 2) \(real.size) \(StopTests.hex(name))")
        }
        // Even with the right inode, a name that is not a frame's is never removed.
        lines.append("new \(notes.inode) \(notes.size) \(StopTests.hex("notes.txt"))")
        lines += ["commit", "committed"]
        for arguments in [StopTests.refusedAfterTheLock, ["--no-text", "--frames", "2", "--force"]] {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: out.appendingPathComponent(".frames.lock"))
            _ = try CLI.run(arguments + ["--out", out.path])
            #expect(
                Set(CLI.contents(of: out)).isSuperset(of: ["notes.txt", "photo7.png", "frame_0001.png"]),
                "\(arguments): \(CLI.contents(of: out))")
        }
        // A commit left undone, written by hand with the real inodes: a file is put back only
        // from its own staging name, so no other file is moved over another.
        try Data("a photo".utf8).write(to: out.appendingPathComponent("photo.txt"))
        let photo = try StopTests.identity(out.appendingPathComponent("photo.txt"))
        let frame = try StopTests.identity(out.appendingPathComponent("frame_0001.png"))
        let undone = [
            "frames journal 2",
            "new \(notes.inode) \(notes.size) \(StopTests.hex("notes.txt"))",
            "kept \(photo.inode) \(photo.size) \(StopTests.hex("photo.txt")) \(StopTests.hex("notes.txt"))",
            "new \(frame.inode) \(frame.size) \(StopTests.hex("frame_0001.png"))",
            "kept \(photo.inode) \(photo.size) \(StopTests.hex("photo.txt")) \(StopTests.hex("frame_0001.png"))",
            "commit",
        ]
        let before = try StopTests.files(out)
        try Data((undone.joined(separator: "\n") + "\n").utf8).write(to: out.appendingPathComponent(".frames.lock"))
        _ = try CLI.run(StopTests.refusedAfterTheLock + ["--out", out.path])
        let after = try StopTests.files(out)
        for name in ["notes.txt", "photo.txt", "photo7.png"] {
            #expect(after[name] == before[name], "\(name): \(CLI.contents(of: out))")
        }
    }

    /// A run refused once it holds the folder's lock: its contact sheet would be over 100
    /// megapixels, which is known only once the frames are drawn.
    static let refusedAfterTheLock = ["--no-text", "--scale", "16", "--frames", "100", "--sheet", "s.png", "--force"]

    static func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in CLI.contents(of: folder) { files[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
        return files
    }

    static func identity(_ file: URL) throws -> (inode: UInt64, size: Int) {
        var info = stat()
        guard lstat(file.path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return (UInt64(info.st_ino), Int(info.st_size))
    }

    static func hex(_ name: String) -> String {
        name.utf8.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

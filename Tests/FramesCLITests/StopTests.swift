import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Stops at random moments with 1, 2 and 4 threads (SIGINT, SIGTERM, SIGHUP in turn, 20 runs
/// each): the process ends by the signal or finishes, and the folder is then exactly as it was
/// (a new folder gone, an earlier run's files and bytes intact) or holds the complete new run,
/// with no temporary file and no lock file. Then SIGKILL: the next run, without --force, removes
/// the debris and writes.
@Suite(.serialized) struct StopTests {
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
        // In a folder the run made, frames go into place as they are written: wait for one.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let names = CLI.contents(of: out)
            if names.filter({ $0.hasSuffix(".partial") }).count >= 3 && (earlier || names.contains("frame_0000.png")) {
                break
            }
            usleep(10_000)
        }
        kill(run.process.processIdentifier, SIGKILL)
        _ = run.wait()
        let debris = CLI.contents(of: out)
        #expect(debris.contains(".frames.lock") && debris.contains { $0.hasSuffix(".partial") }, "\(debris.prefix(5))")
        #expect(debris.contains("frame_0000.png"), "\(debris.prefix(5))")
        let result = try CLI.run(["--no-text", "--frames", "3", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: out) == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "manifest.json"])
    }

    /// A run killed while it was renaming, before its manifest was in place: the journal in the
    /// lock file says so, and the next run removes the half-committed frames and goes on.
    @Test func sigkillDuringTheCommitIsRecognised() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("o")
        #expect(try CLI.run(["--no-text", "--frames", "4", "--out", out.path]).status == 0)
        try FileManager.default.removeItem(at: out.appendingPathComponent("manifest.json"))
        let journal =
            "frames journal 1\nnew frame_0000.png\nnew frame_0001.png\nnew frame_0002.png\nnew frame_0003.png\n"
            + "old frame_0000.png\nold frame_0001.png\nold frame_0002.png\nold frame_0003.png\ncommit\n"
        try Data(journal.utf8).write(to: out.appendingPathComponent(".frames.lock"))
        try Data("x".utf8).write(to: out.appendingPathComponent(".frame_0003.png.00ff00ff00ff00ff.partial"))
        let result = try CLI.run(["--no-text", "--frames", "2", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: out) == ["frame_0000.png", "frame_0001.png", "manifest.json"])
    }
}

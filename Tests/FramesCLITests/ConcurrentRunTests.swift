import Foundation
import LibC
import TestSupport
import Testing

@testable import FramesCLI

/// One run per folder: two runs started together into one folder, 20 times. Each run either
/// writes its whole sequence or is refused at once (exit 1, naming the folder and that another
/// frames is writing it); the folder always holds one complete run (`frames verify` holds).
@Suite(.serialized, .slow) struct ConcurrentRunTests {
    @Test func twoRunsIntoOneFolder() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var refusals = 0
        for attempt in 0..<CLI.stressRuns {
            let out = folder.appendingPathComponent("o\(attempt % 2)")
            let runs = ["white", "black"].map { color in
                CLI.start(
                    ["--no-text", "--frames", "12", "--threads", "2", "--spinner-color", color, "--out", out.path])
            }
            let results = runs.map { $0.wait() }
            for result in results where result.status != 0 {
                refusals += 1
                #expect(result.status == 1, "attempt \(attempt): exit \(result.status): \(result.stderr)")
                #expect(
                    result.stderr.hasPrefix("Error: another frames is writing the output folder '\(out.path)'"),
                    "attempt \(attempt): \(result.stderr)")
            }
            #expect(results.contains { $0.status == 0 }, "attempt \(attempt): neither run wrote")
            let verify = try CLI.run(["verify", out.path])
            #expect(verify.status == 0, "attempt \(attempt): \(verify.stdout) \(verify.stderr)")
            #expect(CLI.contents(of: out).count == 13, "attempt \(attempt): \(CLI.contents(of: out))")
        }
        // Not a test of the scheduler, only a note: how often the runs overlapped.
        print("ConcurrentRunTests: \(refusals) of \(CLI.stressRuns) second runs were refused")
    }
}

/// A `frames` process started and not yet waited for.
struct RunningCLI {
    let process: Process
    let out: Pipe
    let err: Pipe

    /// Waits for the end; the status is the exit code, or the signal's number when
    /// `signalled`.
    func wait() -> (status: Int32, signalled: Bool, stdout: String, stderr: String) {
        let (outData, errData) = CLI.readBoth(out, err)
        process.waitUntilExit()
        return (
            process.terminationStatus, process.terminationReason == .uncaughtSignal,
            String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self)
        )
    }
}

extension CLI {
    /// Runs of each stress test (concurrent runs, random stops): 20, or FRAMES_STRESS_RUNS (CI
    /// runs 5 under ASan and TSan, where a run is 5–10 times slower, and 20 in the plain suite).
    static let stressRuns = ProcessInfo.processInfo.environment["FRAMES_STRESS_RUNS"].flatMap { Int($0) } ?? 20

    /// Starts `frames` with `arguments`, without waiting.
    static func start(_ arguments: [String], in directory: URL? = nil) -> RunningCLI {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let running = RunningCLI(process: process, out: Pipe(), err: Pipe())
        process.standardOutput = running.out
        process.standardError = running.err
        try! process.run()
        return running
    }
}

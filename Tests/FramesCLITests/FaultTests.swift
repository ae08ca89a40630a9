import Foundation
import LibC
import Testing

@testable import FramesCLI

/// Faults injected into real runs (a full disk: `FullDiskTests`): an interruption, a folder of someone else's
/// files. Each must end with a clear error (or the signal) and nothing half-written.
@Suite(.serialized) struct FaultTests {
    @Test func interruptedRunLeavesNoTraceInANewFolder() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = [
            "--style", "overlay", "--scale", "2", "--frames", "10000", "--threads", "1", "--no-text",
            "--out", folder.appendingPathComponent("o").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until frames are being written, then interrupt.
        let deadline = Date().addingTimeInterval(20)
        while CLI.contents(of: folder.appendingPathComponent("o")).count < 4, Date() < deadline { usleep(20_000) }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT,
            "reason \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("o").path),
            "left \(CLI.contents(of: folder.appendingPathComponent("o")).prefix(5))")
    }

    @Test func interruptedRewriteKeepsTheEarlierRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("o")
        #expect(try CLI.run(["--no-text", "--frames", "5", "--out", "o"], in: folder).status == 0)
        let before = try CLI.contents(of: out).map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) }
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = [
            "--no-text", "--style", "overlay", "--scale", "2", "--frames", "10000", "--threads", "1",
            "--spinner-color", "black", "--out", out.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while CLI.contents(of: out).count < before.count + 3, Date() < deadline { usleep(20_000) }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        let after = try CLI.contents(of: out).map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) }
        #expect(after.map(\.0) == before.map(\.0), "files: \(after.map(\.0))")
        #expect(after.map(\.1) == before.map(\.1), "the earlier run's bytes are untouched")
    }

    @Test func folderOfOtherFilesIsRefusedUnlessForced() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("photos"), withIntermediateDirectories: false)
        try Data("x".utf8).write(to: folder.appendingPathComponent("photos/holiday.jpg"))
        var result = try CLI.run(["--no-text", "--frames", "2", "--out", "photos"], in: folder)
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: invalid value 'photos' for --out: expected an empty folder or one an earlier run wrote"))
        #expect(CLI.contents(of: folder.appendingPathComponent("photos")) == ["holiday.jpg"])
        result = try CLI.run(["--no-text", "--frames", "2", "--force", "--out", "photos"], in: folder)
        #expect(result.status == 0)
        #expect(
            CLI.contents(of: folder.appendingPathComponent("photos")) == [
                "frame_0000.png", "frame_0001.png", "holiday.jpg", "manifest.json",
            ])
    }
}

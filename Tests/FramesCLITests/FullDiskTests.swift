import Foundation
import LibC
import Testing

@testable import FramesCLI

/// A full disk, for real: a small tmpfs mounted for the test (CI runs as root; elsewhere the
/// suite is skipped), filled so that the new run's frames fit and its manifest does not, or so
/// that not even the frames fit. The run exits 1 naming the file and the system's reason, the
/// folder is exactly as it was (the earlier run intact, no temporary file, no lock file), and the
/// next run, with room again, is not stuck.
@Suite(.serialized, .enabled(if: Tmpfs.canMount)) struct FullDiskTests {
    static let page = 4096

    /// Mounts a 1 MiB tmpfs, writes an earlier run of 6 frames into `o`, then fills the disk so
    /// that `pages` pages stay free; runs `body` with the mount point.
    static func withFullDisk(freePages pages: Int, _ body: (URL) throws -> Void) throws {
        let mountPoint = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        try #require(mount("tmpfs", mountPoint.path, "tmpfs", 0, "size=1m") == 0)
        defer { umount(mountPoint.path) }
        #expect(try CLI.run(["--no-text", "--frames", "6", "--out", "o"], in: mountPoint).status == 0)
        var info = statvfs()
        statvfs(mountPoint.path, &info)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let filler = mountPoint.appendingPathComponent("filler")
        try Data(count: free - pages * page).write(to: filler)
        try body(mountPoint)
    }

    static func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in CLI.contents(of: folder) { files[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
        return files
    }

    /// Room for the lock file and the 6 new frames (a page each), not for the manifest.
    @Test func manifestThatDoesNotFitRollsBack() throws {
        try FullDiskTests.withFullDisk(freePages: 7) { mountPoint in
            let out = mountPoint.appendingPathComponent("o")
            let before = try FullDiskTests.files(out)
            let result = try CLI.run(
                ["--no-text", "--frames", "6", "--spinner-color", "black", "--out", "o"], in: mountPoint)
            #expect(result.status == 1)
            #expect(
                result.stderr.hasPrefix("Error: cannot write 'o/manifest.json'")
                    && result.stderr.contains("No space left on device"), "\(result.stderr)")
            #expect(try FullDiskTests.files(out) == before, "left \(CLI.contents(of: out))")
            try FileManager.default.removeItem(at: mountPoint.appendingPathComponent("filler"))
            let again = try CLI.run(
                ["--no-text", "--frames", "6", "--spinner-color", "black", "--out", "o"], in: mountPoint)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try CLI.run(["verify", "o"], in: mountPoint).status == 0)
        }
    }

    /// Room for the lock file and 2 frames: the third frame fails.
    @Test func framesThatDoNotFitRollBack() throws {
        try FullDiskTests.withFullDisk(freePages: 3) { mountPoint in
            let out = mountPoint.appendingPathComponent("o")
            let before = try FullDiskTests.files(out)
            let result = try CLI.run(
                ["--no-text", "--frames", "6", "--threads", "1", "--spinner-color", "black", "--out", "o"],
                in: mountPoint)
            #expect(result.status == 1)
            #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
            #expect(try FullDiskTests.files(out) == before, "left \(CLI.contents(of: out))")
            let fresh = try CLI.run(["--no-text", "--frames", "6", "--out", "n"], in: mountPoint)
            #expect(fresh.status == 1)
            #expect(!FileManager.default.fileExists(atPath: mountPoint.appendingPathComponent("n").path))
        }
    }

    /// An animated PNG is written to its staging file as it is made: room for a few of its
    /// chunks, not all of them. The run stops at the first failed write, naming the file as the
    /// user gave it (never a staging name), and leaves no part of it, nor anything else.
    @Test func animatedPNGThatDoesNotFitLeavesNothing() throws {
        try FullDiskTests.withFullDisk(freePages: 3) { mountPoint in
            let before = CLI.contents(of: mountPoint)
            let out = mountPoint.appendingPathComponent("o")
            let earlier = try FullDiskTests.files(out)
            let result = try CLI.run(
                ["--style", "overlay", "--scale", "2", "--frames", "12", "--apng", "spin.png", "--out", "o"],
                in: mountPoint)
            #expect(result.status == 1)
            #expect(
                ("\n" + result.stderr).contains("\nError: cannot write 'spin.png'")
                    && result.stderr.contains("No space left on device"), "\(result.stderr)")
            #expect(CLI.contents(of: mountPoint) == before)
            #expect(try FullDiskTests.files(out) == earlier, "left \(CLI.contents(of: out))")
        }
    }
}

/// Whether this process may mount a tmpfs (root on Linux).
enum Tmpfs {
    static let canMount: Bool = {
        guard getuid() == 0, let folder = try? CLI.temporaryFolder() else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        let mounted = mount("tmpfs", folder.path, "tmpfs", 0, "size=64k") == 0
        if mounted { umount(folder.path) }
        return mounted
    }()
}

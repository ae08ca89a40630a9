import Foundation
import LibC
import Testing

@testable import FramesCLI
@testable import Raster

/// Nothing is written through a link: links (and a hard link, and a FIFO) pre-placed at every
/// name a run of frames could write (the temporary names earlier versions used, the final
/// names, the lock file), for frames, the manifest, the APNG, the sheet, compare's diff and the
/// reports. The victims stay as they were.
@Suite struct WriterLinkTests {
    /// A folder with a victim file outside the output folder `o`.
    struct Scene {
        let folder: URL
        let victim: URL
        let victimBytes = Data("victim\n".utf8)

        init() throws {
            folder = try CLI.temporaryFolder()
            victim = folder.appendingPathComponent("victim")
            try victimBytes.write(to: victim)
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("o"), withIntermediateDirectories: false)
        }

        func link(_ name: String) throws {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: victim.path)
        }

        func expectVictimUntouched(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            var info = stat()
            #expect(lstat(victim.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG, "\(label): victim replaced")
            #expect(
                try Data(contentsOf: victim) == victimBytes, "\(label): victim written", sourceLocation: sourceLocation)
        }
    }

    static let temporaryNames = [
        "o/.frame_0000.png.partial", "o/.frame_0001.png.partial", "o/.manifest.json.partial", ".a.png.partial",
        ".s.png.partial",
    ]

    @Test func linksAtTemporaryNamesAreNeverFollowed() throws {
        let scene = try Scene()
        defer { try? FileManager.default.removeItem(at: scene.folder) }
        for name in WriterLinkTests.temporaryNames { try scene.link(name) }
        let result = try CLI.run(
            ["--no-text", "--frames", "2", "--threads", "2", "--out", "o", "--apng", "a.png", "--sheet", "s.png"],
            in: scene.folder)
        #expect(result.status == 0, "\(result.stderr)")
        try scene.expectVictimUntouched("temporary names")
        for name in ["o/frame_0000.png", "o/frame_0001.png", "o/manifest.json", "a.png", "s.png"] {
            var info = stat()
            #expect(lstat(scene.folder.appendingPathComponent(name).path, &info) == 0)
            #expect((info.st_mode & S_IFMT) == S_IFREG, "\(name) is not a plain file")
        }
        // The stale names in the locked folder are a killed run's debris and go; those beside
        // the single files are left alone (no lock covers that folder).
        #expect(
            CLI.contents(of: scene.folder.appendingPathComponent("o")) == [
                "frame_0000.png", "frame_0001.png", "manifest.json",
            ])
    }

    /// One link per run: two outputs linked to one file are refused as one file (by identity).
    @Test func linksAtFinalNamesAreReplacedNotFollowed() throws {
        let scene = try Scene()
        defer { try? FileManager.default.removeItem(at: scene.folder) }
        let runs: [(link: String, arguments: [String], status: Int32)] = [
            ("o/frame_0000.png", ["--no-text", "--frames", "2", "--out", "o", "--force"], 0),
            ("o/manifest.json", ["--no-text", "--frames", "2", "--out", "o", "--force"], 0),
            ("a.png", ["--no-text", "--frames", "2", "--apng", "a.png"], 0),
            ("s.png", ["--no-text", "--frames", "2", "--sheet", "s.png"], 0),
            ("d.png", ["compare", "o/frame_0000.png", "o/frame_0001.png", "--diff", "d.png"], 1),
            ("r.html", ["compare", "o/frame_0000.png", "o/frame_0001.png", "--report", "r.html"], 1),
        ]
        for run in runs {
            try? FileManager.default.removeItem(at: scene.folder.appendingPathComponent(run.link))
            try scene.link(run.link)
            let result = try CLI.run(run.arguments, in: scene.folder)
            #expect(result.status == run.status, "\(run.link): \(result.stderr)")
            try scene.expectVictimUntouched(run.link)
            var info = stat()
            #expect(lstat(scene.folder.appendingPathComponent(run.link).path, &info) == 0)
            #expect((info.st_mode & S_IFMT) == S_IFREG, "\(run.link) is still a link")
        }
    }

    @Test func aLinkOrAHardLinkAtTheLockFileIsRefused() throws {
        let scene = try Scene()
        defer { try? FileManager.default.removeItem(at: scene.folder) }
        try scene.link("o/.frames.lock")
        try CLI.expectRefusal(
            ["--no-text", "--frames", "2", "--out", "o"], in: scene.folder, status: 1, mentions: ["'o'", "lock"])
        try scene.expectVictimUntouched("a link at the lock file")
        try FileManager.default.removeItem(at: scene.folder.appendingPathComponent("o/.frames.lock"))
        try FileManager.default.linkItem(at: scene.victim, to: scene.folder.appendingPathComponent("o/.frames.lock"))
        try CLI.expectRefusal(
            ["--no-text", "--frames", "2", "--out", "o"], in: scene.folder, status: 1,
            mentions: ["'o'", "not a lock file of frames"])
        try scene.expectVictimUntouched("a hard link at the lock file")
    }

    /// Diff images of two folders: a link at the legacy temporary name and at a diff's name.
    @Test func compareFolderDiffsNeverFollowLinks() throws {
        let scene = try Scene()
        defer { try? FileManager.default.removeItem(at: scene.folder) }
        for (out, color) in [("e", "white"), ("a", "black")] {
            let result = try CLI.run(
                ["--no-text", "--frames", "2", "--spinner-color", color, "--out", out], in: scene.folder)
            #expect(result.status == 0)
        }
        try FileManager.default.createDirectory(
            at: scene.folder.appendingPathComponent("d"), withIntermediateDirectories: false)
        try scene.link("d/.frame_0000.png.partial")
        try scene.link("d/frame_0001.png")
        let result = try CLI.run(["compare", "e", "a", "--diff", "d"], in: scene.folder)
        #expect(result.status == 1, "\(result.stderr)")
        try scene.expectVictimUntouched("folder diffs")
    }
}

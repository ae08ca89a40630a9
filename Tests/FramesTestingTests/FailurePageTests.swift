import Foundation
import Testing

@testable import FramesTesting
@testable import Images
@testable import Raster

/// On a failure: the pictures attached to the test's result and beside one page of the run's
/// failures in the artifacts folder; an earlier run's artifacts cleared when a run starts.
@Suite(.developersEnvironment) struct FailurePageTests {
    let folder: URL

    init() throws {
        folder = try ChildRun.temporaryFolder()
    }

    /// A child run that fails one golden: the pictures attached (`--attachments-path`), the page
    /// written with the figures, pictures and the command that accepts it.
    @Test func aFailureIsAttachedAndOnThePage() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("golden")
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        var image = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 8).frame(1)
        try Data(PNGEncoder().encode(image)).write(to: golden.appendingPathComponent("changed.png"))
        image.pixels[image.width * 10 + 10] = 0xFF00_00FF
        try Data(PNGEncoder().encode(image)).write(to: folder.appendingPathComponent("actual.png"))
        let attachments = folder.appendingPathComponent("attachments")
        try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
        let run = try ChildRun.run(
            [
                "--testing-library", "swift-testing", "--attachments-path", attachments.path, "--filter",
                "PageChildren/changed",
            ], child: "page", folder: folder)
        #expect(run.status != 0, "\(run.output)")
        let attached = try FileManager.default.contentsOfDirectory(atPath: attachments.path)
        for kind in ["expected", "actual", "diff"] {
            #expect(attached.contains { $0.contains("changed.\(kind)") && $0.hasSuffix(".png") }, "\(attached)")
        }
        let artifacts = folder.appendingPathComponent("artifacts")
        let page = try String(contentsOf: artifacts.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<title>1 golden failure</title>"))
        #expect(page.contains("changed") && page.contains("differs: largest channel difference"), "\(page)")
        for kind in ["expected", "actual", "diff"] {
            #expect(page.contains("<img src=\"changed.\(kind).png\""), "\(page)")
            #expect(
                FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("changed.\(kind).png").path))
        }
        #expect(page.contains("FRAMES_RECORD=failed swift test --filter"), "\(page)")
    }

    /// The first assertion of a run removes what an earlier run listed, and nothing else.
    @Test func anEarlierRunsArtifactsAreClearedWhenARunStarts() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let artifacts = ArtifactsFolder(url: folder)
        try ContainedFiles.write([1], to: "old/a.png", in: folder)
        try ContainedFiles.write([1], to: "someone-elses.txt", in: folder)
        let earlier = RunRecord(run: "an earlier run", files: ["old/a.png", "index.html"], folders: ["old"])
        try ContainedFiles.write(Array(try JSONEncoder().encode(earlier)), to: ArtifactsFolder.recordName, in: folder)
        try ContainedFiles.write(Array("<p>old</p>".utf8), to: "index.html", in: folder)
        let written = try artifacts.write([2], at: "new.png")
        #expect(written == folder.path + "/new.png")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == [".frames-run.json", ".frames-run.lock", "new.png", "someone-elses.txt"])
        // During the run nothing is removed.
        _ = try artifacts.write([3], at: "newer.png")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/new.png"))
    }

    /// Failures that come at once (the processes of one run, threads here) all reach the page.
    @Test func failuresThatComeAtOnceAllReachThePage() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let artifacts = ArtifactsFolder(url: folder)
        DispatchQueue.concurrentPerform(iterations: 24) { k in
            FailurePage.add(
                PageEntry(
                    test: "Suite/test\(k)()", place: "A.swift:\(k)", headline: "golden 'g\(k)' differs",
                    details: [], pictures: [], command: nil),
                in: artifacts)
        }
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<title>24 golden failures</title>"))
        for k in 0..<24 { #expect(page.contains("Suite/test\(k)()</h2>")) }
    }

    @Test func thePageEscapesWhatItShows() {
        let entry = PageEntry(
            test: "Suite/<b>()", place: "A.swift:1", headline: "golden '<x>' differs", details: ["  a & b"],
            pictures: [.init(kind: "diff", path: "a b/#1.diff.png")], command: "FRAMES_RECORD=failed swift test")
        let html = FailurePage.html([entry])
        #expect(html.contains("Suite/&lt;b&gt;()"))
        #expect(!html.contains("<x>"))
        #expect(html.contains("src=\"a%20b/%231.diff.png\""), "\(html)")
    }
}

/// Tests run only as a child process (`ChildRun`), to fail on purpose.
@Suite(.enabled(if: ChildRun.current == "page")) struct PageChildren {
    @Test func changed() throws {
        let actual = URL(fileURLWithPath: ChildRun.folder).appendingPathComponent("actual.png")
        assertGolden(actual, named: "changed", directory: ChildRun.folder + "/golden")
    }
}

import Foundation
import Testing
import XCTest

@testable import Comparison
@testable import FramesTesting
@testable import GoldenFolders
@testable import Images
@testable import Raster

/// The golden kit's decisions, one by one, on real files in a temporary folder.
@Suite(.developersEnvironment) struct GoldenKitTests {
    let folder: URL
    let image: Pixmap
    let changed: Pixmap

    init() throws {
        folder = try ChildRun.temporaryFolder()
        image = try FrameRenderer(scene: Scene(variant: .indicator), frameCount: 8).frame(2)
        var copy = image
        copy.pixels[10 * copy.width + 10] ^= 0x0000_0001 // one channel of one pixel, off by one
        changed = copy
    }

    var golden: String { folder.appendingPathComponent("golden/case.png").path }
    var artifacts: URL { folder.appendingPathComponent("artifacts") }

    func check(
        _ actual: Pixmap, mode: Golden.RecordMode, delta: Int = 0, pixels: Int = 0,
        acceptance: Golden.Acceptance = Golden.Acceptance(filter: "Brand/spinner")
    ) -> Golden.Outcome {
        Golden.check(
            actual, goldenPath: golden, name: "case", maxChannelDelta: delta, maxDifferingPixels: pixels,
            mode: mode, artifacts: artifacts, acceptance: acceptance)
    }

    @Test func missingGoldenIsRecordedAndFails() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = check(image, mode: .missing)
        #expect(outcome == .recorded(path: golden, changed: true))
        #expect(outcome.isFailure, "a new golden must be looked at")
        let written = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: golden))))
        let same = written == image
        #expect(same)
        #expect(check(image, mode: .missing) == .matched)
    }

    @Test func neverRecordsAMissingGolden() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = check(image, mode: .never)
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(message.hasPrefix("golden 'case' is missing at \(golden)\n"))
        #expect(message.contains("to record it: FRAMES_RECORD=missing swift test --filter 'Brand/spinner'"))
        #expect(!FileManager.default.fileExists(atPath: golden))
        let ci = check(image, mode: .never, acceptance: Golden.Acceptance(filter: "X/y", continuousIntegration: true))
        #expect(
            ci.message.contains(
                "CI is set, so nothing is recorded here (FRAMES_RECORD is ignored); run "
                    + "FRAMES_RECORD=missing swift test --filter 'X/y' where CI is not set"), "\(ci.message)")
    }

    @Test func mismatchWritesArtifactsAndNamesThem() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = check(image, mode: .missing)
        let outcome = check(changed, mode: .never)
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        let headline = "golden 'case' differs: largest channel difference 1 (allowed 0), 1 pixel over it (allowed 0)"
        #expect(message.hasPrefix(headline + "\n"), "\(message)")
        #expect(message.hasSuffix("\n  to accept the change: FRAMES_RECORD=failed swift test --filter 'Brand/spinner'"))
        for kind in ["expected", "actual", "diff"] {
            let path = artifacts.appendingPathComponent("case.\(kind).png").path
            #expect(message.contains(path))
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
        let diff = try PNGDecoder.decode([UInt8](Data(contentsOf: artifacts.appendingPathComponent("case.diff.png"))))
        #expect(diff.width > 2 * image.width && diff.height == image.height)
    }

    @Test func thresholdsAreAChannelDeltaAndAPixelCount() {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = check(image, mode: .missing)
        #expect(check(changed, mode: .never, delta: 1) == .matched)
        #expect(check(changed, mode: .never, pixels: 1) == .matched)
        #expect(check(changed, mode: .never).isFailure)
    }

    /// With a perceptual tolerance, an invisible change passes and a blob fails with pixelmatch's
    /// count and its picture as the diff.
    @Test func perceptualToleranceJudgesAsPixelmatch() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = check(image, mode: .missing)
        let tolerance = PerceptualTolerance(metric: .oklab)
        func perceptual(_ actual: Pixmap, pixels: Int = 0) -> Golden.Outcome {
            Golden.check(
                actual, goldenPath: golden, name: "case", maxDifferingPixels: pixels, perceptual: tolerance,
                mode: .never, artifacts: artifacts)
        }
        #expect(perceptual(changed) == .matched)
        var blob = image
        for y in 20..<24 { for x in 20..<24 { blob.pixels[y * blob.width + x] = 0xFF00_00FF } }
        guard case .failed(let message) = perceptual(blob) else {
            Issue.record("a 4 × 4 red blob passed")
            return
        }
        #expect(
            message.hasPrefix("golden 'case' differs: 16 pixels differ (oklab, threshold 0.1; allowed 0)"), "\(message)"
        )
        #expect(perceptual(blob, pixels: 16) == .matched)
        let diff = try PNGDecoder.decode([UInt8](Data(contentsOf: artifacts.appendingPathComponent("case.diff.png"))))
        #expect(diff.width == image.width && diff.rgba(x: 21, y: 21) == (255, 0, 0, 255))
    }

    @Test func recordModesRewriteWhatTheySay() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = check(image, mode: .missing)
        // The same pixels: `all` leaves the file as it is (no new inode, no new time).
        let before = try FileManager.default.attributesOfItem(atPath: golden)
        Thread.sleep(forTimeInterval: 0.01)
        #expect(check(image, mode: .all) == .matched)
        let after = try FileManager.default.attributesOfItem(atPath: golden)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(check(changed, mode: .failed) == .recorded(path: golden, changed: true))
        let written = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: golden))))
        let same = written == changed
        #expect(same)
    }

    @Test func environmentChoosesTheModeAndCIForbidsRecording() throws {
        #expect(try Golden.RecordMode.fromEnvironment([:]) == .missing)
        #expect(try Golden.RecordMode.fromEnvironment(["FRAMES_RECORD": ""]) == .missing)
        #expect(try Golden.RecordMode.fromEnvironment(["FRAMES_RECORD": "all"]) == .all)
        #expect(try Golden.RecordMode.fromEnvironment(["FRAMES_RECORD": "Failed"]) == .failed)
        #expect(try Golden.RecordMode.fromEnvironment(["FRAMES_RECORD": "all", "CI": "true"]) == .never)
        #expect(try Golden.RecordMode.fromEnvironment(["FRAMES_RECORD": "all", "CI": "false"]) == .all)
        #expect(try Golden.RecordMode.fromEnvironment(["CI": "1"]) == .never)
    }

    @Test func anUnknownRecordModeIsAnErrorNamingTheModes() {
        for environment in [["FRAMES_RECORD": "alll"], ["FRAMES_RECORD": "yes", "CI": "true"]] {
            #expect(throws: Golden.RecordModeError(value: environment["FRAMES_RECORD"]!)) {
                try Golden.RecordMode.fromEnvironment(environment)
            }
        }
        #expect(
            Golden.RecordModeError(value: "alll").description
                == "FRAMES_RECORD=alll is not a record mode: use missing, all, failed or never (missing when unset)")
    }

    /// In Swift Testing the issue's headline is the golden and its figures (not "Issue
    /// recorded"), its comment the whole message, and the command names this very test.
    @Test func theIssueNamesTheGoldenAndHowToAcceptIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = check(image, mode: .missing)
        withKnownIssue {
            assertGolden(changed, named: "case", directory: folder.appendingPathComponent("golden").path)
        } matching: { issue in
            let failure = issue.error as? GoldenFailure
            let comment = issue.comments.first?.rawValue ?? ""
            return failure?.headline.hasPrefix("golden 'case' differs: largest channel difference 1") == true
                && comment.hasPrefix(failure!.headline + "\n")
                && comment.contains(
                    #"--filter '^FramesTestingTests\.GoldenKitTests/theIssueNamesTheGoldenAndHowToAcceptIt\(\)(/|$)'"#)
        }
    }

    @Test func packageRootIsWherePackageSwiftIs() {
        let root = Golden.packageRoot(of: #filePath)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
        #expect(Golden.artifactsFolder(root: root, environment: [:]).path.hasSuffix(".build/frames-artifacts"))
        #expect(Golden.artifactsFolder(root: root, environment: ["FRAMES_ARTIFACTS": "/tmp/x"]).path == "/tmp/x")
    }
}

/// The kit from XCTest: a matching frame passes without recording anything. (Its golden is its
/// own: `GoldenTests` checks `golden/indicator_1x_k0.png`, and two assertions in one run may not
/// check one golden.)
final class GoldenKitXCTests: XCTestCase {
    func testMatchingGoldenPassesFromXCTest() throws {
        let folder = try ChildRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 60)
        let golden = folder.appendingPathComponent("indicator_1x_k0.png")
        try Data(PNGEncoder().encode(renderer.frame(0))).write(to: golden)
        let before = try FileManager.default.attributesOfItem(atPath: golden.path)[.modificationDate] as? Date
        assertGolden(renderer.frame(0), named: "indicator_1x_k0", directory: folder.path)
        let after = try FileManager.default.attributesOfItem(atPath: golden.path)[.modificationDate] as? Date
        XCTAssertEqual(before, after)
    }
}

/// Golden folders: a folder `frames` wrote, verified from its manifest in one line.
@Suite(.developersEnvironment) struct GoldenFolderKitTests {
    let folder: URL

    init() throws {
        folder = try ChildRun.temporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("seq"), withIntermediateDirectories: true)
    }

    /// A four-frame folder as `frames --frames 4 --no-text` writes it: frames, then the manifest.
    func writeFolder() throws {
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 2), frameCount: 4)
        var manifest = Manifest()
        manifest.frameCount = 4
        manifest.turnFrames = 4
        manifest.scale = 2
        manifest.namePattern = "frame_%04d.png"
        manifest.files = (0..<4).map { "frame_000\($0).png" }
        manifest.recordEnvironment(of: renderer, backdropImageFile: nil)
        let path = folder.appendingPathComponent("seq").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let encoder = try renderer.sequenceEncoder()
        for (k, name) in manifest.files.enumerated() {
            try Data(encoder.encode(frame: k)).write(to: URL(fileURLWithPath: path + "/" + name))
        }
        try Data(manifest.bytes).write(to: folder.appendingPathComponent("seq/manifest.json"))
    }

    @Test func aFolderThatHoldsMatches() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFolder()
        let outcome = Golden.checkFolder(
            folder.appendingPathComponent("seq").path, name: "seq", artifacts: folder.appendingPathComponent("art"))
        #expect(outcome == .matched, "\(outcome.message)")
    }

    @Test func aChangedFrameFailsWithTheFiguresAndAReport() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFolder()
        let frame = folder.appendingPathComponent("seq/frame_0003.png")
        var image = try PNGDecoder.decode([UInt8](Data(contentsOf: frame)))
        image.pixels[12 * image.width + 70] ^= 0x0000_0100 // green of one opaque pixel
        try Data(PNGEncoder().encode(image)).write(to: frame)
        let artifacts = folder.appendingPathComponent("art")
        let outcome = Golden.checkFolder(folder.appendingPathComponent("seq").path, name: "seq", artifacts: artifacts)
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(message.contains("differs: 1 of 4 frames"))
        #expect(message.contains("frame_0003.png: largest channel difference 1, 1 pixel differs"))
        let report = artifacts.appendingPathComponent("seq/report.html")
        #expect(message.contains("report: \(report.path)"))
        let page = try String(contentsOf: report, encoding: .utf8)
        #expect(page.contains("FAIL frame_0003.png"))
        #expect(
            Golden.checkFolder(folder.path + "/seq", name: "seq", maxChannelDelta: 1, artifacts: artifacts) == .matched)
    }

    @Test func aFolderWithoutManifestCannotBeVerified() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = Golden.checkFolder(
            folder.appendingPathComponent("seq").path, name: "seq", artifacts: folder.appendingPathComponent("art"))
        #expect(outcome.isFailure)
        #expect(outcome.message.contains("no manifest.json"), "\(outcome.message)")
    }
}

/// The folder kit from XCTest: the project's own golden folder holds.
final class GoldenFolderXCTests: XCTestCase {
    func testProjectGoldenFolderHoldsFromXCTest() {
        assertGoldenFolder("folders/overlay_session_1x")
    }
}

import Foundation
import FramesTesting
import Raster
import Testing
import XCTest

/// The golden kit's decisions, one by one, on real files in a temporary folder.
@Suite struct GoldenKitTests {
    let folder: URL
    let image: Pixmap
    let changed: Pixmap

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        image = try FrameRenderer(scene: Scene(variant: .indicator), frameCount: 8).frame(2)
        var copy = image
        copy.pixels[10 * copy.width + 10] ^= 0x0000_0001 // one channel of one pixel, off by one
        changed = copy
    }

    var golden: String { folder.appendingPathComponent("golden/case.png").path }
    var artifacts: URL { folder.appendingPathComponent("artifacts") }

    func check(_ actual: Pixmap, mode: Golden.RecordMode, delta: Int = 0, pixels: Int = 0) -> Golden.Outcome {
        Golden.check(
            actual, goldenPath: golden, name: "case", maxChannelDelta: delta, maxDifferingPixels: pixels,
            mode: mode, artifacts: artifacts)
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
        #expect(message.contains("missing"))
        #expect(!FileManager.default.fileExists(atPath: golden))
    }

    @Test func mismatchWritesArtifactsAndNamesThem() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = check(image, mode: .missing)
        let outcome = check(changed, mode: .never)
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(message.contains("largest channel difference: actual 1, allowed 0"))
        #expect(message.contains("pixels over it: actual 1, allowed 0"))
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

    @Test func recordModesRewriteWhatTheySay() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = check(image, mode: .missing)
        #expect(check(image, mode: .all) == .recorded(path: golden, changed: false))
        #expect(!check(image, mode: .all).isFailure, "rewriting the same pixels passes")
        #expect(check(changed, mode: .failed) == .recorded(path: golden, changed: true))
        let written = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: golden))))
        let same = written == changed
        #expect(same)
    }

    @Test func environmentChoosesTheModeAndCIForbidsRecording() {
        #expect(Golden.RecordMode.fromEnvironment([:]) == .missing)
        #expect(Golden.RecordMode.fromEnvironment(["FRAMES_RECORD": "all"]) == .all)
        #expect(Golden.RecordMode.fromEnvironment(["FRAMES_RECORD": "failed"]) == .failed)
        #expect(Golden.RecordMode.fromEnvironment(["FRAMES_RECORD": "all", "CI": "true"]) == .never)
        #expect(Golden.RecordMode.fromEnvironment(["FRAMES_RECORD": "all", "CI": "false"]) == .all)
        #expect(Golden.RecordMode.fromEnvironment(["CI": "1"]) == .never)
    }

    @Test func packageRootIsWherePackageSwiftIs() {
        let root = Golden.packageRoot(of: #filePath)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
        #expect(Golden.artifactsFolder(root: root, environment: [:]).path.hasSuffix(".build/frames-artifacts"))
        #expect(Golden.artifactsFolder(root: root, environment: ["FRAMES_ARTIFACTS": "/tmp/x"]).path == "/tmp/x")
    }
}

/// The kit from XCTest: a matching frame passes without recording anything.
final class GoldenKitXCTests: XCTestCase {
    func testMatchingGoldenPassesFromXCTest() throws {
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 60)
        assertGolden(renderer.frame(0), named: "indicator_1x_k0")
    }
}

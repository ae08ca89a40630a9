import Foundation
import Testing

@testable import FramesTesting
@testable import GoldenFolders
@testable import Images
@testable import Raster

/// A sequence recorded from a renderer is a frames folder: `frames verify` renders it again from
/// its manifest.json and finds it holds.
@Suite(.developersEnvironment) struct GoldenSequenceTests {
    let folder: URL
    let renderer: FrameRenderer

    init() throws {
        folder = try ChildRun.temporaryFolder()
        renderer = try FrameRenderer(
            scene: Scene(variant: .overlay, scale: 1, screenSize: Size(width: 60, height: 60)), frameCount: 6)
    }

    /// `frames` beside this test binary, if it was built.
    static var frames: URL? {
        let url = ChildRun.binary.deletingLastPathComponent().appendingPathComponent("frames")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    @Test func aRecordedSequenceIsAFolderThatFramesVerifyChecks() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        func check(_ frames: [Int]? = nil) -> [String] {
            failures {
                assertGoldenSequence(
                    renderer, named: "spin", frames: frames, perceptual: PerceptualTolerance(metric: .yiq),
                    directory: folder.path)
            }
        }
        let recorded = check([1, 4])
        #expect(recorded.count == 7 && recorded.allSatisfy { $0.hasPrefix("recorded golden") }, "\(recorded)")
        let spin = folder.appendingPathComponent("spin")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: spin.path).sorted()
                == (0..<6).map { "frame_000\($0).png" } + ["manifest.json"])
        #expect(check().isEmpty)
        let outcome = Golden.checkFolder(spin.path, name: "spin", artifacts: folder.appendingPathComponent("art"))
        #expect(outcome == .matched, "\(outcome.message)")
        let manifest = try FramesFolder(path: spin.path).manifest
        #expect(manifest.tolerance?.tolerance == PerceptualTolerance(metric: .yiq))
        #expect(
            manifest.variant == .overlay && manifest.frameCount == 6 && manifest.screen == Size(width: 60, height: 60))
        let frames = try #require(Self.frames, "frames is built beside the tests")
        do {
            let process = Process()
            process.executableURL = frames
            process.arguments = ["verify", spin.path]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "frames verify \(spin.path)")
        }
    }

    @Test func aFolderWithoutManifestIsRecordedOrNamed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let spin = folder.appendingPathComponent("spin")
        try FileManager.default.createDirectory(at: spin, withIntermediateDirectories: true)
        for k in 0..<6 {
            try Data(PNGEncoder().encode(renderer.frame(k))).write(to: spin.appendingPathComponent("frame_000\(k).png"))
        }
        let said = failures { assertGoldenSequence(renderer, named: "spin", directory: folder.path) }
        #expect(said.count == 1 && said[0].hasPrefix("recorded golden \(spin.path)/manifest.json"), "\(said)")
        #expect(
            Golden.checkFolder(spin.path, name: "spin", artifacts: folder.appendingPathComponent("art")) == .matched)
    }
}

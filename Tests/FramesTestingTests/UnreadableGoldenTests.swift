import Foundation
import Testing

@testable import FramesTesting
@testable import Images
@testable import Raster

/// Goldens that are not pictures: a Git LFS pointer is named as one, and a golden that cannot be
/// read is recorded again under `all` or `failed`, the failure saying so.
@Suite(.developersEnvironment) struct UnreadableGoldenTests {
    let folder: URL
    let image: Pixmap

    init() throws {
        folder = try ChildRun.temporaryFolder()
        image = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 8).frame(1)
    }

    var golden: String { folder.appendingPathComponent("golden/case.png").path }

    func check(_ mode: Golden.RecordMode) -> Golden.Outcome {
        Golden.check(
            image, goldenPath: golden, name: "case", mode: mode, artifacts: folder.appendingPathComponent("artifacts"))
    }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("golden"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: golden))
    }

    static let pointer = """
        version https://git-lfs.github.com/spec/v1
        oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
        size 26131

        """

    @Test(arguments: [Golden.RecordMode.missing, .never])
    func aGitLFSPointerIsNamedAsOne(mode: Golden.RecordMode) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.pointer)
        let outcome = check(mode)
        #expect(outcome.isFailure)
        #expect(
            outcome.message.hasPrefix(
                "golden 'case' at \(golden) cannot be read: it is a Git LFS pointer (sha256:4d7a214614ab…, "
                    + "26131 bytes), not the picture (Git LFS did not fetch it): run `git lfs pull`"),
            "\(outcome.message)")
        #expect(outcome.message.contains("to record it again: FRAMES_RECORD=failed swift test"))
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == Self.pointer, "the pointer is left as it is")
    }

    @Test(arguments: [Golden.RecordMode.all, .failed])
    func anUnreadableGoldenIsRecordedAgainAndTheFailureSaysSo(mode: Golden.RecordMode) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for text in [Self.pointer, "", "not a png"] {
            try write(text)
            let outcome = check(mode)
            #expect(outcome.isFailure)
            #expect(
                outcome.message.contains("the image is recorded over it (FRAMES_RECORD=\(mode.rawValue))"),
                "\(outcome.message)")
            #expect(check(.never) == .matched, "the recorded golden holds")
        }
    }

    @Test func aFolderInTheGoldensPlaceIsNotAPicture() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
        #expect(check(.never).message.contains("cannot be read: it is a folder, not a PNG file"))
        #expect(check(.failed).message.hasPrefix("cannot record golden 'case'"), "a folder is not written over")
    }
}

import Foundation
import LibC
import TestSupport
import Testing
import Workers

@testable import FramesCLI

/// The output transaction on its own: staged files invisible until the commit, staging from many
/// threads, a commit that fails half-way put back whole, a rollback that removes exactly what the
/// transaction made, and a folder that vanishes under a run.
@Suite struct OutputTransactionTests {
    static func folder() throws -> URL {
        try TemporaryFolder.make("frames-tx")
    }

    static func files(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in CLI.contents(of: folder) {
            files[name] = try? Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    @Test func stagedFilesAppearOnlyAtTheCommit() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let transaction = OutputTransaction()
        let out = try transaction.folder(root.appendingPathComponent("a/b/c").path, creating: true)
        try transaction.lockFrames(out)
        try transaction.stage(Array("one".utf8), as: "one.png", in: out)
        try transaction.stage(Array("{}".utf8), as: "manifest.json", in: out, isManifest: true)
        #expect(CLI.contents(of: root.appendingPathComponent("a/b/c")).allSatisfy { $0.hasPrefix(".") })
        try transaction.commit()
        #expect(CLI.contents(of: root.appendingPathComponent("a/b/c")) == ["manifest.json", "one.png"])
    }

    /// Many threads stage at once (the worker pool's way); every file arrives, once.
    @Test func stagingFromThePoolHoldsEveryFile() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let transaction = OutputTransaction()
        let out = try transaction.folder(root.path, creating: false)
        try WorkerPool.forEach(200, workers: 4) { (index: Int) throws(FramesError) in
            try transaction.stage(Array("\(index)".utf8), as: "f\(index).png", in: out)
        }
        try transaction.commit()
        let files = Self.files(root)
        #expect(files.count == 200)
        #expect((0..<200).allSatisfy { files["f\($0).png"] == Data("\($0)".utf8) })
    }

    /// A rollback removes the staged files and the folders the transaction made, and nothing
    /// that was there before.
    @Test func aRollbackRemovesExactlyWhatItMade() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("keep".utf8).write(to: root.appendingPathComponent("notes.txt"))
        let transaction = OutputTransaction()
        let out = try transaction.folder(root.appendingPathComponent("new/deeper").path, creating: true)
        try transaction.lockFrames(out)
        try transaction.stage(Array("x".utf8), as: "frame_0000.png", in: out)
        try transaction.stage(Array("y".utf8), at: root.appendingPathComponent("single.png").path)
        transaction.rollback()
        #expect(CLI.contents(of: root) == ["notes.txt"])
    }

    /// The second rename of a commit fails (a folder stands where its file goes, made after the
    /// plan): the first file is put back, the earlier bytes are there, no staged file is left.
    @Test func aCommitThatFailsHalfWayPutsTheEarlierFilesBack() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("o")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        for name in ["a.png", "b.png", "manifest.json"] {
            try Data("earlier \(name)".utf8).write(to: out.appendingPathComponent(name))
        }
        let other = root.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
        let before = Self.files(out)
        let transaction = OutputTransaction()
        let folder = try transaction.folder(out.path, creating: false)
        try transaction.lockFrames(folder)
        try transaction.stage(Array("new a".utf8), as: "a.png", in: folder)
        try transaction.stage(Array("new b".utf8), as: "b.png", in: folder)
        try transaction.stage(Array("new single".utf8), at: other.appendingPathComponent("s.png").path)
        try transaction.stage(Array("{}".utf8), as: "manifest.json", in: folder, isManifest: true)
        // The single file's folder goes before the commit: its rename fails after a.png and b.png.
        try FileManager.default.removeItem(at: other)
        #expect(throws: FramesError.self) { try transaction.commit() }
        #expect(Self.files(out) == before, "\(CLI.contents(of: out))")
    }

    /// The folder of the frames is removed while they are staged: the commit fails naming it, and
    /// nothing of the run is left anywhere.
    @Test func aFolderThatVanishesFailsCleanly() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let transaction = OutputTransaction()
        let out = try transaction.folder(root.appendingPathComponent("o").path, creating: true)
        try transaction.stage(Array("x".utf8), as: "frame_0000.png", in: out)
        try FileManager.default.removeItem(at: root.appendingPathComponent("o"))
        #expect(throws: FramesError.self) { try transaction.commit() }
        #expect(CLI.contents(of: root).isEmpty)
    }

    /// Staging names fit NAME_MAX for every name that does: a 244-byte name in a script of
    /// four-byte characters keeps whole characters.
    @Test func stagingNamesFitInBytes() throws {
        let name = String(repeating: "💳", count: 60) + ".png" // 244 bytes
        #expect(name.utf8.count == 244 && OutputNames.refusal(of: name) == nil)
        let staging = OutputNames.staging(of: name)
        #expect(staging.utf8.count <= OutputNames.maxName)
        #expect(String(validating: Array(staging.utf8), as: UTF8.self) != nil)
        #expect(OutputNames.isStaging(staging, of: name))
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let transaction = OutputTransaction()
        try transaction.stage(Array("x".utf8), at: root.appendingPathComponent(name).path)
        try transaction.commit()
        #expect(CLI.contents(of: root) == [name])
    }
}

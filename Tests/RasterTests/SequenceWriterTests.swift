import Foundation
import Raster
import Synchronization
import Testing

@Suite struct SequenceWriterTests {
    func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("frames-seq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test func serialAndParallelWriteTheSameBytes() throws {
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1.5), frameCount: 12)
        let names = (0..<12).map { "f\($0).png" }
        var outputs: [[Data]] = []
        for threads in [1, 2, 5] {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let sizes = try SequenceWriter(threads: threads).write(renderer, to: folder, fileNames: names)
            let files = try names.map { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)) }
            #expect(sizes == files.map(\.count))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == names.sorted(),
                "no temporary files left")
            outputs.append(files)
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0] == outputs[2])
    }

    @Test func failureLeavesNothing() throws {
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 3)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The second name points into a folder that does not exist: its write fails.
        #expect(throws: FileError.self) {
            _ = try SequenceWriter(threads: 1).write(
                renderer, to: folder, fileNames: ["a.png", "missing/b.png", "c.png"])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// Frames written into files created ahead on their own thread (`FileOutput.CreatedFiles`)
    /// have the bytes of frames that create their own, with any number of threads; none of the
    /// created files is left over, also when there are more names than files created.
    @Test func filesCreatedAheadHoldTheSameFrames() throws {
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1.5), frameCount: 9)
        let names = (0..<9).map { "f\($0).png" }
        let plainFolder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: plainFolder) }
        try SequenceWriter(threads: 1).write(renderer, to: plainFolder, fileNames: names)
        let plain = try names.map { try Data(contentsOf: URL(fileURLWithPath: plainFolder + "/" + $0)) }
        for (threads, ahead) in [(1, 9), (2, 9), (2, 4), (3, 0)] {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let files = FileOutput.CreatedFiles(beside: names.prefix(ahead).map { folder + "/" + $0 })
            let staged = try SequenceWriter(threads: threads).stage(
                renderer, in: folder, fileNames: names, files: files)
            #expect(files.take(0) == nil, "every file is taken once")
            for (k, temporary) in staged.temporaries.enumerated() {
                try FileOutput.rename(temporary, to: folder + "/" + names[k])
            }
            let written = try names.map { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)) }
            #expect(written == plain, "\(threads) threads, \(ahead) files ahead")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == names.sorted())
        }
    }

    /// A run that fails removes the files created for it, taken or not.
    @Test func aFailureRemovesTheFilesCreatedAhead() throws {
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 6)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = (0..<6).map { "f\($0).png" }
        try FileManager.default.createDirectory(atPath: folder + "/f4.png", withIntermediateDirectories: false)
        let files = FileOutput.CreatedFiles(beside: names.map { folder + "/" + $0 })
        #expect(throws: FileError.self) {
            _ = try SequenceWriter(threads: 2).stage(renderer, in: folder, fileNames: names, files: files)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["f4.png"])
        // Files never handed to a run go when it is finished.
        let unused = FileOutput.CreatedFiles(beside: names.map { folder + "/" + $0 })
        unused.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["f4.png"])
    }

    @Test func aFailedRunKeepsTheEarlierRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = (0..<6).map { "f\($0).png" }
        let first = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 6)
        try SequenceWriter(threads: 2).write(first, to: folder, fileNames: names)
        let before = try names.map { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)) }
        // The second run cannot replace f3.png (a folder stands there): it must fail before it
        // replaces anything, and leave no temporary file.
        try FileManager.default.removeItem(atPath: folder + "/f3.png")
        try FileManager.default.createDirectory(atPath: folder + "/f3.png", withIntermediateDirectories: false)
        let second = try FrameRenderer(
            scene: Scene(style: LoadingStyle(spinnerColor: .black), variant: .indicator),
            frameCount: 6)
        #expect(throws: FileError.self) { try SequenceWriter(threads: 2).write(second, to: folder, fileNames: names) }
        for (k, name) in names.enumerated() where k != 3 {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) == before[k], "\(name) changed")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == names.sorted())
    }

    @Test func beforeRenamingRunsOnceBeforeTheFirstFrameAppears() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = (0..<5).map { "f\($0).png" }
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator), frameCount: 5)
        let calls = Mutex<[Int]>([])
        let progress = Mutex<[Int]>([])
        try SequenceWriter(threads: 2).write(
            renderer, to: folder, fileNames: names,
            progress: { done in progress.withLock { $0.append(done) } },
            beforeRenaming: {
                let present = names.filter { FileManager.default.fileExists(atPath: folder + "/" + $0) }.count
                calls.withLock { $0.append(present) }
            })
        #expect(calls.withLock { $0 } == [0])
        #expect(progress.withLock { $0 } == [1, 2, 3, 4, 5], "progress counts every written file once, in order")
    }
}

@Suite struct VanishingFolderTests {
    /// The output folder disappears after the first frame: the run fails with the path and the
    /// reason, and nothing of it is left anywhere.
    @Test func folderThatDisappearsMidRunFailsCleanly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-vanish-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator), frameCount: 6)
        do {
            try SequenceWriter(threads: 1).write(
                renderer, to: folder, fileNames: (0..<6).map { "f\($0).png" },
                progress: { done in
                    if done == 1 { try? FileManager.default.removeItem(atPath: folder) }
                })
            Issue.record("the run should fail once its folder is gone")
        } catch let error as FileError {
            #expect(error.reason == "No such file or directory")
            #expect(error.path.hasPrefix(folder))
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
    }
}

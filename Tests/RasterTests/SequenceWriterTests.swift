import Foundation
import Testing
import Raster

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
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == names.sorted(),
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
            _ = try SequenceWriter(threads: 1).write(renderer, to: folder, fileNames: ["a.png", "missing/b.png", "c.png"])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}

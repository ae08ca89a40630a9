import Dispatch
import Synchronization

/// Renders a whole sequence and writes it as PNG files into a folder, frames in parallel, each
/// encoded by a `SequenceEncoder` (only the rows that change are compressed per frame).
///
/// Each frame is written under a temporary name (`.NAME.partial`) in the folder and renamed into
/// place in frame order: frame k gets its name once frames 0…k are all written, while later
/// frames are still being encoded. Each worker holds one frame at a time, so memory does not grow
/// with the sequence. On any failure the temporary files and the frames this run already renamed
/// are removed. The bytes of each file depend only on the frame, never on the number of threads.
public struct SequenceWriter: Sendable {
    public var settings: SequenceEncoder.Settings
    /// Worker threads; default: the number of active processors.
    public var threads: Int

    public init(settings: SequenceEncoder.Settings = .measured, threads: Int = SequenceWriter.defaultThreads) {
        self.settings = settings
        self.threads = max(1, threads)
    }

    public static var defaultThreads: Int { max(1, activeProcessorCount()) }

    /// Frame k goes to `directory/fileNames[k]`; returns each file's size in bytes.
    public func write(_ renderer: FrameRenderer, to directory: String, fileNames: [String]) throws -> [Int] {
        precondition(fileNames.count == renderer.frameCount, "one file name per frame")
        let count = renderer.frameCount
        let temporary = fileNames.map { directory + "/." + $0 + ".partial" }
        let final = fileNames.map { directory + "/" + $0 }
        let state = Mutex(WriteState(count: count))
        let workers = min(threads, count)
        let encoder = try SequenceEncoder(renderer: renderer, settings: settings)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var k = worker
            while k < count {
                if state.withLock({ $0.failure != nil }) { return }
                do {
                    let bytes = try encoder.encode(frame: k)
                    try FileOutput.write(bytes, to: temporary[k])
                    try state.withLock { s throws(FileError) in
                        s.sizes[k] = bytes.count
                        s.written[k] = true
                        // Rename, in order, every frame whose predecessors are all in place.
                        while s.renamed < count, s.written[s.renamed] {
                            try FileOutput.rename(temporary[s.renamed], to: final[s.renamed])
                            s.renamed += 1
                        }
                    }
                } catch {
                    state.withLock { s in if s.failure == nil { s.failure = error } }
                    return
                }
                k += workers
            }
        }
        let (failure, sizes, renamed) = state.withLock { ($0.failure, $0.sizes, $0.renamed) }
        if let failure {
            for k in 0..<count { FileOutput.remove(k < renamed ? final[k] : temporary[k]) }
            throw failure
        }
        return sizes
    }
}

private struct WriteState: Sendable {
    var sizes: [Int]
    var written: [Bool]
    var renamed = 0
    var failure: (any Error)?

    init(count: Int) {
        sizes = [Int](repeating: 0, count: count)
        written = [Bool](repeating: false, count: count)
    }
}

import Dispatch
import Synchronization

/// Renders a whole sequence and writes it as PNG files into a folder, frames in parallel, each
/// encoded by a `SequenceEncoder` (only the changing rows are compressed per frame).
///
/// Each frame is written under a temporary name (`.NAME.partial`) in the folder; only when every
/// frame is written are they renamed into place, in order. On any failure the temporary files
/// are removed and no frame of this run is left under its final name. The bytes of each file
/// depend only on the frame, never on the number of threads.
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
        let state = Mutex(WriteState(sizes: [Int](repeating: 0, count: count)))
        let workers = min(threads, count)
        let encoder = try SequenceEncoder(renderer: renderer, settings: settings)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var k = worker
            while k < count {
                if state.withLock({ $0.failure != nil }) { return }
                do {
                    let bytes = try encoder.encode(frame: k)
                    try FileOutput.write(bytes, to: temporary[k])
                    state.withLock { $0.sizes[k] = bytes.count }
                } catch {
                    state.withLock { s in if s.failure == nil { s.failure = error } }
                    return
                }
                k += workers
            }
        }
        let (failure, sizes) = state.withLock { ($0.failure, $0.sizes) }
        if let failure {
            for path in temporary { FileOutput.remove(path) }
            throw failure
        }
        var renamed = 0
        do {
            while renamed < count {
                try FileOutput.rename(temporary[renamed], to: directory + "/" + fileNames[renamed])
                renamed += 1
            }
        } catch {
            for k in 0..<count {
                FileOutput.remove(k < renamed ? directory + "/" + fileNames[k] : temporary[k])
            }
            throw error
        }
        return sizes
    }
}

private struct WriteState: Sendable {
    var sizes: [Int]
    var failure: (any Error)?
}

import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders a whole sequence and writes it as PNG files into an existing folder, frames in
/// parallel, each encoded by a `SequenceEncoder` (only the rows that change are compressed).
///
/// Every frame is first written under a temporary name (`.NAME.partial`) in the folder, then
/// renamed into place, in frame order:
/// - when none of the names exists yet, frame k is renamed as soon as frames 0…k are written,
///   while later frames are still being encoded;
/// - when some exist (the folder holds an earlier run), nothing is renamed until every frame is
///   written, so a run that fails leaves the earlier files as they were.
/// `beforeRenaming` runs once, just before the first rename (the CLI removes the old manifest
/// there). On failure, the temporary files and the frames this run created are removed; files
/// that existed before are never removed. Each worker holds one frame at a time, so memory does
/// not grow with the sequence. The bytes of each file depend only on the frame, never on the
/// number of threads.
public struct SequenceWriter: Sendable {
    package var settings: SequenceEncoder.Settings
    /// Frames encoded at once; default: the number of active processors.
    public var threads: Int

    /// A writer encoding `threads` frames at once (at least 1).
    public init(threads: Int = SequenceWriter.defaultThreads) {
        self.init(settings: .measured, threads: threads)
    }

    package init(settings: SequenceEncoder.Settings, threads: Int = SequenceWriter.defaultThreads) {
        self.settings = settings
        self.threads = max(1, threads)
    }

    /// The number of active processors (at least 1).
    public static var defaultThreads: Int { max(1, activeProcessorCount()) }

    /// Memory that the frames being encoded at once may take together: 512 MiB.
    package static let frameMemoryBudget = 512 << 20

    /// The PNG file of `renderer`'s hidden frame, as `write` writes it.
    package static func hiddenFrameFile(_ renderer: FrameRenderer) throws(PNGError) -> [UInt8] {
        try PNGEncoder(compression: .rows).encode(renderer.hiddenFrame())
    }

    /// The name a file has while it is being written: ".NAME.partial", in the same folder.
    package static func temporaryName(for name: String) -> String { "." + name + ".partial" }

    /// Frame `frames[i]` (default: every frame) goes to `directory/fileNames[i]`; returns each
    /// file's size in bytes. `progress` is called with the number of files written so far.
    @discardableResult
    public func write(
        _ renderer: FrameRenderer, to directory: String, fileNames: [String], frames: [SequenceFrame]? = nil,
        progress: @Sendable (Int) -> Void = { _ in },
        beforeRenaming: @Sendable () throws -> Void = {}
    ) throws -> [Int] {
        let frames = frames ?? (0..<renderer.frameCount).map(SequenceFrame.spinner)
        // A hidden frame is always the same image: encode it once.
        let hidden = frames.contains(.hidden) ? try SequenceWriter.hiddenFrameFile(renderer) : []
        precondition(fileNames.count == frames.count, "one file name per frame")
        let count = frames.count
        let temporary = fileNames.map { directory + "/" + SequenceWriter.temporaryName(for: $0) }
        let final = fileNames.map { directory + "/" + $0 }
        let replacing = final.contains { FileInput.exists($0) }
        // A name taken by a folder cannot be replaced: say so before anything is written.
        for path in final where FileInput.isDirectory(path) {
            throw FileError(operation: "replace", path: path, errno: EISDIR)
        }
        let state = Mutex(WriteState(count: count))
        // Frames at once: `threads`, but never more than fit in `frameMemoryBudget` together, so
        // that huge frames use no more memory with more threads (the bytes do not depend on it).
        let workers = min(threads, count, max(1, SequenceWriter.frameMemoryBudget / renderer.bytesPerFrame))
        let encoder = try SequenceEncoder(renderer, settings: settings)

        /// Renames, in order, every written frame whose predecessors are in place.
        @Sendable func renameReady(_ s: inout WriteState) throws {
            while s.renamed < count, s.written[s.renamed] {
                if s.renamed == 0 { try beforeRenaming() }
                try FileOutput.rename(temporary[s.renamed], to: final[s.renamed])
                s.renamed += 1
            }
        }

        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var k = worker
            while k < count {
                if state.withLock({ $0.failure != nil }) { return }
                do {
                    let bytes: [UInt8]
                    switch frames[k] {
                    case .spinner(let index): bytes = try encoder.encode(frame: index)
                    case .hidden: bytes = hidden
                    }
                    try FileOutput.write(bytes, to: temporary[k])
                    try state.withLock { s in
                        s.sizes[k] = bytes.count
                        s.written[k] = true
                        s.done += 1
                        progress(s.done)
                        if !replacing { try renameReady(&s) }
                    }
                } catch {
                    state.withLock { s in if s.failure == nil { s.failure = error } }
                    return
                }
                k += workers
            }
        }
        try state.withLock { s in
            if s.failure == nil {
                do { try renameReady(&s) } catch { s.failure = error }
            }
            if let failure = s.failure {
                // Only what this run created: its temporary files, and its frames if none of the
                // names existed before.
                for k in 0..<count { FileOutput.remove(k < s.renamed && !replacing ? final[k] : temporary[k]) }
                throw failure
            }
        }
        return state.withLock { $0.sizes }
    }
}

/// What one file of a sequence shows.
public enum SequenceFrame: Sendable, Equatable {
    /// Frame k of the renderer's sequence.
    case spinner(Int)
    /// The screen without the overlay: background and backdrop only (`FrameRenderer.hiddenFrame`).
    case hidden
}

private struct WriteState: Sendable {
    var sizes: [Int]
    var written: [Bool]
    var renamed = 0
    var done = 0
    var failure: (any Error)?

    init(count: Int) {
        sizes = [Int](repeating: 0, count: count)
        written = [Bool](repeating: false, count: count)
    }
}

import Dispatch

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
/// `stage` writes every frame as a new file under an unguessable temporary name in the folder
/// (`FileOutput.stage`: never through a link) and returns the temporary paths; nothing is
/// renamed, so the folder's frames are as they were until the caller commits. `write` stages,
/// then renames every frame into place in frame order (`beforeRenaming` runs once, just before
/// the first rename). On failure, the temporary files are removed; files that existed before
/// are never removed. Each worker holds one frame at a time, so memory does not grow with the
/// sequence. The bytes of each file depend only on the frame, never on the number of threads.
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

    /// The frames written under temporary names: `temporaries[i]` is to become
    /// `directory/fileNames[i]`, `sizes[i]` bytes long.
    package struct Staged: Sendable {
        /// The temporary file of each frame, in frame order.
        package let temporaries: [String]
        /// Each file's size in bytes.
        package let sizes: [Int]
    }

    /// Frame `frames[i]` (default: every frame) goes to `directory/fileNames[i]`; returns each
    /// file's size in bytes. `progress` is called with the number of files written so far.
    @discardableResult
    public func write(
        _ renderer: FrameRenderer, to directory: String, fileNames: [String], frames: [SequenceFrame]? = nil,
        progress: @Sendable (Int) -> Void = { _ in },
        beforeRenaming: @Sendable () throws -> Void = {}
    ) throws -> [Int] {
        let staged = try stage(renderer, in: directory, fileNames: fileNames, frames: frames, progress: progress)
        var renamed = 0
        do {
            try beforeRenaming()
            for (k, temporary) in staged.temporaries.enumerated() {
                try FileOutput.rename(temporary, to: directory + "/" + fileNames[k])
                renamed += 1
            }
        } catch {
            for temporary in staged.temporaries[renamed...] { FileOutput.remove(temporary: temporary) }
            throw error
        }
        return staged.sizes
    }

    /// Writes every frame under a temporary name in `directory` (see the type's notes), into
    /// the files `files` created for the first of them when given (`FileOutput.CreatedFiles`,
    /// beside `directory/fileNames[i]`); on failure none is left, nor any of `files`.
    /// `inPlace`: each frame is renamed to its own name as soon as it is written
    /// (`FileOutput.rename(_:to:stillTemporary:)`), and `temporaries` are those names; for a folder the run
    /// made and journaled as committing, where no frame of an earlier run is replaced.
    package func stage(
        _ renderer: FrameRenderer, in directory: String, fileNames: [String], frames: [SequenceFrame]? = nil,
        files: FileOutput.CreatedFiles? = nil, inPlace: Bool = false, progress: @Sendable (Int) -> Void = { _ in }
    ) throws -> Staged {
        defer { files?.finish() }
        let frames = frames ?? (0..<renderer.frameCount).map(SequenceFrame.spinner)
        // A hidden frame is always the same image: encode it once.
        let hidden = frames.contains(.hidden) ? try SequenceWriter.hiddenFrameFile(renderer) : []
        precondition(fileNames.count == frames.count, "one file name per frame")
        let count = frames.count
        let final = fileNames.map { directory + "/" + $0 }
        // A name taken by a folder cannot be replaced: say so before anything is written (a
        // folder the run made holds none).
        for path in final where !inPlace && FileInput.isDirectory(path) {
            throw FileError(operation: "replace", path: path, errno: EISDIR)
        }
        let state = Locked(WriteState(count: count))
        // Frames at once: `threads`, but never more than fit in `frameMemoryBudget` together, so
        // that huge frames use no more memory with more threads (the bytes do not depend on it).
        let workers = min(threads, count, max(1, SequenceWriter.frameMemoryBudget / renderer.bytesPerFrame))
        // One frame is encoded alone, its pieces on all cores; more share an encoder's caches.
        let encoder = count == 1 ? nil : try SequenceEncoder(renderer, settings: settings)
        // Each worker takes the next frame not taken yet (frames differ in cost, and a worker may
        // be held up): none waits at the end for another's share.
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let next: Int? = state.withLock { s in
                    guard s.failure == nil, s.next < count else { return nil }
                    s.next += 1
                    return s.next - 1
                }
                guard let k = next else { return }
                do {
                    let bytes: [UInt8]
                    switch frames[k] {
                    case .spinner(let index):
                        bytes =
                            try encoder?.encode(frame: index)
                            ?? SequenceEncoder.encode(frame: index, of: renderer, settings: settings)
                    case .hidden: bytes = hidden
                    }
                    let file = try files?.take(k) ?? FileOutput.StagedFile(beside: final[k])
                    try file.append(bytes)
                    var temporary = try file.finish()
                    if inPlace {
                        do {
                            try FileOutput.rename(temporary, to: final[k], stillTemporary: true)
                        } catch {
                            FileOutput.remove(temporary: temporary)
                            throw error
                        }
                        temporary = final[k]
                    }
                    state.withLock { s in
                        s.temporaries[k] = temporary
                        s.sizes[k] = bytes.count
                        s.done += 1
                        progress(s.done)
                    }
                } catch {
                    state.withLock { s in if s.failure == nil { s.failure = error } }
                    return
                }
            }
        }
        return try state.withLock { s in
            if let failure = s.failure {
                for temporary in s.temporaries where !temporary.isEmpty { FileOutput.remove(temporary: temporary) }
                throw failure
            }
            return Staged(temporaries: s.temporaries, sizes: s.sizes)
        }
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
    var temporaries: [String]
    var done = 0
    /// The next frame no worker has taken.
    var next = 0
    var failure: (any Error)?

    init(count: Int) {
        sizes = [Int](repeating: 0, count: count)
        temporaries = [String](repeating: "", count: count)
    }
}

extension FileOutput {
    /// The temporary files of a sequence's frames, created in frame order on a thread of their
    /// own from before the first frame is made (`SequenceWriter.stage` takes them). Creating a
    /// file is the slow part of writing a small one on some file systems: on ext4 without a
    /// journal a new inode takes about 80 µs once many files were deleted in the last minutes (it
    /// passes over every recently deleted one), against 7 µs on tmpfs, and creations in one
    /// folder queue on its lock. Made here, they overlap the renderer and the frames instead of
    /// holding up the threads that encode. A frame whose file is not made yet when it is
    /// encoded creates its own (`take` says nil), and the thread skips it. At most `maxCreated`
    /// files are made (each holds a descriptor until its frame is written). A failure stops the
    /// thread and nothing else: the frames then create their files, and meet the error there.
    package final class CreatedFiles: @unchecked Sendable {
        /// The most files created ahead: 256.
        package static let maxCreated = 256

        private enum Slot {
            /// Not made yet, or being made (then its frame, taking it, leaves it to the thread).
            case waiting
            case made(StagedFile)
            /// Taken by its frame, or left to it.
            case gone
        }

        private let slots: Locked<(slots: [Slot], stopped: Bool)>
        private var creator: BackgroundWork<Bool>?

        /// Starts creating files beside the first `maxCreated` of `paths`, in order.
        package init(beside paths: some Collection<String>) {
            let paths = Array(paths.prefix(CreatedFiles.maxCreated))
            slots = Locked(([Slot](repeating: .waiting, count: paths.count), false))
            let slots = self.slots
            creator = BackgroundWork {
                for (index, path) in paths.enumerated() {
                    let go = slots.withLock { state in
                        guard !state.stopped, case .waiting = state.slots[index] else { return false }
                        return true
                    }
                    guard go else { continue }
                    guard let file = try? StagedFile(beside: path) else {
                        slots.withLock { $0.slots[index] = .gone }
                        return false
                    }
                    let kept = slots.withLock { state in
                        guard !state.stopped, case .waiting = state.slots[index] else { return false }
                        state.slots[index] = .made(file)
                        return true
                    }
                    if !kept { file.discard() }
                }
                return true
            }
        }

        /// The file made for the `index`-th path, once; nil when there is none (beyond those
        /// made, or not made yet: the frame then makes its own, and this one never will be).
        /// Never waits: a file being made this instant is left to the thread, which removes it
        /// (a frame that waited on the thread could wait for a whole time slice of the other
        /// core, since the thread may be queued behind an encoding thread there).
        package func take(_ index: Int) -> StagedFile? {
            slots.withLock { state in
                guard index < state.slots.count else { return nil }
                defer { state.slots[index] = .gone }
                if case .made(let file) = state.slots[index] { return file }
                return nil
            }
        }

        /// Stops the thread (waiting for it) and removes every file not taken: when the frames
        /// are written, or when they fail.
        package func finish() {
            slots.withLock { $0.stopped = true }
            _ = creator?.value
            creator = nil
            let rest: [StagedFile] = slots.withLock { state in
                defer { state.slots = state.slots.map { _ in .gone } }
                return state.slots.compactMap { slot in
                    if case .made(let file) = slot { return file }
                    return nil
                }
            }
            for file in rest { file.discard() }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one door every file-system change of a run goes through, so that a stop is clean with any
/// number of threads.
///
/// Each change (creating and writing a temporary file, a rename, a removal) runs inside
/// `perform`. `stop()` closes the door: changes under way finish, none starts after it (a thread
/// that reaches the door waits there until the process ends), and then the run's own temporary
/// files and its undo steps (a lock file, a folder it created) are removed, newest first. The
/// process is expected to end right after `stop()` returns (the CLI re-raises the signal).
package final class WriteGate: Sendable {
    /// The gate of this process.
    package static let shared = WriteGate()

    /// A change to take back when a run stops before it is committed.
    package enum UndoStep: Sendable, Equatable {
        /// Remove a file this run created (a lock file).
        case removeFile(String)
        /// Remove a folder this run created (when it is empty by then).
        case removeFolder(String)
    }

    private struct State {
        var stopped = false
        var busy = 0
        var temporaries: Set<String> = []
        var undo: [UndoStep] = []
    }

    private let state = Locked(State())

    package init() {}

    /// Whether this thread is inside `perform` already (a change made of changes, such as a
    /// commit: its parts pass straight through).
    @TaskLocal private static var inside = false

    /// Runs `body` as one change; after `stop()`, never returns (the process is ending).
    package func perform<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if WriteGate.inside { return try body() }
        while true {
            let entered = state.withLock { s in
                if s.stopped { return false }
                s.busy += 1
                return true
            }
            if entered { break }
            sleep(1)
        }
        defer { state.withLock { $0.busy -= 1 } }
        let result = WriteGate.$inside.withValue(true) { Result { () throws(E) -> T in try body() } }
        return try result.get()
    }

    /// Records a temporary file that exists now and goes if the run stops (call inside `perform`).
    package func added(temporary path: String) {
        state.withLock { _ = $0.temporaries.insert(path) }
    }

    /// The temporary file was renamed into place or removed: a stop leaves it alone.
    package func removed(temporary path: String) {
        state.withLock { _ = $0.temporaries.remove(path) }
    }

    /// Takes `step` back if the run stops (steps are undone newest first).
    package func pushUndo(_ step: UndoStep) {
        state.withLock { $0.undo.append(step) }
    }

    /// `step` no longer needs undoing (the run committed, or undid it itself).
    package func dropUndo(_ step: UndoStep) {
        state.withLock { s in s.undo.removeAll { $0 == step } }
    }

    /// Closes the gate, waits for the changes under way, and removes the run's temporary files,
    /// then undoes its steps. Returns the paths it removed.
    @discardableResult
    package func stop() -> [String] {
        state.withLock { $0.stopped = true }
        while state.withLock({ $0.busy }) > 0 { usleep(1000) }
        let (temporaries, undo) = state.withLock { s in (s.temporaries, s.undo) }
        var removed: [String] = []
        for path in temporaries.sorted() where unlink(path) == 0 { removed.append(path) }
        for step in undo.reversed() {
            switch step {
            case .removeFile(let path): if unlink(path) == 0 { removed.append(path) }
            case .removeFolder(let path): if rmdir(path) == 0 { removed.append(path) }
            }
        }
        return removed
    }
}

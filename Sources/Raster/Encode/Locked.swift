import Synchronization

/// A value that threads share behind a lock, kept on the heap. A `Mutex` held in a local variable
/// and captured by `DispatchQueue.concurrentPerform`'s closure is reported by the thread
/// sanitizer as a Swift access race on that variable (the lock itself is sound); in a class it is
/// not, so the parallel paths run clean under `--sanitize=thread`.
package final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E)
        -> sending Result
    {
        try mutex.withLock(body)
    }
}

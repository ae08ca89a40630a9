import LibC

/// A value that threads share behind a `pthread_mutex_t`. The thread sanitizer sees what a
/// pthread mutex orders (it intercepts the calls), not what `Synchronization.Mutex` orders (raw
/// futex calls), so the parallel paths (the encoder's static pieces, the writer's workers, the
/// write gate, verify's frames) use this and run clean under `--sanitize=thread`.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

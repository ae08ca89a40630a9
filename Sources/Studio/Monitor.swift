import LibC

/// A value behind a pthread mutex with one condition variable: the studio's threads wait on it
/// for work, room or data, and whoever changes what they wait for wakes them all.
final class Monitor<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if !canImport(Darwin)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock; wakes the waiters when `body` returns.
    @discardableResult
    func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&value)
    }

    /// Waits until `ready` holds (checked under the lock, again at each wake-up), then runs `body`
    /// under the same lock. With `seconds`, gives up waiting after that long and runs `body` anyway.
    func wait<Result, E: Error>(
        until ready: (Value) -> Bool, seconds: Double? = nil, then body: (inout Value) throws(E) -> Result
    ) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        var deadline = timespec()
        if let seconds {
            #if canImport(Darwin)
            clock_gettime(CLOCK_REALTIME, &deadline)
            #else
            clock_gettime(CLOCK_MONOTONIC, &deadline)
            #endif
            let nanoseconds = Int(deadline.tv_nsec) + Int(seconds.truncatingRemainder(dividingBy: 1) * 1e9)
            deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
            deadline.tv_nsec = nanoseconds % 1_000_000_000
        }
        while !ready(value) {
            if seconds == nil {
                pthread_cond_wait(condition, mutex)
            } else if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT {
                break
            }
        }
        return try body(&value)
    }

    /// Wakes every waiter, so that it looks again at what it waits for (a flag kept elsewhere:
    /// a cancellation).
    func wake() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}

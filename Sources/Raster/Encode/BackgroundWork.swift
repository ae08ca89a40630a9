import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value made on a thread of its own while the caller goes on; `value` waits for it. For work
/// that is independent of what the caller does meanwhile and would otherwise wait for it: a
/// still's manifest is made while its frame is encoded, on the core the frame leaves idle. A
/// plain thread, not a Dispatch queue: the queues' threads may all be busy with the caller's own
/// `concurrentPerform`. When no thread can be made, `value` makes it then.
///
/// `value` waits for the value, not for the thread to end: a thread's end gives its stack back
/// (`madvise`), which on a virtual machine waits for every other core the process runs on, up
/// to milliseconds when the host has one of them descheduled. The thread ends on its own
/// (detached) after it has handed the value over.
package final class BackgroundWork<Value: Sendable> {
    /// What the thread writes, and the signal that it did.
    private final class Result: @unchecked Sendable {
        var value: Value?
        let done = DispatchSemaphore(value: 0)
    }

    private let body: @Sendable () -> Value
    private let result = Result()
    private var running: Bool

    package init(_ body: @escaping @Sendable () -> Value) {
        self.body = body
        let result = self.result
        running = startThread {
            result.value = body()
            result.done.signal()
        }
    }

    /// The value, once made. Asked by one thread only.
    package var value: Value {
        if running {
            result.done.wait()
            running = false
        }
        if result.value == nil { result.value = body() }
        return result.value!
    }
}

/// What a thread started by `startThread` runs.
private final class ThreadStart: @unchecked Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// `run` on a new thread (detached); false when none can be made.
private func startThread(_ run: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(ThreadStart(run)).toOpaque()
    #if canImport(Darwin)
    var made: pthread_t? = nil
    #else
    var made = pthread_t()
    #endif
    let status = pthread_create(
        &made, nil,
        { context in
            Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
    guard status == 0 else {
        Unmanaged<ThreadStart>.fromOpaque(context).release()
        return false
    }
    #if canImport(Darwin)
    pthread_detach(made!)
    #else
    pthread_detach(made)
    #endif
    return true
}

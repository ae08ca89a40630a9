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
package final class BackgroundWork<Value: Sendable> {
    /// What the thread writes, read after the join.
    private final class Result: @unchecked Sendable {
        var value: Value?
    }

    private let body: @Sendable () -> Value
    private let result = Result()
    private var thread: pthread_t?

    package init(_ body: @escaping @Sendable () -> Value) {
        self.body = body
        let result = self.result
        thread = startThread { result.value = body() }
    }

    /// A value never asked for: its thread is let go.
    deinit {
        if let thread { pthread_detach(thread) }
    }

    /// The value, once made (the thread is joined the first time). Asked by one thread only.
    package var value: Value {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
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

/// `run` on a new thread (joinable), or nil when none can be made.
private func startThread(_ run: @escaping @Sendable () -> Void) -> pthread_t? {
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
        return nil
    }
    return made
}

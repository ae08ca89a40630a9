import Images
import LibC

/// The package's one pool of threads (a run's frames, verify's folders, compare's two decodes and
/// its judgement's bands): `workers` plain threads (the calling thread is one of
/// them) take the next index not taken, in order, until every index is done or one has failed;
/// all are joined before `forEach` returns. Nothing is left running, nothing is detached.
package enum WorkerPool {
    /// The number of processors online, at least 1: the default of `--threads`.
    package static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Calls `body` with each of 0..<count on at most `workers` threads. Once `body` throws, no
    /// index is taken after it; the error of the lowest index that failed is thrown.
    package static func forEach<E: Error>(_ count: Int, workers: Int, _ body: @Sendable (Int) throws(E) -> Void)
        throws(E)
    {
        let queue = Locked(Queue<E>())
        // Every thread is joined before this returns: `body` does not outlive the call.
        withoutActuallyEscaping(body) { body in
            let work: @Sendable () -> Void = {
                while let index = queue.withLock({ $0.take(count) }) {
                    do throws(E) {
                        try body(index)
                    } catch {
                        queue.withLock { $0.fail(index, error) }
                    }
                }
            }
            let threads = (1..<max(1, min(workers, count))).compactMap { _ in startThread(work) }
            work()
            for thread in threads { pthread_join(thread, nil) }
        }
        if let failure = queue.withLock({ $0.failure }) { throw failure.error }
    }

    /// Maps each of 0..<count through `body` on the pool, results in index order.
    package static func map<T: Sendable>(_ count: Int, workers: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let results = Locked([T?](repeating: nil, count: count))
        forEach(count, workers: workers) { (index: Int) throws(Never) in
            let value = body(index)
            results.withLock { $0[index] = value }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// What the threads share: the next index, and the first failure by index.
    private struct Queue<E: Error> {
        var next = 0
        var failure: (index: Int, error: E)?

        mutating func take(_ count: Int) -> Int? {
            guard failure == nil, next < count else { return nil }
            next += 1
            return next - 1
        }

        mutating func fail(_ index: Int, _ error: E) {
            if failure.map({ index < $0.index }) ?? true { failure = (index, error) }
        }
    }
}

/// What a thread started by `startThread` runs.
private final class ThreadStart: @unchecked Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// `run` on a new thread, to be joined; nil when none can be made (the caller's thread does
/// the work then).
package func startThread(_ run: @escaping @Sendable () -> Void) -> pthread_t? {
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
    #if canImport(Darwin)
    return made
    #else
    return made
    #endif
}

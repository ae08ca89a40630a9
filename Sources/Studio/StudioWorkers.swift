import FramesCLI
import LibC
import Workers

/// The studio's renders run here: `count` threads, started with the studio and joined when it
/// stops, each taking the oldest job waiting. The connections' threads only parse, check and wait
/// (libmicrohttpd gives each connection a thread), so an edit is always read, and its newer
/// number cancels the renders it supersedes, even while every worker is busy (`StudioRenders`).
/// Jobs see their task cancelled at each frame; one taken after a stop ends at once.
final class StudioWorkers: Sendable {
    static let count = 2

    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        var stopping = false
        var running = 0
    }

    private let queue = Monitor(Queue())
    private let threads = Monitor<[pthread_t]>([])

    init() {
        let started = (0..<StudioWorkers.count).compactMap { _ in startThread { [self] in work() } }
        threads.withLock { $0 = started }
        queue.withLock { $0.running += started.count }
    }

    /// Runs `job` on a worker when one is free.
    func submit(_ job: @escaping @Sendable () -> Void) {
        queue.withLock { $0.jobs.append(job) }
    }

    /// Lets the workers end once the jobs waiting are done (each ends at once: its task is
    /// cancelled), and joins them if they end within `seconds`. A worker still inside a step no
    /// frame divides (a 100-megapixel renderer being built) is not waited for: the process ends
    /// it when `frames studio` returns.
    func stop(seconds: Double) {
        queue.withLock { $0.stopping = true }
        let done = queue.wait(until: { $0.running == 0 }, seconds: seconds, then: { $0.running == 0 })
        if done { for thread in threads.withLock({ $0 }) { pthread_join(thread, nil) } }
    }

    private func work() {
        while true {
            let job: (@Sendable () -> Void)? = queue.wait(
                until: { !$0.jobs.isEmpty || $0.stopping },
                then: { queue in
                    if queue.jobs.isEmpty {
                        queue.running -= 1
                        return nil
                    }
                    return queue.jobs.removeFirst()
                })
            guard let job else { return }
            job()
        }
    }
}

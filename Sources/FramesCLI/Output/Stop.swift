import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Stopping a run: the command's one signal handler. SIGINT, SIGTERM and SIGHUP only record the
/// signal (an atomic store, the one thing a handler may safely do); the run asks `check()` between
/// its stages and before each frame, and a stop found there throws `FramesError.stopped`, so the
/// output transaction takes back what it made and `main` ends the process by the same signal
/// (`end(by:)`). A signal ignored when frames starts (nohup) stays ignored; one blocked is
/// unblocked. SIGPIPE is ignored: a
/// reader that goes away ends printing (`Console`), not the run.
enum Stop {
    /// The signal received, or 0.
    private static let received = Atomic<Int32>(0)

    private static let numbers = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handler; call first thing in `main`.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        for number in numbers {
            var current = sigaction()
            sigaction(number, nil, &current)
            #if canImport(Darwin)
            let handler = unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self)
            #else
            let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            #endif
            if handler == 1 { continue } // SIG_IGN: nohup's choice stays
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { Stop.received.store($0, ordering: .relaxed) }
            #else
            action.__sigaction_handler.sa_handler = { Stop.received.store($0, ordering: .relaxed) }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        // A parent may have started this process with them blocked; the handler must see them.
        var set = stopSignals
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signal that asked the run to stop, or nil.
    static var requested: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// Whether a stop was asked for: the question a library's long work is given (a style file's
    /// or a manifest's parse, `JSONValue.parse(_:stopped:)`), which gives up when it is true.
    static func isRequested() -> Bool { requested != nil }

    /// Throws `FramesError.stopped` once a stop was asked for.
    static func check() throws(FramesError) {
        if let requested { throw .stopped(signal: requested) }
    }

    /// The stop signals as a set.
    private static var stopSignals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }

    /// Blocks the stop signals in this thread and in every thread it starts from now on, so that
    /// they reach only `wait()` (the studio's server threads must not take them).
    static func keepForThisThread() {
        var set = stopSignals
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits until a stop is asked for (the studio serves until then), after
    /// `keepForThisThread()`: the signals are let in only while waiting, so none is missed.
    static func wait() {
        var waiting = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &waiting)
        for number in numbers { sigdelset(&waiting, number) }
        while requested == nil { sigsuspend(&waiting) }
    }

    /// Ends the process by `number` with its default action (so that a shell sees a process
    /// killed by it, status 128 + number), once what the run made is taken back.
    static func end(by number: Int32) -> Never {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, nil) // SIG_DFL
        var set = stopSignals
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)
    }
}

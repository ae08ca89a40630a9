import LibC
import Synchronization

/// Stopping a run: the command's one signal handler. SIGINT, SIGTERM and SIGHUP only record the
/// signal (an atomic store, the one thing a handler may safely do); the run asks `check()` between
/// its stages and before each frame, and a stop found there throws `FramesError.stopped`, so the
/// output transaction takes back what it made and `main` ends the process by the same signal
/// (`end(by:)`). A signal ignored when frames starts (nohup) stays ignored; one blocked is
/// unblocked. SIGPIPE is ignored: a
/// reader that goes away ends printing (`Console`), not the run.
///
/// One step has nothing between: a JPEG decoded by TurboJPEG, which no check can interrupt (up
/// to seconds at 100 megapixels). Such a step runs inside `endingAtOnce`, before the run has made
/// anything, and a stop then ends the process from the handler itself (async-signal-safe calls
/// only: a write of "Stopped; nothing written", the default action, the signal raised again).
package enum Stop {
    /// The signal received, or 0.
    private static let received = Atomic<Int32>(0)
    /// Whether a stop ends the process at once (inside `endingAtOnce`).
    private static let atOnce = Atomic<Bool>(false)

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
            action.__sigaction_u.__sa_handler = { Stop.received($0) }
            #else
            action.__sigaction_handler.sa_handler = { Stop.received($0) }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        // A parent may have started this process with them blocked; the handler must see them.
        var set = stopSignals
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The handler: records the signal, and inside `endingAtOnce` ends the process by it.
    private static func received(_ number: Int32) {
        received.store(number, ordering: .relaxed)
        if atOnce.load(ordering: .relaxed) { endFromHandler(number) }
    }

    /// Ends the process by `number` from its handler: the message, the default action, the
    /// signal raised again (delivered when the handler returns, the signal being blocked in it).
    private static func endFromHandler(_ number: Int32) {
        let message: StaticString = "Stopped; nothing written\n"
        _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, nil) // SIG_DFL
        raise(number)
    }

    /// Runs `work`, a step no check can interrupt, so that a stop during it ends the process at
    /// once: only where the run has made nothing yet (no file staged, nothing printed), so there
    /// is nothing to take back.
    static func endingAtOnce<T, E: Error>(_ work: () throws(E) -> T) throws(E) -> T {
        atOnce.store(true, ordering: .relaxed)
        defer { atOnce.store(false, ordering: .relaxed) }
        if let requested {
            Console.printError("\(FramesError.stopped(signal: requested))")
            end(by: requested)
        }
        return try work()
    }

    /// The signal that asked the run to stop, or nil.
    package static var requested: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// Whether a stop was asked for: the check handed to a library's long work (decoding a
    /// picture), which ends early when it says yes.
    package static let asked: @Sendable () -> Bool = { received.load(ordering: .relaxed) != 0 }

    /// `.stopped` when a stop was asked for, else `error`: a decode a stop ended is not a bad file.
    static func stopping(instead error: FramesError) -> FramesError {
        requested.map { .stopped(signal: $0) } ?? error
    }

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
    package static func keepForThisThread() {
        var set = stopSignals
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits until a stop is asked for (the studio serves until then), after
    /// `keepForThisThread()`: the signals are let in only while waiting, so none is missed.
    package static func wait() {
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

import LibraryLoader
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops (SIGINT, SIGTERM, SIGHUP) with any number of threads: the signals are blocked in every
/// thread and taken by one thread of their own with `sigwait`, which closes the write gate
/// (`WriteGate.stop`: no file is created, written, renamed or removed by the run after that;
/// its temporary files, its lock file and a folder it created go), then ends the process by the
/// same signal. A signal ignored when frames starts (nohup) stays ignored. A text or export
/// library found missing when first called (Sources/LibraryLoader) closes the gate the same way
/// before the process exits with status 1.
public enum StopSignals {
    private static let numbers = [SIGINT, SIGTERM, SIGHUP]

    /// Call first thing in `main`, before any other thread exists (threads inherit the mask).
    public static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers {
            var current = sigaction()
            sigaction(number, nil, &current)
            #if canImport(Darwin)
            let handler = unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self)
            #else
            let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            #endif
            if handler == 1 { continue } // SIG_IGN: nohup's choice stays
            sigaddset(&set, number)
        }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        frames_library_on_failure { _ = WriteGate.shared.stop() }
        let waited = UnsafeMutablePointer<sigset_t>.allocate(capacity: 1)
        waited.initialize(to: set)
        var thread = pthread_t()
        let made = pthread_create(
            &thread, nil,
            { argument in
                let set = argument!.assumingMemoryBound(to: sigset_t.self)
                var number: Int32 = 0
                while sigwait(set, &number) != 0 {}
                StopSignals.stop(number)
            }, waited)
        if made != 0 { pthread_sigmask(SIG_UNBLOCK, &set, nil) }
    }

    private static func stop(_ number: Int32) -> Never {
        WriteGate.shared.stop()
        signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        _exit(128 + number)
    }
}

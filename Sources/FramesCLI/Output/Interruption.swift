#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Cleaning up when a run is interrupted (SIGINT, SIGTERM, SIGHUP): the handler removes the
/// run's temporary files and the files it created, then the folder if the run created it, and
/// dies of the same signal. Only async-signal-safe calls happen in the handler (unlink, rmdir,
/// signal, raise); the paths are C strings prepared before writing begins.
enum Interruption {
    /// Paths to remove, and the folder to remove after them (or nil), read by the handler.
    nonisolated(unsafe) private static var paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
    nonisolated(unsafe) private static var count = 0
    nonisolated(unsafe) private static var folder: UnsafeMutablePointer<CChar>? = nil
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// From now on an interruption removes `files` (those that exist) and then `folder`.
    static func protect(_ files: [String], folder createdFolder: String?) {
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: max(1, files.count))
        for (i, path) in files.enumerated() { list[i] = strdup(path) }
        folder = createdFolder.map { strdup($0) }
        paths = list
        count = files.count
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in signals {
            // A signal ignored on purpose (nohup) stays ignored; an inherited block is lifted, or
            // an interruption would never arrive.
            if let previous = signal(number, handle), unsafeBitCast(previous, to: Int.self) == 1 { // SIG_IGN
                _ = signal(number, SIG_IGN)
            }
            sigaddset(&unblock, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The run is over (done or failed on its own): interruptions no longer clean up.
    static func release() {
        for number in signals { _ = signal(number, SIG_DFL) }
        if let list = paths {
            for i in 0..<count { free(list[i]) }
            list.deallocate()
        }
        free(folder)
        paths = nil
        folder = nil
        count = 0
    }

    private static let handle: @convention(c) (Int32) -> Void = { number in
        if let list = Interruption.paths {
            for i in 0..<Interruption.count { if let path = list[i] { unlink(path) } }
        }
        if let folder = Interruption.folder { rmdir(folder) }
        _ = signal(number, SIG_DFL)
        raise(number)
    }
}

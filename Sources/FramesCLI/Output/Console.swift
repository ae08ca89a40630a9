import Comparison
import GoldenFolders
import LibC
import Synchronization

/// Writing to the terminal without Foundation. A failed write to standard output ends printing
/// and nothing else: the run still writes its files. A reader that went away (`frames compare … |
/// head -1`: EPIPE, with SIGPIPE ignored) is no failure; any other (a closed descriptor, a full
/// disk) is reported when the command ends and makes it exit 1 (`outputFailure`), so
/// `frames --print-style > /dev/full` does not exit 0. Standard error is best effort.
package enum Console {
    /// Set once standard output cannot be written: later lines are dropped.
    private static let outputClosed = Atomic<Bool>(false)
    /// The first failed write to standard output that was not EPIPE.
    private static let failure = Mutex<FileError?>(nil)

    /// Writes `text` and a newline to standard output.
    package static func print(_ text: String) {
        write(text + "\n")
    }

    /// Writes `text` to standard output as it is.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty, !outputClosed.load(ordering: .relaxed) {
            let n = bytes.withUnsafeBytes { systemWrite(1, $0.baseAddress, $0.count) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                outputClosed.store(true, ordering: .relaxed)
                if code != EPIPE {
                    failure.withLock { $0 = $0 ?? FileError(operation: "write", path: "standard output", errno: code) }
                }
                return
            }
            bytes = bytes.dropFirst(n)
        }
    }

    /// The failure to write standard output during the command, if any (EPIPE is none).
    static var outputFailure: FramesError? {
        failure.withLock { $0 }.map(FramesError.standardOutput)
    }

    /// Writes `text` and a newline to standard error.
    package static func printError(_ text: String) {
        writeError(text + "\n")
    }

    /// Writes `text` to standard error as it is (a progress bar).
    static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = systemWrite(2, $0.baseAddress, $0.count) }
    }

    /// Whether standard error is a terminal.
    static var errorIsTerminal: Bool { isatty(2) != 0 }

    /// `text` as every message shows text from outside (`shownText`).
    package static func shown(_ text: String) -> String { shownText(text) }

    /// Bytes that may not be UTF-8, as messages show them (`shownText(bytes:)`).
    static func shown(bytes: [UInt8]) -> String { shownText(bytes: bytes) }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// A byte count as people read it: "812 bytes", "23 kB", "14 MB".
package func formatBytes(_ count: Int) -> String {
    if count < 10_000 { return "\(count) bytes" }
    if count < 10_000_000 { return "\((count + 500) / 1000) kB" }
    return "\((count + 500_000) / 1_000_000) MB"
}

/// A duration as people read it: "850 ms" below a second, "2.47 s" from there.
func formatDuration(_ seconds: Double) -> String {
    if seconds < 1 { return "\(max(1, Int((seconds * 1000).rounded()))) ms" }
    return "\(Double(Int((seconds * 100).rounded())) / 100) s"
}

/// Seconds on a monotonic clock.
package func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

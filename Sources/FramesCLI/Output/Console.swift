import FrameFiles
import Raster
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to the terminal without Foundation. Standard output is checked: a failed write is a
/// runtime failure (`frames --print-style > /dev/full` does not exit 0), except a reader that went
/// away (`frames compare … | head -1`: EPIPE, with SIGPIPE ignored), which ends printing and
/// nothing else: the run still writes its files. Standard error is best effort.
enum Console {
    /// Set once standard output's reader has gone: later lines are dropped.
    private static let outputClosed = Atomic<Bool>(false)

    /// Writes `text` and a newline to standard output; throws when the write fails.
    static func print(_ text: String) throws(FramesError) {
        try write(text + "\n")
    }

    /// Writes `text` to standard output as it is; throws when the write fails.
    static func write(_ text: String) throws(FramesError) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty, !outputClosed.load(ordering: .relaxed) {
            let n = bytes.withUnsafeBytes { systemWrite(1, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE {
                    outputClosed.store(true, ordering: .relaxed)
                    return
                }
                throw .standardOutput(FileError(operation: "write", path: "standard output", errno: errno))
            }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Writes `text` and a newline to standard error.
    static func printError(_ text: String) {
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
    static func shown(_ text: String) -> String { shownText(text) }

    /// Bytes that may not be UTF-8, as messages show them (`shownText(bytes:)`).
    static func shown(bytes: [UInt8]) -> String { shownText(bytes: bytes) }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// A byte count as people read it: "812 bytes", "23 kB", "14 MB".
func formatBytes(_ count: Int) -> String {
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
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

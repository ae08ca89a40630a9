#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file-system failure, with the path and the system's reason (strerror).
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or folder the operation was applied to.
    public let path: String
    /// Why it failed, as the system says it (`strerror`), or this package's reason.
    public let reason: String
    /// What was attempted, as a verb: "read", "create", "rename", ….
    public let operation: String
    /// The system's error number (errno).
    public let code: Int32

    package init(operation: String, path: String, errno code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
        reason = String(cString: strerror(code))
    }

    /// A file that is not a regular file where one was expected (a folder, a FIFO, a device).
    package init(notARegularFile path: String, mode: mode_t) {
        operation = "read"
        self.path = path
        let isFolder = (mode & S_IFMT) == S_IFDIR
        code = isFolder ? EISDIR : EINVAL
        reason = isFolder ? String(cString: strerror(EISDIR)) : "not a regular file (\(FileError.kind(of: mode)))"
    }

    /// Whether the path is a folder where a file was expected.
    public var isDirectory: Bool { code == EISDIR }

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a plain file"
        }
    }

    public var description: String { "cannot \(operation) '\(path)': \(reason)" }
}

/// Writing files so that a reader never sees half of one, and nothing is ever written through a
/// link: every file is created new (`O_CREAT | O_EXCL | O_NOFOLLOW`) under a temporary name that
/// nobody can guess (`.NAME.<16 random hex digits>.partial`) in the destination's folder, then
/// `rename(2)` moves it into place (a link standing at the final name is replaced, not followed).
/// Every step goes through `WriteGate.shared`, so a stop removes what is half done.
package enum FileOutput {
    /// Writes `bytes` to `path`: staged beside it, then renamed into place.
    package static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let temporary = try stage(bytes, beside: path)
        do {
            try rename(temporary, to: path)
        } catch {
            remove(temporary: temporary)
            throw error
        }
    }

    /// Writes `bytes` to a new temporary file in `path`'s folder and returns its path; every write
    /// and the close are checked, so a full disk is an error, not a short file. On failure nothing
    /// is left. `holding` (a single file, outside a locked frame folder): stale temporaries of
    /// `path` left by a killed run go first, and this one is held locked until it is renamed or
    /// removed (`removeStaleTemporaries(of:)`).
    package static func stage(_ bytes: [UInt8], beside path: String, holding: Bool = false) throws(FileError)
        -> String
    {
        let file = try StagedFile(beside: path, holding: holding)
        try file.append(bytes)
        return try file.finish()
    }

    /// A new, empty file beside `path` under an unguessable temporary name, open for writing and
    /// recorded with the gate. Never opens anything that already exists (a link, a FIFO).
    static func createTemporary(beside path: String, holding: Bool = false) throws(FileError) -> (
        descriptor: Int32, path: String
    ) {
        let (folder, name) = temporaryPrefix(of: path)
        var attempts = 0
        while true {
            let token = String(UInt64.random(in: .min ... .max), radix: 16)
            let temporary =
                folder + "." + name + "." + String(repeating: "0", count: 16 - token.count) + token
                + temporarySuffix
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0, holding, !hold(fd, temporary) {
                // Swept by another run in the instant before it was locked: take another name.
                close(fd)
                attempts += 1
                if attempts >= 16 { throw FileError(operation: "create", path: temporary, errno: EAGAIN) }
                continue
            }
            if fd >= 0 {
                WriteGate.shared.added(temporary: temporary)
                return (fd, temporary)
            }
            let code = errno
            attempts += 1
            if code != EEXIST || attempts >= 16 { throw FileError(operation: "create", path: temporary, errno: code) }
        }
    }

    /// How every temporary name ends.
    package static let temporarySuffix = ".partial"

    /// Whether `name` (a plain file name) has the form of a temporary file of frames:
    /// ".NAME.partial" (written by older versions) or ".NAME.<hex>.partial".
    package static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(temporarySuffix) && name.count > 1 + temporarySuffix.count
    }

    /// Moves the staged file `from` to `to` atomically (same folder); a link at `to` is
    /// replaced, never followed. `stillTemporary`: `to` then stands for the staged file, a
    /// temporary of the run until it commits (a stop or `remove(temporary:)` removes it; the
    /// commit calls `WriteGate.removed(temporary:)`), for a frame that goes into place in a
    /// folder the run made as soon as it is written.
    package static func rename(_ from: String, to: String, stillTemporary: Bool = false) throws(FileError) {
        try WriteGate.shared.perform { () throws(FileError) in
            if systemRename(from, to) != 0 { throw FileError(operation: "rename into", path: to, errno: errno) }
            WriteGate.shared.removed(temporary: from)
            if stillTemporary { WriteGate.shared.added(temporary: to) }
            release(from)
        }
    }

    /// Removes a staged file; errors are ignored (used for cleanup only).
    package static func remove(temporary path: String) {
        WriteGate.shared.perform {
            unlink(path)
            WriteGate.shared.removed(temporary: path)
            release(path)
        }
    }

    /// Removes a file if it exists (never a folder); errors are ignored.
    package static func remove(_ path: String) {
        WriteGate.shared.perform { _ = unlink(path) }
    }
}

func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

private func systemRename(_ from: String, _ to: String) -> Int32 {
    rename(from, to)
}

/// Reading files and folders, with the path and the system's reason on failure.
package enum FileInput {
    /// The largest file `read` takes by default: 1 GiB.
    package static let maxFileSize = 1 << 30

    /// The whole file, which must be a regular file (a folder, FIFO, device or socket is refused
    /// at once, without waiting for a writer) of at most `maxBytes` bytes. Reading stops at
    /// `maxBytes + 1` bytes, however large the file claims or turns out to be.
    package static func read(_ path: String, maxBytes: Int = maxFileSize) throws(FileError) -> [UInt8] {
        var bytes = [UInt8]()
        try forEachChunk(
            path, maxBytes: maxBytes, expecting: { bytes.reserveCapacity($0) }, { bytes.append(contentsOf: $0) })
        return bytes
    }

    /// Hands the regular file at `path` to `body` in pieces of at most 64 KiB, in order, through
    /// one buffer: a file read this way takes no memory of its size (`FileChecksum`). `expecting`
    /// is told the file's size first. EFBIG past `maxBytes`.
    package static func forEachChunk(
        _ path: String, maxBytes: Int = maxFileSize, expecting: (Int) -> Void = { _ in },
        _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(FileError) {
        let (fd, info) = try openRegularFile(path)
        defer { close(fd) }
        if Int(info.st_size) > maxBytes { throw FileError(operation: "read", path: path, errno: EFBIG) }
        expecting(Int(info.st_size))
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { chunk.deallocate() }
        var total = 0
        while total <= maxBytes {
            let n = systemRead(fd, chunk.baseAddress!, min(chunk.count, maxBytes + 1 - total))
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(operation: "read", path: path, errno: errno)
            }
            if n == 0 { return }
            total += n
            body(UnsafeBufferPointer(rebasing: chunk[0..<n]))
        }
        throw FileError(operation: "read", path: path, errno: EFBIG)
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter).
    package static func head(_ path: String, count: Int) throws(FileError) -> [UInt8] {
        let (fd, _) = try openRegularFile(path)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw FileError(operation: "read", path: path, errno: errno) }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes[..<filled])
    }

    /// Throws unless `path` is a regular file that can be opened for reading (for inputs that
    /// a library opens by path, such as fonts: a FIFO would block it).
    package static func checkRegularFile(_ path: String) throws(FileError) {
        close(try openRegularFile(path).descriptor)
    }

    /// An open descriptor of `path` for reading and its status, when it is a regular file. Opening
    /// does not wait for a FIFO's writer (O_NONBLOCK) nor take a terminal (O_NOCTTY).
    private static func openRegularFile(_ path: String) throws(FileError) -> (descriptor: Int32, status: stat) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 { throw FileError(operation: "open", path: path, errno: errno) }
        var info = stat()
        if fstat(fd, &info) != 0 {
            let code = errno
            close(fd)
            throw FileError(operation: "read", path: path, errno: code)
        }
        if (info.st_mode & S_IFMT) != S_IFREG {
            close(fd)
            throw FileError(notARegularFile: path, mode: info.st_mode)
        }
        return (fd, info)
    }

    /// Whether `path` is a folder (following links).
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether anything exists at `path`.
    package static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The names in a folder (not "." or ".."), sorted.
    package static func names(in folder: String) throws(FileError) -> [String] {
        guard let directory = opendir(folder) else { throw FileError(operation: "list", path: folder, errno: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

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

/// Writing files so that a reader never sees half of one: bytes go to a temporary name in the
/// same folder, and `rename(2)` moves them into place.
package enum FileOutput {
    /// Writes `bytes` to `path` (created or truncated, mode 0644) and checks every write and the
    /// close, so a full disk is an error, not a short file.
    package static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { throw FileError(operation: "create", path: path, errno: errno) }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += n
            }
        }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            throw FileError(operation: "write", path: path, errno: failure)
        }
    }

    /// Moves `from` to `to` atomically (same file system).
    package static func rename(_ from: String, to: String) throws(FileError) {
        if systemRename(from, to) != 0 { throw FileError(operation: "rename into", path: to, errno: errno) }
    }

    /// Removes a file if it exists; errors are ignored (used for cleanup only).
    package static func remove(_ path: String) {
        unlink(path)
    }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
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
        let (fd, info) = try openRegularFile(path)
        defer { close(fd) }
        if Int(info.st_size) > maxBytes { throw FileError(operation: "read", path: path, errno: EFBIG) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= maxBytes {
            let want = min(chunk.count, maxBytes + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(operation: "read", path: path, errno: errno)
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
        throw FileError(operation: "read", path: path, errno: EFBIG)
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

import LibC

/// A file-system failure, with the path and the system's reason (strerror).
package struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or folder the operation was applied to.
    let path: String
    /// Why it failed, as the system says it (`strerror`), or this package's reason.
    package let reason: String
    /// What was attempted, as a verb: "read", "create", "rename", ….
    let operation: String
    /// The system's error number (errno).
    let code: Int32

    package init(operation: String, path: String, errno code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
        reason = String(cString: strerror(code))
    }

    /// A file that is not a regular file where one was expected (a folder, a FIFO, a device), to
    /// `operation` ("read", "replace").
    package init(notARegularFile path: String, mode: mode_t, operation: String = "read") {
        self.operation = operation
        self.path = path
        let isFolder = (mode & S_IFMT) == S_IFDIR
        code = isFolder ? EISDIR : EINVAL
        reason = isFolder ? String(cString: strerror(EISDIR)) : "not a regular file (\(FileError.kind(of: mode)))"
    }

    /// Whether the path is a folder where a file was expected.
    var isDirectory: Bool { code == EISDIR }

    /// Whether the file is larger than the reader takes.
    var isTooLarge: Bool { code == EFBIG }

    /// What a file of `mode` is, for messages: "a FIFO", "a character device", ….
    package static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a plain file"
        }
    }

    package var description: String { "cannot \(operation) '\(path)': \(reason)" }
}

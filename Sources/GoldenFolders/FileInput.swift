import LibC

/// Reading files and folders, with the path and the system's reason on failure.
package enum FileInput {
    /// The largest file `read` takes by default: 1 GiB.
    static let maxFileSize = 1 << 30

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

    /// `name` in `folder`, with one slash between them however many `folder` ends with
    /// ("shots/" and "frame_0007.png" give "shots/frame_0007.png").
    package static func path(_ name: String, in folder: String) -> String {
        var folder = Substring(folder)
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder == "/" ? "/" + name : folder + "/" + name
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

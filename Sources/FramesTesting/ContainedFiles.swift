import Foundation

/// Files written inside one folder and nowhere else: the golden folder and the artifacts folder
/// are the only places the kit writes. A path is made below its root one folder at a time, and a
/// part that is a symbolic link or not a folder is refused, so that no name and no link leads
/// out; a file is written under a new temporary name (`O_CREAT | O_EXCL | O_NOFOLLOW`) and
/// renamed over the old one (a link in its place is replaced, never followed).
enum ContainedFiles {
    /// Why a file could not be written: the path and the reason, one line.
    struct Failure: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// Writes `bytes` at `relative` (a checked name: no "..", not absolute) inside `root`, making
    /// `root` and the folders between; returns the file's path and the folders it made, relative
    /// to `root`, outermost first.
    @discardableResult
    static func write(_ bytes: [UInt8], to relative: String, in root: URL) throws(Failure) -> (
        path: String, madeFolders: [String]
    ) {
        let parts = relative.split(separator: "/").map(String.init)
        guard let name = parts.last, !parts.contains(where: { $0 == ".." || $0 == "." }), !relative.hasPrefix("/")
        else { throw Failure(description: "'\(relative)' is not a path inside \(root.path)") }
        let made = try makeFolders(parts.dropLast(), in: root)
        let folder = parts.dropLast().reduce(root.path) { $0 + "/" + $1 }
        let path = folder + "/" + name
        let temporary = folder + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("cannot create a file in \(folder)") }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                let error = failure("cannot write \(path)")
                close(fd)
                unlink(temporary)
                throw error
            }
            written += n
        }
        guard close(fd) == 0, rename(temporary, path) == 0 else {
            let error = failure("cannot write \(path)")
            unlink(temporary)
            throw error
        }
        return (path, made)
    }

    /// Makes `root` (with its parents) and then each of `parts` inside it, refusing a part that is
    /// a symbolic link or not a folder; returns the folders made, relative to `root`.
    static func makeFolders(_ parts: some Collection<String>, in root: URL) throws(Failure) -> [String] {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot make the folder \(root.path): \(error.localizedDescription)")
        }
        var made: [String] = []
        var relative = ""
        for part in parts {
            relative += (relative.isEmpty ? "" : "/") + part
            let path = root.path + "/" + relative
            var info = stat()
            if lstat(path, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    let what = info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a folder"
                    throw Failure(description: "\(path) is \(what): nothing is written through it")
                }
                continue
            }
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw failure("cannot make the folder \(path)") }
            made.append(relative)
        }
        return made
    }

    /// Removes the file at `relative` inside `root` (a link itself, never what it points to), and
    /// then each of `folders` that is empty, innermost first.
    static func remove(files: [String], folders: [String], in root: URL) {
        for file in files where isInside(file) { unlink(root.path + "/" + file) }
        for folder in folders.sorted(by: { $0.count > $1.count }) where isInside(folder) {
            rmdir(root.path + "/" + folder)
        }
    }

    /// Whether `relative` stays inside the folder it is relative to.
    static func isInside(_ relative: String) -> Bool {
        !relative.isEmpty && !relative.hasPrefix("/")
            && !relative.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0.isEmpty }
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}

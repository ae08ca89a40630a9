#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporaries of single files (an animated PNG, a sheet, an export, a diff, a report) that a
/// run killed with SIGKILL left beside their destination, recognised and removed by the next run
/// that writes the same destination.
///
/// A single file's temporary is held with `flock` from the moment it is created until it is
/// renamed or removed (a duplicate descriptor keeps the lock; the kernel drops it when the
/// process dies). Before staging destination D, `removeStaleTemporaries(of:)` removes, in D's
/// folder, only regular files named `.D.<16 hex digits>.partial` that it can lock: a live run's
/// temporary is locked, so it stays. The creator takes its lock and then checks that the file
/// still has a name (a sweeper that got in first unlinked it: it takes another name), so the two
/// never race. Links, folders and every other name are never touched, nor is a folder a frame
/// run is writing or a killed one left (`.frames.lock` present: that run's recovery is the
/// folder's own). At most `maxHeld` temporaries are held at once (descriptors are finite); later
/// ones are written unheld, and could be removed by another run writing the same destination.
extension FileOutput {
    /// The lock file a frame folder holds while a run writes it.
    package static let folderLockName = ".frames.lock"
    /// The most temporaries held locked at once: 256.
    package static let maxHeld = 256

    private static let held = Locked([String: Int32]())

    /// The folder of `path` (with its slash, or empty for the current folder) and the file name
    /// temporaries of it start with (at most 120 characters of it).
    static func temporaryPrefix(of path: String) -> (folder: String, name: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = String((slash.map { String(path[path.index(after: $0)...]) } ?? path).prefix(120))
        return (folder, name)
    }

    /// Locks the new temporary open at `fd` until `release`; false when it has no name any more
    /// (another run removed it before the lock was taken).
    static func hold(_ fd: Int32, _ path: String) -> Bool {
        guard held.withLock({ $0.count }) < maxHeld else { return true }
        let lock = dup(fd)
        guard lock >= 0 else { return true }
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
        var status = stat()
        if fstat(lock, &status) != 0 || status.st_nlink == 0 {
            close(lock)
            return false
        }
        held.withLock { $0[path] = lock }
        return true
    }

    /// Drops the lock of a temporary that was renamed or removed.
    static func release(_ path: String) {
        if let lock = held.withLock({ $0.removeValue(forKey: path) }) { close(lock) }
    }

    /// Whether `entry` is a temporary name of the file `name`: `.name.<16 hex digits>.partial`.
    static func isTemporary(_ entry: String, of name: String) -> Bool {
        let prefix = "." + name + "."
        guard entry.hasPrefix(prefix), entry.hasSuffix(temporarySuffix),
            entry.utf8.count == prefix.utf8.count + 16 + temporarySuffix.utf8.count
        else { return false }
        let token = entry.utf8.dropFirst(prefix.utf8.count).prefix(16)
        return token.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Removes the temporaries of `path` that a killed run left (see the type's notes); errors
    /// are ignored: what cannot be removed stays.
    package static func removeStaleTemporaries(of path: String) {
        let (folder, name) = temporaryPrefix(of: path)
        var status = stat()
        if lstat(folder + folderLockName, &status) == 0 { return }
        guard let entries = try? FileInput.names(in: folder.isEmpty ? "." : folder) else { return }
        for entry in entries where isTemporary(entry, of: name) {
            let candidate = folder + entry
            var named = stat()
            guard lstat(candidate, &named) == 0, (named.st_mode & S_IFMT) == S_IFREG else { continue }
            let fd = open(candidate, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var opened = stat()
            guard fstat(fd, &opened) == 0, opened.st_dev == named.st_dev, opened.st_ino == named.st_ino,
                flock(fd, LOCK_EX | LOCK_NB) == 0, lstat(candidate, &named) == 0,
                named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
            else { continue }
            unlink(candidate)
        }
    }
}

import GoldenFolders
import Images
import LibC

/// Staging names of single files (an animated PNG, a sheet, an export, a diff, a report) that a
/// run killed with SIGKILL left beside their destination, recognised and removed by the next run
/// that writes the same destination.
///
/// A single file's staging name is held with `flock` from the moment it is created until it is
/// renamed or removed (a duplicate descriptor keeps the lock; the kernel drops it when the
/// process dies). Before staging destination D, `removeStale(of:in:)` removes, in D's folder,
/// only regular files with a staging name of D that it can lock: a live run's is locked, so it
/// stays. A folder with a `.frames.lock` is left to its own recovery (`FolderLock`). At most
/// `maxHeld` names are held at once (descriptors are finite); later ones are written unheld.
enum HeldNames {
    /// The most staging names held at once: 256.
    static let maxHeld = 256
    private static let held = Locked(0)

    /// Locks the new staging file open at `fd`; the lock's descriptor (for `release`), or -1.
    static func hold(_ fd: Int32) -> Int32 {
        guard
            held.withLock({ count -> Bool in
                guard count < maxHeld else { return false }
                count += 1
                return true
            })
        else { return -1 }
        let lock = dup(fd)
        if lock < 0 || flock(lock, LOCK_EX | LOCK_NB) != 0 {
            if lock >= 0 { close(lock) }
            held.withLock { $0 -= 1 }
            return -1
        }
        return lock
    }

    /// Drops the lock of a staging name that was renamed or removed.
    static func release(_ lock: Int32) {
        close(lock)
        held.withLock { $0 -= 1 }
    }

    /// Removes the staging files of `name` in `folder` that a killed run left (see the type's
    /// notes); errors are ignored: what cannot be removed stays.
    static func removeStale(of name: String, in folder: OutputTransaction.Folder) {
        var lock = stat()
        if fstatat(folder.descriptor, FolderLock.fileName, &lock, AT_SYMLINK_NOFOLLOW) == 0 { return }
        guard let entries = try? FileInput.names(in: folder.path.isEmpty ? "." : folder.path) else { return }
        for entry in entries where OutputNames.isStaging(entry, of: name) {
            let fd = openat(folder.descriptor, entry, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var opened = stat()
            var named = stat()
            guard fstat(fd, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG, flock(fd, LOCK_EX | LOCK_NB) == 0,
                fstatat(folder.descriptor, entry, &named, AT_SYMLINK_NOFOLLOW) == 0,
                named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
            else { continue }
            unlinkat(folder.descriptor, entry, 0)
        }
    }
}

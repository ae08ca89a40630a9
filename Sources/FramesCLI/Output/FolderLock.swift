import GoldenFolders
import LibC


/// One run per frames folder: an advisory lock (`flock`) on `.frames.lock` in the folder, which
/// the kernel drops when the process dies, however it dies. The lock file is also the folder's
/// journal of a commit (`OutputTransaction.commit`), so that the next run can finish or undo a
/// commit that a killed process left half done:
///
/// ```
/// frames journal 2
/// new <inode> <size> <name>          a file the commit puts in place
/// kept <inode> <size> <kept> <name>  the earlier file at <name>, kept (a hard link) as <kept>
/// stale <inode> <size> <name>        an earlier frame the run does not write: removed once committed
/// manifest <inode>                   the new manifest.json: in place means committed
/// commit
/// committed
/// ```
///
/// Names are written as hex of their UTF-8. The journal is trusted with nothing but what this
/// tool wrote: a file is moved or removed only when the file at its name has the recorded inode
/// and size, and removed only when that name is a frame's (`.png` with a number in it) or a
/// staging name, so a journal that arrives with a copied folder (new inodes) or was written by
/// hand removes nothing else.
final class FolderLock {
    static let fileName = ".frames.lock"

    /// The folder that holds this lock (and owns it: `Folder.lock`).
    unowned let folder: OutputTransaction.Folder
    private let descriptor: Int32
    /// The earlier frames the run does not write, removed once it commits (names).
    var stale: [String] = []
    /// Whether a commit's journal is written and not finished.
    private var committing = false
    /// The journal must stay for the next run (a commit could not be undone whole).
    private var keep = false

    private init(folder: OutputTransaction.Folder, descriptor: Int32) {
        self.folder = folder
        self.descriptor = descriptor
    }

    /// Takes the folder's lock at once or refuses (another `frames` holds it), then finishes or
    /// undoes what a killed run's journal says, and removes its staged files.
    static func acquire(_ folder: OutputTransaction.Folder) throws(FramesError) -> FolderLock {
        while true {
            let fd = openat(folder.descriptor, fileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd < 0 {
                throw .file(FileError(operation: "lock the output folder", path: folder.path, errno: errno))
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(fd)
                if code == EWOULDBLOCK { throw .folderBusy(folder: folder.path) }
                throw .file(FileError(operation: "lock the output folder", path: folder.path, errno: code))
            }
            // The file may have been removed (by the run that held it) between open and flock:
            // then lock the one that stands there now.
            var held = stat()
            var current = stat()
            guard fstat(fd, &held) == 0, fstatat(folder.descriptor, fileName, &current, AT_SYMLINK_NOFOLLOW) == 0,
                held.st_dev == current.st_dev, held.st_ino == current.st_ino
            else {
                close(fd)
                continue
            }
            // Only a plain file of ours with no other name is ever written (never a link's target).
            guard (held.st_mode & S_IFMT) == S_IFREG, held.st_nlink == 1, held.st_uid == geteuid() else {
                close(fd)
                throw .foreignLock(folder: folder.path, path: folder.display(fileName))
            }
            let lock = FolderLock(folder: folder, descriptor: fd)
            lock.recover()
            // The journal's first line now: its room on the disk is taken before the frames'.
            lock.append("frames journal 2\n")
            return lock
        }
    }

    // MARK: The journal of a commit

    /// Writes the journal of the commit about to happen and flushes it to the disk when an
    /// earlier run's files are at stake (after a power cut, a folder that holds renamed files
    /// holds the journal that names them).
    func journalCommit(
        new: [(name: String, inode: UInt64, size: Int)], kept: [(name: String, kept: String, inode: UInt64, size: Int)],
        manifest: UInt64?
    ) throws(FramesError) {
        var lines = ["frames journal 2"]
        lines += new.map { "new \($0.inode) \($0.size) \(FolderLock.hex($0.name))" }
        lines += kept.map { "kept \($0.inode) \($0.size) \(FolderLock.hex($0.kept)) \(FolderLock.hex($0.name))" }
        for name in stale {
            var info = stat()
            guard fstatat(folder.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                (info.st_mode & S_IFMT) == S_IFREG
            else { continue }
            lines.append("stale \(info.st_ino) \(info.st_size) \(FolderLock.hex(name))")
        }
        if let manifest { lines.append("manifest \(manifest)") }
        lines.append("commit")
        committing = true
        try replace(with: lines, flush: !kept.isEmpty || lines.contains { $0.hasPrefix("stale ") })
    }

    /// The commit is in place: the earlier run's stale frames go, and the journal is emptied.
    func finishCommit() {
        guard committing else { return }
        append("committed\n")
        let entries = Journal(text: read())
        for entry in entries.stale { removeIfUnchanged(entry.name, inode: entry.inode, size: entry.size) }
        committing = false
        _ = ftruncate(descriptor, 0)
    }

    /// A commit that was undone: its journal goes.
    func abandon() {
        if committing, !keep { _ = ftruncate(descriptor, 0) }
        committing = false
    }

    /// The journal stays for the next run: a commit could not be undone whole.
    func keepJournal() {
        keep = true
    }

    /// The run is over: the lock file goes (while it is still held) unless its journal must
    /// stay, then the lock.
    func release() {
        if !keep { unlinkat(folder.descriptor, FolderLock.fileName, 0) }
        close(descriptor)
    }

    // MARK: Recovery

    /// Finishes or undoes what a killed run's journal says (see the type's notes), then removes
    /// every staged file of frames left in the folder (no other run can be writing it: this one
    /// holds the lock).
    private func recover() {
        let journal = Journal(text: read())
        if journal.committing {
            var manifest = stat()
            let committed =
                journal.committed
                || (journal.manifest != nil
                    && fstatat(folder.descriptor, Manifest.fileName, &manifest, AT_SYMLINK_NOFOLLOW) == 0
                    && UInt64(manifest.st_ino) == journal.manifest)
            if committed {
                for entry in journal.kept { removeIfUnchanged(entry.kept, inode: entry.inode, size: entry.size) }
                for entry in journal.stale { removeIfUnchanged(entry.name, inode: entry.inode, size: entry.size) }
            } else {
                for entry in journal.new where isUnchanged(entry.name, inode: entry.inode, size: entry.size) {
                    // An earlier file is put back only from the staging name a commit keeps it
                    // under, and only over a name a journal may touch.
                    if let kept = journal.kept.first(where: { $0.name == entry.name }),
                        OutputNames.isStaging(kept.kept, of: entry.name),
                        FolderLock.mayRemove(entry.name) || entry.name == Manifest.fileName,
                        isUnchanged(kept.kept, inode: kept.inode, size: kept.size)
                    {
                        renameat(folder.descriptor, kept.kept, folder.descriptor, entry.name)
                    } else if FolderLock.mayRemove(entry.name) {
                        unlinkat(folder.descriptor, entry.name, 0)
                    }
                }
                // Kept files whose originals were never replaced are second names of them.
                for entry in journal.kept { removeIfUnchanged(entry.kept, inode: entry.inode, size: entry.size) }
            }
        }
        // Names of the temporary form (of this version or an older one), never followed: a link
        // there is removed as a link.
        for name in (try? FileInput.names(in: folder.path)) ?? [] where OutputNames.isTemporary(name) {
            var info = stat()
            if fstatat(folder.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                unlinkat(folder.descriptor, name, 0)
            }
        }
        _ = ftruncate(descriptor, 0)
    }

    /// Whether `name` (a plain name, or a staging name) holds the file with `inode` and `size`.
    private func isUnchanged(_ name: String, inode: UInt64, size: Int) -> Bool {
        var info = stat()
        return (OutputNames.isPlain(name) || OutputNames.isStaging(name))
            && fstatat(folder.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0
            && (info.st_mode & S_IFMT) == S_IFREG && UInt64(info.st_ino) == inode && Int(info.st_size) == size
    }

    private func removeIfUnchanged(_ name: String, inode: UInt64, size: Int) {
        if FolderLock.mayRemove(name), isUnchanged(name, inode: inode, size: size) {
            unlinkat(folder.descriptor, name, 0)
        }
    }

    /// Whether a journal may remove the file at `name`: a staging name, or a frame's name (a
    /// plain name ending in `.png` with a number in it).
    static func mayRemove(_ name: String) -> Bool {
        OutputNames.isStaging(name)
            || (OutputNames.isPlain(name) && name.lowercased().hasSuffix(".png")
                && name.unicodeScalars.contains { ("0"..."9").contains($0) })
    }

    // MARK: The lock file's bytes

    /// The journal's text (at most 64 MiB is read).
    private func read() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while bytes.count < 64 << 20 {
            let n = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[..<n]
            offset += off_t(n)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func replace(with lines: [String], flush: Bool) throws(FramesError) {
        guard ftruncate(descriptor, 0) == 0, writeAll(lines.joined(separator: "\n") + "\n", at: 0),
            !flush || fsync(descriptor) == 0
        else {
            throw .file(FileError(operation: "write", path: folder.display(FolderLock.fileName), errno: errno))
        }
    }

    private func append(_ text: String) {
        _ = writeAll(text, at: lseek(descriptor, 0, SEEK_END))
    }

    private func writeAll(_ text: String, at start: off_t) -> Bool {
        var bytes = Array(text.utf8)[...]
        var offset = start
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(n)
            offset += off_t(n)
        }
        return true
    }

    /// `name`'s UTF-8 as lower-case hex: any name fits a line.
    static func hex(_ name: String) -> String {
        name.utf8.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }

    /// The name `hex` gives, or nil when it is not hex of UTF-8.
    static func name(hex: Substring) -> String? {
        guard hex.count % 2 == 0, !hex.isEmpty else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

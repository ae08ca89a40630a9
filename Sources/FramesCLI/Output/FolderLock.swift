import GoldenFolders
import LibC

/// One run per frames folder: an advisory lock (`flock`) on `.frames.lock` in the folder, which
/// the kernel drops when the process dies, however it dies. The lock file is also the journal of
/// the run's commit (`OutputTransaction.commit`), so that the next run can finish or undo a
/// commit that a killed process left half done. It names every file of the commit: the frames,
/// the manifest, and the single files in the folder or in other folders (an `--apng` beside it):
///
/// ```
/// frames journal 3
/// new <inode> <size> <name> <staging>  a file the commit puts in place, staged as <staging>
/// kept <inode> <size> <kept> <name>    the earlier file at <name>, kept (a hard link) as <kept>
/// stale <inode> <size> <name>          an earlier frame the run does not write: removed once committed
/// folder <device> <inode> <path>       the lines after it: files in the folder at this absolute path
/// new … / kept …
/// manifest <inode>                     the new manifest.json: in place means committed
/// commit
/// committed
/// ```
///
/// Names and paths are written as hex of their UTF-8 (`Journal`). The journal is trusted with
/// nothing but what this tool wrote: a file is moved or removed only when the file at its name
/// has the recorded inode and size; an earlier file is put back only from a staging name of its
/// own name; a stale file is removed only when its name is a frame's (`.png` with a number in
/// it); a folder outside is acted in only while the folder at its path has the recorded device
/// and inode. So a journal that arrives with a copied folder (new inodes) removes nothing.
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
    /// What taking the lock did with a killed run's commit: finished it (true), undid it
    /// (false), or found none (nil).
    private(set) var finishedInterruptedCommit: Bool?

    private init(folder: OutputTransaction.Folder, descriptor: Int32) {
        self.folder = folder
        self.descriptor = descriptor
    }

    /// Takes the folder's lock at once or refuses (another `frames` holds it), then finishes or
    /// undoes what a killed run's journal says, and removes its staged files. With `option`, a
    /// folder that holds other files (`checkHoldsNoOtherFiles`) is refused first, naming that
    /// option: then nothing but the journal's own files is touched.
    static func acquire(_ folder: OutputTransaction.Folder, refusingOtherFiles option: String? = nil)
        throws(FramesError) -> FolderLock
    {
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
            lock.recoverCommit()
            if let option {
                do throws(FramesError) {
                    try lock.checkHoldsNoOtherFiles(option: option)
                } catch {
                    lock.release()
                    throw error
                }
            }
            lock.removeStagedFiles()
            // The journal's first line now: its room on the disk is taken before the frames'.
            lock.append(Journal.header + "\n")
            return lock
        }
    }

    /// Whether the folder at `path` holds the journal of a commit that a killed run left (read
    /// only: nothing is locked, written or removed).
    static func holdsInterruptedCommit(_ path: String) -> Bool {
        let fd = open(FileInput.path(fileName, in: path), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return Journal(text: read(fd)).committing
    }

    // MARK: The journal of a commit

    /// Writes the journal of the commit about to happen (with the stale frames added) and
    /// flushes it to the disk when an earlier run's files are at stake (after a power cut, a
    /// folder that holds renamed files holds the journal that names them).
    func journalCommit(_ commit: Journal) throws(FramesError) {
        var journal = commit
        for name in stale {
            var info = stat()
            guard fstatat(folder.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                (info.st_mode & S_IFMT) == S_IFREG
            else { continue }
            journal.stale.append((UInt64(info.st_ino), Int(info.st_size), name))
        }
        journal.committing = true
        committing = true
        try replace(with: journal.text, flush: journal.holdsEarlierFiles)
    }

    /// The commit is in place: the earlier run's stale frames go, and the journal is emptied.
    func finishCommit() {
        guard committing else { return }
        append("committed\n")
        let journal = Journal(text: FolderLock.read(descriptor))
        for entry in journal.stale {
            FolderLock.removeIfUnchanged(entry.name, in: folder.descriptor, inode: entry.inode, size: entry.size)
        }
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

    /// Finishes or undoes what a killed run's journal says (see the type's notes), in this folder
    /// and in each outside folder it names, and empties the journal.
    private func recoverCommit() {
        let journal = Journal(text: FolderLock.read(descriptor))
        if journal.committing {
            var manifest = stat()
            let committed =
                journal.committed
                || (journal.manifest != nil
                    && fstatat(folder.descriptor, Manifest.fileName, &manifest, AT_SYMLINK_NOFOLLOW) == 0
                    && UInt64(manifest.st_ino) == journal.manifest)
            var places = [(folder.descriptor, journal.files)]
            var opened: [Int32] = []
            for outside in journal.outside {
                guard let fd = FolderLock.openFolder(outside) else { continue }
                opened.append(fd)
                places.append((fd, outside.files))
            }
            for (fd, files) in places {
                if committed { FolderLock.finish(files, in: fd) } else { FolderLock.undo(files, in: fd) }
            }
            if committed {
                for entry in journal.stale {
                    FolderLock.removeIfUnchanged(
                        entry.name, in: folder.descriptor, inode: entry.inode, size: entry.size)
                }
            }
            for fd in opened { close(fd) }
            finishedInterruptedCommit = committed
        }
        _ = ftruncate(descriptor, 0)
    }

    /// A folder of frames is empty or holds a manifest.json (an earlier run of frames): a folder of
    /// other files is not written into by accident (`--force` writes there anyway). Staging files
    /// and the lock file of frames do not count. `option` names the folder in the refusal.
    private func checkHoldsNoOtherFiles(option: String) throws(FramesError) {
        let names = ((try? FileInput.names(in: folder.path)) ?? []).filter {
            !OutputNames.isTemporary($0) && $0 != FolderLock.fileName
        }
        if !names.isEmpty, !names.contains(Manifest.fileName) {
            throw .invalidValue(
                option: option, value: folder.path,
                expected: "an empty folder or one an earlier run wrote (with a manifest.json); "
                    + "it holds \(names.count) other file\(names.count == 1 ? "" : "s") (use --force to write there anyway)"
            )
        }
    }

    /// Removes every staged file left in this folder (no other run can be writing it: this one
    /// holds the lock): names of the temporary form (of this version or an older one), never
    /// followed: a link there is removed as a link.
    private func removeStagedFiles() {
        for name in (try? FileInput.names(in: folder.path)) ?? [] where OutputNames.isTemporary(name) {
            var info = stat()
            if fstatat(folder.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                unlinkat(folder.descriptor, name, 0)
            }
        }
    }

    /// A committed commit's leftovers in one folder: the kept earlier files go.
    private static func finish(_ files: Journal.Files, in folder: Int32) {
        for entry in files.kept { removeIfUnchanged(entry.kept, in: folder, inode: entry.inode, size: entry.size) }
        for entry in files.new {
            if let staging = entry.staging {
                removeIfUnchanged(staging, in: folder, inode: entry.inode, size: entry.size)
            }
        }
    }

    /// An uncommitted commit undone in one folder: each new file in place goes back to the
    /// earlier file kept for its name, or is removed where there was none; what is still staged
    /// and the kept second names go.
    private static func undo(_ files: Journal.Files, in folder: Int32) {
        for entry in files.new {
            if isUnchanged(entry.name, in: folder, inode: entry.inode, size: entry.size) {
                if let kept = files.kept.first(where: { $0.name == entry.name }) {
                    // An earlier file is put back only from a staging name of its own name; one
                    // that is not where the journal says leaves the name as it is.
                    if OutputNames.isStaging(kept.kept, of: entry.name),
                        isUnchanged(kept.kept, in: folder, inode: kept.inode, size: kept.size)
                    {
                        renameat(folder, kept.kept, folder, entry.name)
                    }
                } else {
                    unlinkat(folder, entry.name, 0)
                }
            }
            if let staging = entry.staging, OutputNames.isStaging(staging, of: entry.name) {
                removeIfUnchanged(staging, in: folder, inode: entry.inode, size: entry.size)
            }
        }
        // Kept files whose originals were never replaced are second names of them.
        for entry in files.kept { removeIfUnchanged(entry.kept, in: folder, inode: entry.inode, size: entry.size) }
    }

    /// The outside folder a journal names, opened, when the folder at its path is the one it
    /// recorded (device and inode); nil otherwise.
    private static func openFolder(_ outside: Journal.Outside) -> Int32? {
        let fd = open(outside.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, UInt64(info.st_dev) == outside.device, UInt64(info.st_ino) == outside.inode
        else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Whether `name` (a plain name, or a staging name) in `folder` holds the file with `inode`
    /// and `size`.
    private static func isUnchanged(_ name: String, in folder: Int32, inode: UInt64, size: Int) -> Bool {
        var info = stat()
        return (OutputNames.isPlain(name) || OutputNames.isStaging(name))
            && fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0
            && (info.st_mode & S_IFMT) == S_IFREG && UInt64(info.st_ino) == inode && Int(info.st_size) == size
    }

    private static func removeIfUnchanged(_ name: String, in folder: Int32, inode: UInt64, size: Int) {
        if mayRemove(name), isUnchanged(name, in: folder, inode: inode, size: size) {
            unlinkat(folder, name, 0)
        }
    }

    /// Whether a journal may remove the file at `name` without a new file's entry for it: a
    /// staging name, or a frame's name (a plain name ending in `.png` with a number in it).
    static func mayRemove(_ name: String) -> Bool {
        OutputNames.isStaging(name)
            || (OutputNames.isPlain(name) && name.lowercased().hasSuffix(".png")
                && name.unicodeScalars.contains { ("0"..."9").contains($0) })
    }

    // MARK: The lock file's bytes

    /// The journal's text in the file open at `fd` (at most 64 MiB is read).
    private static func read(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while bytes.count < 64 << 20 {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[..<n]
            offset += off_t(n)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func replace(with text: String, flush: Bool) throws(FramesError) {
        guard ftruncate(descriptor, 0) == 0, writeAll(text, at: 0),
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
}

import GoldenFolders
import Images
import LibC

/// The one way a command changes the file system: every command that writes (frames and their
/// manifest, the single files beside them, `compare --diff`, `--report`, `verify --update`) stages
/// its files here and commits them at once, or takes back exactly what it made.
///
/// - **Names first.** Every destination is proven before anything is written
///   (`OutputNames.check`): each name at most NAME_MAX bytes, each path at most PATH_MAX, with its
///   staging name.
/// - **Folders.** A folder is opened once by descriptor and every file in it is made, renamed and
///   removed relative to it (`openat`, `renameat`, `unlinkat`), never through a link. A missing
///   folder (and missing parents, like `mkdir -p`) is created and removed again on rollback.
///   A frames folder is locked (`FolderLock`) and journaled.
/// - **Staging.** Each file is created new (`O_CREAT | O_EXCL | O_NOFOLLOW`) under a staging name
///   nobody can guess (`.NAME.<16 hex digits>.partial`) beside its destination, written with every
///   write and the close checked.
/// - **Commit.** The journal says what will happen (the frames folder's lock file names every file
///   of the commit, in that folder and beside it; flushed to the disk when an earlier run is at
///   stake), files that would be replaced are kept under a staging name (a hard link), then every
///   file is renamed into place, each folder's manifest last. A failure before the last manifest
///   puts every earlier file back and removes the new ones: the commit never half-happens, and a
///   killed one is finished or undone whole by the next run into the folder (`FolderLock`). After
///   it, the kept files go, and so do the earlier run's frames the new run does not write.
/// - **Rollback.** On any error or stop (`Stop`), `rollback()` removes what this transaction
///   created (staged files, folders it made, its lock files) and nothing else.
///
/// Staging is thread-safe: the worker pool stages frames from its threads.
final class OutputTransaction: @unchecked Sendable {
    /// A file written under its staging name, waiting for the commit.
    struct Staged {
        let folder: Folder
        let name: String
        let staging: String
        let inode: UInt64
        let size: Int
        /// A frames folder's manifest: renamed after every other file.
        let isManifest: Bool
        /// The descriptor holding a single file's staging name locked (`HeldNames`), or -1.
        let held: Int32
    }

    /// A file renamed into place by the commit: what to put back if the commit fails.
    private struct Placed {
        let staged: Staged
        /// The earlier file's staging name, when one was replaced (and kept).
        let kept: String?
    }

    struct State {
        var folders: [Folder] = []
        /// Folders this transaction created, outermost first.
        var created: [String] = []
        var staged: [Staged] = []
        var finished = false
    }

    let state = Locked(State())

    init() {}

    // MARK: Staging

    /// Writes `bytes` to a new file that becomes `name` in `folder` at the commit. `single`: a
    /// file outside any locked folder (its staging name is held, and stale ones of a killed run
    /// go first). Returns the size written.
    @discardableResult
    func stage(_ bytes: [UInt8], as name: String, in folder: Folder, single: Bool = false, isManifest: Bool = false)
        throws(FramesError) -> Int
    {
        let file = try open(name, in: folder, single: single, isManifest: isManifest)
        try file.append(bytes)
        try file.finish()
        return bytes.count
    }

    /// `stage` for a path: its folder (made with its missing parents, as every output's folder
    /// is, and removed again on rollback) and name.
    @discardableResult
    func stage(_ bytes: [UInt8], at path: String) throws(FramesError) -> Int {
        let (parent, name) = PathCollisions.split(path)
        return try stage(bytes, as: name, in: folder(parent, creating: true), single: true)
    }

    /// A new file for `name` in `folder`, to be written in several appends (a file written as it
    /// is made: an animated PNG of a long timeline), then finished (staged for the commit).
    func open(_ name: String, in folder: Folder, single: Bool = true, isManifest: Bool = false) throws(FramesError)
        -> StagingFile
    {
        try Stop.check()
        if single { HeldNames.removeStale(of: name, in: folder) }
        var attempts = 0
        while true {
            let staging = OutputNames.staging(of: name)
            let fd = openat(folder.descriptor, staging, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 {
                let held = single ? HeldNames.hold(fd) : -1
                return StagingFile(
                    transaction: self, folder: folder, name: name, staging: staging, descriptor: fd, held: held,
                    isManifest: isManifest)
            }
            let code = errno
            attempts += 1
            if code != EEXIST || attempts >= 16 {
                throw .file(FileError(operation: "create", path: folder.display(name), errno: code))
            }
        }
    }

    /// Records a finished staging file.
    func record(_ staged: Staged) {
        state.withLock { $0.staged.append(staged) }
    }

    // MARK: Commit and rollback

    /// Puts every staged file in place as one change (see the type's notes); on failure the file
    /// system is as it was before the transaction, and the error is thrown.
    func commit() throws(FramesError) {
        let plans: [Plan]
        do throws(FramesError) {
            try Stop.check()
            plans = try plan()
            try journal(plans)
        } catch {
            rollback()
            throw error
        }
        let placed = try place(plans, kept: keep(plans))
        // Committed: the kept files go, then each folder's journal says so and its lock goes.
        for file in placed {
            if let kept = file.kept { unlinkat(file.staged.folder.descriptor, kept, 0) }
            if file.staged.held >= 0 { HeldNames.release(file.staged.held) }
        }
        for folder in state.withLock({ $0.folders }) { folder.lock?.finishCommit() }
        finish(removingCreated: false)
    }

    /// A staged file, what its destination holds now, and the staging name that will keep it.
    private struct Plan {
        let staged: Staged
        let earlier: stat?
        let kept: String?
    }

    /// Each staged file with its destination (each folder's manifest last); a folder where a
    /// file goes is refused.
    private func plan() throws(FramesError) -> [Plan] {
        let staged = state.withLock { state in
            state.staged.filter { !$0.isManifest } + state.staged.filter(\.isManifest)
        }
        var plans: [Plan] = []
        for file in staged {
            var info = stat()
            guard fstatat(file.folder.descriptor, file.name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                plans.append(Plan(staged: file, earlier: nil, kept: nil))
                continue
            }
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                throw .file(FileError(operation: "replace", path: file.folder.display(file.name), errno: EISDIR))
            }
            // A device, FIFO or socket is never replaced by a file (checked first, and again here).
            if type != S_IFREG, type != S_IFLNK {
                throw .file(
                    FileError(notARegularFile: file.folder.display(file.name), mode: info.st_mode, operation: "replace")
                )
            }
            plans.append(Plan(staged: file, earlier: info, kept: OutputNames.staging(of: file.name)))
        }
        return plans
    }

    /// The journal of the commit, before anything moves: the lock file of the transaction's frames
    /// folder (it has at most one) names every file the commit puts in place, in that folder and
    /// in every other folder (a single file beside the frames), so that the next run into the
    /// frames folder finishes or undoes all of it. A transaction without a frames folder has no
    /// journal.
    private func journal(_ plans: [Plan]) throws(FramesError) {
        let folders = state.withLock { $0.folders }
        guard let home = folders.first(where: { $0.lock != nil }), let lock = home.lock else { return }
        var journal = Journal()
        for folder in folders {
            let mine = plans.filter { $0.staged.folder === folder }
            guard !mine.isEmpty else { continue }
            let files = Journal.Files(
                new: mine.map { plan in
                    Journal.New(
                        inode: plan.staged.inode, size: plan.staged.size, name: plan.staged.name,
                        staging: plan.staged.staging)
                },
                kept: mine.compactMap { plan in
                    plan.kept.map { kept in
                        Journal.Kept(
                            inode: UInt64(plan.earlier!.st_ino), size: Int(plan.earlier!.st_size), kept: kept,
                            name: plan.staged.name)
                    }
                })
            if folder === home {
                journal.files = files
                journal.manifest = mine.first { $0.staged.isManifest }?.staged.inode
            } else {
                journal.outside.append(
                    Journal.Outside(
                        device: folder.device, inode: folder.inode, path: folder.absolutePath, files: files))
            }
        }
        try lock.journalCommit(journal)
    }

    /// Keeps each file about to be replaced under its staging name (a hard link, no copy); by
    /// plan index. A file system without hard links keeps nothing: its files are replaced as
    /// they are renamed.
    private func keep(_ plans: [Plan]) -> [Int: String] {
        var kept: [Int: String] = [:]
        for (index, plan) in plans.enumerated() {
            guard let name = plan.kept else { continue }
            let folder = plan.staged.folder.descriptor
            if linkat(folder, plan.staged.name, folder, name, 0) == 0 { kept[index] = name }
        }
        return kept
    }

    /// Renames every staged file into place; on a failure (or a stop) before the last, puts the
    /// earlier files back, rolls back and throws.
    private func place(_ plans: [Plan], kept: [Int: String]) throws(FramesError) -> [Placed] {
        var placed: [Placed] = []
        for (index, plan) in plans.enumerated() {
            let file = plan.staged
            let folder = file.folder.descriptor
            if Stop.requested == nil, renameat(folder, file.staging, folder, file.name) == 0 {
                placed.append(Placed(staged: file, kept: kept[index]))
                continue
            }
            let failure: FramesError =
                Stop.requested.map { .stopped(signal: $0) }
                ?? .file(FileError(operation: "rename into", path: file.folder.display(file.name), errno: errno))
            if putBack(placed.reversed()) {
                for (other, name) in kept where other >= index {
                    unlinkat(plans[other].staged.folder.descriptor, name, 0)
                }
            } else {
                // The earlier run could not be put back whole: its journal stays, and the
                // next run that takes the lock finishes putting it back.
                for folder in state.withLock({ $0.folders }) { folder.lock?.keepJournal() }
            }
            rollback()
            throw failure
        }
        return placed
    }

    /// Renames each placed file's earlier version back (or removes the new file where there was
    /// none), newest first; false when one of them failed.
    private func putBack(_ placed: some Sequence<Placed>) -> Bool {
        var whole = true
        for file in placed {
            let folder = file.staged.folder.descriptor
            let done =
                file.kept.map { renameat(folder, $0, folder, file.staged.name) == 0 }
                ?? (unlinkat(folder, file.staged.name, 0) == 0)
            whole = whole && done
        }
        return whole
    }

    /// Takes back everything not committed: the staged files, the locks (a journal of a commit
    /// that could not be undone stays for the next run), the folders this transaction created.
    /// Safe to call more than once.
    func rollback() {
        let staged = state.withLock { state -> [Staged] in
            defer { state.staged = [] }
            return state.finished ? [] : state.staged
        }
        for file in staged {
            unlinkat(file.folder.descriptor, file.staging, 0)
            if file.held >= 0 { HeldNames.release(file.held) }
        }
        for folder in state.withLock({ $0.folders }) { folder.lock?.abandon() }
        finish(removingCreated: true)
    }

    private func finish(removingCreated: Bool) {
        let (folders, created, done) = state.withLock { state in
            defer { state.finished = true }
            return (state.folders, state.created, state.finished)
        }
        guard !done else { return }
        for folder in folders {
            folder.lock?.release()
            close(folder.descriptor)
        }
        if removingCreated {
            for path in created.reversed() { rmdir(path) }
        }
    }
}

extension OutputTransaction {
    /// A folder the transaction writes in, open by descriptor.
    final class Folder: @unchecked Sendable {
        /// The folder as the user named it, for messages.
        let path: String
        let descriptor: Int32
        let device: UInt64
        let inode: UInt64
        /// The lock and journal of a frames folder, when it is one.
        var lock: FolderLock?

        init(path: String, descriptor: Int32, device: UInt64, inode: UInt64) {
            (self.path, self.descriptor, self.device, self.inode) = (path, descriptor, device, inode)
        }

        /// The folder's absolute path with no link in it (as a journal names a folder), or the
        /// path as given when it cannot be resolved.
        var absolutePath: String {
            guard let resolved = realpath(path.isEmpty ? "." : path, nil) else { return path }
            defer { free(resolved) }
            return String(cString: resolved)
        }

        /// `name` in this folder, as messages name it.
        func display(_ name: String) -> String {
            path == "." ? name : (path.hasSuffix("/") ? path + name : path + "/" + name)
        }
    }

    /// The folder at `path`, opened once; with `creating`, made first when missing, with its
    /// missing parents (each removed again on rollback). `option` names the path in errors.
    func folder(_ path: String, creating: Bool) throws(FramesError) -> Folder {
        if creating { try makeFolders(path) }
        let descriptor = openDirectory(path.isEmpty ? "." : path)
        if descriptor < 0 {
            let code = errno
            throw .file(FileError(operation: code == ENOTDIR ? "use" : "open", path: path, errno: code))
        }
        var info = stat()
        fstat(descriptor, &info)
        let found = state.withLock { state -> Folder? in
            state.folders.first { $0.device == UInt64(info.st_dev) && $0.inode == UInt64(info.st_ino) }
        }
        if let found {
            close(descriptor)
            return found
        }
        let folder = Folder(
            path: path, descriptor: descriptor, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        state.withLock { $0.folders.append(folder) }
        return folder
    }

    /// Creates `path` and its missing parents, recording each one made.
    private func makeFolders(_ path: String) throws(FramesError) {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", current != ".", !FileInput.exists(current) {
            missing.append(current)
            current = PathCollisions.split(current).folder
        }
        for folder in missing.reversed() {
            if mkdir(folder, 0o755) != 0 {
                let code = errno
                if code == EEXIST && FileInput.isDirectory(folder) { continue }
                throw .file(FileError(operation: "create the folder", path: folder, errno: code))
            }
            state.withLock { $0.created.append(folder) }
        }
    }

    /// Whether this transaction created the folder at `path`.
    func created(_ folder: Folder) -> Bool {
        state.withLock { state in
            state.created.contains { PathCollisions.Identity($0) == PathCollisions.Identity(folder.path) }
        }
    }

    /// Takes `folder`'s lock as a frames folder (one run per folder; see `FolderLock`), after
    /// which the debris of a killed run is gone. With `option`, a folder of other files is
    /// refused, naming that option.
    func lockFrames(_ folder: Folder, refusingOtherFiles option: String? = nil) throws(FramesError) {
        folder.lock = try FolderLock.acquire(folder, refusingOtherFiles: option)
    }
}

/// A folder opened for the `*at` calls (never written through: a descriptor to name files by).
private func openDirectory(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}

import Raster
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an earlier run wrote into a folder, from its manifest.
enum EarlierRun {
    /// The frame files the manifest at `path` lists, only those frames may act on: plain names in
    /// that folder (no path, no control character, not hidden, not the manifest) that the
    /// manifest's own name pattern gives and that end in .png; none when there is no readable
    /// manifest.
    static func files(listedIn path: String) -> [String] {
        guard let bytes = try? FileInput.read(path, maxBytes: 16 << 20),
            case .object(let manifest)? = try? JSONValue.parse(bytes),
            case .array(let files)? = manifest["files"]
        else { return [] }
        let names = files.compactMap { value -> String? in
            guard case .string(let name) = value else { return nil }
            return name
        }
        let pattern: NamePattern?
        if case .string(let text)? = manifest["namePattern"] {
            pattern = try? NamePattern(text)
        } else {
            pattern = names.first.map(NamePattern.inferred(from:))
        }
        guard let pattern else { return [] }
        return names.filter { name in
            FolderLock.isPlainName(name) && name != "manifest.json" && name.lowercased().hasSuffix(".png")
                && pattern.matches(name)
        }
    }
}

/// The output folder: created when missing (its parent must exist); an existing path must be a
/// folder, empty or holding an earlier run (a manifest.json) unless `--force`. `check` decides
/// all that without changing anything; `open` creates the folder if needed and takes its lock.
struct OutputFolder {
    let path: String
    /// Whether this run created the folder (it goes again if the run does not commit).
    let created: Bool
    let lock: FolderLock

    /// Refuses a folder the run could not use, before anything is written.
    static func check(_ path: String, force: Bool) throws(FramesError) {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            let parent = PathCollisions.split(path).folder
            if code == ENOENT, FileInput.isDirectory(parent) { return }
            throw .runtime(
                "cannot create the output folder '\(path)': "
                    + String(cString: strerror(code == ENOENT && FileInput.exists(parent) ? ENOTDIR : code)))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .runtime("cannot use '\(path)' as the output folder: \(String(cString: strerror(ENOTDIR)))")
        }
        // A lock file: another run is writing, or a killed run left debris; decided under the lock.
        if !force, !FileInput.exists(path + "/" + FolderLock.fileName) { try checkHoldsNoOtherFiles(path) }
    }

    /// An existing folder must be empty or hold a manifest.json (an earlier run of frames): a
    /// folder of other files is not written into by accident. Temporary files and the lock file
    /// of frames do not count.
    static func checkHoldsNoOtherFiles(_ path: String) throws(FramesError) {
        let names = ((try? FileInput.names(in: path)) ?? []).filter {
            !FileOutput.isTemporaryName($0) && $0 != FolderLock.fileName
        }
        if !names.isEmpty, !names.contains("manifest.json") {
            throw .invalidValue(
                option: "--out", value: path,
                expected: "an empty folder or one an earlier run wrote (with a manifest.json); "
                    + "it holds \(names.count) other file\(names.count == 1 ? "" : "s") (use --force to write there anyway)"
            )
        }
    }

    /// Creates the folder when missing and takes its lock; the checks are made again under the
    /// lock. On a refusal the folder is as it was.
    static func open(_ path: String, force: Bool) throws(FramesError) -> OutputFolder {
        try check(path, force: force)
        let made = WriteGate.shared.perform {
            if mkdir(path, 0o755) != 0 { return errno }
            WriteGate.shared.pushUndo(.removeFolder(path))
            return 0
        }
        let created = made == 0
        if !created, !FileInput.isDirectory(path) {
            throw .runtime("cannot create the output folder '\(path)': \(String(cString: strerror(made)))")
        }
        var lock: FolderLock? = nil
        do {
            lock = try FolderLock.acquire(path)
            if !force { try checkHoldsNoOtherFiles(path) }
        } catch {
            lock?.release()
            if created { removeCreated(path) }
            throw error
        }
        return OutputFolder(path: path, created: created, lock: lock!)
    }

    /// The run did not commit: the lock goes, and the folder if this run created it.
    func abandon() {
        lock.release()
        if created { OutputFolder.removeCreated(path) }
    }

    private static func removeCreated(_ path: String) {
        WriteGate.shared.perform {
            rmdir(path)
            WriteGate.shared.dropUndo(.removeFolder(path))
        }
    }

    /// A folder for diff images: created when missing; a runtime error when that fails.
    static func prepareForDiffs(_ path: String) throws(FramesError) {
        let made = WriteGate.shared.perform { mkdir(path, 0o755) == 0 ? 0 : errno }
        if made == 0 {
            WriteGate.shared.pushUndo(.removeFolder(path))
            OutputFile.created(folder: path)
        }
        if made != 0, made != EEXIST {
            throw .runtime("cannot create the diff folder '\(path)': \(String(cString: strerror(made)))")
        }
    }
}

/// The single files of `compare` and `verify` (diffs, reports): each staged beside its
/// destination as it is made, all renamed into place when the command ends without an error
/// (`commit`), all removed with a diff folder the command created when it fails (`discard`), so
/// a refusal found half-way leaves the file system as it was.
enum OutputFile {
    private static let pending = Mutex<[(temporary: String, path: String)]>([])
    private static let createdFolders = Mutex<[String]>([])

    static func write(_ bytes: [UInt8], to path: String) throws(FramesError) {
        do {
            let temporary = try FileOutput.stage(bytes, beside: path, holding: true)
            pending.withLock { $0.append((temporary, path)) }
        } catch {
            throw .runtime("\(error)")
        }
    }

    /// A folder this command created for its files: removed (when empty) if the command fails.
    static func created(folder: String) {
        createdFolders.withLock { $0.append(folder) }
    }

    static func commit() throws(FramesError) {
        let files = pending.withLock { files in
            defer { files = [] }
            return files
        }
        for (k, file) in files.enumerated() {
            do {
                try FileOutput.rename(file.temporary, to: file.path)
            } catch {
                for rest in files[(k + 1)...] { FileOutput.remove(temporary: rest.temporary) }
                throw .runtime("\(error)")
            }
        }
    }

    static func discard() {
        let files = pending.withLock { files in
            defer { files = [] }
            return files
        }
        for file in files { FileOutput.remove(temporary: file.temporary) }
        for folder in createdFolders.withLock({ $0 }).reversed() {
            WriteGate.shared.perform {
                rmdir(folder)
                WriteGate.shared.dropUndo(.removeFolder(folder))
            }
        }
    }
}

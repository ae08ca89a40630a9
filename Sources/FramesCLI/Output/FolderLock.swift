import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One run per output folder: an advisory lock (`flock`) on `.frames.lock` inside the folder,
/// which the kernel drops when the process dies, however it dies. The lock file is also the
/// run's journal: the names the run will write and replace, then "commit" before the first
/// rename and "committed" after the manifest is in place. The next run that takes the lock reads
/// a journal left by a run that was killed, and removes its debris (see `recover`). The lock
/// file goes when the run ends.
final class FolderLock {
    static let fileName = FileOutput.folderLockName

    let folder: String
    let path: String
    private let descriptor: Int32

    private init(folder: String, path: String, descriptor: Int32) {
        self.folder = folder
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the folder's lock at once or refuses: exit 1 naming the folder when another
    /// `frames` holds it. Debris of a killed run is cleaned up (`recover`).
    static func acquire(_ folder: String) throws(FramesError) -> FolderLock {
        let path = folder + "/" + fileName
        while true {
            // Opened, locked and recorded for a stop's cleanup as one change: a stop never leaves
            // a lock file behind.
            let outcome = WriteGate.shared.perform { () -> Result<Int32?, FramesError> in
                let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
                if fd < 0 {
                    return .failure(
                        .runtime("cannot lock the output folder '\(folder)': \(String(cString: strerror(errno)))"))
                }
                if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                    let code = errno
                    close(fd)
                    if code == EWOULDBLOCK {
                        return .failure(
                            .runtime("another frames is writing the output folder '\(folder)'; wait for it to finish"))
                    }
                    return .failure(
                        .runtime("cannot lock the output folder '\(folder)': \(String(cString: strerror(code)))"))
                }
                // The file may have been removed (by the run that held it) between open and
                // flock: then lock the one that stands there now.
                var held = stat()
                var current = stat()
                guard fstat(fd, &held) == 0, lstat(path, &current) == 0, held.st_dev == current.st_dev,
                    held.st_ino == current.st_ino
                else {
                    close(fd)
                    return .success(nil)
                }
                // Only a plain file of ours with no other name is ever written (never a link's target).
                guard (held.st_mode & S_IFMT) == S_IFREG, held.st_nlink == 1, held.st_uid == geteuid() else {
                    close(fd)
                    return .failure(
                        .runtime(
                            "cannot lock the output folder '\(folder)': '\(path)' is not a lock file of frames (remove it)"
                        ))
                }
                WriteGate.shared.pushUndo(.removeFile(path))
                return .success(fd)
            }
            if let fd = try outcome.get() {
                let lock = FolderLock(folder: folder, path: path, descriptor: fd)
                lock.recover()
                return lock
            }
        }
    }

    /// Starts this run's journal: the frame names it writes and the earlier run's it replaces.
    func begin(writing names: [String], replacing earlier: [String]) throws(FramesError) {
        let lines = ["frames journal 1"] + names.map { "new " + $0 } + earlier.map { "old " + $0 }
        try WriteGate.shared.perform { () throws(FramesError) in
            if ftruncate(descriptor, 0) != 0 { throw failure("write") }
            try append(lines.joined(separator: "\n") + "\n", flush: false)
        }
    }

    /// Appends a state line ("commit", "committed"). "commit" is flushed to the disk with every
    /// line before it (`fsync`), before the first rename: after a power cut, a folder that holds
    /// renamed frames holds the journal that names them. The other lines need no flush of their
    /// own: a killed process's writes are in the page cache, and a journal that ends at "commit"
    /// with the manifest in place reads as committed (`recover`).
    func mark(_ state: String) throws(FramesError) {
        if state == "commit" { committing = true }
        if state == "committed" { committing = false }
        try append(state + "\n", flush: state == "commit")
    }

    /// Between "commit" and "committed": if the run fails now, the journal stays for the next
    /// run to recover from (the folder may hold part of both runs).
    private var committing = false

    /// The run removed every file it put in place since "commit": the lock file may go again.
    func withdrawCommit() {
        committing = false
    }

    private func append(_ text: String, flush: Bool) throws(FramesError) {
        var bytes = Array(text.utf8)[...]
        if lseek(descriptor, 0, SEEK_END) < 0 { throw failure("write") }
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { journalWrite(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("write")
            }
            bytes = bytes.dropFirst(n)
        }
        if flush, fsync(descriptor) != 0 { throw failure("write") }
    }

    private func failure(_ operation: String) -> FramesError {
        .runtime("cannot \(operation) '\(path)': \(String(cString: strerror(errno)))")
    }

    /// The run is over: the lock file goes (while it is still held), then the lock.
    func release() {
        WriteGate.shared.perform {
            if !committing { unlink(path) }
            WriteGate.shared.dropUndo(.removeFile(path))
        }
        close(descriptor)
    }

    /// Removes what a killed run left: every temporary file of frames in the folder (no other
    /// run can be writing it: this one holds the lock); and from its journal, the frames of a
    /// run that began renaming but never put its manifest in place (with those of the run it
    /// was replacing, whose manifest it had already removed), or the earlier run's frames a
    /// committed run had not removed yet.
    private func recover() {
        for name in (try? FileInput.names(in: folder)) ?? [] where FileOutput.isTemporaryName(name) {
            FileOutput.remove(folder + "/" + name)
        }
        guard let bytes = try? FileInput.read(path, maxBytes: 64 << 20), !bytes.isEmpty else { return }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.first == "frames journal 1" else { return }
        let new = lines.filter { $0.hasPrefix("new ") }.map { String($0.dropFirst(4)) }.filter(Self.isPlainName)
        let old = lines.filter { $0.hasPrefix("old ") }.map { String($0.dropFirst(4)) }.filter(Self.isPlainName)
        let committed = lines.contains("committed") || (lines.contains("commit") && FileInput.exists(manifestPath))
        if committed {
            for name in old where !new.contains(name) { FileOutput.remove(folder + "/" + name) }
        } else if lines.contains("commit") {
            for name in Set(new + old) { FileOutput.remove(folder + "/" + name) }
        }
        _ = WriteGate.shared.perform { ftruncate(descriptor, 0) }
    }

    var manifestPath: String { folder + "/manifest.json" }

    /// A name frames may act on: a plain file name (no path, no control character, not hidden).
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/")
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0 }
    }
}

private func journalWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

import FrameFiles
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// which the debris of a killed run is gone.
    func lockFrames(_ folder: Folder) throws(FramesError) {
        folder.lock = try FolderLock.acquire(folder)
    }
}

/// A folder opened for the `*at` calls (never written through: a descriptor to name files by).
private func openDirectory(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}

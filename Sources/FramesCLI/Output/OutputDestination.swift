import GoldenFolders
import LibC

/// The one check of a path an option names as an output: a single file (`--apng`, `--sheet`,
/// the exports, `compare --diff` of two files, `--diff-mask`, `--report` of every command) or a
/// folder (`--out`, `compare --diff` of two folders), made before any work: no image is decoded,
/// nothing drawn, compared or printed before a path that cannot be written is refused, with exit
/// 64 naming the option. Every output is made as `--out` always was: its missing folders are
/// made by the run's transaction (`OutputTransaction.folder(_:creating:)`), and removed again
/// when the run is refused, fails or is stopped.
enum OutputDestination {
    /// Refuses `path` (typed as `value`) for `option` when it cannot be a file output: a name over
    /// NAME_MAX or a path over PATH_MAX (in bytes), a folder, a device, FIFO or socket (a rename
    /// would put a file in its place), or a path whose nearest existing folder is not a folder
    /// (a file where a folder goes).
    static func checkFile(option: String, value: String, path: String) throws(FramesError) {
        if let refusal = OutputNames.refusal(of: path) {
            throw .invalidValue(option: option, value: value, expected: refusal)
        }
        if FileInput.isDirectory(path) {
            throw .invalidValue(
                option: option, value: value, expected: "a file name, not a folder ('\(Console.shown(path))' is one)")
        }
        try PathCollisions.checkReplaceable(.file(option, path))
        try checkAncestors(of: PathCollisions.split(path).folder, option: option, value: value, what: "a file")
    }

    /// `checkFile` for an option's value.
    static func checkFile(_ given: Given<String>) throws(FramesError) {
        try checkFile(option: given.option, value: given.text, path: given.value)
    }

    /// Refuses `path` (typed as `value`) for `option` when it cannot be an output folder: a file
    /// (or a device) is there, or where one of its missing parents would go. A path the system
    /// cannot look at (a parent without search permission) is refused with its reason, a runtime
    /// failure. What a folder holds is decided under its lock.
    static func checkFolder(option: String, value: String, path: String) throws(FramesError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) != S_IFDIR else { return }
            throw .invalidValue(
                option: option, value: value,
                expected: "a folder, not a file ('\(Console.shown(path))' is \(kind(of: info.st_mode)))")
        }
        let code = errno
        guard code == ENOENT || code == ENOTDIR else {
            throw .file(FileError(operation: "use as the output folder (\(option))", path: path, errno: code))
        }
        try checkAncestors(of: path, option: option, value: value, what: "a folder")
    }

    /// The nearest existing ancestor of `folder` (itself included) must be a folder: the run
    /// makes the rest.
    private static func checkAncestors(of folder: String, option: String, value: String, what: String)
        throws(FramesError)
    {
        var ancestor = folder
        while !FileInput.exists(ancestor), ancestor != "/", ancestor != ".", !ancestor.isEmpty {
            ancestor = PathCollisions.split(ancestor).folder
        }
        guard FileInput.exists(ancestor), !FileInput.isDirectory(ancestor) else { return }
        var info = stat()
        let kind = stat(ancestor, &info) == 0 ? kind(of: info.st_mode) : "not a folder"
        throw .invalidValue(
            option: option, value: value,
            expected: "\(what) whose folders are folders or missing ('\(Console.shown(ancestor))' is \(kind), "
                + "where a folder goes)")
    }

    /// What a file of `mode` is, as the refusals say it: "a file", "a FIFO", ….
    private static func kind(of mode: mode_t) -> String {
        (mode & S_IFMT) == S_IFREG ? "a file" : FileError.kind(of: mode)
    }
}

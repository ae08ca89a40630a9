import GoldenFolders
import LibC

/// The one check of a single file an option names as an output (`--apng`, `--sheet`, the
/// exports, `compare --diff` of two files, `--diff-mask`, `--report` of every command), made
/// before any work: no image is decoded, nothing drawn, compared or printed before a path that
/// cannot be written is refused, with exit 64 naming the option.
enum OutputDestination {
    /// Refuses `path` (typed as `value`) for `option` when it cannot be a file output: a name over
    /// NAME_MAX or a path over PATH_MAX (in bytes), a folder, a device, FIFO or socket (a rename
    /// would put a file in its place), or a path whose folder is missing or not a folder, unless
    /// that folder is one of `madeFolders`, which the run makes first (`--out`, `compare --diff`
    /// of two folders).
    static func checkFile(option: String, value: String, path: String, madeFolders: [String] = [])
        throws(FramesError)
    {
        if let refusal = OutputNames.refusal(of: path) {
            throw .invalidValue(option: option, value: value, expected: refusal)
        }
        if FileInput.isDirectory(path) {
            throw .invalidValue(option: option, value: value, expected: "a file name, not a folder")
        }
        try PathCollisions.checkReplaceable(.file(option, path))
        let parent = PathCollisions.split(path).folder
        if FileInput.isDirectory(parent) { return }
        if madeFolders.contains(where: {
            !FileInput.exists($0) && PathCollisions.Identity(parent) == PathCollisions.Identity($0)
        }) {
            return
        }
        throw .invalidValue(
            option: option, value: value,
            expected: "a file in an existing folder ('\(Console.shown(parent))' "
                + (FileInput.exists(parent) ? "is not a folder)" : "does not exist)"))
    }

    /// `checkFile` for an option's value.
    static func checkFile(_ given: Given<String>, madeFolders: [String] = []) throws(FramesError) {
        try checkFile(option: given.option, value: given.text, path: given.value, madeFolders: madeFolders)
    }
}

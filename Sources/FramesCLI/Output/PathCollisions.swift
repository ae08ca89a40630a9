import GoldenFolders
import LibC

/// A path a command reads or writes, with the option that named it: a file, or a folder and the
/// names in it that the command reads or writes (nil: any name).
struct NamedPath: Sendable {
    enum Kind: Sendable {
        case file
        case folder(names: Set<String>?)
    }

    let option: String
    let path: String
    let kind: Kind

    static func file(_ option: String, _ path: String) -> NamedPath {
        NamedPath(option: option, path: path, kind: .file)
    }

    static func folder(_ option: String, _ path: String, names: Set<String>? = nil) -> NamedPath {
        NamedPath(option: option, path: path, kind: .folder(names: names))
    }
}

/// Outputs never meet inputs, nor each other: every output is compared with every input and
/// every other output by identity (device and inode where the path exists, the resolved path
/// otherwise), before anything is written. A file inside a folder meets it when its name is one
/// the folder's side reads or writes. A collision is a usage error naming both options.
enum PathCollisions {
    static func check(outputs: [NamedPath], inputs: [NamedPath]) throws(FramesError) {
        for output in outputs { try checkReplaceable(output) }
        for (i, output) in outputs.enumerated() {
            try check(
                output, against: inputs.map { ($0, "overwrite it") } + outputs[..<i].map { ($0, "write over it") })
        }
    }

    /// `output` against each of `others` and what it would do to it (`harm`): refused at the
    /// first it meets, naming both options.
    static func check(_ output: NamedPath, against others: [(NamedPath, harm: String)]) throws(FramesError) {
        for (other, harm) in others where meet(output, other) {
            throw .invalidValue(
                option: output.option, value: output.path,
                expected: "a path other than \(other.option)'s ('\(other.path)'); \(output.option) would \(harm)")
        }
    }

    /// A file output replaces only a regular file or a link (never a device such as /dev/null,
    /// a FIFO or a socket: the rename would put a file in its place).
    static func checkReplaceable(_ output: NamedPath) throws(FramesError) {
        guard case .file = output.kind else { return }
        var info = stat()
        guard lstat(output.path, &info) == 0 else { return }
        let type = info.st_mode & S_IFMT
        if type != S_IFREG, type != S_IFLNK {
            let kind = FileError(notARegularFile: output.path, mode: info.st_mode).reason
            throw .invalidValue(
                option: output.option, value: output.path, expected: "a regular file to write (\(kind))")
        }
    }

    static func meet(_ a: NamedPath, _ b: NamedPath) -> Bool {
        if Identity(a.path) == Identity(b.path) { return true }
        switch (a.kind, b.kind) {
        case (.file, .folder(let names)): return contains(b.path, a.path, names: names)
        case (.folder(let names), .file): return contains(a.path, b.path, names: names)
        default: return false
        }
    }

    /// Whether `file` is in `folder` under one of `names` (any name when nil).
    static func contains(_ folder: String, _ file: String, names: Set<String>?) -> Bool {
        let (parent, name) = split(file)
        return Identity(parent) == Identity(folder) && (names?.contains(name) ?? true)
    }

    static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// What a path names: the file itself (device and inode) when it exists, else its resolved
    /// folder and its name.
    enum Identity: Equatable {
        case inode(dev: UInt64, ino: UInt64)
        case path(String)

        init(_ path: String) {
            var info = stat()
            if stat(path, &info) == 0 {
                self = .inode(dev: UInt64(info.st_dev), ino: UInt64(info.st_ino))
                return
            }
            let (folder, name) = PathCollisions.split(path)
            if let resolved = realpath(folder, nil) {
                defer { free(resolved) }
                self = .path(String(cString: resolved) + "/" + name)
            } else {
                self = .path(folder + "/" + name)
            }
        }
    }
}

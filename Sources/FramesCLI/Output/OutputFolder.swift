import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an earlier run wrote into a folder, from its manifest.
enum EarlierRun {
    /// The frame files the manifest at `path` lists: plain names in that folder only (never a
    /// path, never the manifest); none when there is no readable manifest.
    static func files(listedIn path: String) -> [String] {
        guard let bytes = try? FileInput.read(path, maxBytes: 16 << 20),
            case .object(let manifest)? = try? JSONValue.parse(bytes),
            case .array(let files)? = manifest["files"]
        else { return [] }
        return files.compactMap { value in
            guard case .string(let name) = value, !name.isEmpty, !name.contains("/"), !name.hasPrefix("."),
                name != "manifest.json", name.lowercased().hasSuffix(".png")
            else { return nil }
            return name
        }
    }
}

/// A single output file (an animated PNG, a contact sheet): written under a temporary name beside
/// it and renamed into place.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String) throws(FramesError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (folder.isEmpty ? "" : folder + "/") + "." + name + ".partial"
        do {
            try FileOutput.write(bytes, to: temporary)
            try FileOutput.rename(temporary, to: path)
        } catch {
            FileOutput.remove(temporary)
            throw .runtime("\(error)")
        }
    }
}

/// The output folder: created when missing (its parent must exist); an existing path must be a
/// folder.
enum OutputFolder {
    /// A folder for diff images: created when missing; a runtime error when that fails.
    static func prepareForDiffs(_ path: String) throws(FramesError) {
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw .runtime("cannot create the diff folder '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// Returns whether this run created the folder. An existing folder must be empty or hold a
    /// manifest.json (an earlier run of frames), unless `force`: a folder of other files is not
    /// written into by accident.
    static func prepare(_ path: String, force: Bool) throws(FramesError) -> Bool {
        if mkdir(path, 0o755) == 0 { return true }
        let code = errno
        var info = stat()
        if code == EEXIST, stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw .runtime("cannot use '\(path)' as the output folder: \(String(cString: strerror(ENOTDIR)))")
            }
            if !force {
                // Temporary files an interrupted run of ours may have left do not count.
                let names = ((try? FileInput.names(in: path)) ?? []).filter {
                    !($0.hasPrefix(".") && $0.hasSuffix(".partial"))
                }
                if !names.isEmpty, !names.contains("manifest.json") {
                    throw .invalidValue(
                        option: "--out", value: path,
                        expected: "an empty folder or one an earlier run wrote (with a manifest.json); "
                            + "it holds \(names.count) other file\(names.count == 1 ? "" : "s") (use --force to write there anyway)"
                    )
                }
            }
            return false
        }
        throw .runtime("cannot create the output folder '\(path)': \(String(cString: strerror(code)))")
    }
}

import GoldenFolders
import LibC

/// The plan of a render's outputs, checked before anything is written: every name in bytes
/// (`OutputNames`), outputs against inputs and each other (`PathCollisions`), and every
/// destination usable (the folder's ancestors folders, no folder where a file goes, each single
/// file's folder there or made by the run).
enum OutputCheck {
    /// What the checks found the run will write.
    struct Plan {
        /// The frame files' names, in order.
        let frameNames: [String]
    }

    static func plan(_ job: RenderJob) throws(FramesError) -> Plan {
        let names = job.sequence.writtenIndices.map(job.sequence.namePattern.name(for:))
        try checkNames(job, frameNames: names)
        let listed =
            try job.outputs.folder.map { (folder: String) throws(FramesError) in
                try EarlierRun.files(listedIn: folder + "/" + Manifest.fileName)
            } ?? []
        try checkCollisions(job.outputs, frameNames: names + listed, inputs: job.inputs)
        try checkDestinations(job, frameNames: names)
        return Plan(frameNames: names)
    }

    /// Every file name at most NAME_MAX bytes and every path at most PATH_MAX, the frames' by
    /// their longest name.
    static func checkNames(_ job: RenderJob, frameNames: [String]) throws(FramesError) {
        if let folder = job.outputs.folder {
            if let refusal = OutputNames.refusal(of: folder) {
                throw .invalidValue(option: job.outputs.folderOption, value: folder, expected: refusal)
            }
            if let index = frameNames.firstIndex(where: { OutputNames.refusal(of: folder + "/" + $0) != nil }) {
                let name = frameNames[index]
                let frame = job.sequence.writtenIndices[index]
                if name.utf8.count > OutputNames.maxName {
                    let given = job.sequence.namePatternOption
                    throw .invalidValue(
                        option: given?.option ?? job.outputs.folderOption, value: given?.text ?? folder,
                        expected:
                            "file names of at most \(OutputNames.maxName) bytes for every frame (frame \(frame)'s "
                            + "name has \(name.utf8.count) bytes)")
                }
                // The path is too long: the folder's part of it is what to shorten.
                let path = FileInput.path(name, in: folder)
                throw .invalidValue(
                    option: job.outputs.folderOption, value: folder,
                    expected:
                        "paths of at most \(OutputNames.maxPath) bytes for every frame (frame \(frame)'s path has "
                        + "\(path.utf8.count) bytes, \(folder.utf8.count) of them the folder's)")
            }
        }
        for target in job.outputs.files {
            if let refusal = OutputNames.refusal(of: target.path) {
                throw .invalidValue(option: target.option, value: target.path, expected: refusal)
            }
        }
    }

    /// Every single file usable (`OutputDestination`): checked once before any input is read
    /// (`RenderJob.resolve`), and again in the plan. A file in the frame folder is fine when that
    /// folder is yet to be made: it comes first.
    static func checkFiles(_ outputs: OutputPlan) throws(FramesError) {
        for target in outputs.files {
            try OutputDestination.checkFile(
                option: target.option, value: target.path, path: target.path,
                madeFolders: outputs.folder.map { [$0] } ?? [])
        }
    }

    /// Outputs against inputs and each other: the folder with the names the run writes or
    /// removes there (`frameNames`), the single files. Checked once before any input is read
    /// (`RenderJob.resolve`: a backdrop is not decoded to be refused), and again in the plan
    /// with the earlier run's frames.
    static func checkCollisions(_ outputs: OutputPlan, frameNames: [String], inputs: [NamedPath]) throws(FramesError) {
        var paths: [NamedPath] = []
        if let folder = outputs.folder {
            let names = Set(frameNames + [Manifest.fileName, FolderLock.fileName])
            paths.append(.folder(outputs.folderOption, folder, names: names))
        }
        paths += outputs.files.map { NamedPath.file($0.option, $0.path) }
        try PathCollisions.check(outputs: paths, inputs: inputs)
    }

    /// Every destination usable before anything is made: the single files, and in the frame
    /// folder no folder, device, FIFO or socket where a frame or the manifest goes (a rename would
    /// put a file in its place; single files refuse them too).
    static func checkDestinations(_ job: RenderJob, frameNames: [String]) throws(FramesError) {
        try checkFiles(job.outputs)
        guard let folder = job.outputs.folder else { return }
        try checkFolder(folder, option: job.outputs.folderOption, force: job.outputs.force)
        for name in frameNames + [Manifest.fileName] {
            let path = FileInput.path(name, in: folder)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw .file(FileError(operation: "replace", path: path, errno: EISDIR)) }
            if type != S_IFREG, type != S_IFLNK {
                throw .invalidValue(
                    option: job.outputs.folderOption, value: folder,
                    expected: "a folder where '\(Console.shown(name))' is a regular file or nothing (it is "
                        + "\(FileError.kind(of: info.st_mode)), which the run would replace with a file)")
            }
        }
    }

    /// An output folder the run can use: a folder (empty, an earlier run's, or any with `--force`),
    /// or a path whose nearest existing ancestor is a folder (the run makes the rest).
    static func checkFolder(_ path: String, option: String, force: Bool) throws(FramesError) {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            guard code == ENOENT else {
                throw .file(FileError(operation: "create the output folder", path: path, errno: code))
            }
            var ancestor = PathCollisions.split(path).folder
            while !FileInput.exists(ancestor), ancestor != "/", ancestor != "." {
                ancestor = PathCollisions.split(ancestor).folder
            }
            if !FileInput.isDirectory(ancestor) {
                throw .file(FileError(operation: "create the output folder", path: path, errno: ENOTDIR))
            }
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .file(FileError(operation: "use as the output folder", path: path, errno: ENOTDIR))
        }
        // A lock file: another run is writing, or a killed run left debris; decided under the lock.
        if !force, !FileInput.exists(path + "/" + FolderLock.fileName) { try holdsNoOtherFiles(path, option: option) }
    }

    /// An existing folder must be empty or hold a manifest.json (an earlier run of frames): a
    /// folder of other files is not written into by accident. Staging files and the lock file
    /// of frames do not count.
    static func holdsNoOtherFiles(_ path: String, option: String = "--out") throws(FramesError) {
        let names = ((try? FileInput.names(in: path)) ?? []).filter {
            !OutputNames.isTemporary($0) && $0 != FolderLock.fileName
        }
        if !names.isEmpty, !names.contains(Manifest.fileName) {
            throw .invalidValue(
                option: option, value: path,
                expected: "an empty folder or one an earlier run wrote (with a manifest.json); "
                    + "it holds \(names.count) other file\(names.count == 1 ? "" : "s") (use --force to write there anyway)"
            )
        }
    }
}

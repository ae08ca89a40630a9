import GoldenFolders
import LibC

/// A render's outputs, checked once before any input is read (`RenderJob.resolve`; `verify
/// --update` checks the folder it rewrites the same way): every name in bytes (`OutputNames`),
/// outputs against inputs and each other (`PathCollisions`), and every destination usable (the
/// folder's ancestors folders, no folder, device, FIFO or socket where a file goes, each single
/// file's folder there or made by the run). What only the frame folder's lock can tell is decided
/// once under it (`RenderRun.open`): a killed run's journal and a folder of other files
/// (`FolderLock.acquire`), and the earlier run's frames (`checkEarlierFrames`).
enum OutputCheck {
    /// Checks the outputs of a run that writes `sequence`'s frames and reads `inputs`. A single
    /// file's name is checked in bytes with its destination; the frame folder's and the frames'
    /// names last (a folder path the file system refuses is refused with the system's reason).
    static func check(_ outputs: OutputPlan, sequence: SequencePlan, inputs: [NamedPath]) throws(FramesError) {
        let names = sequence.fileNames
        try checkCollisions(outputs, frameNames: names, inputs: inputs)
        try checkDestinations(outputs, frameNames: names)
        try checkNames(outputs, sequence: sequence, frameNames: names)
    }

    /// Outputs against inputs and each other: the folder with the names the run writes there
    /// (`frameNames`, the manifest, the lock file), the single files.
    static func checkCollisions(_ outputs: OutputPlan, frameNames: [String], inputs: [NamedPath]) throws(FramesError) {
        var paths: [NamedPath] = []
        if let folder = outputs.folder {
            let names = Set(frameNames + [Manifest.fileName, FolderLock.fileName])
            paths.append(.folder(outputs.folderOption, folder, names: names))
        }
        paths += outputs.files.map { NamedPath.file($0.option, $0.path) }
        try PathCollisions.check(outputs: paths, inputs: inputs)
    }

    /// Every destination usable before anything is made: each single file and the frame folder
    /// (`OutputDestination`: missing folders are made by the run, a file where a folder goes is
    /// refused), and in the frame folder no folder, device, FIFO or socket where a frame or the
    /// manifest goes (a rename would put a file in its place; single files refuse them too).
    static func checkDestinations(_ outputs: OutputPlan, frameNames: [String]) throws(FramesError) {
        for target in outputs.files {
            try OutputDestination.checkFile(option: target.option, value: target.path, path: target.path)
        }
        guard let folder = outputs.folder else { return }
        try OutputDestination.checkFolder(option: outputs.folderOption, value: folder, path: folder)
        for name in frameNames + [Manifest.fileName] {
            let path = FileInput.path(name, in: folder)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type != S_IFREG, type != S_IFLNK {
                let kind = type == S_IFDIR ? "a folder" : FileError.kind(of: info.st_mode)
                throw .invalidValue(
                    option: outputs.folderOption, value: folder,
                    expected: "a folder where '\(Console.shown(name))' is a regular file or nothing (it is "
                        + "\(kind), which the run would replace with a file)")
            }
        }
    }

    /// Every file name at most NAME_MAX bytes and every path at most PATH_MAX, the frames' by
    /// their longest name.
    static func checkNames(_ outputs: OutputPlan, sequence: SequencePlan, frameNames: [String]) throws(FramesError) {
        if let folder = outputs.folder {
            if let refusal = OutputNames.refusal(of: folder) {
                throw .invalidValue(option: outputs.folderOption, value: folder, expected: refusal)
            }
            if let index = frameNames.firstIndex(where: { OutputNames.refusal(of: folder + "/" + $0) != nil }) {
                let name = frameNames[index]
                let frame = sequence.writtenIndices[index]
                if name.utf8.count > OutputNames.maxName {
                    let given = sequence.namePatternOption
                    throw .invalidValue(
                        option: given?.option ?? outputs.folderOption, value: given?.text ?? folder,
                        expected:
                            "file names of at most \(OutputNames.maxName) bytes for every frame (frame \(frame)'s "
                            + "name has \(name.utf8.count) bytes)")
                }
                // The path is too long: the folder's part of it is what to shorten.
                let path = FileInput.path(name, in: folder)
                throw .invalidValue(
                    option: outputs.folderOption, value: folder,
                    expected:
                        "paths of at most \(OutputNames.maxPath) bytes for every frame (frame \(frame)'s path has "
                        + "\(path.utf8.count) bytes, \(folder.utf8.count) of them the folder's)")
            }
        }
        for target in outputs.files {
            if let refusal = OutputNames.refusal(of: target.path) {
                throw .invalidValue(option: target.option, value: target.path, expected: refusal)
            }
        }
    }

    /// The earlier run's frames that this run does not write (`names`), which go once it commits:
    /// none may be an input, nor a single file this run writes, refused as `PathCollisions` refuses
    /// an output there. Decided under the frame folder's lock, from the reading of the earlier
    /// run's manifest that marks them to go (`RenderRun.open`): another run may commit a new one
    /// until the lock is held, and the check guards exactly what that reading will remove.
    static func checkEarlierFrames(_ names: [String], outputs: OutputPlan, inputs: [NamedPath]) throws(FramesError) {
        guard let folder = outputs.folder, !names.isEmpty else { return }
        let earlier = NamedPath.folder(outputs.folderOption, folder, names: Set(names))
        try PathCollisions.check(earlier, against: inputs.map { ($0, "overwrite it") })
        for target in outputs.files {
            try PathCollisions.check(.file(target.option, target.path), against: [(earlier, "write over it")])
        }
    }
}

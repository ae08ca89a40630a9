import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run makes ready before its first frame, on a thread of its own while the renderer is
/// built (`RenderRun.init`): every check (collisions, the destinations), the frame folder opened
/// and locked with the journal begun, and the frames' temporary files begun (`FileOutput.CreatedFiles`,
/// on a thread of their own: on some file systems creating them is most of writing them).
/// Nothing is made when a check fails; `abandon` takes back what was made.
struct RunPreparation: @unchecked Sendable {
    /// The frame files' names, in order.
    let names: [String]
    let folder: OutputFolder?
    /// The earlier run's frames that the folder's manifest lists, read under the lock.
    let earlier: [String]
    let files: FileOutput.CreatedFiles?
    /// The folder is this run's own (it made it): its journal says "commit" already, and each
    /// frame goes into place as soon as it is written (`SequenceWriter.stage(inPlace:)`), since
    /// no earlier frame is there to keep.
    let inPlace: Bool

    /// The preparation of a run writing `job`'s outputs, or the check that refused it.
    static func make(_ job: RunTargets) -> Result<RunPreparation, FramesError> {
        Result { () throws(FramesError) in try prepare(job) }
    }

    /// The preparation `work` made, taken back (nothing when it failed or there is none).
    static func abandon(_ work: BackgroundWork<Result<RunPreparation, FramesError>>?) {
        if case .success(let prepared)? = work?.value { prepared.abandon() }
    }

    private static func prepare(_ job: RunTargets) throws(FramesError) -> RunPreparation {
        let names = job.sequence.writtenIndices.map(job.sequence.namePattern.name(for:))
        let listed = job.outputs.folder.map { EarlierRun.files(listedIn: $0 + "/manifest.json") } ?? []
        try checkCollisions(job, frameNames: names, earlier: listed)
        try checkDestinations(job, frameNames: names)
        guard let path = job.outputs.folder else {
            return RunPreparation(names: names, folder: nil, earlier: [], files: nil, inPlace: false)
        }
        let folder = try OutputFolder.open(path, force: job.outputs.force)
        do throws(FramesError) {
            let earlier = EarlierRun.files(listedIn: folder.path + "/manifest.json")
            try folder.lock.begin(writing: names, replacing: earlier)
            // In a folder it made, the run may commit frame by frame: journaled (and flushed)
            // now, while the renderer is built, so that a killed run's frames are removed by the
            // next (`FolderLock.recover`).
            if folder.created { try folder.lock.mark("commit") }
            let files = FileOutput.CreatedFiles(beside: names.lazy.map { folder.path + "/" + $0 })
            return RunPreparation(
                names: names, folder: folder, earlier: earlier, files: files, inPlace: folder.created)
        } catch {
            folder.abandon()
            throw error
        }
    }

    /// The run stops before its commit: the files made go, then the lock, and the folder if the
    /// run created it.
    func abandon() {
        files?.finish()
        // Frames already in place were removed with the other temporaries: nothing is left for
        // the journal to recover.
        if inPlace { folder?.lock.withdrawCommit() }
        folder?.abandon()
    }

    /// Outputs against inputs and each other: the folder with the names the run writes or
    /// removes there, the single files.
    static func checkCollisions(_ job: RunTargets, frameNames: [String], earlier: [String]) throws(FramesError) {
        var outputs: [NamedPath] = []
        if let folder = job.outputs.folder {
            let names = Set(frameNames + earlier + ["manifest.json", FolderLock.fileName])
            outputs.append(.folder("--out", folder, names: names))
        }
        outputs += job.outputs.files.map { NamedPath.file($0.option, $0.path) }
        try PathCollisions.check(outputs: outputs, inputs: job.inputs)
    }

    /// Every destination usable before anything is made: the folder (`OutputFolder.check`), no
    /// folder where a frame or the manifest goes, each single file's folder there.
    static func checkDestinations(_ job: RunTargets, frameNames: [String]) throws(FramesError) {
        if let folder = job.outputs.folder {
            try OutputFolder.check(folder, force: job.outputs.force)
            for name in frameNames + ["manifest.json"] where FileInput.isDirectory(folder + "/" + name) {
                throw .runtime("cannot replace '\(folder)/\(name)': \(String(cString: strerror(EISDIR)))")
            }
        }
        for target in job.outputs.files {
            let parent = PathCollisions.split(target.path).folder
            // A file in the frame folder is fine when that folder is yet to be made: it comes first.
            let inNewFolder = job.outputs.folder.map {
                !FileInput.exists($0) && PathCollisions.Identity(parent) == PathCollisions.Identity($0)
            }
            if inNewFolder != true && !FileInput.isDirectory(parent) {
                let reason = FileInput.exists(parent) ? ENOTDIR : ENOENT
                throw .runtime("cannot create '\(target.path)': \(String(cString: strerror(reason)))")
            }
        }
    }
}

/// What a run writes and the files it reads: all its preparation needs, known before its label
/// is made.
struct RunTargets: Sendable {
    let sequence: SequencePlan
    let outputs: OutputPlan
    /// The files the run reads, by option: outputs never meet them (`PathCollisions`).
    let inputs: [NamedPath]
}

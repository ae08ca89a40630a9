import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Carries out a resolved `RenderJob`: the single files (`OutputTarget`), then the frame folder
/// with its manifest, and one summary line per file or folder written.
struct RenderRun {
    let job: RenderJob
    let renderer: FrameRenderer
    let started: Double
    /// The checks, the folder and the first frames' files, made while the renderer is built.
    private let preparation: BackgroundWork<Result<RunPreparation, FramesError>>

    /// `preparation`: the run's preparation when it was begun before the job was resolved
    /// (`RenderJob.resolve(_:whenTargetsAreKnown:)`); otherwise it begins here.
    init(
        _ job: RenderJob, started: Double, preparation: BackgroundWork<Result<RunPreparation, FramesError>>? = nil
    ) throws(FramesError) {
        self.job = job
        self.started = started
        let targets = job.targets
        self.preparation = preparation ?? BackgroundWork { RunPreparation.make(targets) }
        do {
            // A still with no other file draws one frame (exports draw many).
            let drawn = job.outputs.files.isEmpty ? job.sequence.writtenIndices.count : job.sequence.turnFrames
            renderer = try FrameRenderer(
                scene: job.scene, label: job.label, frameCount: job.sequence.turnFrames, framesDrawn: drawn)
        } catch {
            RunPreparation.abandon(self.preparation)
            throw .runtime("\(error)")
        }
    }

    /// Writes every output as one change: every check first (collisions, the folder), then every
    /// file staged under a temporary name (single files, frames, manifest), then all renamed into
    /// place (`commit`). Until the commit, a failure or a stop leaves the file system as it was.
    func run() throws(FramesError) {
        printWarnings()
        let prepared = try preparation.value.get()
        let opened = prepared.folder
        var staged: [(temporary: String, path: String)] = []
        var summaries: [String] = []
        var frames: StagedFrames? = nil
        var exports: [Manifest.Export] = []
        do {
            for target in job.outputs.files {
                let made = try target.make(self)
                switch made.content {
                case .bytes(let bytes):
                    staged.append((try stage(bytes, beside: target.path, holding: true), target.path))
                    exports.append(export(target, bytes: bytes.count))
                case .staged(let temporary, let byteCount):
                    staged.append((temporary, target.path))
                    exports.append(export(target, bytes: byteCount))
                }
                summaries.append(made.summary)
            }
            if let opened {
                frames = try stageFrames(in: opened, prepared, exports: exports)
            }
            try commit(staged, frames: frames, in: opened)
        } catch {
            for file in staged { FileOutput.remove(temporary: file.temporary) }
            frames?.discard()
            prepared.abandon()
            throw error
        }
        opened?.lock.release()
        for summary in summaries { try report(summary) }
        if let frames { try report(frames.summary) }
    }

    /// Warnings about the label's font, naming the option that chose it.
    func printWarnings() {
        for warning in renderer.label?.warnings ?? [] {
            switch warning {
            case .unknownFamily, .noOutlines:
                let option = job.scene.fontFile == nil ? "--text-font-name" : "--font-file"
                Console.printError("warning: \(option): \(warning)")
            default:
                Console.printError("warning: \(warning)")
            }
        }
    }

    /// `bytes` under a temporary name beside `path`; `holding` for a single file (see
    /// `FileOutput.stage`).
    func stage(_ bytes: [UInt8], beside path: String, holding: Bool = false) throws(FramesError) -> String {
        do {
            return try FileOutput.stage(bytes, beside: path, holding: holding)
        } catch {
            throw .runtime("\(error)")
        }
    }

    /// The frames and the manifest under temporary names in the locked folder, whose journal
    /// `prepared` began, in the files it created.
    func stageFrames(
        in folder: OutputFolder, _ prepared: RunPreparation, exports: [Manifest.Export]
    ) throws(FramesError) -> StagedFrames {
        let (sequence, names, earlier) = (job.sequence, prepared.names, prepared.earlier)
        // The manifest depends on the job alone, not on the frames' bytes: made meanwhile.
        let (job, renderer) = (job, renderer)
        let manifest = BackgroundWork { () -> [UInt8] in
            var manifest = Manifest(job: job, renderer: renderer, fileNames: names)
            manifest.exports = exports
            return manifest.bytes
        }
        let progress = Progress(
            total: names.count, enabled: !job.quiet && Console.errorIsTerminal, started: started)
        let staged: SequenceWriter.Staged
        do {
            staged = try SequenceWriter(threads: job.threads).stage(
                renderer, in: folder.path, fileNames: names, frames: sequence.writtenIndices.map(sequence.frame),
                files: prepared.files, inPlace: prepared.inPlace, progress: { progress.update($0) })
            progress.finish()
        } catch {
            progress.finish()
            throw error as? FramesError ?? .runtime("\(error)")
        }
        var frames = StagedFrames(
            folder: folder.path, names: names, earlier: earlier, temporaries: staged.temporaries,
            inPlace: prepared.inPlace, manifest: "", summary: "")
        do {
            frames.manifest = try stage(manifest.value, beside: folder.path + "/manifest.json")
        } catch {
            frames.discard()
            throw error
        }
        frames.summary = summary(of: names.count, sizes: staged.sizes, folder: folder.path)
        return frames
    }

    /// Renames everything staged into place, as one change a stop waits for: the journal's
    /// "commit", the old manifest removed, the frames, the single files, the new manifest (the
    /// commit point), "committed", then the earlier run's frames this run did not rewrite.
    func commit(_ files: [(temporary: String, path: String)], frames: StagedFrames?, in folder: OutputFolder?)
        throws(FramesError)
    {
        try WriteGate.shared.perform { () throws(FramesError) in
            do {
                if let frames, let folder, !frames.inPlace {
                    try folder.lock.mark("commit")
                    let manifestPath = folder.path + "/manifest.json"
                    if unlink(manifestPath) != 0, errno != ENOENT {
                        throw FileError(operation: "remove", path: manifestPath, errno: errno)
                    }
                    for (temporary, name) in zip(frames.temporaries, frames.names) {
                        try FileOutput.rename(temporary, to: folder.path + "/" + name)
                    }
                }
                for file in files { try FileOutput.rename(file.temporary, to: file.path) }
                if let frames, let folder {
                    try FileOutput.rename(frames.manifest, to: folder.path + "/manifest.json")
                    // The frames in place already are the run's for good now.
                    if frames.inPlace { for path in frames.temporaries { WriteGate.shared.removed(temporary: path) } }
                    WriteGate.shared.dropUndo(.removeFolder(folder.path))
                    try? folder.lock.mark("committed")
                    for name in frames.earlier where !frames.names.contains(name) {
                        FileOutput.remove(folder.path + "/" + name)
                    }
                }
            } catch let error as FramesError {
                throw error
            } catch {
                throw .runtime("\(error)")
            }
        }
    }

    func summary(of count: Int, sizes: [Int], folder: String) -> String {
        let sequence = job.sequence
        let size = "\(renderer.width)×\(renderer.height) px"
        let details =
            "\(job.scene.variant.rawValue) @\(formatNumber(job.scene.scale))x, \(sequence.fps) fps, "
            + formatBytes(sizes.reduce(0, +))
        let what =
            sequence.still.map { "frame \($0) of \(sequence.frameCount), \(size) (\(details))," }
            ?? "\(counted(count, "frame")) of \(size) (\(details))"
        return "Wrote \(what) and manifest.json to \(folder) in \(formatDuration(monotonicSeconds() - started))"
    }

    /// How the manifest lists a written file: by its name when it lies in the frame folder (the
    /// same directory, by device and inode), else by its path as given.
    func export(_ target: OutputTarget, bytes: Int) -> Manifest.Export {
        let format = String(target.option.drop { $0 == "-" })
        let slash = target.path.lastIndex(of: "/")
        let directory = slash.map { String(target.path[..<$0]) } ?? "."
        let name = slash.map { String(target.path[target.path.index(after: $0)...]) } ?? target.path
        var a = stat()
        var b = stat()
        if let folder = job.outputs.folder, stat(directory.isEmpty ? "/" : directory, &a) == 0, stat(folder, &b) == 0,
            a.st_dev == b.st_dev, a.st_ino == b.st_ino
        {
            return Manifest.Export(format: format, path: name, inFolder: true, bytes: bytes)
        }
        return Manifest.Export(format: format, path: target.path, inFolder: false, bytes: bytes)
    }

    /// A summary line on standard output, unless `--quiet`.
    func report(_ line: String) throws(FramesError) {
        if !job.quiet { try Console.print(line) }
    }
}

/// A run's frames and manifest under temporary names, waiting for the commit.
struct StagedFrames {
    let folder: String
    let names: [String]
    /// The earlier run's frames (from its manifest), removed after the commit unless rewritten.
    let earlier: [String]
    let temporaries: [String]
    /// The frames are in place already (`RunPreparation.inPlace`): `temporaries` are their names.
    let inPlace: Bool
    var manifest: String
    var summary: String

    /// Removes the temporary files (the run did not commit).
    func discard() {
        for temporary in temporaries + [manifest] where !temporary.isEmpty { FileOutput.remove(temporary: temporary) }
    }
}

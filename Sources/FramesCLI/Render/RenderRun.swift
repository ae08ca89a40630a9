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

    init(_ job: RenderJob, started: Double) throws(FramesError) {
        self.job = job
        self.started = started
        do {
            renderer = try FrameRenderer(scene: job.scene, label: job.label, frameCount: job.sequence.turnFrames)
        } catch {
            throw .runtime("\(error)")
        }
    }

    /// Writes every output; the folder is prepared first, so that a folder that cannot be used
    /// is refused before any other file is written.
    func run() throws(FramesError) {
        for warning in renderer.label?.warnings ?? [] {
            switch warning {
            case .unknownFamily, .noOutlines:
                // Name the option that chose the font.
                let option = job.scene.fontFile == nil ? "--text-font-name" : "--font-file"
                Console.printError("warning: \(option): \(warning)")
            default:
                Console.printError("warning: \(warning)")
            }
        }
        let created = try job.outputs.folder.map { (folder: String) throws(FramesError) in
            try OutputFolder.prepare(folder, force: job.outputs.force)
        }
        do {
            var exports: [Manifest.Export] = []
            for target in job.outputs.files {
                let made = try target.make(self)
                try OutputFile.write(made.bytes, to: target.path)
                try report(made.summary)
                exports.append(export(target, bytes: made.bytes.count))
            }
            if let folder = job.outputs.folder {
                try writeFrames(to: folder, created: created ?? false, exports: exports)
            }
        } catch {
            if created == true, let folder = job.outputs.folder { rmdir(folder) }
            throw error
        }
    }

    /// The frames and the manifest, as `SequenceWriter` and `OutputFolder` describe.
    func writeFrames(to folder: String, created: Bool, exports: [Manifest.Export]) throws(FramesError) {
        let sequence = job.sequence
        let indices = sequence.writtenIndices
        let frames = indices.map(sequence.frame)
        let fileNames = indices.map(sequence.namePattern.name(for:))
        let manifestPath = folder + "/manifest.json"
        // The files an earlier run listed in its manifest: those this run does not rewrite go once it
        // has succeeded, so the folder holds one run. Files no manifest lists are never touched.
        let earlier = EarlierRun.files(listedIn: manifestPath)
        let progress = Progress(
            total: frames.count, enabled: !job.quiet && Console.errorIsTerminal, started: started)
        // An interruption removes this run's temporary files, and the frames it creates where none
        // stood before (a new folder goes too).
        let fresh = fileNames.filter { !FileInput.exists(folder + "/" + $0) }
        Interruption.protect(
            fileNames.map { folder + "/" + SequenceWriter.temporaryName(for: $0) } + fresh.map { folder + "/" + $0 }
                + [folder + "/" + SequenceWriter.temporaryName(for: "manifest.json")],
            folder: created ? folder : nil)
        defer { Interruption.release() }
        let sizes: [Int]
        do {
            // The old manifest goes before the first frame is replaced, so no manifest ever lists
            // frames of another run; the new one is written last.
            sizes = try SequenceWriter(threads: job.threads).write(
                renderer, to: folder, fileNames: fileNames, frames: frames, progress: { progress.update($0) },
                beforeRenaming: {
                    if unlink(manifestPath) != 0, errno != ENOENT {
                        throw FileError(operation: "remove", path: manifestPath, errno: errno)
                    }
                })
            progress.finish()
            var manifest = Manifest(job: job, renderer: renderer, fileNames: fileNames)
            manifest.exports = exports
            try OutputFile.write(manifest.bytes, to: manifestPath)
        } catch {
            progress.finish()
            throw error as? FramesError ?? .runtime("\(error)")
        }
        for name in earlier where !fileNames.contains(name) { FileOutput.remove(folder + "/" + name) }
        let size = "\(renderer.width)×\(renderer.height) px"
        let details =
            "\(job.scene.variant.rawValue) @\(formatNumber(job.scene.scale))x, \(sequence.fps) fps, "
            + formatBytes(sizes.reduce(0, +))
        let what =
            sequence.still.map { "frame \($0) of \(sequence.frameCount), \(size) (\(details))," }
            ?? "\(counted(indices.count, "frame")) of \(size) (\(details))"
        try report("Wrote \(what) and manifest.json to \(folder) in \(formatDuration(monotonicSeconds() - started))")
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

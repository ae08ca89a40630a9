import Exports
import GoldenFolders
import Images
import LibC
import Raster
import StrictJSON
import Workers

/// One render of `frames`, in the order it happens, each step a function read from `run`. Every
/// output was checked before any input was read (`OutputCheck`, from `RenderJob.resolve`); then:
/// open (the frame folder made and locked, and what only its lock can tell decided) → read (the
/// backdrop image decoded) → render (the static layers, once) → the single files (each encoded and
/// staged) → the frames (encoded and staged on the worker pool) → the manifest → commit
/// (everything renamed into place as one change, `OutputTransaction`). A failure or a stop
/// anywhere before the commit takes back exactly what the run made.
struct RenderRun {
    let job: RenderJob
    let started: Double

    /// Runs the job and prints one summary line per file or folder written.
    static func run(_ job: RenderJob, started: Double) throws(FramesError) {
        try RenderRun(job: job, started: started).run()
    }

    private func run() throws(FramesError) {
        let names = job.sequence.fileNames
        let transaction = OutputTransaction()
        var summaries: [String] = []
        do throws(FramesError) {
            let folder = try open(writing: names, in: transaction)
            let (scene, note) = try job.readBackdropNoting()
            for warning in job.warnings { Console.printError(warning) }
            if let note, !job.quiet { Console.printError(note) }
            let renderer = try render(scene)
            printWarnings(of: renderer)
            let frames = ExportFrames(renderer: renderer, frames: job.sequence.timeline?.frames, fps: job.sequence.fps)
            var exports: [Manifest.Export] = []
            for target in job.outputs.files {
                try Stop.check()
                let written = try target.write(RenderInput(job: job, renderer: renderer, frames: frames), transaction)
                exports.append(export(target, bytes: written.bytes))
                summaries.append(written.summary)
            }
            if let folder {
                let sizes = try writeFrames(renderer, names: names, into: folder, transaction)
                var manifest = Manifest(job: job, renderer: renderer, fileNames: names)
                manifest.exports += exports
                try transaction.stage(manifest.bytes, as: Manifest.fileName, in: folder, isManifest: true)
                summaries.append(summary(of: names.count, sizes: sizes, renderer: renderer))
            }
            try transaction.commit()
        } catch {
            transaction.rollback()
            throw error
        }
        if !job.quiet { for line in summaries { Console.print(line) } }
    }

    /// The frame folder, made (with missing parents) and locked, and what only its lock can tell
    /// decided, once: a killed run's journal finished or undone and a folder of other files
    /// refused unless `--force` (`OutputTransaction.lockFrames`), then the earlier run's frames
    /// that this run does not write (`names`) refused where one is an input or a single file of
    /// this run (`OutputCheck.checkEarlierFrames`), else marked to go once it commits. Nil when
    /// only single files are written.
    private func open(writing names: [String], in transaction: OutputTransaction) throws(FramesError)
        -> OutputTransaction.Folder?
    {
        guard let path = job.outputs.folder else { return nil }
        let folder = try transaction.folder(path, creating: true)
        try transaction.lockFrames(folder, refusingOtherFiles: job.outputs.force ? nil : job.outputs.folderOption)
        let written = Set(names)
        let stale = try EarlierRun.files(listedIn: folder.display(Manifest.fileName)).filter { !written.contains($0) }
        try OutputCheck.checkEarlierFrames(stale, outputs: job.outputs, inputs: job.inputs)
        folder.lock?.stale = stale
        return folder
    }

    /// The renderer of `scene`: the static layers composited once, for one turn of the spinner.
    private func render(_ scene: Scene) throws(FramesError) -> FrameRenderer {
        try Stop.check()
        // A still with no other file draws one frame (exports draw many).
        let drawn = job.outputs.files.isEmpty ? job.sequence.writtenIndices.count : job.sequence.turnFrames
        do {
            return try FrameRenderer(
                scene: scene, label: job.label, frameCount: job.sequence.turnFrames, framesDrawn: drawn)
        } catch {
            throw .rendering(error, fontOption: job.fontOption)
        }
    }

    /// Encodes every written frame on the worker pool and stages it as `names[i]`; returns each
    /// file's size. The encoder keeps what the spinner's frames share when there are more than
    /// one, nothing for one (a still). The pool's workers are at most `--threads`, and never more
    /// than fit in `frameMemoryBudget` together.
    private func writeFrames(
        _ renderer: FrameRenderer, names: [String], into folder: OutputTransaction.Folder,
        _ transaction: OutputTransaction
    ) throws(FramesError) -> [Int] {
        let sequence = job.sequence
        let frames = sequence.writtenIndices.map(sequence.frame)
        let encoder: SequenceEncoder
        let hidden: [UInt8]
        do {
            encoder = try renderer.sequenceEncoder(frames: frames.count(where: { $0 != .hidden }))
            hidden = frames.contains(.hidden) ? try renderer.hiddenFrameFile() : []
        } catch {
            throw .encoding(error)
        }
        let progress = Progress(total: frames.count, enabled: !job.quiet && Console.errorIsTerminal, started: started)
        defer { progress.finish() }
        let sizes = Locked([Int](repeating: 0, count: frames.count))
        let workers = min(job.threads, max(1, RenderRun.frameMemoryBudget / renderer.bytesPerFrame))
        try WorkerPool.forEach(frames.count, workers: workers) { (index: Int) throws(FramesError) in
            try Stop.check()
            let bytes: [UInt8]
            do throws(PNGError) {
                switch frames[index] {
                case .spinner(let k): bytes = try encoder.encode(frame: k)
                case .hidden: bytes = hidden
                }
            } catch {
                throw .encoding(error)
            }
            try transaction.stage(bytes, as: names[index], in: folder)
            let done = sizes.withLock { sizes in
                sizes[index] = bytes.count
                return sizes.filter { $0 > 0 }.count
            }
            progress.update(done)
        }
        return sizes.withLock { $0 }
    }

    /// Memory that the frames being encoded at once may take together: 512 MiB.
    static let frameMemoryBudget = 512 << 20

    /// Warnings about the label's font, naming the option that chose it.
    private func printWarnings(of renderer: FrameRenderer) {
        for warning in renderer.label?.warnings ?? [] {
            switch warning {
            case .unknownFamily, .noOutlines: Console.printError("warning: \(job.fontOption): \(warning)")
            default: Console.printError("warning: \(warning)")
            }
        }
    }

    private func summary(of count: Int, sizes: [Int], renderer: FrameRenderer) -> String {
        let sequence = job.sequence
        let size = "\(renderer.width)×\(renderer.height) px"
        let details =
            "\(job.scene.variant.rawValue) @\(formatNumber(job.scene.scale))x, \(sequence.fps) fps, "
            + formatBytes(sizes.reduce(0, +))
        let what =
            sequence.still.map { "frame \($0) of \(sequence.frameCount), \(size) (\(details))," }
            ?? "\(counted(count, "frame")) of \(size) (\(details))"
        return "Wrote \(what) and manifest.json to \(Console.shown(job.outputs.folder ?? "")) in "
            + formatDuration(monotonicSeconds() - started)
    }

    /// How the manifest lists a written file: by its name when it lies in the frame folder (the
    /// same directory, by device and inode), else by its path as given.
    private func export(_ target: OutputTarget, bytes: Int) -> Manifest.Export {
        let format = String(target.option.drop { $0 == "-" })
        let (directory, name) = PathCollisions.split(target.path)
        if let folder = job.outputs.folder, PathCollisions.Identity(directory) == PathCollisions.Identity(folder) {
            return Manifest.Export(format: format, path: name, inFolder: true, bytes: bytes)
        }
        return Manifest.Export(format: format, path: target.path, inFolder: false, bytes: bytes)
    }
}

/// What a single-file target makes its file from.
struct RenderInput {
    let job: RenderJob
    let renderer: FrameRenderer
    /// The frames the animated exports play: the timeline's, or one turn.
    let frames: ExportFrames
}

/// What an earlier run wrote into a folder, from its manifest.
enum EarlierRun {
    /// The frame files the manifest at `path` lists, only those frames may act on: plain names in
    /// that folder (no path, no control character, not hidden, not the manifest) that the
    /// manifest's own name pattern gives and that end in .png; none when there is no readable
    /// manifest. A stop asked for while the manifest is parsed is thrown.
    static func files(listedIn path: String) throws(FramesError) -> [String] {
        guard let bytes = try? FileInput.read(path, maxBytes: Manifest.maxBytes) else { return [] }
        let parsed = try? JSONValue.parse(bytes, shouldStop: Stop.asked)
        try Stop.check()
        guard case .object(let manifest)? = parsed, case .array(let files)? = manifest["files"] else { return [] }
        let names = files.compactMap { value -> String? in
            guard case .string(let name) = value else { return nil }
            return name
        }
        let pattern: NamePattern?
        if case .string(let text)? = manifest["namePattern"] {
            pattern = try? NamePattern(text)
        } else {
            pattern = names.first.map(NamePattern.inferred(from:))
        }
        guard let pattern else { return [] }
        return names.filter { name in
            OutputNames.isPlain(name) && name != Manifest.fileName && name.lowercased().hasSuffix(".png")
                && pattern.matches(name)
        }
    }
}

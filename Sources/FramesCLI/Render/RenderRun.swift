import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Carries out a resolved `RenderJob`: the animated PNG, the contact sheet, then the frame folder
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
        for warning in renderer.label?.warnings ?? [] { Console.printError("warning: \(warning)") }
        let created = try job.outputs.folder.map { (folder: String) throws(FramesError) in
            try OutputFolder.prepare(folder, force: job.outputs.force)
        }
        do {
            if let apng = job.outputs.apng { try writeAPNG(to: apng) }
            if let sheet = job.outputs.sheet { try writeSheet(sheet) }
            if let folder = job.outputs.folder { try writeFrames(to: folder, created: created ?? false) }
        } catch {
            if created == true, let folder = job.outputs.folder { rmdir(folder) }
            throw error
        }
    }

    func writeAPNG(to path: String) throws(FramesError) {
        let bytes: [UInt8]
        do {
            bytes = try APNGEncoder(renderer: renderer, fps: job.sequence.fps).encode()
        } catch {
            throw .runtime("\(error)")
        }
        try OutputFile.write(bytes, to: path)
        try report(
            "Wrote \(path): \(counted(job.sequence.frameCount, "frame")) of \(renderer.width)×\(renderer.height) px "
                + "looping at \(job.sequence.fps) fps, \(formatBytes(bytes.count))")
    }

    func writeSheet(_ sheet: OutputPlan.Sheet) throws(FramesError) {
        let tiles = (job.sequence.frameCount + sheet.every - 1) / sheet.every
        let columns = sheet.columns ?? Int(Double(tiles).squareRoot().rounded(.up))
        let bytes: [UInt8]
        let image: Pixmap
        do {
            image = try ContactSheet.render(renderer, columns: columns, every: sheet.every)
            bytes = try PNGEncoder().encode(image)
        } catch RasterError.invalidSize(let width, let height) {
            throw .invalidValue(
                option: "--sheet", value: sheet.path,
                expected: "a sheet of at most 100 megapixels (it would be \(width) × \(height) px; "
                    + "use --every, --columns or a smaller --scale)")
        } catch {
            throw .runtime("\(error)")
        }
        try OutputFile.write(bytes, to: sheet.path)
        try report(
            "Wrote \(sheet.path): \(counted(tiles, "frame")) in \(counted(columns, "column")), "
                + "\(image.width)×\(image.height) px, \(formatBytes(bytes.count))")
    }

    /// The frames and the manifest, as `SequenceWriter` and `OutputFolder` describe.
    func writeFrames(to folder: String, created: Bool) throws(FramesError) {
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
            try OutputFile.write(Manifest.json(job: job, renderer: renderer, fileNames: fileNames), to: manifestPath)
        } catch {
            progress.finish()
            throw error as? FramesError ?? .runtime("\(error)")
        }
        for name in earlier where !fileNames.contains(name) { FileOutput.remove(folder + "/" + name) }
        let what = sequence.still.map { "frame \($0) of \(sequence.frameCount)" } ?? counted(indices.count, "frame")
        try report(
            "Wrote \(what) of \(renderer.width)×\(renderer.height) px (\(job.scene.variant.rawValue) "
                + "@\(formatNumber(job.scene.scale))x, \(sequence.fps) fps, \(formatBytes(sizes.reduce(0, +)))) "
                + "and manifest.json to \(folder) in \(formatDuration(monotonicSeconds() - started))")
    }

    /// A summary line on standard output, unless `--quiet`.
    func report(_ line: String) throws(FramesError) {
        if !job.quiet { try Console.print(line) }
    }
}

import GoldenFolders
import Raster
import Workers

/// `frames verify --update`: a folder rewritten from its manifest by the render command's own
/// run (`RenderRun`: temporary names, renames, the manifest last, one run per folder), so the
/// folder is what `frames` would write for the same options today. The manifest is written over
/// the folder's: the fields a render does not set (the exports it lists) are kept.
enum VerifyUpdate {
    static func rewrite(_ verification: FolderVerification, threads: Int?) throws(FramesError) {
        let started = monotonicSeconds()
        let job = try RenderJob(replaying: verification, threads: threads ?? WorkerPool.processorCount)
        try RenderRun.run(job, started: started)
        for name in verification.folder.unlistedFrameFiles() {
            Console.printError(
                "note: \(Console.shown(verification.folder.path + "/" + name)) is not a frame of the manifest; frames "
                    + "never removes a file it did not write")
        }
    }
}

extension RenderJob {
    /// The job a folder's manifest describes, writing into the folder, its outputs checked as a
    /// render's are (`OutputCheck`); its scene holds the backdrop image the verification read.
    init(replaying verification: FolderVerification, threads: Int) throws(FramesError) {
        let folder = verification.folder
        let manifest = folder.manifest
        let sequence = try SequencePlan(replaying: folder)
        let outputs = OutputPlan(folder: folder.path, files: [], force: false, folderOption: "<folder>")
        let inputs = [folder.backdropImageFile.map { NamedPath.file("the manifest's backdropImage", $0) }].compactMap {
            $0
        }
        try OutputCheck.check(outputs, sequence: sequence, inputs: inputs)
        self.init(
            style: ResolvedStyle(
                style: manifest.style, variant: manifest.variant,
                sources: Dictionary(
                    uniqueKeysWithValues: StyleProperty.all.map { ($0.name, .preset(manifest.variant)) })),
            language: Translation.forLanguage(manifest.language) ?? .english, scene: folder.scene,
            label: verification.renderer.label, backdropImage: nil, backdropImagePath: manifest.backdropImage,
            backdropImageFile: folder.backdropImageFile, fontFilePath: manifest.fontFile, sequence: sequence,
            outputs: outputs, threads: threads, quiet: false, inputs: inputs, tolerance: manifest.tolerance,
            baseManifest: manifest)
    }
}

extension SequencePlan {
    /// The sequence a folder's manifest describes, with the one check of its names that `verify`
    /// and `verify --update` share: its `namePattern` is one `--name-pattern` takes (a plain
    /// `.png` name, no '/', not hidden), and its `files` are the names that pattern gives.
    init(replaying folder: FramesFolder) throws(FramesError) {
        let manifest = folder.manifest
        let pattern = try NamePattern(replaying: manifest, path: folder.manifestPath)
        self.init(
            fps: manifest.fps, frameCount: manifest.frameCount, turnFrames: manifest.turnFrames,
            timeline: manifest.timeline, still: manifest.still, namePattern: pattern)
        let names = fileNames
        guard names == manifest.files else {
            throw .manifest(
                .invalidValue(
                    path: folder.manifestPath, key: "files", value: manifest.files.first ?? "",
                    expected: "the names \(pattern.text) gives (\(names.first ?? ""), …)"))
        }
    }
}

extension NamePattern {
    /// The manifest's `namePattern`; a version 1 manifest has none, so the pattern is read from
    /// the first file's name: the last number in it is the frame's, zero-padded to its width.
    init(replaying manifest: Manifest, path: String) throws(FramesError) {
        if let text = manifest.namePattern {
            do {
                try self.init(text)
            } catch {
                throw .manifest(
                    .invalidValue(path: path, key: "namePattern", value: "\"\(text)\"", expected: error.expected))
            }
            return
        }
        self = .inferred(from: manifest.files.first ?? "frame_0000.png")
    }
}

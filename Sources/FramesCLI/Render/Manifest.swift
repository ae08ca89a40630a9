import GoldenFolders
import Raster

extension Manifest {
    /// The manifest of a run: the job's description, and what `renderer` was made with, over the
    /// manifest the job starts from (`RenderJob.baseManifest`), whose other fields are kept.
    init(job: RenderJob, renderer: FrameRenderer, fileNames: [String]) {
        self = job.baseManifest ?? Manifest()
        version = Manifest().version
        describe(job.scene)
        language = job.language.languageCode
        fontFile = job.fontFilePath
        backdropImage = job.backdropImagePath
        fps = job.sequence.fps
        frameCount = job.sequence.frameCount
        turnFrames = job.sequence.turnFrames
        timeline = job.sequence.timeline
        still = job.sequence.still
        namePattern = job.sequence.namePattern.text
        files = fileNames
        tolerance = job.tolerance
        recordEnvironment(of: renderer, backdropImageFile: job.backdropImageFile)
    }
}

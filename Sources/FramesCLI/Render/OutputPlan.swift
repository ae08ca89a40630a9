import Raster

/// Where a run writes: the frame folder (with its manifest) and single files beside it (an
/// animated PNG, a contact sheet, …), each file an `OutputTarget`.
struct OutputPlan: Sendable {
    /// The frame folder; nil when only single files are written.
    let folder: String?
    /// The single files, in the order they are written.
    let files: [OutputTarget]
    /// Write into a folder of other files.
    let force: Bool

    static func resolve(_ options: RenderOptions) throws(FramesError) -> OutputPlan {
        var files: [OutputTarget] = []
        for kind in OutputTarget.all {
            if let target = try kind.target(options) { files.append(target) }
        }
        for file in files where FileInput.isDirectory(file.path) {
            throw .invalidValue(option: file.option, value: file.path, expected: "a file name, not a folder")
        }
        if options.sheet == nil {
            for given in [options.columns, options.every].compactMap({ $0 }) {
                throw .invalidValue(
                    option: given.option, value: given.text,
                    expected: "no value without --sheet (it lays out the sheet)")
            }
        }
        return OutputPlan(
            folder: options.out == nil && !files.isEmpty ? nil : options.out?.value ?? "frames", files: files,
            force: options.force)
    }
}

/// One file a run writes besides the frame folder: the option that asked for it, its path, and
/// how its bytes are made from the run's renderer.
struct OutputTarget: Sendable {
    /// A kind of single-file output: how the options ask for it.
    struct Kind: Sendable {
        /// The target the options ask for, or nil.
        let target: @Sendable (RenderOptions) throws(FramesError) -> OutputTarget?
    }

    /// What a target made: the file's bytes, or the temporary file it wrote them to as they were
    /// made (`FileOutput.StagedFile`, finished), and the summary line that reports it.
    struct Made: Sendable {
        enum Content: Sendable {
            case bytes([UInt8])
            case staged(temporary: String, byteCount: Int)
        }
        let content: Content
        let summary: String

        init(bytes: [UInt8], summary: String) {
            (content, self.summary) = (.bytes(bytes), summary)
        }

        init(staged temporary: String, byteCount: Int, summary: String) {
            (content, self.summary) = (.staged(temporary: temporary, byteCount: byteCount), summary)
        }
    }

    /// The option, e.g. "--apng".
    let option: String
    let path: String
    let make: @Sendable (RenderRun) throws(FramesError) -> Made

    /// Every kind, in the order files are written.
    static let all: [Kind] = [.apng, .sheet, .webp, .gif, .svg, .lottie, .swift]
}

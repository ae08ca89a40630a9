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

    /// What a target made: the file's bytes, and the summary line that reports it.
    struct Made: Sendable {
        let bytes: [UInt8]
        let summary: String
    }

    /// The option, e.g. "--apng".
    let option: String
    let path: String
    let make: @Sendable (RenderRun) throws(FramesError) -> Made

    /// Every kind, in the order files are written.
    static let all: [Kind] = [.apng, .sheet, .webp, .gif, .svg, .lottie, .swift]
}

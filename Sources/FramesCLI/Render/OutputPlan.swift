import GoldenFolders

/// Where a run writes: the frame folder (with its manifest) and single files beside it (an
/// animated PNG, a contact sheet, …), each file an `OutputTarget`.
package struct OutputPlan: Sendable {
    /// The frame folder; nil when only single files are written.
    let folder: String?
    /// The single files, in the order they are written.
    let files: [OutputTarget]
    /// Write into a folder of other files.
    let force: Bool
    /// What names the folder in messages: `--out`, or the folder `verify --update` rewrites.
    var folderOption = "--out"

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
/// how it is made from the run's renderer and staged in the run's transaction.
struct OutputTarget: Sendable {
    /// A kind of single-file output: how the options ask for it.
    struct Kind: Sendable {
        /// The target the options ask for, or nil.
        let target: @Sendable (RenderOptions) throws(FramesError) -> OutputTarget?
    }

    /// What a target wrote: its size, and the summary line that reports it.
    struct Written: Sendable {
        let bytes: Int
        let summary: String
    }

    /// The option, e.g. "--apng".
    let option: String
    let path: String
    /// Makes the file and stages it in the transaction, at `path`.
    let write: @Sendable (RenderInput, OutputTransaction) throws(FramesError) -> Written

    /// Every kind, in the order files are written.
    static let all: [Kind] = [.apng, .sheet, .webp, .gif, .svg, .lottie, .swift]
}

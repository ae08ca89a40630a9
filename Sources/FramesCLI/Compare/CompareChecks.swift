import Comparison
import GoldenFolders
import Images

/// What `frames compare` decides before it writes anything: its outputs (`--diff`, `--report`)
/// meet none of its inputs nor each other, and every diff it may write fits the pixel limit.
extension CompareCommand {
    /// Outputs against inputs: for two files, the files; for two folders, the folders (any file
    /// in them), with the diff folder's names being the compared PNGs'.
    static func checkCollisions(_ options: Options, folders: Bool, names: Set<String>) throws(FramesError) {
        let inputs: [NamedPath] =
            folders
            ? [.folder("<expected>", options.expected), .folder("<actual>", options.actual)]
            : [.file("<expected>", options.expected), .file("<actual>", options.actual)]
        var outputs: [NamedPath] = []
        for diff in [options.diff, options.diffMask].compactMap({ $0 }) {
            outputs.append(folders ? .folder(diff.option, diff.value, names: names) : .file(diff.option, diff.value))
        }
        if let report = options.report { outputs.append(.file(report.option, report.value)) }
        try PathCollisions.check(outputs: outputs, inputs: inputs)
    }

    /// Both checks for two folders of frames.
    static func checkFolders(_ options: Options, expectedNames: [String], actualNames: [String]) throws(FramesError) {
        try checkDiffFolders(options, names: Set(expectedNames).union(actualNames))
        try checkCollisions(options, folders: true, names: Set(expectedNames).union(actualNames))
        try checkDiffSizes(
            options,
            pairs: Set(expectedNames).intersection(actualNames).sorted().map {
                (FileInput.path($0, in: options.expected), FileInput.path($0, in: options.actual))
            })
    }

    /// The diff folders of two folders (`--diff`, `--diff-mask`): folders, not files, and every
    /// diff's path in them within NAME_MAX and PATH_MAX in bytes.
    static func checkDiffFolders(_ options: Options, names: Set<String>) throws(FramesError) {
        for diff in [options.diff, options.diffMask].compactMap({ $0 }) {
            if FileInput.exists(diff.value), !FileInput.isDirectory(diff.value) {
                throw .invalidValue(
                    option: diff.option, value: diff.text,
                    expected: "a folder for the diffs of two folders (this is a file)")
            }
            for name in names.sorted() {
                if let refusal = OutputNames.refusal(of: FileInput.path(name, in: diff.value)) {
                    throw .invalidValue(option: diff.option, value: diff.text, expected: refusal)
                }
            }
        }
    }

    /// With `--diff`: refuses, before comparing, a pair whose diff image (expected | actual |
    /// difference side by side) would be over the pixel limit; with `--report`, a pair whose
    /// difference panel (as wide and as tall as the larger of each) would be.
    static func checkDiffSizes(_ options: Options, pairs: [(String, String)]) throws(FramesError) {
        guard options.diff != nil || options.report != nil else { return }
        for (expected, actual) in pairs {
            guard let e = pngSize(expected), let a = pngSize(actual) else { continue }
            let panel = ImageComparison.Size2D(width: max(e.width, a.width), height: max(e.height, a.height))
            if let report = options.report, !panel.fits {
                throw .invalidValue(
                    option: report.option, value: report.value,
                    expected: "images whose difference panel fits in \(Pixmap.maxPixelCount / 1_000_000) megapixels "
                        + "(for \(actual) it would be \(panel.width) × \(panel.height) px); compare without --report")
            }
            let size = ImageComparison.diffSize(expected: e, actual: a)
            if let diff = options.diff, !size.fits {
                throw .invalidValue(
                    option: diff.option, value: diff.value,
                    expected: "images whose diff fits in \(Pixmap.maxPixelCount / 1_000_000) megapixels "
                        + "(the diff of \(actual) would be \(size.width) × \(size.height) px: expected, actual and "
                        + "difference side by side); compare without --diff, or --report to see them apart")
            }
        }
    }

    /// A PNG file's width and height from its IHDR; nil when it is not a readable PNG (the
    /// comparison then says so).
    static func pngSize(_ path: String) -> ImageComparison.Size2D? {
        guard let head = try? FileInput.head(path, count: 24), head.count == 24,
            head.starts(with: [0x89, 0x50, 0x4E, 0x47])
        else { return nil }
        let width = head[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = head[20..<24].reduce(0) { $0 << 8 | Int($1) }
        return ImageComparison.Size2D(width: width, height: height)
    }
}

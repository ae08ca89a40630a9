import Comparison
import GoldenFolders
import Images
import LibC
import Workers

/// `frames compare EXPECTED ACTUAL`: compares two PNG files, or two folders of PNG frames
/// matched by name, and reports every image's figures, pass or fail.
enum CompareCommand {
    struct Options: ComparisonOptions {
        var expected = ""
        var actual = ""
        var maxChannelDelta: Given<Int>?
        var maxDifferingPixels: Given<Int>?
        var diff: Given<String>?
        var report: Given<String>?
        var metric: Given<PerceptualMetric>?
        var threshold: Given<Double>?
        var includeAntialiased = false
        var ignore: [Given<PixelRect>] = []
        var mask: Given<String>?
        var window: Given<Int>?
        var maxCluster: Given<Int>?
        var diffMask: Given<String>?
        var json = false
        var help = false
    }

    static let parser = CommandParser<Options>(
        commandName: "frames compare",
        abstract: "Compare two PNG files, or two folders of PNG frames matched by name.",
        usage:
            "frames compare <expected> <actual> [--metric yiq|oklab [--threshold <t>] [--include-aa]] "
            + "[--max-channel-delta <n>] [--max-differing-pixels <n>] [--ignore <x,y,w,h>]... [--mask <file>] "
            + "[--window <n>] [--max-cluster <k>] [--diff <path>] [--diff-mask <path>] [--report <file>] [--json]",
        options: Option.comparisonOptions + [
            .value(
                "diff", "path",
                help: "Write expected | actual | difference for each image that differs: a PNG "
                    + "file for two files, a folder of PNGs named as the frames for two folders; with --metric "
                    + "or any option below, pixelmatch's picture instead (red: differs, yellow: anti-aliased, the "
                    + "rest the expected image faded).", \.diff,
                .nonEmpty("a file or folder path"))
        ] + Option.judgementOptions + [
            .flag("help", short: "h", help: "Show help information.", \.help)
        ],
        sections: [
            (
                "EXIT STATUS",
                """
                  0 every image passes, 1 an image differs (or a frame is missing or extra), 64 a usage
                  error or an input that cannot be read as PNG.
                """
            ),
            (
                "NOTES",
                """
                  Without --metric, pixels are compared as premultiplied 8-bit RGBA, so colour under
                  zero alpha never counts. With --metric, each pair is judged as pixelmatch judges it
                  (yiq: pixelmatch 7.1.0, oklab: its main branch at c6fee35) and the count equals
                  pixelmatch's; docs/compare.md says how to check. A size mismatch is a difference
                  no threshold passes.
                """
            ),
        ],
        positionals: [
            .init(name: "expected", help: "The reference PNG file or folder.") { $0.expected = $1 },
            .init(name: "actual", help: "The PNG file or folder to check.") { $0.actual = $1 },
        ])

    static func run(_ arguments: [String]) throws(FramesError) -> Int32 {
        let options = try parser.parse(arguments, into: Options())
        if options.help {
            Console.print(parser.helpText)
            return 0
        }
        // The diffs of two files are files, checked as the report is; those of two folders go in
        // folders, each made with its parents as every output's folder is.
        if let report = options.report { try OutputDestination.checkFile(report) }
        for output in [options.diff, options.diffMask].compactMap({ $0 }) {
            if FileInput.isDirectory(options.expected) {
                if let refusal = OutputNames.refusal(of: output.value) {
                    throw .invalidValue(option: output.option, value: output.text, expected: refusal)
                }
                try OutputDestination.checkFolder(option: output.option, value: output.text, path: output.value)
            } else {
                try OutputDestination.checkFile(output)
            }
        }
        for (path, role) in [(options.expected, "<expected>"), (options.actual, "<actual>")]
        where !FileInput.exists(path) {
            throw FramesError.unusableInput(
                option: role, value: path, expected: "an existing PNG file or folder",
                cause: .file(FileError(operation: "read", path: path, errno: ENOENT)))
        }
        let folders = (FileInput.isDirectory(options.expected), FileInput.isDirectory(options.actual))
        let settings = try settings(options)
        if folders.0 != folders.1 {
            throw FramesError.invalidValue(
                option: "<actual>", value: options.actual,
                expected: folders.0 ? "a folder, as <expected> is" : "a file, as <expected> is")
        }
        let transaction = OutputTransaction()
        do throws(FramesError) {
            let status = try compare(
                options, settings, pairs: pairs(options, folders: folders.0), folders: folders.0, transaction)
            try transaction.commit()
            return status
        } catch {
            transaction.rollback()
            throw error
        }
    }

    /// The settings the options ask for: the channel figures, as `compare` has always given
    /// them, unless an option of the judged figures is given (`--metric`, `--ignore`, `--mask`,
    /// `--window`, `--max-cluster`, `--diff-mask`, `--json`). Refuses `--threshold` and
    /// `--include-aa` without `--metric`.
    static func settings(_ options: Options) throws(FramesError) -> ComparisonSettings {
        if options.metric == nil {
            if let threshold = options.threshold {
                throw .invalidValue(
                    option: threshold.option, value: threshold.text,
                    expected: "--metric yiq or --metric oklab as well (a threshold applies to a perceptual metric)")
            }
            if options.includeAntialiased {
                throw .refused(
                    option: "--include-aa", message: "--include-aa applies with --metric yiq or --metric oklab only")
            }
        }
        let judged =
            options.metric != nil || !options.ignore.isEmpty || options.mask != nil || options.window != nil
            || options.maxCluster != nil || options.diffMask != nil || options.json
        let judgement = options.metric.map { metric in
            PixelJudgement.perceptual(
                PerceptualTolerance(
                    metric: metric.value, threshold: options.threshold?.value ?? 0.1,
                    includeAntialiased: options.includeAntialiased))
        }
        // With a cluster limit and no count limit, scattered pixels may differ in any number.
        let maxDiffering = options.maxDifferingPixels?.value ?? (options.maxCluster != nil ? Int.max : 0)
        return ComparisonSettings(
            judgement: judgement ?? .exact(maxChannelDelta: options.allowedChannelDelta),
            ignored: IgnoredPixels(regions: options.ignore.map(\.value)), window: options.window?.value ?? 16,
            maxDifferingPixels: maxDiffering, maxCluster: options.maxCluster?.value,
            figures: judged ? .judged : .channels)
    }

    /// One image to compare: its name in the output (the actual file's path for two files, the
    /// file name for two folders) and its file on each side, nil where a folder has none.
    struct Pair {
        let name: String
        let expected: String?
        let actual: String?
    }

    /// The pairs to compare: the two files, or every PNG file in either folder, by name.
    static func pairs(_ options: Options, folders: Bool) throws(FramesError) -> [Pair] {
        guard folders else { return [Pair(name: options.actual, expected: options.expected, actual: options.actual)] }
        let expectedNames = Set(try pngs(options.expected))
        let actualNames = Set(try pngs(options.actual))
        let all = expectedNames.union(actualNames).sorted()
        if all.isEmpty {
            throw FramesError.invalidValue(
                option: "<expected>", value: options.expected, expected: "a folder with PNG files")
        }
        return all.map { name in
            Pair(
                name: name, expected: expectedNames.contains(name) ? FileInput.path(name, in: options.expected) : nil,
                actual: actualNames.contains(name) ? FileInput.path(name, in: options.actual) : nil)
        }
    }

    /// One compared pair, as printed and as written in JSON.
    struct Result {
        let expected: String?
        let actual: String?
        let comparison: ImageComparison?
        let psnr: Double?
        let ssim: Double?
        let note: String?

        var passes: Bool { comparison?.passes ?? false }
    }

    /// Every pair compared, one after the other: its line (or the JSON), its pictures and its
    /// part of the report. Everything is checked first: the outputs against the inputs, and every
    /// file of the pairs as a PNG of a size the regions, the mask and the diffs fit.
    static func compare(
        _ options: Options, _ base: ComparisonSettings, pairs: [Pair], folders: Bool, _ transaction: OutputTransaction
    ) throws(FramesError) -> Int32 {
        try checkOutputs(options, folders: folders, names: folders ? Set(pairs.map(\.name)) : [])
        let matched = pairs.compactMap { pair in pair.expected.flatMap { e in pair.actual.map { (e, $0) } } }
        let settings = try settingsWithMask(options, base, sizes: matched)
        if settings.figures == .channels { try checkDiffSizes(options, pairs: matched) }
        for folder in [options.diff?.value, options.diffMask?.value].compactMap({ $0 }) where folders {
            _ = try transaction.folder(folder, creating: true)
        }
        var results: [Result] = []
        var frames: [ReportFrame] = []
        for pair in pairs {
            let (result, frame) = try compare(pair, options, settings, folders: folders, transaction)
            results.append(result)
            frames.append(frame)
        }
        let failed = results.filter { !$0.passes }.count
        if folders, !options.json {
            // The channel figures name the diffs' folder once, at the end.
            let diffs = settings.figures == .channels && failed > 0 ? options.diff : nil
            Console.print(
                "\(pairs.count - failed) of \(pairs.count) images pass"
                    + (diffs.map { "; diffs in \(Console.shown($0.value))" } ?? ""))
        }
        try finish(options, settings, results, frames: frames, transaction)
        return failed == 0 ? 0 : 1
    }

    /// One pair compared (both images decoded at once on the worker pool, and let go once it is
    /// written), or said to be missing on one side; its line printed and its pictures written.
    static func compare(
        _ pair: Pair, _ options: Options, _ settings: ComparisonSettings, folders: Bool,
        _ transaction: OutputTransaction
    ) throws(FramesError) -> (Result, ReportFrame) {
        guard let expectedPath = pair.expected, let actualPath = pair.actual else {
            let reason = "\(pair.expected == nil ? "extra in" : "missing from") \(options.actual)"
            let result = Result(
                expected: pair.expected, actual: pair.actual, comparison: nil, psnr: nil, ssim: nil, note: reason)
            try report(result, name: pair.name, options)
            let frame = ReportFrame(name: pair.name, outcome: .unmatched(reason)) {
                (pair.expected.flatMap(premultiplied), pair.actual.flatMap(premultiplied))
            }
            return (result, frame)
        }
        let (expected, actual) = try loadPair(expectedPath, actualPath)
        try check(settings.ignored, options, width: expected.width, height: expected.height)
        let comparison = ImageComparison(
            expected: expected, actual: actual, settings: settings, workers: WorkerPool.processorCount)
        let result = Result(
            expected: expectedPath, actual: actualPath, comparison: comparison.droppingMask,
            psnr: options.json ? ImageComparison.psnr(expected: expected, actual: actual) : nil,
            ssim: options.json ? ImageComparison.ssim(expected: expected, actual: actual) : nil, note: nil)
        try report(result, name: pair.name, options)
        try writePictures(comparison, expected, actual, options, name: folders ? pair.name : nil, transaction)
        return (result, frame(pair.name, expectedPath, actualPath, comparison))
    }
}

import Comparison
import GoldenFolders
import Images

/// `frames compare` with any of the perceptual options (`--metric`, `--ignore`, `--mask`,
/// `--window`, `--max-cluster`, `--diff-mask`, `--json`): each pair is judged by
/// `PixelComparison` on the straight samples of the files, as pixelmatch judges them. Without
/// them the command compares as it always has (`CompareCommand.compareFiles`).
enum JudgedCompare {
    typealias Options = CompareCommand.Options

    /// The settings the options ask for, or nil when none of this path's options is given.
    /// Refuses `--threshold` and `--include-aa` without `--metric`.
    static func settings(_ options: Options) throws(FramesError) -> ComparisonSettings? {
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
        guard judged else { return nil }
        let judgement: PixelJudgement
        if let metric = options.metric?.value {
            judgement = .perceptual(
                PerceptualTolerance(
                    metric: metric, threshold: options.threshold?.value ?? 0.1,
                    includeAntialiased: options.includeAntialiased)!)
        } else {
            judgement = .exact(maxChannelDelta: options.allowedChannelDelta)
        }
        // With a cluster limit and no count limit, scattered pixels may differ in any number.
        let maxDiffering = options.maxDifferingPixels?.value ?? (options.maxCluster != nil ? Int.max : 0)
        return ComparisonSettings(
            judgement: judgement, ignored: IgnoredPixels(regions: options.ignore.map(\.value)),
            window: options.window?.value ?? 16, maxDifferingPixels: maxDiffering, maxCluster: options.maxCluster?.value
        )
    }

    /// One compared pair, as printed and as written in JSON.
    struct Result {
        let expected: String?
        let actual: String?
        let comparison: PixelComparison?
        let psnr: Double?
        let ssim: Double?
        let note: String?

        var passes: Bool { comparison?.passes ?? false }
    }

    static func compareFiles(_ options: Options, _ base: ComparisonSettings, _ transaction: OutputTransaction)
        throws(FramesError) -> Int32
    {
        try checkOutputs(options, folders: false, names: [])
        let settings = try settingsWithMask(options, base, sizes: [(options.expected, options.actual)])
        // The decoded images live in this scope only: the report loads them again, so they are not
        // held beside its panels.
        let (comparison, result) = try { () throws(FramesError) -> (PixelComparison, Result) in
            let (expected, actual) = try loadPair(options.expected, options.actual)
            try check(settings.ignored, options, width: expected.width, height: expected.height)
            let comparison = PixelComparison(expected: expected, actual: actual, settings: settings)
            let result = scored(options.expected, options.actual, comparison, expected, actual, json: options.json)
            try report(result, name: options.actual, options)
            try writePictures(
                comparison, expected: expected, options, diff: options.diff?.value, mask: options.diffMask?.value,
                transaction)
            return (comparison.droppingMask, result)
        }()
        try finish(
            options, [result], frames: [frame(options.actual, options.expected, options.actual, comparison, settings)],
            transaction)
        return comparison.passes ? 0 : 1
    }

    static func compareFolders(_ options: Options, _ base: ComparisonSettings, _ transaction: OutputTransaction)
        throws(FramesError) -> Int32
    {
        let expectedNames = try pngs(options.expected)
        let actualNames = try pngs(options.actual)
        let all = Set(expectedNames).union(actualNames).sorted()
        if all.isEmpty {
            throw FramesError.invalidValue(
                option: "<expected>", value: options.expected, expected: "a folder with PNG files")
        }
        try checkOutputs(options, folders: true, names: Set(all))
        let pairs = Set(expectedNames).intersection(actualNames).sorted().map {
            (FileInput.path($0, in: options.expected), FileInput.path($0, in: options.actual))
        }
        let settings = try settingsWithMask(options, base, sizes: pairs)
        for folder in [options.diff?.value, options.diffMask?.value].compactMap({ $0 }) {
            _ = try transaction.folder(folder, creating: true)
        }
        var results: [Result] = []
        var frames: [ReportFrame] = []
        for name in all {
            let paths = (FileInput.path(name, in: options.expected), FileInput.path(name, in: options.actual))
            guard expectedNames.contains(name), actualNames.contains(name) else {
                let inExpected = expectedNames.contains(name)
                let reason = "\(inExpected ? "missing from" : "extra in") \(options.actual)"
                let result = Result(
                    expected: inExpected ? paths.0 : nil, actual: inExpected ? nil : paths.1, comparison: nil,
                    psnr: nil, ssim: nil, note: reason)
                try report(result, name: name, options)
                results.append(result)
                frames.append(
                    ReportFrame(name: name, outcome: .unmatched(reason)) {
                        (
                            inExpected ? (try? CompareCommand.load(paths.0, as: "<expected>")) : nil,
                            inExpected ? nil : (try? CompareCommand.load(paths.1, as: "<actual>"))
                        )
                    })
                continue
            }
            let (expected, actual) = try loadPair(paths.0, paths.1)
            try check(settings.ignored, options, width: expected.width, height: expected.height)
            let comparison = PixelComparison(expected: expected, actual: actual, settings: settings)
            let result = scored(paths.0, paths.1, comparison.droppingMask, expected, actual, json: options.json)
            try report(result, name: name, options)
            results.append(result)
            try writePictures(
                comparison, expected: expected, options, diff: options.diff.map { FileInput.path(name, in: $0.value) },
                mask: options.diffMask.map { FileInput.path(name, in: $0.value) }, transaction)
            frames.append(frame(name, paths.0, paths.1, comparison, settings))
        }
        let failed = results.filter { !$0.passes }.count
        if !options.json {
            Console.print("\(all.count - failed) of \(all.count) images pass")
        }
        try finish(options, results, frames: frames, transaction)
        return failed == 0 ? 0 : 1
    }

    // MARK: - Results

    static func scored(
        _ expectedPath: String, _ actualPath: String, _ comparison: PixelComparison, _ expected: RGBAImage,
        _ actual: RGBAImage, json: Bool
    ) -> Result {
        Result(
            expected: expectedPath, actual: actualPath, comparison: comparison,
            psnr: json ? PixelComparison.psnr(expected: expected, actual: actual) : nil,
            ssim: json ? PixelComparison.ssim(expected: expected, actual: actual) : nil, note: nil)
    }

    /// The line for one pair (none with `--json`).
    static func report(_ result: Result, name: String, _ options: Options) throws(FramesError) {
        guard !options.json else { return }
        let text = result.comparison?.summary ?? result.note ?? ""
        Console.print(Console.shown("\(result.passes ? "PASS" : "FAIL") \(name): \(text)"))
    }

    /// pixelmatch's pictures of a pair that is not pixel for pixel the same (and of the same
    /// size), as `compare` writes every file.
    static func writePictures(
        _ comparison: PixelComparison, expected: RGBAImage, _ options: Options, diff: String?, mask: String?,
        _ transaction: OutputTransaction
    ) throws(FramesError) {
        guard let states = comparison.mask, comparison.maxChannelDelta > 0 || comparison.differingPixels > 0 else {
            return
        }
        if let diff {
            let picture = DifferencePicture.picture(of: states, over: expected)
            try transaction.stage(encoded(picture), at: diff)
            try note("diff: \(diff)", options)
        }
        if let mask {
            let picture = DifferencePicture.maskPicture(of: states)
            try transaction.stage(encoded(picture), at: mask)
            try note("diff mask: \(mask)", options)
        }
    }

    /// The PNG file of a straight picture.
    static func encoded(_ picture: RGBAImage) throws(FramesError) -> [UInt8] {
        do {
            return try PNGEncoder().encode(Pixmap(premultiplying: picture))
        } catch {
            throw .encoding(error)
        }
    }

    /// A line about a file written: on stdout, or on stderr with `--json` (stdout has the JSON
    /// alone).
    static func note(_ text: String, _ options: Options) throws(FramesError) {
        if options.json {
            Console.printError(Console.shown(text))
        } else {
            Console.print(Console.shown(text))
        }
    }

    /// A pair in the report: its figures, and its pictures made again when it is drawn.
    static func frame(
        _ name: String, _ expectedPath: String, _ actualPath: String, _ comparison: PixelComparison,
        _ settings: ComparisonSettings
    ) -> ReportFrame {
        ReportFrame(
            name: name, outcome: .judged(comparison.droppingMask),
            images: {
                (
                    try? CompareCommand.load(expectedPath, as: "<expected>"),
                    try? CompareCommand.load(actualPath, as: "<actual>")
                )
            },
            pictures: {
                guard let expected = try? load(expectedPath), let actual = try? load(actualPath) else { return nil }
                guard let states = PixelComparison(expected: expected, actual: actual, settings: settings).mask else {
                    return nil
                }
                return (
                    Pixmap(premultiplying: DifferencePicture.picture(of: states, over: expected)),
                    Pixmap(premultiplying: DifferencePicture.maskPicture(of: states))
                )
            })
    }

    /// The JSON (with `--json`) and the report (with `--report`).
    static func finish(
        _ options: Options, _ results: [Result], frames: [ReportFrame], _ transaction: OutputTransaction
    ) throws(FramesError) {
        if options.json { Console.print(CompareJSON.text(results)) }
        guard let report = options.report else { return }
        let page = HTMLReport(
            command: "frames compare",
            sections: [ReportSection(title: "\(options.expected) vs \(options.actual)", notes: [], frames: frames)],
            maxChannelDelta: options.allowedChannelDelta, maxDifferingPixels: options.allowedDifferingPixels,
            options: optionsText(options))
        try transaction.stream(page, to: report.value)
        try note("report: \(report.value)", options)
    }
}

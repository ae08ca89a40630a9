import Raster

/// `frames compare` with any of the options of issue 37 (`--metric`, `--ignore`, `--mask`,
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
                throw .invalidValue(
                    option: "--include-aa", value: "", expected: "--metric yiq or --metric oklab as well")
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

    static func compareFiles(_ options: Options, _ base: ComparisonSettings) throws -> Int32 {
        try checkOutputs(options, folders: false, names: [])
        let settings = try settingsWithMask(options, base, sizes: [(options.expected, options.actual)])
        let (expected, actual) = try loadPair(options.expected, options.actual)
        try check(settings.ignored, options, width: expected.width, height: expected.height)
        let comparison = PixelComparison(expected: expected, actual: actual, settings: settings)
        let result = scored(options.expected, options.actual, comparison, expected, actual, json: options.json)
        try report(result, name: options.actual, options)
        try writePictures(
            comparison, expected: expected, options, diff: options.diff?.value, mask: options.diffMask?.value)
        try finish(
            options, [result], frames: [frame(options.actual, options.expected, options.actual, comparison, settings)])
        return comparison.passes ? 0 : 1
    }

    static func compareFolders(_ options: Options, _ base: ComparisonSettings) throws -> Int32 {
        let expectedNames = try pngs(options.expected)
        let actualNames = try pngs(options.actual)
        let all = Set(expectedNames).union(actualNames).sorted()
        if all.isEmpty {
            throw FramesError.invalidValue(
                option: "<expected>", value: options.expected, expected: "a folder with PNG files")
        }
        try checkOutputs(options, folders: true, names: Set(all))
        let pairs = Set(expectedNames).intersection(actualNames).sorted().map {
            (options.expected + "/" + $0, options.actual + "/" + $0)
        }
        let settings = try settingsWithMask(options, base, sizes: pairs)
        for folder in [options.diff?.value, options.diffMask?.value].compactMap({ $0 })
        where !FileInput.isDirectory(folder) {
            try OutputFolder.prepareForDiffs(folder)
        }
        var results: [Result] = []
        var frames: [ReportFrame] = []
        for name in all {
            let paths = (options.expected + "/" + name, options.actual + "/" + name)
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
                comparison, expected: expected, options, diff: options.diff.map { $0.value + "/" + name },
                mask: options.diffMask.map { $0.value + "/" + name })
            frames.append(frame(name, paths.0, paths.1, comparison, settings))
        }
        let failed = results.filter { !$0.passes }.count
        if !options.json {
            try Console.print("\(all.count - failed) of \(all.count) images pass")
        }
        try finish(options, results, frames: frames)
        return failed == 0 ? 0 : 1
    }

    // MARK: - Checks before anything is written

    /// Outputs (`--diff`, `--diff-mask`, `--report`) against the inputs (the two sides and
    /// `--mask`) and each other.
    static func checkOutputs(_ options: Options, folders: Bool, names: Set<String>) throws(FramesError) {
        var inputs: [NamedPath] =
            folders
            ? [.folder("<expected>", options.expected), .folder("<actual>", options.actual)]
            : [.file("<expected>", options.expected), .file("<actual>", options.actual)]
        if let mask = options.mask { inputs.append(.file(mask.option, mask.value)) }
        var outputs: [NamedPath] = []
        for given in [options.diff, options.diffMask].compactMap({ $0 }) {
            outputs.append(
                folders ? .folder(given.option, given.value, names: names) : .file(given.option, given.value))
        }
        if let report = options.report { outputs.append(.file(report.option, report.value)) }
        try PathCollisions.check(outputs: outputs, inputs: inputs)
    }

    /// The settings with `--mask` read, every region and the mask checked against the size each
    /// pair's expected image declares (its IHDR), before any image is decoded.
    static func settingsWithMask(
        _ options: Options, _ base: ComparisonSettings, sizes pairs: [(String, String)]
    ) throws -> ComparisonSettings {
        var settings = base
        if let mask = options.mask {
            do {
                settings.ignored.mask = try load(mask.value)
            } catch let error as PNGError {
                throw FramesError.invalidValue(
                    option: mask.option, value: mask.text, expected: "a readable PNG file (\(error))")
            } catch let error as FileError {
                throw FramesError.invalidValue(
                    option: mask.option, value: mask.text, expected: "a readable PNG file (\(error.reason))")
            }
        }
        for (expected, _) in pairs {
            if let size = CompareCommand.pngSize(expected) {
                try check(settings.ignored, options, width: size.width, height: size.height)
            }
        }
        return settings
    }

    /// A usage error naming the region or the mask that does not fit a `width` × `height` image.
    static func check(_ ignored: IgnoredPixels, _ options: Options, width: Int, height: Int) throws(FramesError) {
        do {
            try ignored.check(width: width, height: height)
        } catch {
            switch error {
            case .regionOutside(let region, _, _):
                let given = options.ignore.first { $0.value == region }!
                throw .invalidValue(
                    option: given.option, value: given.text,
                    expected: "a region x,y,width,height inside the \(width) × \(height) px image")
            case .maskSize(let maskWidth, let maskHeight, _, _):
                throw .invalidValue(
                    option: "--mask", value: options.mask?.text ?? "",
                    expected:
                        "a PNG of the images' size, \(width) × \(height) px (it is \(maskWidth) × \(maskHeight) px)")
            }
        }
    }

    // MARK: - Reading

    /// The PNG files of a folder (not hidden).
    static func pngs(_ folder: String) throws -> [String] {
        do {
            return try FileInput.names(in: folder).filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
        } catch {
            throw FramesError.runtime("\(error)")
        }
    }

    /// A PNG file's straight samples, read in pieces (no copy of the file is kept).
    static func load(_ path: String) throws -> RGBAImage {
        let reader = PNGReader()
        var failure: PNGError? = nil
        try FileInput.forEachChunk(path) { chunk in
            guard failure == nil else { return }
            do throws(PNGError) {
                try reader.read(chunk)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return try reader.image()
    }

    /// Both images of a pair, the expected one decoded on a second thread meanwhile; unreadable
    /// or non-PNG input is a usage error naming the side.
    static func loadPair(_ expectedPath: String, _ actualPath: String) throws -> (RGBAImage, RGBAImage) {
        let expected = BackgroundWork {
            Swift.Result { () throws(FramesError) in try load(expectedPath, as: "<expected>") }
        }
        let actual = try load(actualPath, as: "<actual>")
        return (try expected.value.get(), actual)
    }

    static func load(_ path: String, as role: String) throws(FramesError) -> RGBAImage {
        do {
            return try load(path)
        } catch let error as FileError {
            throw .invalidValue(option: role, value: path, expected: "a readable PNG file (\(error.reason))")
        } catch {
            throw .invalidValue(option: role, value: path, expected: "a readable PNG file (\(error))")
        }
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
        try Console.print("\(result.passes ? "PASS" : "FAIL") \(name): \(text)".escapingControlCharacters)
    }

    /// pixelmatch's pictures of a pair that is not pixel for pixel the same (and of the same
    /// size), as `compare` writes every file.
    static func writePictures(
        _ comparison: PixelComparison, expected: RGBAImage, _ options: Options, diff: String?, mask: String?
    ) throws {
        guard let states = comparison.mask, comparison.maxChannelDelta > 0 || comparison.differingPixels > 0 else {
            return
        }
        if let diff {
            let picture = DifferencePicture.picture(of: states, over: expected)
            try OutputFile.write(PNGEncoder().encode(Pixmap(premultiplying: picture)), to: diff)
            try note("diff: \(diff)", options)
        }
        if let mask {
            let picture = DifferencePicture.maskPicture(of: states)
            try OutputFile.write(PNGEncoder().encode(Pixmap(premultiplying: picture)), to: mask)
            try note("diff mask: \(mask)", options)
        }
    }

    /// A line about a file written: on stdout, or on stderr with `--json` (stdout has the JSON
    /// alone).
    static func note(_ text: String, _ options: Options) throws(FramesError) {
        if options.json {
            Console.printError(text.escapingControlCharacters)
        } else {
            try Console.print(text.escapingControlCharacters)
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
    static func finish(_ options: Options, _ results: [Result], frames: [ReportFrame]) throws(FramesError) {
        if options.json { try Console.print(CompareJSON.text(results)) }
        guard let report = options.report else { return }
        let page = HTMLReport(
            command: "frames compare",
            sections: [ReportSection(title: "\(options.expected) vs \(options.actual)", notes: [], frames: frames)],
            maxChannelDelta: options.allowedChannelDelta, maxDifferingPixels: options.allowedDifferingPixels,
            options: optionsText(options))
        try OutputFile.write(Array(page.html.utf8), to: report.value)
        try note("report: \(report.value)", options)
    }

    /// The options used, in words, for the report.
    static func optionsText(_ options: Options) -> String {
        var parts: [String] = []
        if let metric = options.metric?.value {
            let version = metric == .yiq ? "pixelmatch 7.1.0" : "pixelmatch main, c6fee35"
            parts.append("--metric \(metric.rawValue) (\(version)), --threshold \(options.threshold?.text ?? "0.1")")
            parts.append(options.includeAntialiased ? "--include-aa" : "anti-aliased pixels not counted")
        } else {
            parts.append("exact: --max-channel-delta \(options.allowedChannelDelta)")
        }
        let maxDiffering =
            options.maxDifferingPixels?.text ?? (options.maxCluster != nil ? "no limit" : "0")
        parts.append("--max-differing-pixels \(maxDiffering)")
        parts.append("--window \(options.window?.text ?? "16")")
        if let cluster = options.maxCluster { parts.append("--max-cluster \(cluster.text)") }
        for region in options.ignore { parts.append("--ignore \(region.text)") }
        if let mask = options.mask { parts.append("--mask \(mask.text)") }
        return "Options: " + parts.joined(separator: ", ") + "."
    }
}

extension ValueParser where Value == PixelRect {
    /// `x,y,width,height` in whole pixels: x and y from 0, width and height from 1.
    static var region: ValueParser {
        .accepting("a region as x,y,width,height in whole pixels (width and height at least 1)") { text in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 4,
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } && $0.count <= 9 })
            else { return nil }
            let v = parts.map { Int($0)! }
            guard v[2] >= 1, v[3] >= 1 else { return nil }
            return PixelRect(x0: v[0], y0: v[1], x1: v[0] + v[2], y1: v[1] + v[3])
        }
    }
}

extension Option where Options == CompareCommand.Options {
    /// The options of the judged comparison.
    static var judgementOptions: [Option] {
        [
            .value(
                "metric", "name",
                help: "Judge pixels perceptually, as pixelmatch does: yiq as pixelmatch 7.1.0, oklab as its main "
                    + "branch; without it, channels are compared exactly.", values: "yiq, oklab", \.metric,
                .choice(of: PerceptualMetric.self)),
            .value(
                "threshold", "t", help: "With --metric: pixelmatch's threshold, 0 to 1; smaller is stricter.",
                default: "0.1", \.threshold, .number("a number from 0 to 1") { $0 >= 0 && $0 <= 1 }),
            .flag(
                "include-aa",
                help: "With --metric: count pixels that differ only by anti-aliasing, which are otherwise found "
                    + "and left out.", \.includeAntialiased),
            .list(
                "ignore", "x,y,w,h",
                help: "Leave out a rectangle of pixels (x, y, width, height), inside the image; may be given "
                    + "more than once.", \.ignore, .region),
            .value(
                "mask", "file",
                help: "Leave out the pixels that are not fully transparent in this PNG, of the images' size.",
                \.mask, .nonEmpty("a file path")),
            .value(
                "window", "n", help: "The side in pixels of the square window the largest cluster is counted in.",
                default: "16", \.window, .integer(in: 1...Pixmap.maxPixelCount)),
            .value(
                "max-cluster", "k",
                help: "Fail an image with more than k differing pixels in one window; without "
                    + "--max-differing-pixels, any number may differ elsewhere.", \.maxCluster,
                .integer(in: 0...Pixmap.maxPixelCount)),
            .value(
                "diff-mask", "path",
                help: "Write the differing pixels alone, red on transparency, for each image that differs: a "
                    + "PNG file, or a folder for two folders.", \.diffMask, .nonEmpty("a file or folder path")),
            .flag(
                "json",
                help: "Print one JSON object with every image's figures, PSNR and SSIM, and nothing else on "
                    + "standard output.", \.json),
        ]
    }
}

import Comparison
import GoldenFolders
import Images

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
        // folders made with their parents (`checkDiffFolders`), where the report may go too.
        let diffFolders =
            FileInput.isDirectory(options.expected) ? [options.diff, options.diffMask].compactMap { $0?.value } : []
        if let report = options.report { try OutputDestination.checkFile(report, madeFolders: diffFolders) }
        for output in [options.diff, options.diffMask].compactMap({ $0 }) {
            if FileInput.isDirectory(options.expected) {
                if let refusal = OutputNames.refusal(of: output.value) {
                    throw .invalidValue(option: output.option, value: output.text, expected: refusal)
                }
            } else {
                try OutputDestination.checkFile(output)
            }
        }
        for (path, role) in [(options.expected, "<expected>"), (options.actual, "<actual>")]
        where !FileInput.exists(path) {
            throw FramesError.invalidValue(option: role, value: path, expected: "an existing PNG file or folder")
        }
        let folders = (FileInput.isDirectory(options.expected), FileInput.isDirectory(options.actual))
        let judged = try JudgedCompare.settings(options)
        if folders.0 != folders.1 {
            throw FramesError.invalidValue(
                option: "<actual>", value: options.actual,
                expected: folders.0 ? "a folder, as <expected> is" : "a file, as <expected> is")
        }
        let transaction = OutputTransaction()
        do throws(FramesError) {
            let status: Int32
            switch (folders.0, judged) {
            case (false, let judged?): status = try JudgedCompare.compareFiles(options, judged, transaction)
            case (false, nil): status = try compareFiles(options, transaction)
            case (true, let judged?): status = try JudgedCompare.compareFolders(options, judged, transaction)
            case (true, nil): status = try compareFolders(options, transaction)
            }
            try transaction.commit()
            return status
        } catch {
            transaction.rollback()
            throw error
        }
    }

    /// A PNG read for comparison; unreadable or non-PNG input is a usage error (exit 64).
    static func load(_ path: String, as role: String) throws(FramesError) -> Pixmap {
        Pixmap(premultiplying: try JudgedCompare.load(path, as: role))
    }

    static func compareFiles(_ options: Options, _ transaction: OutputTransaction) throws(FramesError) -> Int32 {
        try checkCollisions(options, folders: false, names: [])
        try checkDiffSizes(options, pairs: [(options.expected, options.actual)])
        // The decoded images live in this scope only: the report loads them again, one frame at a
        // time, so they are not held beside its panels.
        let comparison = try { () throws(FramesError) -> ImageComparison in
            let (expected, actual) = try JudgedCompare.loadPair(options.expected, options.actual)
            let comparison = ImageComparison(
                expected: expected, actual: actual, maxChannelDelta: options.allowedChannelDelta,
                maxDifferingPixels: options.allowedDifferingPixels)
            Console.print(
                "\(comparison.passes ? "PASS" : "FAIL") \(Console.shown(options.actual)): \(comparison.summary)")
            if let diff = options.diff?.value, !comparison.isIdentical {
                try writeDiff(
                    expected: Pixmap(premultiplying: expected), actual: Pixmap(premultiplying: actual), to: diff,
                    transaction)
                Console.print("diff: \(Console.shown(diff))")
            }
            return comparison
        }()
        let paths = (options.expected, options.actual)
        let frame = ReportFrame(name: options.actual, outcome: .compared(comparison)) {
            (try? load(paths.0, as: "<expected>"), try? load(paths.1, as: "<actual>"))
        }
        try options.writeReport(
            command: "frames compare",
            sections: [ReportSection(title: "\(options.expected) vs \(options.actual)", notes: [], frames: [frame])],
            into: transaction)
        return comparison.passes ? 0 : 1
    }

    static func compareFolders(_ options: Options, _ transaction: OutputTransaction) throws(FramesError) -> Int32 {
        func pngs(_ folder: String) throws(FramesError) -> [String] {
            do {
                return try FileInput.names(in: folder).filter {
                    $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".")
                }
            } catch {
                throw .file(error)
            }
        }
        let expectedNames = try pngs(options.expected)
        let actualNames = try pngs(options.actual)
        let all = Set(expectedNames).union(actualNames).sorted()
        if all.isEmpty {
            throw FramesError.invalidValue(
                option: "<expected>", value: options.expected, expected: "a folder with PNG files")
        }
        try checkFolders(options, expectedNames: expectedNames, actualNames: actualNames)
        if let diff = options.diff?.value { _ = try transaction.folder(diff, creating: true) }
        var failed = 0
        var frames: [ReportFrame] = []
        for name in all {
            let inExpected = expectedNames.contains(name)
            let inActual = actualNames.contains(name)
            let paths = (FileInput.path(name, in: options.expected), FileInput.path(name, in: options.actual))
            let images: @Sendable () -> (expected: Pixmap?, actual: Pixmap?) = {
                (
                    inExpected ? try? load(paths.0, as: "<expected>") : nil,
                    inActual ? try? load(paths.1, as: "<actual>") : nil
                )
            }
            guard inExpected, inActual else {
                failed += 1
                let reason = "\(inExpected ? "missing from" : "extra in") \(options.actual)"
                Console.print("FAIL \(Console.shown(name)): \(Console.shown(reason))")
                frames.append(ReportFrame(name: name, outcome: .unmatched(reason), images: images))
                continue
            }
            let expected = try load(paths.0, as: "<expected>")
            let actual = try load(paths.1, as: "<actual>")
            let comparison = ImageComparison(
                expected: expected, actual: actual, maxChannelDelta: options.allowedChannelDelta,
                maxDifferingPixels: options.allowedDifferingPixels)
            frames.append(ReportFrame(name: name, outcome: .compared(comparison), images: images))
            if !comparison.passes { failed += 1 }
            Console.print("\(comparison.passes ? "PASS" : "FAIL") \(Console.shown(name)): \(comparison.summary)")
            if let diff = options.diff?.value, !comparison.isIdentical {
                try writeDiff(expected: expected, actual: actual, to: FileInput.path(name, in: diff), transaction)
            }
        }
        Console.print(
            "\(all.count - failed) of \(all.count) images pass"
                + ((options.diff.map { failed > 0 ? "; diffs in \(Console.shown($0.value))" : "" } ?? "")))
        try options.writeReport(
            command: "frames compare",
            sections: [ReportSection(title: "\(options.expected) vs \(options.actual)", notes: [], frames: frames)],
            into: transaction)
        return failed == 0 ? 0 : 1
    }

    static func writeDiff(expected: Pixmap, actual: Pixmap, to path: String, _ transaction: OutputTransaction)
        throws(FramesError)
    {
        do {
            try transaction.stage(
                PNGEncoder().encode(ImageComparison.diffImage(expected: expected, actual: actual)), at: path)
        } catch let error as FramesError {
            throw error
        } catch let error as PNGError {
            throw .encoding(error)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}

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

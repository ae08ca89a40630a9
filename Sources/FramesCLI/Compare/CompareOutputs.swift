import Comparison
import GoldenFolders
import Images
import Workers

/// What `frames compare` prints and writes for the pairs it compares: a line each (or the JSON),
/// the pictures of each pair that differs, and the report.
extension CompareCommand {
    /// The line for one pair (none with `--json`).
    static func report(_ result: Result, name: String, _ options: Options) throws(FramesError) {
        guard !options.json else { return }
        let text = result.comparison?.summary ?? result.note ?? ""
        Console.print(Console.shown("\(result.passes ? "PASS" : "FAIL") \(name): \(text)"))
    }

    /// The pictures of a pair that is not pixel for pixel the same, as `compare` writes every
    /// file: with the channel figures, expected | actual | difference side by side (`--diff`);
    /// with the judged ones, for images of one size, pixelmatch's picture (`--diff`) and the
    /// differences alone (`--diff-mask`). `name` is the pair's file name in the diff folders of
    /// two folders (nil for two files), where the channel figures' diffs are not named one by
    /// one.
    static func writePictures(
        _ comparison: ImageComparison, _ expected: RGBAImage, _ actual: RGBAImage, _ options: Options, name: String?,
        _ transaction: OutputTransaction
    ) throws(FramesError) {
        func output(_ given: Given<String>?) -> String? {
            guard let given else { return nil }
            return name.map { FileInput.path($0, in: given.value) } ?? given.value
        }
        switch comparison.settings.figures {
        case .channels:
            guard let diff = output(options.diff), !comparison.isIdentical else { return }
            let picture = DifferencePicture.sideBySide(
                expected: Pixmap(premultiplying: expected), actual: Pixmap(premultiplying: actual))
            try transaction.stage(encoded(picture), at: diff)
            if name == nil { try note("diff: \(diff)", options) }
        case .judged:
            guard let states = comparison.mask, comparison.maxChannelDelta > 0 || comparison.differingPixels > 0 else {
                return
            }
            if let diff = output(options.diff) {
                let picture = DifferencePicture.picture(of: states, over: expected)
                try transaction.stage(encoded(Pixmap(premultiplying: picture)), at: diff)
                try note("diff: \(diff)", options)
            }
            if let mask = output(options.diffMask) {
                let picture = DifferencePicture.maskPicture(of: states)
                try transaction.stage(encoded(Pixmap(premultiplying: picture)), at: mask)
                try note("diff mask: \(mask)", options)
            }
        }
    }

    /// The PNG file of a picture.
    static func encoded(_ picture: Pixmap) throws(FramesError) -> [UInt8] {
        do {
            return try PNGEncoder().encode(picture)
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

    /// A pair in the report: its figures, and its images (and, with the judged figures,
    /// pixelmatch's pictures) made again when it is drawn.
    static func frame(_ name: String, _ expectedPath: String, _ actualPath: String, _ comparison: ImageComparison)
        -> ReportFrame
    {
        let settings = comparison.settings
        let images: @Sendable () -> (expected: Pixmap?, actual: Pixmap?) = {
            (premultiplied(expectedPath), premultiplied(actualPath))
        }
        let outcome = FrameOutcome.compared(comparison.droppingMask)
        guard settings.figures == .judged else { return ReportFrame(name: name, outcome: outcome, images: images) }
        return ReportFrame(name: name, outcome: outcome, images: images) {
            guard let expected = try? load(expectedPath), let actual = try? load(actualPath),
                let states = ImageComparison(
                    expected: expected, actual: actual, settings: settings, workers: WorkerPool.processorCount
                ).mask
            else { return nil }
            return (
                Pixmap(premultiplying: DifferencePicture.picture(of: states, over: expected)),
                Pixmap(premultiplying: DifferencePicture.maskPicture(of: states))
            )
        }
    }

    /// The JSON (with `--json`) and the report (with `--report`), which says the options in words
    /// for the judged figures and the two thresholds for the channel figures.
    static func finish(
        _ options: Options, _ settings: ComparisonSettings, _ results: [Result], frames: [ReportFrame],
        _ transaction: OutputTransaction
    ) throws(FramesError) {
        if options.json { Console.print(CompareJSON.text(results)) }
        guard let report = options.report else { return }
        let page = HTMLReport(
            command: "frames compare",
            sections: [ReportSection(title: "\(options.expected) vs \(options.actual)", notes: [], frames: frames)],
            maxChannelDelta: options.allowedChannelDelta, maxDifferingPixels: options.allowedDifferingPixels,
            options: settings.figures == .judged ? optionsText(options) : nil)
        try transaction.stream(page, to: report.value)
        try note("report: \(report.value)", options)
    }
}

import Comparison
import Images

/// The options of a command that compares images (`compare`, `verify`): the two thresholds and
/// the HTML report, declared once.
protocol ComparisonOptions: Sendable {
    var maxChannelDelta: Given<Int>? { get set }
    var maxDifferingPixels: Given<Int>? { get set }
    var report: Given<String>? { get set }
}

extension ComparisonOptions {
    /// The largest channel difference allowed (default 0).
    var allowedChannelDelta: Int { maxChannelDelta?.value ?? 0 }
    /// The pixels allowed over it, per image (default 0).
    var allowedDifferingPixels: Int { maxDifferingPixels?.value ?? 0 }

    /// Refuses a report path that cannot be written (`OutputDestination`), before anything is
    /// read or compared.
    func checkReportPath() throws(FramesError) {
        if let report { try OutputDestination.checkFile(report) }
    }

    /// Stages the report (when asked for) of `sections` in `transaction`, and says where.
    func writeReport(command: String, sections: [ReportSection], into transaction: OutputTransaction)
        throws(FramesError)
    {
        guard let report else { return }
        let page = HTMLReport(
            command: command, sections: sections, maxChannelDelta: allowedChannelDelta,
            maxDifferingPixels: allowedDifferingPixels)
        try transaction.stream(page, to: report.value)
        Console.print("report: \(Console.shown(report.value))")
    }
}

extension Option where Options: ComparisonOptions {
    static var comparisonOptions: [Option] {
        [
            .value(
                "max-channel-delta", "n", help: "Largest difference allowed in a channel of a pixel, 0 to 255.",
                default: "0", \.maxChannelDelta, .integer(in: 0...255)),
            .value(
                "max-differing-pixels", "n", help: "Pixels allowed to differ by more than that, per image.",
                default: "0", \.maxDifferingPixels, .integer(in: 0...Pixmap.maxPixelCount)),
            .value(
                "report", "file",
                help: "Write one self-contained HTML page: every image's figures, worst first, and expected, "
                    + "actual and difference side by side for each that fails.", \.report,
                .nonEmpty("a file path")),
        ]
    }
}

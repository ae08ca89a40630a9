import Comparison
import Images

/// The perceptual options of `frames compare`, declared once: the help, the
/// documentation's table and the report's line of options come from here.
extension CompareCommand {
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

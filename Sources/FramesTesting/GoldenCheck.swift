import Comparison
import Foundation
import GoldenFolders
import Images

extension Golden {
    /// Compares `image` with the golden PNG at `goldenPath` under `mode`, writing artifacts into
    /// `artifacts` on a mismatch; a failure's message ends with how to accept the change, as
    /// `acceptance` says. Does not report anything: `assertGolden` does.
    public static func check(
        _ image: Pixmap, goldenPath: String, name: String, maxChannelDelta: Int = 0,
        maxDifferingPixels: Int = 0, perceptual: PerceptualTolerance? = nil, mode: RecordMode, artifacts: URL,
        acceptance: Acceptance = Acceptance()
    ) -> Outcome {
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            guard mode != .never else {
                return .failed(
                    message: "golden '\(name)' is missing at \(goldenPath)\n"
                        + acceptance.line("to record it", mode: .missing))
            }
            return record(image, to: goldenPath)
        }
        if let perceptual {
            return checkPerceptually(
                image, goldenPath: goldenPath, name: name, tolerance: perceptual,
                maxDifferingPixels: maxDifferingPixels, mode: mode, artifacts: artifacts, acceptance: acceptance)
        }
        let expected: Pixmap
        do {
            expected = try PNGDecoder.decode(FileInput.read(goldenPath))
        } catch {
            return .failed(message: "golden '\(name)' at \(goldenPath) cannot be read: \(error)")
        }
        let comparison = ImageComparison(
            expected: expected, actual: image, maxChannelDelta: maxChannelDelta,
            maxDifferingPixels: maxDifferingPixels)
        if mode == .all { return comparison.isIdentical ? .matched : record(image, to: goldenPath) }
        if comparison.passes { return .matched }
        if mode == .failed { return record(image, to: goldenPath) }
        var lines = [headline(name, comparison, maxChannelDelta: maxChannelDelta, pixels: maxDifferingPixels)]
        do {
            let paths = try writeArtifacts(expected: expected, actual: image, name: name, into: artifacts)
            lines += ["  expected: \(paths[0])", "  actual:   \(paths[1])", "  diff:     \(paths[2])"]
        } catch {
            lines.append("  (artifacts could not be written: \(error))")
        }
        lines.append(acceptance.line("to accept the change", mode: .failed))
        return .failed(message: lines.joined(separator: "\n"))
    }

    /// `check` with pixelmatch's judgement: the golden's straight samples against the image's,
    /// the count against `maxDifferingPixels`; the diff artifact is pixelmatch's picture.
    static func checkPerceptually(
        _ image: Pixmap, goldenPath: String, name: String, tolerance: PerceptualTolerance, maxDifferingPixels: Int,
        mode: RecordMode, artifacts: URL, acceptance: Acceptance
    ) -> Outcome {
        let golden: RGBAImage
        do {
            golden = try PNGDecoder.decodeStraight(FileInput.read(goldenPath))
        } catch {
            return .failed(message: "golden '\(name)' at \(goldenPath) cannot be read: \(error)")
        }
        let comparison = PixelComparison(
            expected: golden, actual: RGBAImage(image),
            settings: ComparisonSettings(
                judgement: .perceptual(tolerance), maxDifferingPixels: maxDifferingPixels, findsShift: true))
        let identical = comparison.sizesMatch && comparison.maxChannelDelta == 0
        if mode == .all { return identical ? .matched : record(image, to: goldenPath) }
        if comparison.passes { return .matched }
        if mode == .failed { return record(image, to: goldenPath) }
        let count = comparison.differingPixels
        var lines = [
            comparison.sizesMatch
                ? "golden '\(name)' differs: \(count) pixel\(count == 1 ? "" : "s") differ\(count == 1 ? "s" : "") "
                    + "(\(tolerance.metric.rawValue), threshold \(tolerance.threshold); allowed \(maxDifferingPixels))"
                : "golden '\(name)' differs: \(comparison.summary)"
        ]
        do {
            let expected = Pixmap(premultiplying: golden)
            let diff = comparison.mask.map { Pixmap(premultiplying: DifferencePicture.picture(of: $0, over: golden)) }
            let paths = try writeArtifacts(expected: expected, actual: image, name: name, into: artifacts, diff: diff)
            lines += ["  expected: \(paths[0])", "  actual:   \(paths[1])", "  diff:     \(paths[2])"]
        } catch {
            lines.append("  (artifacts could not be written: \(error))")
        }
        lines.append(acceptance.line("to accept the change", mode: .failed))
        return .failed(message: lines.joined(separator: "\n"))
    }

    /// "golden 'brand_3x_k7' differs: largest channel difference 3 (allowed 0), 12 pixels over
    /// it (allowed 0)", or the sizes when they differ.
    static func headline(_ name: String, _ comparison: ImageComparison, maxChannelDelta: Int, pixels: Int) -> String {
        guard comparison.sizesMatch else { return "golden '\(name)' differs: \(comparison.summary)" }
        let over = comparison.pixelsOverThreshold
        return "golden '\(name)' differs: largest channel difference \(comparison.maxChannelDelta) (allowed "
            + "\(maxChannelDelta)), \(over) pixel\(over == 1 ? "" : "s") over it (allowed \(pixels))"
    }

    static func record(_ image: Pixmap, to path: String) -> Outcome {
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data(PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: path), options: .atomic)
            return .recorded(path: path, changed: true)
        } catch {
            return .failed(message: "cannot record golden at \(path): \(error)")
        }
    }

    /// Writes NAME.expected.png, NAME.actual.png and NAME.diff.png (`diff`, or expected | actual |
    /// difference side by side); returns their paths.
    static func writeArtifacts(
        expected: Pixmap, actual: Pixmap, name: String, into folder: URL, diff: Pixmap? = nil
    ) throws -> [String] {
        let base = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: base.deletingLastPathComponent(), withIntermediateDirectories: true)
        let images = [
            ("expected", expected), ("actual", actual),
            ("diff", diff ?? ImageComparison.diffImage(expected: expected, actual: actual)),
        ]
        var paths: [String] = []
        for (kind, image) in images {
            let url = URL(fileURLWithPath: base.path + ".\(kind).png")
            try Data(PNGEncoder().encode(image)).write(to: url, options: .atomic)
            paths.append(url.path)
        }
        return paths
    }
}

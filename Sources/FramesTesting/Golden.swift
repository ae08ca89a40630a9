import Foundation
import FrameFiles
import Raster
import Testing
import XCTest

/// Golden-image assertions for tests, from XCTest and from Swift Testing: a rendered frame (or a
/// whole sequence) must match a named PNG under the package's `golden/` folder, exactly or
/// within two thresholds (a largest channel difference, a largest number of pixels over it), or,
/// with a `PerceptualTolerance`, as pixelmatch judges it (`frames compare --metric`): at most
/// `maxDifferingPixels` pixels beyond the metric's threshold, anti-aliasing left out.
///
/// Recording is explicit, from the environment variable `FRAMES_RECORD`:
/// - `missing` (default): a golden that does not exist is written, and the test fails so that
///   someone looks at it;
/// - `all`: every golden is written; the test fails where the file changed;
/// - `failed`: goldens that do not match are rewritten; the test fails for each;
/// - `never`: only compare; a missing golden fails.
/// When `CI` is set (to anything but "", "0" or "false"), the mode is always `never`.
///
/// On a mismatch the expected, actual and diff PNGs go to `FRAMES_ARTIFACTS` (default
/// `.build/frames-artifacts` in the package), and the failure names the three paths and the
/// measured figures against the allowed ones.
public enum Golden {
    /// Which goldens `check` writes instead of comparing: `missing` ones (the default), `all`, `failed`
    /// ones, or `never` (always under CI).
    public enum RecordMode: String, Sendable, CaseIterable {
        /// A golden that does not exist is written, and the test fails so that someone looks at it.
        case missing
        /// Every golden is written; the test fails where the file's pixels changed.
        case all
        /// Goldens that do not match are rewritten; the test fails for each.
        case failed
        /// Only compare; a missing golden fails.
        case never

        /// The mode the environment asks for (`FRAMES_RECORD`, `CI`).
        public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
            -> RecordMode
        {
            if Manifest.isContinuousIntegration(environment["CI"]) { return .never }
            return environment["FRAMES_RECORD"].flatMap { RecordMode(rawValue: $0.lowercased()) } ?? .missing
        }
    }

    /// What a check found.
    public enum Outcome: Sendable, Equatable {
        /// The image matches its golden within the thresholds.
        case matched
        /// The golden was written (new, or re-recorded); `changed` is false when it was rewritten
        /// with the same pixels.
        case recorded(path: String, changed: Bool)
        /// A mismatch, a missing golden or one that cannot be read: what to say, with the paths.
        case failed(message: String)

        /// Whether a test should fail: a mismatch, a missing golden, or a recording that changed
        /// a file.
        public var isFailure: Bool {
            switch self {
            case .matched: return false
            case .recorded(_, let changed): return changed
            case .failed: return true
            }
        }

        /// One line for a test failure or log: what happened and where the files are.
        public var message: String {
            switch self {
            case .matched: return "matches its golden"
            case .recorded(let path, let changed):
                return changed
                    ? "recorded golden \(path); look at it, then run the tests again"
                    : "re-recorded golden \(path) (unchanged)"
            case .failed(let message): return message
            }
        }
    }

    /// The folder that holds Package.swift, found by walking up from a test file.
    public static func packageRoot(of filePath: String) -> URL {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: filePath).deletingLastPathComponent()
    }

    /// Where artifacts go: `FRAMES_ARTIFACTS`, else `.build/frames-artifacts` in the package.
    public static func artifactsFolder(root: URL, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> URL
    {
        if let path = environment["FRAMES_ARTIFACTS"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return root.appendingPathComponent(".build/frames-artifacts")
    }

    /// Compares `image` with the golden PNG at `goldenPath` under `mode`, writing artifacts into
    /// `artifacts` on a mismatch. Does not report anything: `assertGolden` does.
    public static func check(
        _ image: Pixmap, goldenPath: String, name: String, maxChannelDelta: Int = 0,
        maxDifferingPixels: Int = 0, perceptual: PerceptualTolerance? = nil, mode: RecordMode, artifacts: URL
    ) -> Outcome {
        let exists = FileManager.default.fileExists(atPath: goldenPath)
        var expected: Pixmap? = nil
        if exists {
            do {
                expected = try PNGDecoder.decode(FileInput.read(goldenPath))
            } catch {
                return .failed(message: "golden '\(name)' at \(goldenPath) cannot be read: \(error)")
            }
        }
        if !exists {
            guard mode != .never else {
                return .failed(
                    message: "golden '\(name)' is missing at \(goldenPath), and recording is off "
                        + "(FRAMES_RECORD=never, or CI is set); record it with FRAMES_RECORD=missing")
            }
            return record(image, to: goldenPath, changed: true)
        }
        if let perceptual {
            return checkPerceptually(
                image, goldenPath: goldenPath, name: name, tolerance: perceptual,
                maxDifferingPixels: maxDifferingPixels, mode: mode, artifacts: artifacts)
        }
        let comparison = ImageComparison(
            expected: expected!, actual: image, maxChannelDelta: maxChannelDelta,
            maxDifferingPixels: maxDifferingPixels)
        if mode == .all { return record(image, to: goldenPath, changed: !comparison.isIdentical) }
        if comparison.passes { return .matched }
        if mode == .failed { return record(image, to: goldenPath, changed: true) }
        var lines = ["golden '\(name)' differs: \(comparison.summary)"]
        if comparison.sizesMatch {
            lines.append(
                "  largest channel difference: actual \(comparison.maxChannelDelta), allowed \(maxChannelDelta)")
            lines.append("  pixels over it: actual \(comparison.pixelsOverThreshold), allowed \(maxDifferingPixels)")
        }
        do {
            let paths = try writeArtifacts(expected: expected!, actual: image, name: name, into: artifacts)
            lines += ["  expected: \(paths[0])", "  actual:   \(paths[1])", "  diff:     \(paths[2])"]
        } catch {
            lines.append("  (artifacts could not be written: \(error))")
        }
        return .failed(message: lines.joined(separator: "\n"))
    }

    /// `check` with pixelmatch's judgement: the golden's straight samples against the image's,
    /// the count against `maxDifferingPixels`; the diff artifact is pixelmatch's picture.
    static func checkPerceptually(
        _ image: Pixmap, goldenPath: String, name: String, tolerance: PerceptualTolerance, maxDifferingPixels: Int,
        mode: RecordMode, artifacts: URL
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
        if mode == .all { return record(image, to: goldenPath, changed: !identical) }
        if comparison.passes { return .matched }
        if mode == .failed { return record(image, to: goldenPath, changed: true) }
        var lines = ["golden '\(name)' differs: \(comparison.summary)"]
        if comparison.sizesMatch {
            lines.append(
                "  differing pixels (\(tolerance.metric.rawValue), threshold \(tolerance.threshold)): actual "
                    + "\(comparison.differingPixels), allowed \(maxDifferingPixels)")
        }
        do {
            let expected = Pixmap(premultiplying: golden)
            let diff = comparison.mask.map { Pixmap(premultiplying: DifferencePicture.picture(of: $0, over: golden)) }
            let paths = try writeArtifacts(expected: expected, actual: image, name: name, into: artifacts, diff: diff)
            lines += ["  expected: \(paths[0])", "  actual:   \(paths[1])", "  diff:     \(paths[2])"]
        } catch {
            lines.append("  (artifacts could not be written: \(error))")
        }
        return .failed(message: lines.joined(separator: "\n"))
    }

    static func record(_ image: Pixmap, to path: String, changed: Bool) -> Outcome {
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data(PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: path), options: .atomic)
            return .recorded(path: path, changed: changed)
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

    /// Reports a failure to whichever framework runs the test.
    static func report(_ message: String, filePath: StaticString, line: UInt, sourceLocation: SourceLocation) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}

/// Asserts that `image` matches `golden/<name>.png` in the calling test's package (or in
/// `directory`), within the thresholds (both 0 by default: exact), or, with `perceptual`, with at
/// most `maxDifferingPixels` pixels that pixelmatch's metric finds different. Works in XCTest and
/// Swift Testing; see `Golden` for record modes and artifacts.
public func assertGolden(
    _ image: Pixmap, named name: String, maxChannelDelta: Int = 0, maxDifferingPixels: Int = 0,
    perceptual: PerceptualTolerance? = nil, directory: String? = nil, filePath: StaticString = #filePath,
    line: UInt = #line,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let root = Golden.packageRoot(of: "\(filePath)")
    let folder = directory ?? root.appendingPathComponent("golden").path
    let outcome = Golden.check(
        image, goldenPath: folder + "/" + name + ".png", name: name,
        maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels, perceptual: perceptual,
        mode: .fromEnvironment(), artifacts: Golden.artifactsFolder(root: root))
    if outcome.isFailure {
        Golden.report(outcome.message, filePath: filePath, line: line, sourceLocation: sourceLocation)
    }
}

/// Asserts that every frame of `renderer` (or the listed frames) matches
/// `golden/<name>/frame_NNNN.png`, each within the thresholds; one failure per frame that does
/// not (`perceptual` as for `assertGolden`).
public func assertGoldenSequence(
    _ renderer: FrameRenderer, named name: String, frames: [Int]? = nil, maxChannelDelta: Int = 0,
    maxDifferingPixels: Int = 0, perceptual: PerceptualTolerance? = nil, directory: String? = nil,
    filePath: StaticString = #filePath, line: UInt = #line,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let root = Golden.packageRoot(of: "\(filePath)")
    let folder = (directory ?? root.appendingPathComponent("golden").path) + "/" + name
    let digits = max(4, String(renderer.frameCount - 1).count)
    let mode = Golden.RecordMode.fromEnvironment()
    for k in frames ?? Array(0..<renderer.frameCount) {
        let number = String(k)
        let frameName = "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number
        let outcome = Golden.check(
            renderer.frame(k), goldenPath: folder + "/" + frameName + ".png",
            name: name + "/" + frameName, maxChannelDelta: maxChannelDelta,
            maxDifferingPixels: maxDifferingPixels, perceptual: perceptual, mode: mode,
            artifacts: Golden.artifactsFolder(root: root))
        if outcome.isFailure {
            Golden.report(outcome.message, filePath: filePath, line: line, sourceLocation: sourceLocation)
        }
    }
}

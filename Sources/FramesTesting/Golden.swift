import Comparison
import Foundation
import GoldenFolders
import Images
import Testing

/// Golden-image assertions for tests, from XCTest and from Swift Testing: a rendered frame (or a
/// whole sequence) must match a named PNG under the package's `golden/` folder, exactly or
/// within two thresholds (a largest channel difference, a largest number of pixels over it), or,
/// with a `PerceptualTolerance`, as pixelmatch judges it (`frames compare --metric`): at most
/// `maxDifferingPixels` pixels beyond the metric's threshold, anti-aliasing left out.
///
/// Recording is explicit, from the environment variable `FRAMES_RECORD`:
/// - `missing` (default): a golden that does not exist is written, and the test fails so that
///   someone looks at it;
/// - `all`: every golden whose pixels changed is written; the test fails for each (a golden
///   whose pixels are the same is left as it is);
/// - `failed`: goldens that do not match are rewritten; the test fails for each;
/// - `never`: only compare; a missing golden fails.
/// Any other value fails the assertion, naming these four. When `CI` is set (to anything but "",
/// "0" or "false"), nothing is recorded whatever `FRAMES_RECORD` says, and a failure says so.
///
/// On a mismatch the expected, actual and diff PNGs go to `FRAMES_ARTIFACTS` (default
/// `.build/frames-artifacts` in the package); the failure's first line names the golden and the
/// figures against the allowed ones, the next lines the three paths and the command that
/// accepts the change (`FRAMES_RECORD=failed swift test --filter …`).
public enum Golden {
    /// Which goldens `check` writes instead of comparing: `missing` ones (the default), `all`, `failed`
    /// ones, or `never` (always under CI).
    public enum RecordMode: String, Sendable, CaseIterable {
        /// A golden that does not exist is written, and the test fails so that someone looks at it.
        case missing
        /// Every golden whose pixels changed is written; the test fails for each.
        case all
        /// Goldens that do not match are rewritten; the test fails for each.
        case failed
        /// Only compare; a missing golden fails.
        case never

        /// The mode the environment asks for: `FRAMES_RECORD` (any case; `missing` when unset or
        /// empty), and `never` whenever `CI` is set. Throws for a value that is not a mode, even
        /// under CI, so that a typo is told rather than taken for the default.
        public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
            throws(RecordModeError) -> RecordMode
        {
            var mode = RecordMode.missing
            if let text = environment["FRAMES_RECORD"], !text.isEmpty {
                guard let named = RecordMode(rawValue: text.lowercased()) else { throw RecordModeError(value: text) }
                mode = named
            }
            return Manifest.isContinuousIntegration(environment["CI"]) ? .never : mode
        }
    }

    /// `FRAMES_RECORD` holds a value that is not a `RecordMode`.
    public struct RecordModeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The value as set.
        public let value: String

        /// "FRAMES_RECORD=alll is not a record mode: use missing, all, failed or never".
        public var description: String {
            let modes = RecordMode.allCases.map(\.rawValue)
            return "FRAMES_RECORD=\(value) is not a record mode: use \(modes.dropLast().joined(separator: ", ")) "
                + "or \(modes.last!) (missing when unset)"
        }
    }

    /// What a check found.
    public enum Outcome: Sendable, Equatable {
        /// The image matches its golden within the thresholds (and under `all`, a golden with the
        /// same pixels is left as it is).
        case matched
        /// The golden was written, new or changed. `changed` is always true since 0.2.0 (a golden
        /// with the same pixels is no longer rewritten); it is kept for source compatibility.
        case recorded(path: String, changed: Bool)
        /// A mismatch, a missing golden or one that cannot be read: what to say, first line the
        /// headline (the golden and the figures), then the paths and how to accept the change.
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

        /// What happened and where the files are: one headline, then detail lines.
        public var message: String {
            switch self {
            case .matched: return "matches its golden"
            case .recorded(let path, let changed):
                return changed
                    ? "recorded golden \(path); look at it, then run the tests again"
                    : "golden \(path) holds the same pixels"
            case .failed(let message): return message
            }
        }
    }

    /// How a failure tells its reader to accept a change: the test's `swift test --filter`
    /// pattern, and whether CI is set (where nothing records).
    public struct Acceptance: Sendable, Equatable {
        /// The pattern that selects the test (`Suite/test` or a test method's name), or nil.
        public var filter: String?
        /// Whether `CI` is set.
        public var continuousIntegration: Bool

        /// An acceptance for the test `filter` selects, in or out of CI.
        public init(filter: String? = nil, continuousIntegration: Bool = false) {
            self.filter = filter
            self.continuousIntegration = continuousIntegration
        }

        /// The line that says how to record with `mode`: the exact command, and under CI that
        /// nothing records there.
        func line(_ what: String, mode: RecordMode) -> String {
            let command = "FRAMES_RECORD=\(mode.rawValue) swift test" + (filter.map { " --filter '\($0)'" } ?? "")
            guard continuousIntegration else { return "  \(what): \(command)" }
            return "  \(what): CI is set, so nothing is recorded here (FRAMES_RECORD is ignored); run "
                + "\(command) where CI is not set, look at the golden and commit it"
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
}

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
        let golden: RGBAImage
        do {
            golden = try PNGDecoder.decodeStraight(FileInput.read(goldenPath))
        } catch {
            return .failed(message: "golden '\(name)' at \(goldenPath) cannot be read: \(error)")
        }
        let comparison = ImageComparison(
            expected: golden, actual: RGBAImage(image),
            settings: ComparisonSettings(
                judgement: perceptual.map { .perceptual($0) } ?? .exact(maxChannelDelta: maxChannelDelta),
                maxDifferingPixels: maxDifferingPixels, figures: perceptual == nil ? .channels : .judged))
        if mode == .all { return comparison.isIdentical ? .matched : record(image, to: goldenPath) }
        if comparison.passes { return .matched }
        if mode == .failed { return record(image, to: goldenPath) }
        var lines = [headline(name, comparison)]
        do {
            // A perceptual judgement's diff is pixelmatch's picture; an exact one's, and that of
            // two sizes, expected | actual | difference.
            let diff = perceptual.flatMap { _ in comparison.mask }.map {
                Pixmap(premultiplying: DifferencePicture.picture(of: $0, over: golden))
            }
            let paths = try writeArtifacts(
                expected: Pixmap(premultiplying: golden), actual: image, name: name, into: artifacts, diff: diff)
            lines += ["  expected: \(paths[0])", "  actual:   \(paths[1])", "  diff:     \(paths[2])"]
        } catch {
            lines.append("  (artifacts could not be written: \(error))")
        }
        lines.append(acceptance.line("to accept the change", mode: .failed))
        return .failed(message: lines.joined(separator: "\n"))
    }

    /// "golden 'brand_3x_k7' differs: largest channel difference 3 (allowed 0), 12 pixels over
    /// it (allowed 0)"; for a perceptual judgement "… 12 pixels differ (oklab, threshold 0.1;
    /// allowed 0)"; or the sizes when they differ.
    static func headline(_ name: String, _ comparison: ImageComparison) -> String {
        let differs = "golden '\(name)' differs: "
        guard comparison.sizesMatch else { return differs + comparison.summary }
        let count = comparison.differingPixels
        let allowed = comparison.settings.maxDifferingPixels
        switch comparison.settings.judgement {
        case .exact(let maxChannelDelta):
            return differs + "largest channel difference \(comparison.maxChannelDelta) (allowed \(maxChannelDelta)), "
                + "\(count) pixel\(count == 1 ? "" : "s") over it (allowed \(allowed))"
        case .perceptual(let tolerance):
            return differs + "\(count) pixel\(count == 1 ? "" : "s") differ\(count == 1 ? "s" : "") "
                + "(\(tolerance.metric.rawValue), threshold \(tolerance.threshold); allowed \(allowed))"
        }
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
            ("diff", diff ?? DifferencePicture.sideBySide(expected: expected, actual: actual)),
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

extension Golden {
    /// Verifies the frames folder at `path` (one `frames` wrote, with its manifest.json) as
    /// `frames verify` does: every frame rendered again from the manifest and compared with its
    /// file within the thresholds, files missing or extra counted, and what changed since the
    /// folder was written said in words. On a failure the HTML report goes to
    /// `artifacts/<name>/report.html` and the message names it.
    ///
    /// Folders are written by `frames` (`frames verify --update DIR` after an intended change), so
    /// `FRAMES_RECORD` does not apply: this only compares.
    public static func checkFolder(
        _ path: String, name: String, maxChannelDelta: Int = 0, maxDifferingPixels: Int = 0, artifacts: URL
    ) -> Outcome {
        let verification: FolderVerification
        do {
            verification = try FolderVerification(
                FramesFolder(path: path), maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels)
        } catch {
            return .failed(message: "golden folder '\(name)' cannot be verified: \(error)")
        }
        if verification.holds { return .matched }
        var lines = [
            "golden folder '\(name)' at \(path) differs: \(verification.failures.count) of "
                + "\(verification.frames.count) frames (allowed: channel delta \(maxChannelDelta), "
                + "\(maxDifferingPixels) differing pixels)"
        ]
        lines += verification.failures.map { "  \($0.name): \($0.outcome.summary)" }
        lines += verification.explanations.map { "  \($0)" }
        let report = artifacts.appendingPathComponent(name).appendingPathComponent("report.html")
        let page = HTMLReport(
            command: "golden folder \(name)",
            sections: [verification.reportSection], maxChannelDelta: maxChannelDelta,
            maxDifferingPixels: maxDifferingPixels)
        do {
            try FileManager.default.createDirectory(
                at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(page.html.utf8).write(to: report, options: .atomic)
            lines.append("  report: \(report.path)")
        } catch {
            lines.append("  (the report could not be written: \(error))")
        }
        lines.append("  after an intended change: frames verify --update \(path)")
        return .failed(message: lines.joined(separator: "\n"))
    }
}

/// Asserts that the frames folder `golden/<name>` in the calling test's package (or
/// `directory/<name>`) holds: `Golden.checkFolder`, one line in a test. Works in XCTest and Swift
/// Testing; on a failure the report is written under `FRAMES_ARTIFACTS` (default
/// `.build/frames-artifacts`).
public func assertGoldenFolder(
    _ name: String, maxChannelDelta: Int = 0, maxDifferingPixels: Int = 0, directory: String? = nil,
    filePath: StaticString = #filePath, line: UInt = #line, sourceLocation: SourceLocation = #_sourceLocation
) {
    let root = Golden.packageRoot(of: "\(filePath)")
    let folder = (directory ?? root.appendingPathComponent("golden").path) + "/" + name
    let outcome = Golden.checkFolder(
        folder, name: name, maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels,
        artifacts: Golden.artifactsFolder(root: root))
    if outcome.isFailure {
        Golden.report(outcome.message, filePath: filePath, line: line, sourceLocation: sourceLocation)
    }
}

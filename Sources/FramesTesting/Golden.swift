import Comparison
import Foundation
import GoldenFolders
import Images

/// Golden-image assertions for tests, from XCTest and from Swift Testing, with one import: an
/// image (a rendered frame, PNG bytes or file, RGBA bytes) or a whole sequence must match a
/// golden PNG under the package's `golden/` folder, exactly or within two thresholds (a largest
/// channel difference, a largest number of pixels over it), or, with a `PerceptualTolerance`, as
/// pixelmatch judges it (`frames compare --metric`), regions left out as `frames compare
/// --ignore/--mask` leaves them. The judgement is `ImageComparison`'s, the comparison of the
/// command line.
///
/// Recording is explicit, from the environment variable `FRAMES_RECORD`:
/// - `missing` (default): a golden that does not exist is written, and the test fails so that
///   someone looks at it;
/// - `all`: every golden whose pixels changed is written, and one that is not a readable picture
///   (a Git LFS pointer, a truncated file); the test fails for each (a golden whose pixels are the
///   same is left as it is);
/// - `failed`: goldens that do not match, or cannot be read, are rewritten; the test fails for
///   each;
/// - `never`: only compare; a missing golden fails.
/// Any other value fails the assertion, naming these four. When `CI` is set (to anything but "",
/// "0" or "false"), nothing is recorded whatever `FRAMES_RECORD` says, and a failure says so.
///
/// On a failure the expected, actual and diff PNGs go to `FRAMES_ARTIFACTS` (default
/// `.build/frames-artifacts` in the package) beside a page of the run's failures (`index.html`),
/// and are attached to the test's result; the failure's first line names the golden and the
/// figures against the allowed ones, the next lines the paths and the command that accepts the
/// change (`FRAMES_RECORD=failed swift test --filter '^…$'`, which selects that test alone).
public enum Golden {
    /// Which goldens `check` writes instead of comparing: `missing` ones (the default), `all`, `failed`
    /// ones, or `never` (always under CI).
    public enum RecordMode: String, Sendable, CaseIterable {
        /// A golden that does not exist is written, and the test fails so that someone looks at it.
        case missing
        /// Every golden whose pixels changed is written, and every one that is not a readable
        /// picture; the test fails for each.
        case all
        /// Goldens that do not match, or are not a readable picture, are rewritten; the test fails
        /// for each.
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
        /// The pattern that selects the test and no other, anchored ("^Module\.Suite/test\(\)(/|$)"
        /// for Swift Testing, "^Module\.Class/testMethod$" for XCTest), or nil.
        public var filter: String?
        /// Whether `CI` is set.
        public var continuousIntegration: Bool

        /// An acceptance for the test `filter` selects, in or out of CI.
        public init(filter: String? = nil, continuousIntegration: Bool = false) {
            self.filter = filter
            self.continuousIntegration = continuousIntegration
        }

        /// "FRAMES_RECORD=failed swift test --filter '^Module\.Suite/test\(\)(/|$)'".
        func command(_ mode: RecordMode) -> String {
            let quoted = filter.map { " --filter '" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            return "FRAMES_RECORD=\(mode.rawValue) swift test" + (quoted ?? "")
        }

        /// The line that says how to record with `mode`: the exact command, and under CI that
        /// nothing records there.
        func line(_ what: String, mode: RecordMode) -> String {
            guard continuousIntegration else { return "  \(what): \(command(mode))" }
            return "  \(what): CI is set, so nothing is recorded here (FRAMES_RECORD is ignored); run "
                + "\(command(mode)) where CI is not set, look at the golden and commit it"
        }
    }

    /// The folder that holds Package.swift, found by walking up from a test file: what
    /// `directory:` and a relative PNG file's path start from, whatever the working directory.
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

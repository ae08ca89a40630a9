import Foundation
import Testing

/// The one switch for the slow tests: those that drive a real browser (headless Chromium), open
/// the exports in the real players (ffmpeg, the Python renderers), replay the fuzz corpus, loop
/// for stress, run the documents' commands or make images of many megapixels. They are off by
/// default, so that `swift test` stays near two minutes on two cores, and on with
/// `FRAMES_SLOW_TESTS=1`, which `.ci/run` sets: CI runs everything.
public enum SlowTests {
    /// The environment variable: `1` runs the slow tests too.
    public static let variable = "FRAMES_SLOW_TESTS"

    /// Whether this run includes the slow tests.
    public static let enabled = ProcessInfo.processInfo.environment[variable] == "1"

    /// Why a slow test did not run, in the skip line of each (``note`` says how to run them).
    public static let reason = "slow"

    /// What the default run says once about the slow tests.
    public static let note =
        "the slow tests (a browser, ffmpeg and Python renderers, fuzz replays, stress loops, the documents' "
        + "commands, big images) are skipped: \(variable)=1 swift test runs them too, as CI does"
}

extension Trait where Self == ConditionTrait {
    /// `@Suite(.slow)` or `@Test(.slow)`: runs only when `FRAMES_SLOW_TESTS=1` (``SlowTests``).
    public static var slow: Self {
        .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason))
    }
}

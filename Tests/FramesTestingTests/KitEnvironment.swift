import Foundation
import Testing

@testable import FramesTesting
@testable import Images

/// The environment the kit's own tests make their assertions in: this process's without `CI`,
/// `FRAMES_RECORD` and `FRAMES_PER_PLATFORM`, so that they record, compare and name goldens as on
/// a developer's machine whether the run is under CI (where nothing is recorded) or someone runs
/// `FRAMES_RECORD=all swift test`. Every suite of this target has the trait but the children,
/// which read the environment `ChildRun` gives their process; XCTest's tests call `run`.
struct KitEnvironment: SuiteTrait, TestTrait, TestScoping {
    static var developers: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["CI", "FRAMES_RECORD", "FRAMES_PER_PLATFORM"] { environment[name] = nil }
        return environment
    }

    /// Runs `body` with its assertions reading `developers`.
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        try GoldenAssertion.$environmentOverride.withValue(developers, operation: body)
    }

    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await GoldenAssertion.$environmentOverride.withValue(Self.developers, operation: function)
    }
}

extension Trait where Self == KitEnvironment {
    /// The suite's assertions read `KitEnvironment.developers`.
    static var developersEnvironment: Self { KitEnvironment() }
}

/// What the failures of `body`'s assertions say: kept, not recorded as issues.
func failures(_ body: () -> Void) -> [String] {
    let said = Locked<[String]>([])
    FailureDelivery.$capture.withValue(said) { body() }
    return said.withLock { $0 }
}

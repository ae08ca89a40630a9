import Foundation
import TestSupport
import Testing

/// The default run says once that the slow suites were left out and how to run them: this test's
/// skip line. With the switch on, it checks that CI turns it on too, so that CI runs everything.
@Suite struct SlowTestsNoteTests {
    @Test(.enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.note)))
    func continuousIntegrationRunsTheSlowTests() throws {
        let script = try String(
            contentsOf: DocsTests.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(script.contains("\(SlowTests.variable)=1 swift test --xunit-output"), ".ci/run's test run")
    }
}

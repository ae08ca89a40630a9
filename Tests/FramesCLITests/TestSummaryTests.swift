import Foundation
import Testing

@testable import FramesCLI

/// `.ci/test-summary.py`, which CI pipes `swift test` through: every line passes unchanged, then a
/// summary with the failures first and the counts per suite; it never fails by itself.
@Suite struct TestSummaryTests {
    @Test func passesTheOutputThroughAndSummarisesFailuresFirst() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = folder.appendingPathComponent("tests.xml")
        try Data(
            """
            <testsuites><testsuite name="All"><testcase classname="FramesTestingTests.GoldenKitXCTests" name="testA" time="0.1"/></testsuite></testsuites>
            """.utf8
        ).write(to: xml)
        try Data(
            """
            <testsuites><testsuite name="TestResults">
            <testcase classname="FramesCLITests.CLITests" name="helpListsEveryOption()" time="0.1"/>
            <testcase classname="FramesCLITests.CLITests" name="versionPrintsTheVersion()" time="0.1"><failure message="CLITests.swift:12: Expectation failed: 1 == 2"/></testcase>
            <testcase classname="RasterTests.ColorTests" name="parses()" time="0.1"/>
            <testcase classname="RasterTests.ColorTests" name="refuses()" time="0.1"><skipped/></testcase>
            </testsuite></testsuites>
            """.utf8
        ).write(to: folder.appendingPathComponent("tests-swift-testing.xml"))
        let output = "✔ Test helpListsEveryOption() passed\n✘ Test versionPrintsTheVersion() recorded an issue\n"
        let script = DocsTests.root.appendingPathComponent(".ci/test-summary.py").path
        let result = try Shell.run(
            "bash", "printf %s \(Shell.quoted(output)) | python3 \(Shell.quoted(script)) \(Shell.quoted(xml.path))")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(output), "the output passes through first, unchanged")
        let summary = String(result.stdout.dropFirst(output.count))
        let failed = try #require(summary.range(of: "FAILED: 1 test"))
        let counts = try #require(summary.range(of: "Tests passed per suite"))
        #expect(failed.lowerBound < counts.lowerBound, "failures first")
        #expect(summary.contains("CLITests.versionPrintsTheVersion(): CLITests.swift:12: Expectation failed"))
        #expect(summary.contains("CLITests 1 ✘1"))
        #expect(summary.contains("ColorTests 1 ~1"))
        #expect(summary.contains("GoldenKitXCTests 1"))
        #expect(summary.contains("5 tests in 3 suites: 3 passed, 1 failed, 1 skipped"))
        #expect(summary.split(separator: "\n").count < 25, "one screen")
    }

    @Test func withoutTheFilesItStillEndsAndExitsZero() throws {
        let script = DocsTests.root.appendingPathComponent(".ci/test-summary.py").path
        let result = try Shell.run(
            "bash", "printf 'error: build failed\\n' | python3 \(Shell.quoted(script)) /nonexistent/tests.xml")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("error: build failed\n"))
        #expect(result.stdout.contains("swift test: summary"))
    }
}

import Foundation
import Testing

@testable import FramesTesting

/// The command a failure gives to accept it selects that test and no other, in both frameworks:
/// `swift test --filter` takes a regular expression and matches it against "Module.Suite/test()"
/// (Swift Testing, whose IDs may go on with "/File.swift:12:5") and "Module.Class/testMethod"
/// (XCTest).
@Suite(.developersEnvironment) struct AcceptCommandTests {
    /// A test whose name begins another's, one of the same name in a nested suite, and an overload
    /// taking arguments: the pattern picks the one.
    @Test func theSwiftTestingPatternRunsOneTest() throws {
        let test = RunningTest.swiftTesting(
            module: "FramesTestingTests", components: ["FilterChildren", "spin()"], parameterized: false)
        #expect(test.filter == #"^FramesTestingTests\.FilterChildren/spin\(\)(/|$)"#)
        let folder = try ChildRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ChildRun.run(
            ["--testing-library", "swift-testing", "--filter", test.filter], child: "filter", folder: folder)
        let ran = run.output.split(separator: "\n").filter {
            $0.contains("Test ") && !$0.contains("Test run") && $0.contains(" started.")
        }
        #expect(ran.count == 1, "\(run.output)")
        #expect(ran.first?.contains("Test spin() started.") == true, "\(run.output)")
        #expect(run.status == 0, "\(run.output)")
    }

    /// The XCTest pattern, matched as `swift test` matches it, against every test this binary
    /// lists.
    @Test func theXCTestPatternMatchesOneTest() throws {
        let test = RunningTest.xcTest(className: "FramesTestingTests.XCTestChildren", method: "testNothing")
        #expect(test.filter == #"^FramesTestingTests\.XCTestChildren/testNothing$"#)
        let process = Process()
        process.executableURL = ChildRun.binary
        process.arguments = ["--list-tests"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let listed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let pattern = try Regex(test.filter)
        let names = listed.split(separator: "\n").map(String.init)
        #expect(names.contains("FramesTestingTests.XCTestChildren/testNothing"), "\(listed)")
        #expect(names.filter { $0.contains(pattern) } == ["FramesTestingTests.XCTestChildren/testNothing"])
    }

    /// Where the test is not known (a detached task), the command selects the tests of that
    /// function's name in the module.
    @Test func anUnknownTestIsSelectedByItsFunctionsName() throws {
        let test = RunningTest.unknown(module: "App Tests", function: "spin(k:)")
        let pattern = try Regex(test.filter)
        #expect("App Tests.Suite/spin(k:)".contains(pattern) == false)
        #expect("App Tests.Suite/spin()".contains(pattern))
        #expect("App Tests.spin()/A.swift:1:2".contains(pattern))
        #expect("App Tests.Suite/spinFast()".contains(pattern) == false)
    }
}

/// Tests run only as a child process (`ChildRun`): which of them a pattern selects.
@Suite(.enabled(if: ChildRun.current == "filter")) struct FilterChildren {
    @Test func spin() {}
    @Test func spinFast() {}
    @Test(arguments: [1, 2]) func spin(k: Int) {}
    @Suite struct Nested {
        @Test func spin() {}
    }
}

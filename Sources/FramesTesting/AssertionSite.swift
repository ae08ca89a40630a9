import Foundation
import Testing
import XCTest

/// Where an assertion is written: the caller's `#fileID`, `#filePath`, `#line`, `#column` and
/// `#function`. No macro of either test framework makes it, so that a test file imports neither
/// to call an assertion (Swift Testing's `#_sourceLocation` must be visible where it is used).
struct AssertionSite: Sendable {
    let fileID: String
    let filePath: String
    let line: Int
    let column: Int
    /// The function the call is written in ("testOverlay()"; a helper's name when called from one).
    let function: String

    /// Swift Testing's form of the same place.
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// "BrandTests.swift:12".
    var shortDescription: String { "\(fileName):\(line)" }

    /// "BrandTests.swift".
    var fileName: String { fileID.split(separator: "/").last.map(String.init) ?? fileID }

    /// The test target's module, from `#fileID` ("SpinnerGoldenTests/BrandTests.swift").
    var moduleName: String { String(fileID.prefix { $0 != "/" }) }
}

/// The test an assertion is made in, as the framework that runs it names it: what the golden is
/// named after when `named:` is left out, what claims a golden, and what the accept command
/// selects.
enum RunningTest: Sendable, Equatable {
    /// A Swift Testing test: its module and its name's components (suites, then "spin()").
    case swiftTesting(module: String, components: [String], parameterized: Bool)
    /// An XCTest method: its class with the module ("Module.Class") and its name ("testSpin").
    case xcTest(className: String, method: String)
    /// Neither framework says which test runs (a detached task, a class-level setUp): the
    /// function the assertion is written in, in the test target's module.
    case unknown(module: String, function: String)

    /// The test running where `site` is, as Swift Testing (a task-local) or the XCTest
    /// observer (the test case XCTest started last) knows it.
    static func current(at site: AssertionSite) -> RunningTest {
        if let test = Test.current {
            return .swiftTesting(
                module: test.id.moduleName, components: test.id.nameComponents,
                parameterized: Test.Case.current?.isParameterized ?? false)
        }
        if let testCase = XCTestWatch.currentTestCase { return RunningTest(testCase) }
        return .unknown(module: site.moduleName, function: site.function)
    }

    /// The XCTest method `testCase` runs: its class ("Module.Class") and the method's name, from
    /// "Class.testSpin" (open-source XCTest) or "-[Class testSpin]" (Apple's).
    init(_ testCase: XCTestCase) {
        let className = String(reflecting: type(of: testCase))
        let method = testCase.name.split(whereSeparator: { ". []-".contains($0) }).last.map(String.init)
        self = .xcTest(className: className, method: method ?? testCase.name)
    }

    /// The test function's name without its parameters: "spin", "testSpin".
    var functionName: String {
        switch self {
        case .swiftTesting(_, let components, _): return RunningTest.bare(components.last ?? "")
        case .xcTest(_, let method): return RunningTest.bare(method)
        case .unknown(_, let function): return RunningTest.bare(function)
        }
    }

    /// The test as people read it: "BrandTests/spin()", "SequenceTests.testSpin", "testSpin()".
    var description: String {
        switch self {
        case .swiftTesting(_, let components, _): return components.joined(separator: "/")
        case .xcTest(let className, let method):
            return (className.split(separator: ".").last.map(String.init) ?? className) + "." + method
        case .unknown(_, let function): return function
        }
    }

    /// What counts a test's assertions and claims its goldens: one string per test.
    var key: String {
        switch self {
        case .swiftTesting(let module, let components, _):
            return "swift-testing " + module + "." + components.joined(separator: "/")
        case .xcTest(let className, let method): return "xctest " + className + "/" + method
        case .unknown(let module, let function): return "unknown " + module + "." + function
        }
    }

    /// The `swift test --filter` pattern that selects this test and no other, anchored at both
    /// ends: "^Module\.Suite/spin\(\)(/|$)" (Swift Testing matches its IDs, which end in the
    /// source location), "^Module\.Class/testSpin$" (XCTest's). Where the test is unknown, every
    /// test of that name in the module: "^Module\.(.*/)?testSpin(\(\))?(/|$)".
    var filter: String {
        switch self {
        case .swiftTesting(let module, let components, _):
            return "^" + RunningTest.escaped(module + "." + components.joined(separator: "/")) + "(/|$)"
        case .xcTest(let className, let method):
            return "^" + RunningTest.escaped(className + "/" + method) + "$"
        case .unknown(let module, let function):
            return "^" + RunningTest.escaped(module) + "\\.(.*/)?" + RunningTest.escaped(RunningTest.bare(function))
                + "(\\(\\))?(/|$)"
        }
    }

    /// "spin(k:)" → "spin".
    static func bare(_ name: String) -> String { String(name.prefix { $0 != "(" }) }

    /// `text` with the characters a regular expression gives a meaning escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}

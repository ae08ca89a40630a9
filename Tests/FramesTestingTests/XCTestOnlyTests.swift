import Foundation
import FramesTesting
import Raster
import XCTest

// This file imports XCTest and FramesTesting, not Testing: the assertions compile and report
// here as they do in a Swift Testing file that does not import XCTest.

/// Assertions from XCTest: each failure the test's, at the assertion's file and line.
final class XCTestOnlyTests: XCTestCase {
    /// Failures recorded while `capturing` (and not passed on: this test expects them).
    private var captured: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    #if !canImport(ObjectiveC)
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard capturing else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append((description, filePath, lineNumber))
    }
    #endif

    func testAFailureIsTheTestsAtTheAssertion() throws {
        #if canImport(ObjectiveC)
        throw XCTSkip("XCTest records through XCTIssue here; the capture is for the open-source XCTest")
        #else
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-kit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 8).frame(1)
        capturing = true
        let line = #line + 1
        KitEnvironment.run { assertGolden(image, named: "new", directory: folder.path) }
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.file, #filePath)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertTrue(captured.first?.description.hasPrefix("recorded golden ") == true, "\(captured)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/new.png"))
        #endif
    }

    /// A failure after the last test, where XCTest runs none, fails the run and says where it was
    /// made (the child below, run as a process of its own).
    func testAFailureOutsideAnyTestFailsTheRun() throws {
        let folder = try ChildRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ChildRun.run(["FramesTestingTests.XCTestChildren"], child: "outside", folder: folder)
        XCTAssertNotEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("XCTestOnlyTests.swift:\(XCTestChildren.outsideLine)"), run.output)
        XCTAssertTrue(run.output.contains("golden 'outside' is missing"), run.output)
        XCTAssertTrue(run.output.contains("with 0 failures"), run.output)
    }
}

/// Tests run only as a child process (`ChildRun`), to fail on purpose.
final class XCTestChildren: XCTestCase {
    static let outsideLine = #line + 6

    override class func tearDown() {
        guard ChildRun.current == "outside",
            let image = try? FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 8).frame(1)
        else { return super.tearDown() }
        assertGolden(image, named: "outside", directory: ChildRun.folder)
        super.tearDown()
    }

    func testNothing() {}
}

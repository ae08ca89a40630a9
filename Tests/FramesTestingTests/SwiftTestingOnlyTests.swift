import Foundation
import FramesTesting
import Raster
import Testing

// This file imports Testing and FramesTesting, not XCTest: the assertions compile and report
// here as they do in an XCTest file that does not import Testing (XCTestOnlyTests.swift).

/// Assertions from Swift Testing: each failure an issue at the assertion's line.
@Suite(.developersEnvironment) struct SwiftTestingOnlyTests {
    let folder: String
    let image: Pixmap

    init() throws {
        folder = try ChildRun.temporaryFolder().path
        image = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 8).frame(1)
    }

    @Test func aMissingGoldenIsAnIssueAtTheAssertion() {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let line = #line + 2
        withKnownIssue {
            assertGolden(image, named: "new", directory: folder)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "SwiftTestingOnlyTests.swift"
                && "\(issue)".contains("recorded golden")
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/new.png"))
    }

    /// A failure in a detached task, where no test is current, fails the run and says where it
    /// was made (the child below, run as a process of its own).
    @Test func aFailureInADetachedTaskFailsTheRun() throws {
        let folder = try ChildRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ChildRun.run(
            ["--testing-library", "swift-testing", "--filter", "SwiftTestingChildren/detached"], child: "detached",
            folder: folder)
        #expect(run.status != 0, "\(run.output)")
        #expect(
            run.output.contains("SwiftTestingOnlyTests.swift:\(SwiftTestingChildren.detachedLine)"), "\(run.output)")
        #expect(run.output.contains("golden 'lost' is missing"), "\(run.output)")
    }
}

/// Tests run only as a child process (`ChildRun`), to fail on purpose.
@Suite struct SwiftTestingChildren {
    static let detachedLine = #line + 6

    @Test(.enabled(if: ChildRun.current == "detached"))
    func detached() async throws {
        let image = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 8).frame(1)
        await Task.detached {
            assertGolden(image, named: "lost", directory: ChildRun.folder)
        }.value
    }
}

import Foundation
import Images
import Testing
import XCTest

/// A failure to report: its headline (the golden and its figures), the whole message, the
/// pictures to attach, and where the assertion is written.
struct FailureNotice: Sendable {
    let headline: String
    let message: String
    /// Files to attach to the test's result: a name ("brand.diff.png") and the PNG's bytes.
    let attachments: [(name: String, bytes: [UInt8])]
    let site: AssertionSite
}

/// Takes a failure to whichever framework can record it, so that a failing assertion never
/// passes in silence:
///
/// 1. Swift Testing, when its test is current (a task-local): an issue with the pictures attached
///    (`swift test --attachments-path DIR` keeps them).
/// 2. Otherwise XCTest, when it is running a test in this process (`XCTestWatch` knows which):
///    a failure of that test, at the assertion's file and line.
/// 3. Otherwise Swift Testing's run, if one is going on in this process: an issue recorded outside
///    any test (a detached task) goes to every running configuration, and the run fails with
///    "Test «unknown» recorded an issue at FILE:LINE". Whether a run took it is seen through the
///    toolchain's interop module: an issue no run takes goes to its fallback event handler, which
///    this kit installs.
/// 4. Otherwise nothing would record it: the message goes to standard error with its place at
///    once, and the process ends with a failing status when it exits (`LostFailures`).
enum FailureDelivery {
    /// While set (on this task), failures are kept here, each its whole message, instead of
    /// recorded: the kit's own tests read what an assertion says without a known issue in the
    /// run's output.
    @TaskLocal static var capture: Locked<[String]>?

    static func deliver(_ notice: FailureNotice) {
        if let capture {
            capture.withLock { $0.append(notice.message) }
            return
        }
        if Test.current != nil {
            recordIssue(notice)
            return
        }
        if let testCase = XCTestWatch.currentTestCase {
            XCTestWatch.record(notice, in: testCase)
            return
        }
        let probe = DeliveryProbe()
        let knows = SwiftTestingFallback.isInstalled
        DeliveryProbe.$current.withValue(probe) { recordIssue(notice) }
        if probe.fellBack {
            LostFailures.keep(notice)
        } else if !knows {
            LostFailures.warn(notice)
        }
    }

    /// The issue, its headline the golden's (recorded as a `GoldenFailure`, so that the console
    /// does not say "Issue recorded"), its comment the whole message, the pictures attached first.
    static func recordIssue(_ notice: FailureNotice) {
        let location = notice.site.sourceLocation
        for attachment in notice.attachments {
            Attachment.record(attachment.bytes, named: attachment.name, sourceLocation: location)
        }
        Issue.record(
            GoldenFailure(headline: notice.headline), Comment(rawValue: notice.message), sourceLocation: location)
    }
}

/// A golden that does not hold, as Swift Testing records it: its description is the headline.
public struct GoldenFailure: Error, Sendable, CustomStringConvertible {
    /// "golden 'brand_3x_k7' differs: largest channel difference 3 (allowed 0), …".
    public let headline: String
    /// The headline.
    public var description: String { headline }
}

/// Whether Swift Testing handed the failure being reported to the fallback handler (no run took
/// it). Set on the thread that reports, while it reports.
final class DeliveryProbe: @unchecked Sendable {
    var fellBack = false

    /// The probe of the failure being reported on this task or thread.
    @TaskLocal static var current: DeliveryProbe?
}

/// Watches XCTest: the test case it is running (XCTest does not say it, `XCTestObservation`
/// does), and when a test starts (its assertions are counted afresh).
///
/// It is registered when the test binary is loaded on Linux (so that the first test is known
/// too), and by the first assertion everywhere.
final class XCTestWatch: NSObject, XCTestObservation, @unchecked Sendable {
    private static let running = Locked<XCTestCase?>(nil)
    private static let shared = XCTestWatch()

    /// Registers the observer once.
    static let start: Void = XCTestObservationCenter.shared.addTestObserver(shared)

    /// The test case XCTest is running in this process, if any.
    static var currentTestCase: XCTestCase? { running.withLock { $0 } }

    func testCaseWillStart(_ testCase: XCTestCase) {
        XCTestWatch.running.withLock { $0 = testCase }
        AutomaticNames.restart(RunningTest(testCase))
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        XCTestWatch.running.withLock { if $0 === testCase { $0 = nil } }
    }

    /// Records `notice` as a failure of `testCase`, at the assertion's file and line (the
    /// `String` path and `Int` line that `XCTFail`, which takes a `StaticString`, cannot), with
    /// the pictures attached where XCTest has attachments (Apple's; the open-source XCTest has
    /// none: the page and the artifacts folder hold them).
    static func record(_ notice: FailureNotice, in testCase: XCTestCase) {
        #if canImport(ObjectiveC)
        let attachments = notice.attachments.map { attachment in
            let picture = XCTAttachment(data: Data(attachment.bytes), uniformTypeIdentifier: "public.png")
            picture.name = attachment.name
            picture.lifetime = .keepAlways
            return picture
        }
        let location = XCTSourceCodeLocation(filePath: notice.site.filePath, lineNumber: notice.site.line)
        testCase.record(
            XCTIssue(
                type: .assertionFailure, compactDescription: notice.message, detailedDescription: nil,
                sourceCodeContext: XCTSourceCodeContext(location: location), associatedError: nil,
                attachments: attachments))
        #else
        testCase.recordFailure(
            withDescription: notice.message, inFile: notice.site.filePath, atLine: notice.site.line, expected: true)
        #endif
    }
}

#if os(Linux) && compiler(>=6.3)
/// Registers `XCTestWatch` when the binary is loaded, before XCTest starts its first test.
@used @section(".init_array")
private let watchXCTestFromTheStart: @convention(c) () -> Void = { XCTestWatch.start }
#endif

/// Swift Testing's fallback event handler (the toolchain's `_TestingInterop`, Swift 6.3 and
/// later): an event that no configuration takes, such as an issue recorded where no test runs and
/// no run is going on, is handed to it. This kit installs one that marks the failure being
/// delivered as lost; other events are let go, as they were without a handler.
enum SwiftTestingFallback {
    typealias Handler = @convention(c) (UnsafePointer<CChar>, UnsafeRawPointer, Int, UnsafeRawPointer?) -> Void
    typealias Install = @convention(c) (Handler) -> CBool

    /// Whether this kit's handler is the one installed (false where the toolchain has no interop
    /// module, or another handler, such as XCTest's, came first: that one takes the issue).
    static let isInstalled: Bool = {
        guard let program = dlopen(nil, RTLD_NOW),
            let symbol = dlsym(program, "_swift_testing_installFallbackEventHandler")
        else { return false }
        let install = unsafeBitCast(symbol, to: Install.self)
        return install { _, _, _, _ in DeliveryProbe.current?.fellBack = true }
    }()
}

/// Failures nothing recorded: said on standard error at once with their place, and the process
/// made to fail when it exits.
enum LostFailures {
    private static let count = Locked(0)
    private static let exitCheck: Void = { atexit { LostFailures.failIfAny() } }()

    /// Says `notice` and makes the run fail at its end.
    static func keep(_ notice: FailureNotice) {
        _ = exitCheck
        count.withLock { $0 += 1 }
        say(notice, "no test was running to record this failure (an assertion in a detached task, or outside any test)")
    }

    /// Says `notice` where it cannot be known whether a Swift Testing run took it.
    static func warn(_ notice: FailureNotice) {
        say(
            notice,
            "no XCTest test was running to record this failure; if no Swift Testing run took it either, it is here")
    }

    private static func say(_ notice: FailureNotice, _ why: String) {
        let site = notice.site
        let text = "\(site.filePath):\(site.line):\(site.column): error: FramesTesting: \(why)\n\(notice.message)\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// At exit: one line more and a failing status when a failure was lost.
    static func failIfAny() {
        let lost = count.withLock { $0 }
        guard lost > 0 else { return }
        let text =
            "error: FramesTesting: \(lost) golden assertion\(lost == 1 ? "" : "s") failed where no test could "
            + "record \(lost == 1 ? "it" : "them") (said above); the run fails\n"
        FileHandle.standardError.write(Data(text.utf8))
        fflush(nil)
        _exit(EXIT_FAILURE)
    }
}

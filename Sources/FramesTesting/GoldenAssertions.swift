import Comparison
import Foundation
import GoldenFolders
import Images
import Raster
import Testing
import XCTest

extension Golden {
    /// Reports a failure to whichever framework runs the test. In Swift Testing the issue's
    /// headline is the message's first line (the golden and its figures; recorded as the
    /// description of a `GoldenFailure`, so that the console does not say "Issue recorded"),
    /// and the whole message is its comment; in XCTest the message is the failure's.
    static func report(_ message: String, filePath: StaticString, line: UInt, sourceLocation: SourceLocation) {
        if Test.current != nil {
            let headline = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message
            Issue.record(GoldenFailure(headline: headline), Comment(rawValue: message), sourceLocation: sourceLocation)
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }

    /// How the running test is accepted: its `swift test --filter` pattern (Swift Testing's
    /// `Suite/test`, or the XCTest method's name) and whether CI is set.
    static func acceptance(function: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Acceptance
    {
        func bare(_ name: some StringProtocol) -> String { String(name.prefix { $0 != "(" }) }
        let filter = Test.current.map { $0.id.nameComponents.map(bare).joined(separator: "/") } ?? bare(function)
        return Acceptance(filter: filter, continuousIntegration: Manifest.isContinuousIntegration(environment["CI"]))
    }

    /// The record mode, or the failure to report when `FRAMES_RECORD` is not one.
    static func modeOrReport(filePath: StaticString, line: UInt, sourceLocation: SourceLocation) -> RecordMode? {
        do {
            return try RecordMode.fromEnvironment()
        } catch {
            report(error.description, filePath: filePath, line: line, sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// A golden that does not hold, as Swift Testing records it: its description is the headline.
public struct GoldenFailure: Error, Sendable, CustomStringConvertible {
    /// "golden 'brand_3x_k7' differs: largest channel difference 3 (allowed 0), …".
    public let headline: String
    /// The headline.
    public var description: String { headline }
}

/// Asserts that `image` matches `golden/<name>.png` in the calling test's package (or in
/// `directory`), within the thresholds (both 0 by default: exact), or, with `perceptual`, with at
/// most `maxDifferingPixels` pixels that pixelmatch's metric finds different. Works in XCTest and
/// Swift Testing; see `Golden` for record modes and artifacts. `function` names the test in the
/// command a failure gives to accept the change.
public func assertGolden(
    _ image: Pixmap, named name: String, maxChannelDelta: Int = 0, maxDifferingPixels: Int = 0,
    perceptual: PerceptualTolerance? = nil, directory: String? = nil, filePath: StaticString = #filePath,
    function: String = #function, line: UInt = #line, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let mode = Golden.modeOrReport(filePath: filePath, line: line, sourceLocation: sourceLocation) else { return }
    let root = Golden.packageRoot(of: "\(filePath)")
    let folder = directory ?? root.appendingPathComponent("golden").path
    let outcome = Golden.check(
        image, goldenPath: folder + "/" + name + ".png", name: name,
        maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels, perceptual: perceptual,
        mode: mode, artifacts: Golden.artifactsFolder(root: root),
        acceptance: Golden.acceptance(function: function))
    if outcome.isFailure {
        Golden.report(outcome.message, filePath: filePath, line: line, sourceLocation: sourceLocation)
    }
}

/// Asserts that every frame of `renderer` (or the listed frames) matches
/// `golden/<name>/frame_NNNN.png`, each within the thresholds; one failure per frame that does
/// not (`perceptual` as for `assertGolden`).
public func assertGoldenSequence(
    _ renderer: FrameRenderer, named name: String, frames: [Int]? = nil, maxChannelDelta: Int = 0,
    maxDifferingPixels: Int = 0, perceptual: PerceptualTolerance? = nil, directory: String? = nil,
    filePath: StaticString = #filePath,
    function: String = #function, line: UInt = #line, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let mode = Golden.modeOrReport(filePath: filePath, line: line, sourceLocation: sourceLocation) else { return }
    let root = Golden.packageRoot(of: "\(filePath)")
    let folder = (directory ?? root.appendingPathComponent("golden").path) + "/" + name
    let digits = max(4, String(renderer.frameCount - 1).count)
    let acceptance = Golden.acceptance(function: function)
    for k in frames ?? Array(0..<renderer.frameCount) {
        let number = String(k)
        let frameName = "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number
        let outcome = Golden.check(
            renderer.frame(k), goldenPath: folder + "/" + frameName + ".png",
            name: name + "/" + frameName, maxChannelDelta: maxChannelDelta,
            maxDifferingPixels: maxDifferingPixels, perceptual: perceptual, mode: mode,
            artifacts: Golden.artifactsFolder(root: root), acceptance: acceptance)
        if outcome.isFailure {
            Golden.report(outcome.message, filePath: filePath, line: line, sourceLocation: sourceLocation)
        }
    }
}

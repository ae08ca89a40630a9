import Comparison
import Foundation
import GoldenFolders
import Images

extension Golden {
    /// Verifies the frames folder at `path` (one `frames` wrote, with its manifest.json) as
    /// `frames verify` does: every frame rendered again from the manifest and compared with its
    /// file within the thresholds, files missing or extra counted, and what changed since the
    /// folder was written said in words. On a failure the HTML report goes to
    /// `artifacts/<name>/report.html` and the message names it.
    ///
    /// Folders are written by `frames` (`frames verify --update DIR` after an intended change), so
    /// `FRAMES_RECORD` does not apply: this only compares.
    public static func checkFolder(
        _ path: String, name: String, maxChannelDelta: Int = 0, maxDifferingPixels: Int = 0, artifacts: URL
    ) -> Outcome {
        let verification: FolderVerification
        do {
            verification = try FolderVerification(
                FramesFolder(path: path), maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels)
        } catch {
            return .failed(message: "golden folder '\(name)' cannot be verified: \(error)")
        }
        if verification.holds { return .matched }
        var lines = [
            "golden folder '\(name)' at \(path) differs: \(verification.failures.count) of "
                + "\(verification.frames.count) frames (allowed: channel delta \(maxChannelDelta), "
                + "\(maxDifferingPixels) differing pixels)"
        ]
        lines += verification.failures.map { "  \($0.name): \($0.outcome.summary)" }
        lines += verification.explanations.map { "  \($0)" }
        let report = artifacts.appendingPathComponent(name).appendingPathComponent("report.html")
        let page = HTMLReport(
            command: "golden folder \(name)",
            sections: [verification.reportSection], maxChannelDelta: maxChannelDelta,
            maxDifferingPixels: maxDifferingPixels)
        do {
            try FileManager.default.createDirectory(
                at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(page.html.utf8).write(to: report, options: .atomic)
            lines.append("  report: \(report.path)")
        } catch {
            lines.append("  (the report could not be written: \(error))")
        }
        lines.append("  after an intended change: frames verify --update \(path)")
        return .failed(message: lines.joined(separator: "\n"))
    }
}

/// Asserts that the frames folder `golden/<name>` in the calling test's package (or
/// `directory/<name>`, a relative `directory` starting from the package's folder) holds:
/// `Golden.checkFolder`, one line in a test. Works in XCTest and Swift Testing; on a failure the
/// report is written under `FRAMES_ARTIFACTS` (default `.build/frames-artifacts`).
public func assertGoldenFolder(
    _ name: String, maxChannelDelta: Int = 0, maxDifferingPixels: Int = 0, directory: String? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    function: String = #function
) {
    let assertion = GoldenAssertion(
        AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column, function: function))
    assertion.requireThresholds(maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels)
    assertion.run { () throws(Refusal) in
        let path = try GoldenNames.checked(name)
        let folder = assertion.goldenFolder(directory).appendingPathComponent(path)
        let outcome = Golden.checkFolder(
            folder.path, name: path, maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels,
            artifacts: assertion.artifacts.url)
        return [GoldenResult(outcome: outcome)]
    }
}

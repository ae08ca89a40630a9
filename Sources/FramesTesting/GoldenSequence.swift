import Comparison
import Foundation
import GoldenFolders
import Images
import Raster

/// Asserts that every frame of `renderer` (or the listed `frames`) matches
/// `golden/<name>/frame_NNNN.png`, each within the thresholds (`perceptual`, `ignoring` and
/// `mask` as for `assertGolden`); one failure per frame that does not. `named` left out, the
/// folder is named after the test. A frame number outside the renderer's frames is refused.
///
/// The folder is a frames folder, as `frames` writes one: beside the frames, its `manifest.json`
/// describes the scene and the sequence, so that `frames verify golden/<name>` renders it again
/// and checks it (with `perceptual` recorded as the folder's tolerance). The manifest is written
/// with the first frames recorded, and again whenever frames are (`FRAMES_RECORD=all` or
/// `failed`); a folder recorded from a subset of the frames gets every frame, so that it is whole.
public func assertGoldenSequence(
    _ renderer: FrameRenderer, named name: String? = nil, frames: [Int]? = nil, maxChannelDelta: Int = 0,
    maxDifferingPixels: Int = 0, perceptual: PerceptualTolerance? = nil, directory: String? = nil,
    perPlatform: Bool? = nil, ignoring regions: [PixelRect] = [], mask: Pixmap? = nil, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line, column: Int = #column, function: String = #function
) {
    let assertion = GoldenAssertion(
        AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column, function: function))
    assertion.requireThresholds(maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels)
    assertion.run { () throws(Refusal) in
        let mode = try assertion.mode()
        let folder = assertion.goldenFolder(directory)
        let path = try assertion.goldenName(name, perPlatform: perPlatform)
        let numbers = try GoldenSequence.frameNumbers(frames, of: renderer)
        guard Manifest.describes(renderer.scene) else {
            throw Refusal(
                "the scene has a backdrop image, which a sequence folder's manifest.json cannot name: "
                    + "check its frames one by one with assertGolden(renderer.frame(k), named: …)")
        }
        try assertion.claim(folder.path + "/" + path + "/", named: path)
        let ignored = try assertion.ignored(regions, mask: mask, width: renderer.width, height: renderer.height)
        let sequence = GoldenSequence(
            renderer: renderer, name: path, root: folder, mode: mode, artifacts: assertion.artifacts,
            acceptance: assertion.acceptance)
        return sequence.check(
            numbers,
            settings: Golden.settings(
                maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels, perceptual: perceptual,
                ignored: ignored),
            tolerance: perceptual.map { ManifestTolerance(tolerance: $0, maxDifferingPixels: maxDifferingPixels) })
    }
}

/// A renderer's sequence held to a frames folder inside the golden folder: its frames checked
/// one by one, its manifest written when frames are recorded.
struct GoldenSequence {
    let renderer: FrameRenderer
    /// The folder's path in the golden folder ("spinner", "checkout/overlay").
    let name: String
    /// The golden folder: nothing is written outside it.
    let root: URL
    let mode: Golden.RecordMode
    let artifacts: ArtifactsFolder
    let acceptance: Golden.Acceptance

    /// The frames' names, as `frames` names them by default.
    static let namePattern = "frame_%04d.png"

    /// "frame_0003.png": four digits at least, more when the renderer has more frames.
    static func frameName(_ k: Int, of renderer: FrameRenderer) -> String {
        let digits = max(4, String(renderer.frameCount - 1).count)
        let number = String(k)
        return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// The frames to check: `given` (each inside the renderer's, none twice), or all of them.
    static func frameNumbers(_ given: [Int]?, of renderer: FrameRenderer) throws(Refusal) -> [Int] {
        guard let given else { return Array(0..<renderer.frameCount) }
        guard !given.isEmpty else { throw Refusal("frames: [] lists no frame: leave frames: out to check them all") }
        if let outside = given.first(where: { !(0..<renderer.frameCount).contains($0) }) {
            throw Refusal(
                "frames: \(given) holds \(outside), outside the renderer's \(renderer.frameCount) frames "
                    + "(0…\(renderer.frameCount - 1))")
        }
        if let twice = given.first(where: { k in given.filter { $0 == k }.count > 1 }) {
            throw Refusal("frames: \(given) holds \(twice) twice")
        }
        return given
    }

    /// The check of frame `k`.
    func frameCheck(_ k: Int, settings: ComparisonSettings) -> GoldenCheck {
        let file = name + "/" + GoldenSequence.frameName(k, of: renderer)
        let frame = renderer.frame(k)
        return GoldenCheck(
            name: String(file.dropLast(4)), root: root, file: file,
            actual: ActualImage(straight: RGBAImage(frame), recorded: .pixmap(frame)), settings: settings, mode: mode,
            artifacts: artifacts, acceptance: acceptance)
    }

    /// Checks `frames`; when any was recorded, or the folder has no manifest and recording is
    /// allowed, writes the frames it lacks and its manifest (one failure more: a folder recorded
    /// is looked at).
    func check(_ frames: [Int], settings: ComparisonSettings, tolerance: ManifestTolerance?) -> [GoldenResult] {
        var results = frames.map { frameCheck($0, settings: settings).run() }
        let recorded = results.contains { if case .recorded = $0.outcome { true } else { false } }
        let manifestPath = root.path + "/" + name + "/" + Manifest.fileName
        let hasManifest = FileManager.default.fileExists(atPath: manifestPath)
        guard recorded || (!hasManifest && mode != .never) else {
            if !hasManifest {
                results.append(
                    GoldenResult(
                        outcome: .failed(
                            message: "golden folder '\(name)' has no \(Manifest.fileName) at \(manifestPath), so "
                                + "frames verify cannot check it\n"
                                + acceptance.line("to record it", mode: .missing))))
            }
            return results
        }
        // A folder is whole: the frames not checked here are recorded where they are missing.
        for k in 0..<renderer.frameCount where !frames.contains(k) {
            let check = frameCheck(k, settings: settings)
            if !FileManager.default.fileExists(atPath: check.path) { results.append(check.record()) }
        }
        let files = (0..<renderer.frameCount).map { GoldenSequence.frameName($0, of: renderer) }
        let manifest = Manifest(
            sequenceOf: renderer, files: files, namePattern: GoldenSequence.namePattern, tolerance: tolerance)
        do {
            try ContainedFiles.write(manifest.bytes, to: name + "/" + Manifest.fileName, in: root)
            results.append(GoldenResult(outcome: .recorded(path: manifestPath, changed: true)))
        } catch {
            results.append(
                GoldenResult(outcome: .failed(message: "cannot record golden folder '\(name)'s manifest: \(error)")))
        }
        return results
    }
}

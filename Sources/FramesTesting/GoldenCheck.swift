import Comparison
import Foundation
import GoldenFolders
import Images

extension Golden {
    /// Compares `image` with the golden PNG at `goldenPath` under `mode`, leaving out the
    /// `ignoring` pixels, writing artifacts into `artifacts` on a failure; a failure's message ends
    /// with how to accept the change, as `acceptance` says. Does not report anything:
    /// `assertGolden` does. A golden is written in its folder only (a link there is replaced,
    /// never followed).
    public static func check(
        _ image: Pixmap, goldenPath: String, name: String, maxChannelDelta: Int = 0,
        maxDifferingPixels: Int = 0, perceptual: PerceptualTolerance? = nil, ignoring: IgnoredPixels = IgnoredPixels(),
        mode: RecordMode, artifacts: URL, acceptance: Acceptance = Acceptance()
    ) -> Outcome {
        do {
            try ignoring.check(width: image.width, height: image.height)
        } catch {
            return .failed(message: "golden '\(name)': the pixels left out do not fit the image: \(error)")
        }
        let golden = URL(fileURLWithPath: goldenPath)
        return GoldenCheck(
            name: name, root: golden.deletingLastPathComponent(), file: golden.lastPathComponent,
            actual: ActualImage(straight: RGBAImage(image), recorded: .pixmap(image)),
            settings: settings(
                maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels, perceptual: perceptual,
                ignored: ignoring),
            mode: mode, artifacts: ArtifactsFolder(url: artifacts), acceptance: acceptance
        ).run().outcome
    }

    /// The comparison an assertion asks for: exact within the thresholds, with the figures
    /// `frames compare` prints, or perceptual with the judged ones.
    static func settings(
        maxChannelDelta: Int, maxDifferingPixels: Int, perceptual: PerceptualTolerance?, ignored: IgnoredPixels
    ) -> ComparisonSettings {
        ComparisonSettings(
            judgement: perceptual.map { .perceptual($0) } ?? .exact(maxChannelDelta: maxChannelDelta),
            ignored: ignored, maxDifferingPixels: maxDifferingPixels, figures: perceptual == nil ? .channels : .judged)
    }
}

/// What a check found, with what the failure shows: the outcome, the pictures written for it
/// (and attached), and the command that accepts it.
struct GoldenResult: Sendable {
    var outcome: Golden.Outcome
    /// What each picture shows ("expected", "actual", "diff"), its path in the artifacts folder,
    /// and its bytes.
    var pictures: [(kind: String, path: String, bytes: [UInt8])] = []
    var command: String? = nil
}

/// One golden file checked against one image: read, judged by `ImageComparison`, recorded as the
/// mode says, and on a failure the pictures written as artifacts.
struct GoldenCheck: Sendable {
    /// The golden's name in messages and artifacts ("brand_3x_k7", "brand/frame_0003").
    let name: String
    /// The golden folder: nothing is written outside it.
    let root: URL
    /// The golden's path inside `root` ("brand_3x_k7.png").
    let file: String
    let actual: ActualImage
    let settings: ComparisonSettings
    let mode: Golden.RecordMode
    let artifacts: ArtifactsFolder
    let acceptance: Golden.Acceptance

    var path: String { root.path + "/" + file }

    func run() -> GoldenResult {
        switch GoldenFile.read(path) {
        case .missing:
            guard mode != .never else {
                return failure(
                    "golden '\(name)' is missing at \(path)", accept: ("to record it", .missing),
                    pictures: ["actual": actual.pixmap])
            }
            return record()
        case .unusable(let reason):
            guard mode == .all || mode == .failed else {
                return failure(
                    "golden '\(name)' at \(path) cannot be read: it is \(reason)",
                    accept: ("to record it again", .failed), pictures: ["actual": actual.pixmap])
            }
            var result = record()
            if case .recorded = result.outcome {
                result.outcome = .failed(
                    message: "golden '\(name)' at \(path) was \(reason); the image is recorded over it "
                        + "(FRAMES_RECORD=\(mode.rawValue)): look at it, then run the tests again")
            }
            return result
        case .picture(let golden):
            return compare(with: golden)
        }
    }

    func compare(with golden: RGBAImage) -> GoldenResult {
        let comparison = ImageComparison(expected: golden, actual: actual.straight, settings: settings)
        if mode == .all { return comparison.isIdentical ? GoldenResult(outcome: .matched) : record() }
        if comparison.passes { return GoldenResult(outcome: .matched) }
        if mode == .failed { return record() }
        let expected = Pixmap(premultiplying: golden)
        // A perceptual judgement's diff is pixelmatch's picture; an exact one's, and that of two
        // sizes, expected | actual | difference.
        let diff: Pixmap
        if case .perceptual = settings.judgement, let mask = comparison.mask {
            diff = Pixmap(premultiplying: DifferencePicture.picture(of: mask, over: golden))
        } else {
            diff = DifferencePicture.sideBySide(expected: expected, actual: actual.pixmap)
        }
        return failure(
            Golden.headline(name, comparison), accept: ("to accept the change", .failed),
            pictures: ["expected": expected, "actual": actual.pixmap, "diff": diff])
    }

    /// Writes the image as the golden.
    func record() -> GoldenResult {
        do {
            let png = try actual.png()
            try ContainedFiles.write(png, to: file, in: root)
            return GoldenResult(outcome: .recorded(path: path, changed: true))
        } catch {
            return GoldenResult(outcome: .failed(message: "cannot record golden '\(name)' at \(path): \(error)"))
        }
    }

    /// A failure: `headline`, the pictures' paths (written into the artifacts folder as
    /// NAME.KIND.png), and the line that says how to accept it.
    func failure(
        _ headline: String, accept: (what: String, mode: Golden.RecordMode), pictures: KeyValuePairs<String, Pixmap>
    )
        -> GoldenResult
    {
        var lines = [headline]
        var written: [(kind: String, path: String, bytes: [UInt8])] = []
        for (kind, picture) in pictures {
            do {
                let bytes = try PNGEncoder().encode(picture)
                let path = try artifacts.write(bytes, at: "\(name).\(kind).png")
                lines.append("  " + "\(kind):".padding(toLength: 10, withPad: " ", startingAt: 0) + path)
                written.append((kind, "\(name).\(kind).png", bytes))
            } catch {
                lines.append("  (the \(kind) picture could not be written: \(error))")
            }
        }
        lines.append(acceptance.line(accept.what, mode: accept.mode))
        return GoldenResult(
            outcome: .failed(message: lines.joined(separator: "\n")), pictures: written,
            command: acceptance.continuousIntegration ? nil : acceptance.command(accept.mode))
    }
}

extension Golden {
    /// "golden 'brand_3x_k7' differs: largest channel difference 3 (allowed 0), 12 pixels over
    /// it (allowed 0)"; for a perceptual judgement "… 12 pixels differ (oklab, threshold 0.1;
    /// allowed 0)"; or the sizes when they differ.
    static func headline(_ name: String, _ comparison: ImageComparison) -> String {
        let differs = "golden '\(name)' differs: "
        guard comparison.sizesMatch else { return differs + comparison.summary }
        let count = comparison.differingPixels
        let allowed = comparison.settings.maxDifferingPixels
        switch comparison.settings.judgement {
        case .exact(let maxChannelDelta):
            return differs + "largest channel difference \(comparison.maxChannelDelta) (allowed \(maxChannelDelta)), "
                + "\(count) pixel\(count == 1 ? "" : "s") over it (allowed \(allowed))"
        case .perceptual(let tolerance):
            return differs + "\(count) pixel\(count == 1 ? "" : "s") differ\(count == 1 ? "s" : "") "
                + "(\(tolerance.metric.rawValue), threshold \(tolerance.threshold); allowed \(allowed))"
        }
    }
}

/// A golden file as found: missing, a picture, or something that is not one (with what it is).
enum GoldenFile {
    case missing
    case picture(RGBAImage)
    case unusable(String)

    static func read(_ path: String) -> GoldenFile {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? .missing : .unusable("out of reach (\(String(cString: strerror(errno))))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .unusable(info.st_mode & S_IFMT == S_IFDIR ? "a folder, not a PNG file" : "not a regular file")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileInput.read(path)
        } catch {
            return .unusable("a file that cannot be read (\(error.reason))")
        }
        if let pointer = lfsPointer(bytes) { return .unusable(pointer) }
        if bytes.isEmpty { return .unusable("an empty file, not a PNG") }
        do {
            return .picture(try PNGDecoder.decodeStraight(bytes))
        } catch {
            return .unusable("not a readable PNG (\(error.explanation))")
        }
    }

    /// What a Git LFS pointer file says it stands for, as a reason, or nil for another file:
    /// "a Git LFS pointer (sha256:4d7a…, 26 131 bytes), not the picture: run `git lfs pull`".
    static func lfsPointer(_ bytes: [UInt8]) -> String? {
        guard bytes.count < 1024, bytes.starts(with: Array("version https://git-lfs.github.com/spec/".utf8)) else {
            return nil
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        let oid = lines.first { $0.hasPrefix("oid ") }.map { String($0.dropFirst(4).prefix(19)) + "…" }
        let size = lines.first { $0.hasPrefix("size ") }.map { "\($0.dropFirst(5)) bytes" }
        let fields = [oid, size].compactMap { $0 }
        return "a Git LFS pointer\(fields.isEmpty ? "" : " (" + fields.joined(separator: ", ") + ")"), "
            + "not the picture (Git LFS did not fetch it): run `git lfs pull`"
    }
}

import Comparison
import Foundation
import GoldenFolders
import Images
import Raster

/// Asserts that `image` matches the golden PNG `golden/<name>.png` in the calling test's package:
/// exactly by default, within the thresholds (a largest channel difference, 0…255; a largest
/// number of pixels over it), or, with `perceptual`, with at most `maxDifferingPixels` pixels that
/// pixelmatch's metric finds different. Works in XCTest and Swift Testing with `import
/// FramesTesting` alone; see `Golden` for record modes and artifacts.
///
/// - `image`: a `Pixmap` (what `FrameRenderer.frame(_:)` gives), a PNG's bytes (`Data` or
///   `[UInt8]`), a PNG file's `URL`, or any `GoldenImage` (`.rgba(bytes, width:height:)` for
///   straight RGBA8 bytes).
/// - `named`: the golden's path in the folder (".png" may be given or not); left out, the test
///   function's name, then "-2", "-3"… for its later assertions.
/// - `directory`: the golden folder instead of `golden/`; a relative path starts from the package's
///   folder (the one with `Package.swift`), not the working directory.
/// - `perPlatform`: the name gets the system's suffix ("-linux", "-macos"), for renders whose text
///   differs by system; default: the environment variable `FRAMES_PER_PLATFORM`.
/// - `ignoring`, `mask`: pixels left out as `frames compare --ignore` and `--mask` leave them:
///   rectangles inside the image, and the pixels where a mask of the image's size is not fully
///   transparent.
///
/// A negative count or a channel delta outside 0…255 stops the test there, as an index out of
/// range does. Anything else that cannot be checked as written (a name that leaves the golden
/// folder, a region outside the image, an unreadable golden) fails the test, saying what.
public func assertGolden(
    _ image: some GoldenImageConvertible, named name: String? = nil, maxChannelDelta: Int = 0,
    maxDifferingPixels: Int = 0, perceptual: PerceptualTolerance? = nil, directory: String? = nil,
    perPlatform: Bool? = nil, ignoring regions: [PixelRect] = [], mask: Pixmap? = nil, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line, column: Int = #column, function: String = #function
) {
    let image = image.goldenImage
    let assertion = GoldenAssertion(
        AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column, function: function))
    assertion.requireThresholds(maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels)
    assertion.run { () throws(Refusal) in
        let mode = try assertion.mode()
        let folder = assertion.goldenFolder(directory)
        let path = try assertion.goldenName(name, perPlatform: perPlatform)
        try assertion.claim(folder.path + "/" + path + ".png", named: path)
        let actual = try image.loaded(root: assertion.root)
        let ignored = try assertion.ignored(
            regions, mask: mask, width: actual.straight.width, height: actual.straight.height)
        return [
            GoldenCheck(
                name: path, root: folder, file: path + ".png", actual: actual,
                settings: Golden.settings(
                    maxChannelDelta: maxChannelDelta, maxDifferingPixels: maxDifferingPixels, perceptual: perceptual,
                    ignored: ignored),
                mode: mode, artifacts: assertion.artifacts, acceptance: assertion.acceptance
            ).run()
        ]
    }
}

/// One assertion from its arguments to its report: the environment read, the golden's name
/// checked or made, the golden claimed for this assertion alone, the check run, and every failure
/// reported to the framework that runs the test (`FailureDelivery`), attached, and added to the
/// page of the run's failures.
struct GoldenAssertion {
    let site: AssertionSite
    let test: RunningTest
    /// The package's folder.
    let root: URL
    let artifacts: ArtifactsFolder
    let environment: [String: String]

    /// While set (on this task), the environment assertions read instead of the process's: the
    /// kit's own tests record and compare as on a developer's machine when the run is under CI.
    @TaskLocal static var environmentOverride: [String: String]?

    init(_ site: AssertionSite) {
        _ = XCTestWatch.start
        self.site = site
        environment = Self.environmentOverride ?? ProcessInfo.processInfo.environment
        test = RunningTest.current(at: site)
        root = Golden.packageRoot(of: "\(site.filePath)")
        artifacts = ArtifactsFolder(url: Golden.artifactsFolder(root: root, environment: environment))
    }

    /// Stops the program on thresholds no comparison has, naming the value and the assertion's
    /// place: a programmer error, as an index out of range is (`fatalError`, so that the message
    /// is printed in optimised builds too).
    func requireThresholds(maxChannelDelta: Int, maxDifferingPixels: Int) {
        let place = "\(site.filePath):\(site.line):\(site.column)"
        guard (0...255).contains(maxChannelDelta) else {
            fatalError(
                "\(place): maxChannelDelta \(maxChannelDelta) is outside 0…255 (a channel's difference, in 8-bit steps)"
            )
        }
        guard maxDifferingPixels >= 0 else {
            fatalError("\(place): maxDifferingPixels \(maxDifferingPixels) is negative (a count of pixels)")
        }
    }

    /// How the failure says to accept it: the command selecting this test, and whether CI is set.
    var acceptance: Golden.Acceptance {
        Golden.Acceptance(
            filter: test.filter, continuousIntegration: Manifest.isContinuousIntegration(environment["CI"]))
    }

    /// The record mode `FRAMES_RECORD` and `CI` ask for.
    func mode() throws(Refusal) -> Golden.RecordMode {
        do {
            return try Golden.RecordMode.fromEnvironment(environment)
        } catch {
            throw Refusal(error.description)
        }
    }

    /// The golden folder: `directory` (from the package's folder when relative), else `golden/`
    /// there.
    func goldenFolder(_ directory: String?) -> URL {
        guard let directory, !directory.isEmpty else { return root.appendingPathComponent("golden") }
        return directory.hasPrefix("/") ? URL(fileURLWithPath: directory) : root.appendingPathComponent(directory)
    }

    /// The golden's path in its folder, without ".png": the name given, checked, or the test's;
    /// with the platform's suffix when asked.
    func goldenName(_ given: String?, perPlatform: Bool?) throws(Refusal) -> String {
        let path: String
        if let given {
            path = try GoldenNames.checked(given)
        } else {
            path = try GoldenNames.automatic(for: test)
        }
        return try GoldenNames.perPlatform(perPlatform, environment: environment) ? GoldenNames.forPlatform(path) : path
    }

    /// Claims the golden at `path` (a folder when it ends in "/") for this assertion in this run,
    /// or refuses it, naming the assertion that holds it.
    func claim(_ path: String, named name: String) throws(Refusal) {
        let claim = RunRecord.Claim(
            test: test.key, place: "\(site.fileID):\(site.line):\(site.column)",
            shown: "\(test.description) at \(site.shortDescription)")
        if let holder = artifacts.withRecord({ $0.claim(path, for: claim) }) {
            throw Refusal(
                "golden '\(name)' (\(path)) is already checked in this run by \(holder.shown): two assertions "
                    + "may not claim one golden; name this one (named:)")
        }
    }

    /// The pixels left out: `regions` inside an image of `width` × `height` px, and where `mask`
    /// (of that size) is not transparent.
    func ignored(_ regions: [PixelRect], mask: Pixmap?, width: Int, height: Int) throws(Refusal) -> IgnoredPixels {
        let ignored = IgnoredPixels(regions: regions, mask: mask.map(RGBAImage.init))
        do {
            try ignored.check(width: width, height: height)
        } catch {
            let argument = if case .maskSize = error { "mask:" } else { "ignoring:" }
            throw Refusal("\(argument) \(error)")
        }
        return ignored
    }

    /// Runs the checks `body` makes and reports each failure; a refusal is reported as one.
    func run(_ body: () throws(Refusal) -> [GoldenResult]) {
        let results: [GoldenResult]
        do {
            results = try body()
        } catch {
            report(GoldenResult(outcome: .failed(message: error.description)))
            return
        }
        for result in results where result.outcome.isFailure { report(result) }
    }

    /// Reports a failing result: to the test framework with its pictures attached, and on the
    /// page.
    func report(_ result: GoldenResult) {
        let message = result.outcome.message
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        FailureDelivery.deliver(
            FailureNotice(
                headline: lines[0], message: message,
                attachments: result.pictures.map {
                    (name: $0.path.replacingOccurrences(of: "/", with: "_"), bytes: $0.bytes)
                },
                site: site))
        FailurePage.add(
            PageEntry(
                test: test.description, place: site.shortDescription, headline: lines[0],
                details: Array(lines.dropFirst()),
                pictures: result.pictures.map { PageEntry.Picture(kind: $0.kind, path: $0.path) },
                command: result.command),
            in: artifacts)
    }
}

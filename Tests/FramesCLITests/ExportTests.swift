import Foundation
import TestSupport
import Testing

@testable import FramesCLI

/// Runs Tests/exports/check.py, which opens an exported file with renderers that are not ours
/// (Pillow, ffmpeg, rlottie, resvg, Chromium) and compares it with the PNG frames. A missing
/// module or tool fails the check with what to install; nothing is skipped.
enum ExportCheck {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("exports/check.py")

    /// The check's output; the test fails unless it passes (or, with `expectingFailure`, unless
    /// it fails).
    @discardableResult
    static func run(
        _ arguments: [String], in folder: URL, expectingFailure: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            (process.terminationStatus == 0 && last.hasPrefix("PASS")) == !expectingFailure
                && (expectingFailure ? last.hasPrefix("FAIL") : true),
            "check.py \(arguments.joined(separator: " ")):\n\(text)",
            sourceLocation: sourceLocation)
        return text
    }

    /// Renders `arguments` into `folder` (frames in folder/f), expecting success.
    static func render(
        _ arguments: [String], in folder: URL, out: String = "f", sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try CLI.run(arguments + ["--out", out, "--quiet"], in: folder)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    }
}

@Suite(.slow) struct ExportTests {
    /// Odd sizes, a fractional scale, a label, a dim layer and a transparent screen.
    static let scenes: [[String]] = [
        ["--scale", "1.5", "--frames", "12"],
        [
            "--style", "overlay", "--scale", "0.7", "--width", "301", "--height", "253", "--dim-amount", "0.35",
            "--fps", "7", "--frames", "9", "--spinner-color", "#e4007c",
        ],
    ]

    @Test(arguments: scenes) func webpFramesEqualThePNGFrames(scene: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExportCheck.render(scene + ["--webp", "a.webp"], in: folder)
        try ExportCheck.run(["webp", "a.webp", "f"], in: folder)
    }
}

@Suite struct ExportManifestTests {
    /// Exports are listed in the manifest; one written into the frame folder (a PNG there would
    /// otherwise be an unlisted frame) does not fail `frames verify`.
    @Test func exportsInTheFolderAreListedAndVerifyHolds() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let render = try CLI.run(
            ["--frames", "3", "--out", "f", "--apng", "f/anim.png", "--webp", "a.webp", "--quiet"], in: folder)
        #expect(render.status == 0, "\(render.stderr)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("f/manifest.json"), encoding: .utf8)
        #expect(
            manifest.contains("\"path\" : \"anim.png\"") || manifest.contains("\"path\": \"anim.png\""), "\(manifest)")
        #expect(manifest.contains("a.webp"), "\(manifest)")
        let verify = try CLI.run(["verify", "f"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        try Data([1]).write(to: folder.appendingPathComponent("f/stray.png"))
        let stray = try CLI.run(["verify", "f"], in: folder)
        #expect(stray.status == 1, "an unlisted PNG still fails: \(stray.stdout)")
    }
}

/// The vector exports drawn by other renderers. Each renderer's own anti-aliasing error is
/// measured first, on the bare spinner (no card colour, no label) at scales 1, 1.5, 2.25 and 3
/// against our exact-area frames (the worst channel delta of any frame); the scenes must then
/// stay within it, with full-coverage colours equal and the arc's leading edge within 0.5° in
/// every frame checked.
@Suite(.slow) struct VectorExportTests {
    static let scenes: [[String]] = [
        ["--scale", "1.5", "--frames", "12"],
        [
            "--style", "overlay", "--scale", "2.25", "--width", "131", "--height", "157", "--dim-amount", "0.35",
            "--fps", "24", "--frames", "10", "--spinner-color", "#e4007c", "--text", "Paying…",
        ],
    ]
    static let checkedFrames = [0, 1, 3, 7]

    /// The worst channel delta of a passing check's last line ("… (worst N) …").
    static func worst(_ output: String) throws -> Double {
        let line = try #require(output.split(separator: "\n").last)
        let start = try #require(line.range(of: "(worst "))
        let digits = line[start.upperBound...].prefix { $0.isNumber || $0 == "." }
        return try #require(Double(digits))
    }

    /// Renders `scene` with `--svg` files: the animated one and a static one per frame checked.
    static func svgFiles(_ scene: [String], in folder: URL, out: String) throws {
        let result = try CLI.run(scene + ["--svg", "\(out).svg", "--out", out, "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        for k in checkedFrames {
            let still = try CLI.run(scene + ["--svg", "\(out)\(k).svg", "--svg-frame", "\(k)", "--quiet"], in: folder)
            #expect(still.status == 0, "\(still.stderr)")
        }
    }

    static func svgChecks(_ folder: String) -> (resvg: [String], chromium: [String]) {
        (
            ["svg-static", folder] + checkedFrames.map { "\(folder)\($0).svg:\($0)" },
            ["svg-animated", folder] + ["\(folder).svg"] + checkedFrames.map(String.init)
        )
    }

    struct MeasurementFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The renderers' anti-aliasing errors on the bare spinner, measured once (a failure is a
    /// `MeasurementFailure`, so that every test that needs the figures fails with it).
    static let measured: Result<(resvg: Double, chromium: Double, rlottie: Double), any Error> = {
        do {
            return .success(try measure())
        } catch {
            return .failure(
                MeasurementFailure(description: "measuring the renderers' anti-aliasing error failed: \(error)"))
        }
    }()

    static func measure() throws -> (resvg: Double, chromium: Double, rlottie: Double) {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var worst = (resvg: 0.0, chromium: 0.0, rlottie: 0.0)
        for scale in ["1", "1.5", "2.25", "3"] {
            let bare = ["--scale", scale, "--frames", "12", "--no-text", "--background-color", "clear"]
            let name = "bare" + scale.replacingOccurrences(of: ".", with: "_")
            try svgFiles(bare + ["--lottie", "\(name).json"], in: folder, out: name)
            let (resvg, chromium) = svgChecks(name)
            worst.resvg = max(worst.resvg, try VectorExportTests.worst(ExportCheck.run(insert(resvg), in: folder)))
            worst.chromium = max(
                worst.chromium, try VectorExportTests.worst(ExportCheck.run(insert(chromium), in: folder)))
            worst.rlottie = max(
                worst.rlottie,
                try VectorExportTests.worst(ExportCheck.run(["lottie", name, "255", "\(name).json"], in: folder)))
        }
        print(
            "anti-aliasing error on the bare spinner: resvg \(worst.resvg), Chromium \(worst.chromium), "
                + "rlottie \(worst.rlottie) (of 255)")
        return worst
    }

    /// A check's arguments with the tolerance after the folder.
    static func insert(_ arguments: [String], tolerance: Double = 255) -> [String] {
        [arguments[0], arguments[1], "\(tolerance)"] + arguments.dropFirst(2)
    }

    @Test(arguments: scenes) func svgInResvgAndChromium(scene: [String]) throws {
        let errors = try VectorExportTests.measured.get()
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try VectorExportTests.svgFiles(scene, in: folder, out: "scene")
        let (resvg, chromium) = VectorExportTests.svgChecks("scene")
        try ExportCheck.run(VectorExportTests.insert(resvg, tolerance: errors.resvg), in: folder)
        try ExportCheck.run(VectorExportTests.insert(chromium, tolerance: errors.chromium), in: folder)
    }

    @Test(arguments: scenes) func lottieInRlottie(scene: [String]) throws {
        let errors = try VectorExportTests.measured.get()
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExportCheck.render(scene + ["--lottie", "scene.json"], in: folder, out: "scene")
        try ExportCheck.run(["lottie", "scene", "\(errors.rlottie)", "scene.json"], in: folder)
    }

    /// A session: hidden frames, then the overlay from the first processing frame with its arc at
    /// 12 o'clock, then hidden again; every frame compared.
    @Test func lottieOfATimeline() throws {
        let errors = try VectorExportTests.measured.get()
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExportCheck.render(
            [
                "--style", "overlay", "--scale", "1.5", "--width", "160", "--height", "150", "--fps", "10",
                "--timeline", "idle:0.3,processing:1.2,done:0.3", "--dim-amount", "0.4", "--lottie", "t.json",
            ], in: folder, out: "t")
        let output = try ExportCheck.run(["lottie", "t", "\(errors.rlottie)", "t.json"], in: folder)
        #expect(output.contains("frame 2: hidden") && output.contains("frame 15: hidden"), "\(output)")
        #expect(output.contains("frame 3: channel") && output.contains("frame 14: channel"), "\(output)")
    }
}

/// GIFs decoded by Pillow and ffmpeg: frame count, delays and loop as stated, exact frames where
/// ours have at most 256 colours, the quantization error reported where they have more.
@Suite(.slow) struct GIFExportTests {
    static let cases: [(scene: [String], matte: String, delay: Int)] = [
        (["--scale", "1.5", "--frames", "12", "--no-text", "--background-color", "clear"], "#202020", 2),
        (
            [
                "--style", "overlay", "--scale", "0.8", "--fps", "30", "--frames", "10", "--dim-amount", "0.5",
                "--backdrop-color",
                "#336699",
            ], "none", 3
        ),
        (
            [
                "--style", "overlay", "--scale", "1", "--width", "150", "--height", "140", "--fps", "10",
                "--timeline", "idle:0.2,processing:1.3,done:0.2", "--backdrop-color", "#fafafa",
            ], "none", 10
        ),
    ]

    @Test(arguments: 0..<cases.count) func gifDecodesToTheFrames(index: Int) throws {
        let (scene, matte, delay) = GIFExportTests.cases[index]
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExportCheck.render(
            scene + ["--gif", "a.gif"] + (matte == "none" ? [] : ["--gif-matte", matte]), in: folder)
        try ExportCheck.run(["gif", "a.gif", "f", matte, "\(delay)"], in: folder)
    }

    @Test func partlyTransparentPixelsNeedAMatte() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.expectRefusal(
            ["--frames", "2", "--gif", "a.gif"], in: folder, mentions: ["--gif", "--gif-matte", "alpha"])
        try CLI.expectRefusal(
            ["--frames", "2", "--gif-matte", "white"], in: folder, mentions: ["--gif-matte", "--gif"])
        let result = try CLI.run(
            ["--frames", "2", "--fps", "60", "--gif", "a.gif", "--gif-matte", "white"], in: folder)
        #expect(result.stdout.contains("60 fps plays at 50 fps"), "\(result.stdout)")
    }
}

/// A payment session in the animated formats: every frame of the APNG and the WebP decodes to
/// the timeline's PNG frame (hidden frames included), so the phases fall on their frame numbers;
/// the contact sheet shows them too.
@Suite(.slow) struct TimelineExportTests {
    @Test func apngAndWebPOfATimelineAreItsFrames() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExportCheck.render(
            [
                "--style", "overlay", "--scale", "1.25", "--width", "151", "--height", "133", "--fps", "12",
                "--timeline", "idle:0.25,processing:1.5,done:0.5", "--dim-amount", "0.45", "--apng", "t.png",
                "--webp", "t.webp", "--sheet", "sheet.png", "--every", "3",
            ], in: folder)
        let manifest = try String(contentsOf: folder.appendingPathComponent("f/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"firstFrame\" : 3") || manifest.contains("\"firstFrame\": 3"), "\(manifest)")
        try ExportCheck.run(["apng", "t.png", "f"], in: folder)
        try ExportCheck.run(["webp", "t.webp", "f"], in: folder)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sheet.png").path))
    }
}

/// What the exports refuse, each with the option, the value and what is expected.
@Suite struct ExportRefusalTests {
    @Test func refusals() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A colour (emoji) glyph has no outline: vector files refuse it, with the label.
        let emoji = try CLI.run(["--frames", "2", "--text", "Pay 💳", "--lottie", "a.json"], in: folder)
        #expect(emoji.status == 1 && emoji.stderr.contains("colour (emoji) glyphs"), "\(emoji.stderr)")
        let svg = try CLI.run(["--frames", "2", "--text", "Pay 💳", "--svg", "a.svg"], in: folder)
        #expect(svg.status == 1 && svg.stderr.contains("--svg a.svg"), "\(svg.stderr)")
        #expect(CLI.contents(of: folder).isEmpty)
        try CLI.expectRefusal(["--svg-frame", "3"], in: folder, mentions: ["--svg-frame", "--svg"])
        try CLI.expectRefusal(
            ["--style", "overlay", "--timeline", "processing:1", "--svg", "a.svg"], in: folder,
            mentions: ["--timeline", "--svg"])
        try CLI.expectRefusal(["--webp", "a.png"], in: folder, mentions: ["--webp", ".webp"])
        try CLI.expectRefusal(["--format", "swift"], in: folder, mentions: ["--format", "--print-style"])
        try CLI.expectRefusal(
            ["--frames", "4", "--svg", "a.svg", "--svg-frame", "4"], in: folder, status: 1, mentions: ["frame 4"])
    }
}

/// The checks can fail: files of another render are told apart from the frames.
@Suite(.slow) struct ExportCheckControlTests {
    @Test func checksRefuseFilesOfAnotherRender() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = ["--scale", "1.5", "--frames", "12", "--no-text"]
        try ExportCheck.render(scene, in: folder)
        // Another arc colour: the WebP's frames differ; frame 1 as frame 0: the arc is 30° off.
        let other = try CLI.run(scene + ["--spinner-color", "#4287f4", "--webp", "o.webp", "--quiet"], in: folder)
        #expect(other.status == 0, "\(other.stderr)")
        let webp = try ExportCheck.run(["webp", "o.webp", "f"], in: folder, expectingFailure: true)
        #expect(webp.contains("differs"), "\(webp)")
        let turned = try CLI.run(scene + ["--svg", "t.svg", "--svg-frame", "1", "--quiet"], in: folder)
        #expect(turned.status == 0, "\(turned.stderr)")
        let angle = try ExportCheck.run(["svg-static", "f", "255", "t.svg:0"], in: folder, expectingFailure: true)
        #expect(angle.contains("FAIL resvg: frame 0"), "\(angle)")
    }
}

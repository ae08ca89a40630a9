import Foundation
import Testing

/// Runs Tests/exports/check.py, which opens an exported file with renderers that are not ours
/// (Pillow, ffmpeg, rlottie, resvg, Chromium) and compares it with the PNG frames. A missing
/// module or tool fails the check with what to install; nothing is skipped.
enum ExportCheck {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("exports/check.py")

    /// The check's output; the test fails unless it passes.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
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
            process.terminationStatus == 0 && last.hasPrefix("PASS"),
            "check.py \(arguments.joined(separator: " ")):\n\(text)",
            sourceLocation: sourceLocation)
        return text
    }

    /// Renders `arguments` into `folder` (frames in folder/f), expecting success.
    static func render(_ arguments: [String], in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let result = try CLI.run(arguments + ["--out", "f", "--quiet"], in: folder)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    }
}

@Suite struct ExportTests {
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
/// measured first on the bare spinner (no card colour, no label) at the scene's scale, against
/// our exact-area frames; the scene must then stay within it, with full-coverage colours equal
/// and the arc's leading edge within 0.5° in every frame checked.
@Suite struct VectorExportTests {
    static let scenes: [[String]] = [
        ["--scale", "1.5", "--frames", "12"],
        [
            "--style", "overlay", "--scale", "2.25", "--width", "131", "--height", "157", "--dim-amount", "0.35",
            "--fps", "24", "--frames", "10", "--spinner-color", "#e4007c", "--text", "Paying…",
        ],
    ]

    /// The worst channel delta of a passing check's last line ("… (worst N) …").
    static func worst(_ output: String) throws -> Double {
        let line = try #require(output.split(separator: "\n").last)
        let start = try #require(line.range(of: "(worst "))
        let digits = line[start.upperBound...].prefix { $0.isNumber || $0 == "." }
        return try #require(Double(digits))
    }

    /// The scene's arguments reduced to the bare spinner at the same scale and frames.
    static func bare(_ scene: [String]) -> [String] {
        var kept: [String] = []
        var i = 0
        while i < scene.count {
            if ["--scale", "--frames", "--fps"].contains(scene[i]) { kept += [scene[i], scene[i + 1]] }
            i += 2
        }
        return kept + ["--no-text", "--background-color", "clear"]
    }

    /// Renders `scene` with `--svg` files: the animated one and a static one per frame checked.
    static func svgFiles(_ scene: [String], frames: [Int], in folder: URL, out: String) throws {
        let result = try CLI.run(scene + ["--svg", "\(out).svg", "--out", out, "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        for k in frames {
            let still = try CLI.run(scene + ["--svg", "\(out)\(k).svg", "--svg-frame", "\(k)", "--quiet"], in: folder)
            #expect(still.status == 0, "\(still.stderr)")
        }
    }

    @Test(arguments: scenes) func svgInResvgAndChromium(scene: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = [0, 1, 3, 7]
        try VectorExportTests.svgFiles(VectorExportTests.bare(scene), frames: frames, in: folder, out: "bare")
        try VectorExportTests.svgFiles(scene, frames: frames, in: folder, out: "scene")
        let statics = { (name: String) in frames.map { "\(name)\($0).svg:\($0)" } }
        let resvg = try VectorExportTests.worst(
            ExportCheck.run(["svg-static", "bare", "255"] + statics("bare"), in: folder))
        try ExportCheck.run(["svg-static", "scene", "\(resvg)"] + statics("scene"), in: folder)
        let chromium = try VectorExportTests.worst(
            ExportCheck.run(["svg-animated", "bare", "255", "bare.svg"] + frames.map(String.init), in: folder))
        try ExportCheck.run(
            ["svg-animated", "scene", "\(chromium)", "scene.svg"] + frames.map(String.init), in: folder)
    }
}

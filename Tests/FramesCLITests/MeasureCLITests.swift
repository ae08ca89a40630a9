import Foundation
import LibC
import TestSupport
import Testing

@testable import FramesCLI
@testable import Images
@testable import Raster

/// `frames measure` on screenshots Skia draws (Tests/measure/make_screenshots.py, not this
/// package): accuracy scored by Tests/measure/score.py, the JSON's shape, the style file read
/// back, the verdicts, the report, two indicators, and every bad input refused with nothing
/// written. Python with skia-python, Pillow and numpy is needed (Tests/measure/requirements.txt);
/// a missing module is a failure that says what to install, never a skip.
@Suite(.slow) struct MeasureCLITests {
    static let root = DocsTests.root
    static let script = root.appendingPathComponent("Tests/measure")

    /// Ten random cases drawn once a run (seed 5), and a second, smaller indicator beside the
    /// first in two more.
    static let screenshots: Result<URL, Error> = Result {
        let folder = try CLI.temporaryFolder()
        try python(["make_screenshots.py", folder.appendingPathComponent("cases").path, "--count", "10", "--seed", "5"])
        try python([
            "make_screenshots.py", folder.appendingPathComponent("two").path, "--count", "2", "--seed", "9", "--two",
        ])
        return folder
    }

    /// Runs a script of Tests/measure and returns its output; a failure says what it printed.
    @discardableResult
    static func python(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.appendingPathComponent(arguments[0]).path] + arguments.dropFirst()
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Browser.Failure(description: "\(arguments[0]) failed:\n\(text)")
        }
        return text
    }

    static func cases() throws -> URL { try screenshots.get().appendingPathComponent("cases") }

    @Test func theTolerancesHoldOnScreenshotsSkiaDrew() throws {
        // Lengths within 0.5 pt and colours within ΔE 2 (PNG, Display P3), 1 pt and ΔE 4 (JPEG
        // quality 80, scaled by 0.5–0.75), the arc within 2°, each on at least 8 cases in 10
        // here; docs/measure.md has the figures on 300 cases.
        let output = try Self.python([
            "score.py", CLI.executable.path, try Self.cases().path, "--require", "--share", "0.8",
        ])
        #expect(output.hasSuffix("PASS\n"), "\(output)")
    }

    @Test func theJSONHasItsDocumentedShape() throws {
        let shot = try Self.cases().appendingPathComponent("case_000.png")
        let result = try CLI.run(["measure", shot.path, "--json", "--frames", "60"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == ["style", "scale", "arcStartDegrees", "frame", "card", "uncertainty", "residual"])
        let style = try #require(object["style"] as? [String: Any])
        #expect(Set(style.keys) == Set(StyleProperty.all.map(\.name) + ["preset"]))
        let uncertainty = try #require(object["uncertainty"] as? [String: Any])
        #expect(Set(uncertainty.keys) == Set(StyleProperty.all.map(\.name) + ["arcStartDegrees", "scale"]))
        #expect(Set((object["card"] as? [String: Any] ?? [:]).keys) == ["x", "y", "width", "height"])
        #expect(Set((object["residual"] as? [String: Any] ?? [:]).keys) == ["meanDelta", "maxDelta"])
        #expect((object["frame"] as? Int).map { (0..<60).contains($0) } == true)
        // Without the undimmed screen, the dim is unknown; with it, measured.
        #expect(style["dimAmount"] is NSNull && uncertainty["dimAmount"] is NSNull)
        let backdrop = try Self.cases().appendingPathComponent("case_000_backdrop.png")
        let dimmed = try CLI.run(["measure", shot.path, "--json", "--backdrop-image", backdrop.path])
        let withDim = try JSONSerialization.jsonObject(with: Data(dimmed.stdout.utf8)) as? [String: Any]
        #expect((withDim?["style"] as? [String: Any])?["dimAmount"] is NSNumber, "\(dimmed.stderr)")
    }

    @Test func theStyleFileReadsBackAndPassesAgainstItself() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = try Self.cases().appendingPathComponent("case_001.jpg")
        let measured = try CLI.run(["measure", shot.path])
        #expect(measured.status == 0, "\(measured.stderr)")
        try Data(measured.stdout.utf8).write(to: folder.appendingPathComponent("style.json"))
        let printed = try CLI.run(["--style-file", "style.json", "--print-style"], in: folder)
        #expect(printed.status == 0, "\(printed.stderr)")
        let against = try CLI.run(["measure", shot.path, "--against", "style.json"], in: folder)
        #expect(against.status == 0, "\(against.stdout)\(against.stderr)")
        #expect(against.stdout.contains("measured properties are within tolerance"), "\(against.stdout)")
        let preset = try CLI.run(["measure", shot.path, "--against", "indicator"])
        #expect(preset.status == 1)
        #expect(preset.stdout.contains("FAIL") && preset.stdout.hasPrefix("Against indicator:"), "\(preset.stdout)")
        // With --json, the verdicts join the JSON and the table goes to standard error.
        let json = try CLI.run(["measure", shot.path, "--against", "indicator", "--json"])
        #expect(json.status == 1 && json.stdout.contains("\"against\"") && json.stderr.contains("RESULT"))
    }

    @Test func theReportShowsTheScreenshotTheReRenderAndTheDifference() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(contentsOf: try Self.cases().appendingPathComponent("case_002_p3.png")).write(
            to: folder.appendingPathComponent("checkout-p3.png"))
        let result = try CLI.run(["measure", "checkout-p3.png", "--report", "r.html", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("converted from its ICC profile (Display P3) to sRGB"), "\(result.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("r.html"), encoding: .utf8)
        for role in ["screenshot", "rerender", "difference"] {
            #expect(page.contains("<figure class=\"\(role)\">"), "no \(role) panel")
        }
        #expect(CLI.contents(of: folder) == ["checkout-p3.png", "r.html"])
        // In Chromium, without a script: every picture decodes, the three panels side by side at
        // one size, the style's table under them. The page's picture is docs/images/measure-report.png.
        let browser = try Browser(width: 1200, height: 900, javascript: false)
        defer { browser.quit() }
        try browser.open(folder.appendingPathComponent("r.html"))
        let images =
            try browser.execute(
                "return [...document.images].map(i => [i.className, i.complete && i.naturalWidth > 0, i.getBoundingClientRect().top, i.getBoundingClientRect().height])"
            ) as? [[Any]] ?? []
        #expect(images.count == 4 && images.allSatisfy { $0[1] as? Bool == true }, "\(images)")
        let panels = images.filter { ["screenshot", "rerender", "difference"].contains($0[0] as? String) }
        let tops = Set(panels.map { ($0[2] as? NSNumber)?.intValue ?? -1 })
        let heights = Set(panels.map { ($0[3] as? NSNumber)?.intValue ?? -1 })
        #expect(panels.count == 3 && tops.count == 1 && heights.count == 1, "side by side: \(panels)")
        #expect(try browser.elements("table").count >= 1)
        let height = try browser.execute("return document.documentElement.scrollHeight") as? Int ?? 900
        try browser.resize(width: 1200, height: min(height, 1600))
        try StudioPictureTests().save(try browser.screenshot(), "measure-report.png")
    }

    /// SIGINT, SIGTERM or SIGHUP at a random moment of a measurement with a report: the process
    /// ends by the signal with no report nor staging file left, or it has finished and the report
    /// is whole.
    @Test func aStopLeavesNoReportBehind() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(contentsOf: try Self.cases().appendingPathComponent("case_007.png")).write(
            to: folder.appendingPathComponent("shot.png"))
        let started = Date()
        let complete = try CLI.run(["measure", "shot.png", "--report", "whole.html"], in: folder)
        #expect(complete.status == 0, "\(complete.stderr)")
        let span = UInt32(Date().timeIntervalSince(started) * 1.2e6)
        let whole = try Data(contentsOf: folder.appendingPathComponent("whole.html"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("whole.html"))
        var stopped = 0
        for attempt in 0..<CLI.stressRuns {
            let run = CLI.start(["measure", "shot.png", "--report", "r.html"], in: folder)
            usleep(UInt32.random(in: 0...span))
            let signal = StopTests.signals[attempt % 3]
            kill(run.process.processIdentifier, signal)
            let result = run.wait()
            if result.signalled {
                stopped += 1
                #expect(result.status == signal, "attempt \(attempt): died of \(result.status)")
                #expect(CLI.contents(of: folder) == ["shot.png"], "attempt \(attempt): \(CLI.contents(of: folder))")
            } else {
                #expect(result.status == 0, "attempt \(attempt): exit \(result.status) \(result.stderr)")
                #expect(CLI.contents(of: folder) == ["r.html", "shot.png"], "attempt \(attempt)")
                // The page names the same screenshot and holds the same pictures.
                #expect(try Data(contentsOf: folder.appendingPathComponent("r.html")) == whole)
                try FileManager.default.removeItem(at: folder.appendingPathComponent("r.html"))
            }
        }
        print("MeasureCLITests: \(stopped) of \(CLI.stressRuns) measurements were stopped")
    }

    @Test func twoIndicatorsSayWhichWasMeasured() throws {
        let shot = try Self.screenshots.get().appendingPathComponent("two/case_000.png")
        let result = try CLI.run(["measure", shot.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("2 loading indicators found"), "\(result.stderr)")
    }

    /// Each bad input: its exit status and what the error names; no report is written.
    @Test(arguments: [
        (
            "not-an-image", 64,
            "for <screenshot>: expected a PNG or JPEG screenshot (not a PNG or JPEG image: it looks like text)"
        ),
        ("empty", 64, "not a PNG or JPEG image: it looks like an empty file"),
        ("truncated.png", 64, "for <screenshot>: expected a PNG or JPEG screenshot (a truncated PNG image"),
        ("truncated.jpg", 64, "for <screenshot>: expected a PNG or JPEG screenshot (a truncated JPEG image"),
        ("huge.png", 64, "an image of 20000 × 20000 px, over 100 megapixels"),
        ("backdrop", 1, "<screenshot> 'backdrop': no loading indicator found"),
        (
            "odd-size", 64,
            "<screenshot> 'odd-size': an image of 301 × 301 px is no known device's screen at any scale; give --scale"
        ),
        ("missing.png", 64, "for <screenshot>: expected a readable PNG or JPEG file (No such file or directory)"),
        (".", 64, "for <screenshot>: expected a readable PNG or JPEG file"),
    ])
    func badInputsAreRefused(_ input: String, _ status: Int32, _ mentions: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = try Self.cases()
        let png = try Data(contentsOf: cases.appendingPathComponent("case_003.png"))
        let jpg = try Data(contentsOf: cases.appendingPathComponent("case_003.jpg"))
        try Data("hello\n".utf8).write(to: folder.appendingPathComponent("not-an-image"))
        try Data().write(to: folder.appendingPathComponent("empty"))
        try png.prefix(png.count / 3).write(to: folder.appendingPathComponent("truncated.png"))
        try jpg.prefix(jpg.count / 3).write(to: folder.appendingPathComponent("truncated.jpg"))
        try Self.hugePNG().write(to: folder.appendingPathComponent("huge.png"))
        try Data(contentsOf: cases.appendingPathComponent("case_003_backdrop.png"))
            .write(to: folder.appendingPathComponent("backdrop"))
        try Data(PNGEncoder().encode(Pixmap(width: 301, height: 301))).write(
            to: folder.appendingPathComponent("odd-size"))
        let before = CLI.contents(of: folder)
        let result = try CLI.run(["measure", input, "--report", "r.html"], in: folder)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: ") && result.stderr.contains(mentions), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(CLI.contents(of: folder) == before, "something was written")
    }

    /// Each bad option or option's file: a usage error that names it, before anything is
    /// measured, and nothing written (the report asked for is not there).
    @Test(arguments: [
        (["--device", "Nokia 3310"], "for --device: expected a device from --list-devices"),
        (["--against", "nowhere.json"], "for --against: expected a readable JSON file (No such file"),
        (["--against", "."], "for --against: expected a JSON file, not a folder"),
        (["--against", "bad.json"], "style file 'bad.json': invalid value \"4\" for key 'strokeWidth'"),
        (
            ["--against", "wide.json"],
            "style file 'wide.json': invalid value 30 for key 'strokeWidth': expected at most half"
        ),
        (["--against", "text.json"], "for --against: expected valid JSON"),
        (["--report", "."], "for --report: expected a file name, not a folder"),
        (["--report", "case.png"], "--report"),
        (["--scale", "2", "--device", "iPhone SE"], "expected no device with --scale 2"),
        (["--scale", "0"], "for --scale: expected a number above 0, at most 16"),
        (["--frames", "0"], "for --frames: expected a whole number from 1 to 10000"),
        (["--backdrop-image", "text.json"], "for --backdrop-image: expected a PNG or JPEG screenshot"),
        (
            ["--backdrop-image", "other.png"],
            "--backdrop-image 'other.png': the backdrop image does not show this screen"
        ),
        (
            ["--font-file", "nowhere.ttf", "--report", "r.html"],
            "for --font-file: expected a readable font file (No such"
        ),
        (["--font-file", "text.json"], "for --font-file: expected a readable font file ("),
    ])
    func badOptionsAreUsageErrors(_ options: [String], _ mentions: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"strokeWidth": "4"}"#.utf8).write(to: folder.appendingPathComponent("bad.json"))
        try Data(#"{"strokeWidth": 30, "spinnerSize": 40}"#.utf8).write(to: folder.appendingPathComponent("wide.json"))
        try Data("not json".utf8).write(to: folder.appendingPathComponent("text.json"))
        let cases = try Self.cases()
        try Data(contentsOf: cases.appendingPathComponent("case_004.png")).write(
            to: folder.appendingPathComponent("case.png"))
        // Another case's screen of the same size (case_003 and case_004 are both 750 × 1334 px).
        try Data(contentsOf: cases.appendingPathComponent("case_003_backdrop.png")).write(
            to: folder.appendingPathComponent("other.png"))
        let before = CLI.contents(of: folder)
        let result = try CLI.run(["measure", "case.png"] + options, in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: ") && result.stderr.contains(mentions), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(CLI.contents(of: folder) == before, "something was written")
    }

    /// A PNG whose header says 20 000 × 20 000 px (400 megapixels), with a token of data.
    static func hugePNG() throws -> Data {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            let length = UInt32(data.count)
            return [24, 16, 8, 0].map { UInt8((length >> $0) & 0xFF) } + body
                + [24, 16, 8, 0].map {
                    UInt8((crc >> $0) & 0xFF)
                }
        }
        let side: [UInt8] = [0, 0, 0x4E, 0x20]
        let header = chunk("IHDR", side + side + [8, 2, 0, 0, 0])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + header + chunk("IEND", []))
    }
}

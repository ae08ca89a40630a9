import Foundation
import Testing

@testable import FramesCLI
@testable import Images
@testable import Raster

/// `frames verify`, run as a user would, on folders `frames` wrote and then changed on purpose.
@Suite struct VerifyTests {
    let folder: URL

    init() throws {
        folder = try CLI.temporaryFolder()
    }

    /// Renders with `arguments` into `name` in the test's folder.
    func render(_ name: String, _ arguments: [String]) throws {
        let result = try CLI.run(arguments + ["--out", name, "--quiet"], in: folder)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }

    func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(path))) }

    /// The manifest's text with `old` replaced by `new` (which must be there).
    func editManifest(_ name: String, replacing old: String, with new: String) throws {
        let path = url(name + "/manifest.json")
        let text = try String(contentsOf: path, encoding: .utf8)
        #expect(text.contains(old), "\(old) not in \(name)/manifest.json")
        try text.replacingOccurrences(of: old, with: new).write(to: path, atomically: true, encoding: .utf8)
    }

    /// One channel of one opaque pixel of `path`, one step off.
    func alterOnePixel(_ path: String, x: Int, y: Int) throws {
        var image = try PNGDecoder.decode(bytes(path))
        let pixel = image.pixels[y * image.width + x]
        #expect(pixel >> 24 == 255, "pixel \(x), \(y) is not opaque")
        image.pixels[y * image.width + x] = pixel & 0xFFFF_FF00 | (pixel & 0xFF == 0 ? 1 : (pixel & 0xFF) - 1)
        try Data(PNGEncoder().encode(image)).write(to: url(path))
    }

    @Test func aFolderVerifiesClean() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--frames", "4"])
        try render(
            "b",
            [
                "--style", "overlay", "--timeline", "idle:0.1,processing:0.2", "--fps", "20", "--width", "200",
                "--height", "240", "--backdrop-color", "#102030", "--name-pattern", "s%02d.png",
            ])
        try render("c", ["--style", "overlay", "--frame", "7", "--frames", "12", "--width", "150", "--height", "150"])
        let result = try CLI.run(["verify", "a", "b", "c"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == """
                PASS a: 4 frames hold (4 byte for byte)
                PASS b: 6 frames hold (6 byte for byte)
                PASS c: 1 frame holds (1 byte for byte)
                3 of 3 folders hold

                """)
    }

    @Test func onePixelOffFailsWithTheFiguresOfCompareAndAReport() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--frames", "4", "--no-text"])
        try render("copy", ["--frames", "4", "--no-text"])
        try alterOnePixel("a/frame_0002.png", x: 40, y: 5)
        let result = try CLI.run(["verify", "a", "--report", "report.html"], in: folder)
        #expect(result.status == 1)
        let compared = try CLI.run(["compare", "a/frame_0002.png", "copy/frame_0002.png"], in: folder)
        let figures = try #require(compared.stdout.split(separator: ": ", maxSplits: 1).last)
        #expect(figures.hasPrefix("largest channel difference 1, 1 pixel differs (0.01 %), in x 40…40, y 5…5"))
        #expect(result.stdout.hasPrefix("FAIL a/frame_0002.png: \(figures)"), "\(result.stdout)")
        #expect(result.stdout.contains("FAIL a: 1 of 4 frames differs\n"))
        #expect(result.stdout.contains("nothing manifest.json records has changed"))
        #expect(result.stdout.hasSuffix("report: report.html\n"))
        let report = try String(contentsOf: url("report.html"), encoding: .utf8)
        #expect(report.contains("frames verify: 1 of 4 frames differs"))
        #expect(report.components(separatedBy: "<tr class=\"pass\">").count == 4)
        #expect(report.components(separatedBy: "<tr class=\"fail\">").count == 2)
        #expect(report.contains("<img class=\"expected checker\" width=\"80\" height=\"88\""))
        #expect(!report.contains("http://") && !report.contains("https://"), "the report needs no network")
        // The same thresholds as compare: either lets it pass.
        #expect(try CLI.run(["verify", "a", "--max-channel-delta", "1"], in: folder).status == 0)
        #expect(try CLI.run(["verify", "a", "--max-differing-pixels", "1"], in: folder).status == 0)
    }

    /// A tolerance recorded in the manifest: verify judges as compare --metric does, so an
    /// invisible change holds within it and a visible one fails with pixelmatch's figures.
    @Test func aToleranceInTheManifestJudgesPerceptually() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--frames", "4", "--no-text"])
        try alterOnePixel("a/frame_0002.png", x: 40, y: 5)
        #expect(try CLI.run(["verify", "a"], in: folder).status == 1)
        try editManifest(
            "a", replacing: "\"manifestVersion\"",
            with: "\"tolerance\": {\"metric\": \"oklab\", \"threshold\": 0.1}, \"manifestVersion\"")
        var result = try CLI.run(["verify", "a"], in: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "PASS a: 4 frames hold (3 byte for byte, 1 within the thresholds)\n")
        var image = try PNGDecoder.decode(bytes("a/frame_0001.png"))
        for y in 0..<6 { for x in 0..<6 { image.pixels[y * image.width + x] = 0xFF00_00FF } }
        try Data(PNGEncoder().encode(image)).write(to: url("a/frame_0001.png"))
        result = try CLI.run(["verify", "a"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "FAIL a/frame_0001.png: 29 pixels differ (oklab, threshold 0.1), 7 anti-aliased not counted"),
            "\(result.stdout)")
        try editManifest("a", replacing: "\"threshold\": 0.1", with: "\"threshold\": 0.1, \"maxDifferingPixels\": 29")
        #expect(try CLI.run(["verify", "a"], in: folder).status == 0)
        // --update renders the folder again and keeps how it is judged.
        let update = try CLI.run(["verify", "--update", "a"], in: folder, environment: ["CI": nil])
        #expect(update.status == 0, "\(update.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(bytes("a/manifest.json"))) as? [String: Any]
        let kept = manifest?["tolerance"] as? [String: Any]
        #expect(kept?["metric"] as? String == "oklab" && kept?["maxDifferingPixels"] as? Int == 29, "\(kept ?? [:])")
        #expect(try CLI.run(["verify", "a"], in: folder).stdout == "PASS a: 4 frames hold (4 byte for byte)\n")
        try editManifest("a", replacing: "\"oklab\"", with: "\"lab\"")
        result = try CLI.run(["verify", "a"], in: folder)
        #expect(result.status == 64 && result.stderr.contains("tolerance.metric"), "\(result.stderr)")
    }

    /// A file another encoder wrote holds by its pixels, and says so.
    @Test func theSamePixelsInOtherBytesHold() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--frames", "4", "--no-text"])
        let image = try PNGDecoder.decode(bytes("a/frame_0001.png"))
        let other = try PNGEncoder().encode(image)
        #expect(try other != bytes("a/frame_0001.png"))
        try Data(other).write(to: url("a/frame_0001.png"))
        let result = try CLI.run(["verify", "a"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout == "PASS a: 4 frames hold (3 byte for byte, 1 pixel for pixel in other bytes)\n")
    }

    @Test func anEditedStyleFailsAndIsNamed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--frames", "3", "--scale", "2"])
        try editManifest("a", replacing: "\"spinnerColor\": \"#4287F5\"", with: "\"spinnerColor\": \"#E8421A\"")
        let result = try CLI.run(["verify", "a"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL a: 3 of 3 frames differ"))
        #expect(
            result.stdout.contains(
                "manifest.json was edited after the frames were written: style.spinnerColor is now \"#E8421A\""))
    }

    @Test func aMissingAndAnExtraFrameFail() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--frames", "4", "--no-text"])
        try FileManager.default.removeItem(at: url("a/frame_0001.png"))
        try FileManager.default.copyItem(at: url("a/frame_0002.png"), to: url("a/frame_0009.png"))
        let result = try CLI.run(["verify", "a"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL a/frame_0001.png: missing from the folder (manifest.json lists it)"))
        #expect(result.stdout.contains("FAIL a/frame_0009.png: extra: manifest.json does not list it"))
        #expect(result.stdout.contains("FAIL a: 2 of 5 frames differ"))
    }

    @Test func aFolderItCannotHonourExits64NamingFolderAndField() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--frames", "2", "--no-text"])
        try FileManager.default.createDirectory(at: url("plain"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: url("a/frame_0000.png"), to: url("plain/frame_0000.png"))
        try CLI.expectRefusal(["verify", "plain"], in: folder, mentions: ["'plain'", "no manifest.json"])
        try CLI.expectRefusal(["verify", "missing"], in: folder, mentions: ["'missing'", "no such folder"])
        try CLI.expectRefusal(["verify", "a/frame_0000.png"], in: folder, mentions: ["not a folder"])
        try render("future", ["--frames", "2", "--no-text"])
        try editManifest("future", replacing: "\"manifestVersion\": 2", with: "\"manifestVersion\": 3")
        try CLI.expectRefusal(
            ["verify", "future"], in: folder, mentions: ["'future/manifest.json'", "manifestVersion 3", "newer"])
        try editManifest("a", replacing: "\"scale\": 1", with: "\"scale\": -1")
        try CLI.expectRefusal(["verify", "a"], in: folder, mentions: ["'a/manifest.json'", "'scale'", "-1"])
        try CLI.expectRefusal(["verify"], in: folder, mentions: ["missing argument <folder>"])
        try CLI.expectRefusal(["verify", "future", "--report", "."], in: folder, mentions: ["--report"])
    }

    @Test func aFontFileGoneOrChangedIsNamed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: url("fonts"), withIntermediateDirectories: true)
        let serif = URL(fileURLWithPath: try #require(FontLocator.regularFace(of: "DejaVu Serif")).path)
        try FileManager.default.copyItem(at: serif, to: url("fonts/Brand.ttf"))
        try render("a", ["--frames", "2", "--font-file", "fonts/Brand.ttf"])
        #expect(try CLI.run(["verify", "a"], in: folder).status == 0)
        try FileManager.default.moveItem(at: url("fonts/Brand.ttf"), to: url("fonts/Moved.ttf"))
        try CLI.expectRefusal(
            ["verify", "a"], in: folder, mentions: ["'a/manifest.json'", "'fontFile'", "'fonts/Brand.ttf'"])
        let moved = try CLI.run(["verify", "a", "--font-file", "fonts/Moved.ttf"], in: folder)
        #expect(moved.status == 0, "\(moved.stdout)")
        #expect(moved.stdout.contains("font files found at other paths, same checksums"))
        // Another font under the recorded name: the checksum says so before the pixels do.
        let sans = URL(fileURLWithPath: try #require(FontLocator.regularFace(of: "DejaVu Sans")).path)
        try FileManager.default.copyItem(at: sans, to: url("fonts/Brand.ttf"))
        let changed = try CLI.run(["verify", "a"], in: folder)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("font file changed: fonts/Brand.ttf (crc32 "), "\(changed.stdout)")
    }

    @Test func aBackdropImageIsFoundBesideTheManifestOrNamed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("screens", ["--style", "overlay", "--frame", "0", "--width", "100", "--height", "120"])
        try FileManager.default.moveItem(at: url("screens/frame_0000.png"), to: url("screen.png"))
        try render(
            "a",
            [
                "--style", "overlay", "--frames", "2", "--width", "100", "--height", "120", "--scale", "2",
                "--no-text", "--backdrop-image", "screen.png", "--dim-amount", "0.4",
            ])
        #expect(try CLI.run(["verify", "a"], in: folder).status == 0)
        try FileManager.default.moveItem(at: url("screen.png"), to: url("a/screen.png"))
        let beside = try CLI.run(["verify", "a"], in: folder)
        #expect(
            beside.stdout == "PASS a: 2 frames hold (2 byte for byte)\n", "the image beside it is not an extra frame")
        try FileManager.default.moveItem(at: url("a/screen.png"), to: url("elsewhere.png"))
        try CLI.expectRefusal(["verify", "a"], in: folder, mentions: ["'backdrop.image'", "'screen.png'"])
        #expect(try CLI.run(["verify", "a", "--backdrop-image", "elsewhere.png"], in: folder).status == 0)
    }

    @Test func fourteenLanguageFoldersHold() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = Translation.all.map { "lang_" + $0.languageCode }
        for translation in Translation.all {
            try render("lang_" + translation.languageCode, ["--lang", translation.languageCode, "--frames", "2"])
        }
        let result = try CLI.run(["verify", "--report", "r.html"] + names, in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("14 of 14 folders hold"))
        let report = try String(contentsOf: url("r.html"), encoding: .utf8)
        #expect(report.components(separatedBy: "<tr class=\"pass\">").count == 29)
        // Each folder's text is its language's: one edited text is caught and named.
        try editManifest("lang_de", replacing: "Zahlung wird verarbeitet…", with: "Zahlung läuft…")
        let edited = try CLI.run(["verify"] + names, in: folder)
        #expect(edited.status == 1)
        #expect(edited.stdout.contains("13 of 14 folders hold"))
        #expect(edited.stdout.contains("text is now \"Zahlung läuft…\""))
    }

    @Test func deviceFoldersHold() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let devices = ["iPhone SE", "iPhone 15 Pro Max", "iPad mini"]
        for (i, device) in devices.enumerated() {
            try render(
                "device\(i)",
                [
                    "--style", "overlay", "--device", device, "--frame", "9", "--frames", "30",
                    "--dim-amount", "0.5", "--backdrop-color", "#EEF1F5",
                ])
        }
        let result = try CLI.run(["verify", "device0", "device1", "device2"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("3 of 3 folders hold"))
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: url("device1/manifest.json"))) as! [String: Any]
        #expect(manifest["pixelWidth"] as? Int == 1290 && manifest["pixelHeight"] as? Int == 2796)
        #expect(manifest["still"] as? Int == 9)
    }

    /// A manifest as frames wrote them before versions: still read, verified, and upgraded by --update.
    @Test func aVersion1ManifestVerifiesAndUpdates() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--style", "overlay", "--width", "160", "--height", "160", "--frame", "3", "--frames", "8"])
        let path = url("a/manifest.json")
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as! [String: Any]
        let v2 = try Data(contentsOf: path)
        for key in ["manifestVersion", "turnFrames", "still", "namePattern", "fingerprints", "libraries", "checksums"] {
            #expect(object.removeValue(forKey: key) != nil, "\(key)")
        }
        try JSONSerialization.data(withJSONObject: object).write(to: path)
        let result = try CLI.run(["verify", "a"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let update = try CLI.run(["verify", "--update", "a"], in: folder, environment: ["CI": nil])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(try Data(contentsOf: path) == v2, "--update writes the manifest the render wrote")
    }

    @Test func updateRewritesLikeARenderAndIsRefusedInCI() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--frames", "4", "--scale", "2", "--no-text"])
        let original = try bytes("a/frame_0001.png")
        let manifest = try bytes("a/manifest.json")
        try alterOnePixel("a/frame_0001.png", x: 60, y: 10)
        let altered = try bytes("a/frame_0001.png")
        try CLI.expectRefusal(
            ["verify", "--update", "a"], in: folder, mentions: ["--update", "CI is set", "--force"],
            environment: ["CI": "true"])
        #expect(try bytes("a/frame_0001.png") == altered)
        try CLI.expectRefusal(["verify", "--force", "a"], in: folder, mentions: ["--force", "--update"])
        let update = try CLI.run(["verify", "--update", "a"], in: folder, environment: ["CI": nil])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("FAIL a: 1 of 4 frames differs"))
        #expect(update.stdout.contains("Wrote 4 frames of 160×176 px (indicator @2x, 60 fps"))
        #expect(try bytes("a/frame_0001.png") == original)
        #expect(try bytes("a/manifest.json") == manifest)
        #expect(CLI.contents(of: url("a")).allSatisfy { !$0.hasSuffix(".partial") })
        try alterOnePixel("a/frame_0003.png", x: 60, y: 10)
        let forced = try CLI.run(["verify", "--update", "--force", "a"], in: folder, environment: ["CI": "true"])
        #expect(forced.status == 0)
        #expect(try CLI.run(["verify", "a"], in: folder).status == 0)
    }

    /// A no-op --update writes the manifest it read, byte for byte: the fields a render does not
    /// set (the exports in the folder and beside it, a tolerance) are kept, and an export in the
    /// folder is still no extra frame.
    @Test func updateKeepsEveryFieldItDoesNotRewrite() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--frames", "3", "--no-text", "--apng", "a/anim.png", "--sheet", "sheet.png"])
        let written = try bytes("a/manifest.json")
        #expect(try CLI.run(["verify", "a"], in: folder).status == 0)
        let update = try CLI.run(["verify", "--update", "a"], in: folder, environment: ["CI": nil])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(try bytes("a/manifest.json") == written, "--update changed the manifest")
        let again = try CLI.run(["verify", "a"], in: folder)
        #expect(again.status == 0 && !again.stdout.contains("extra"), "\(again.stdout)")
        // A tolerance written by hand stays with the exports.
        try editManifest(
            "a", replacing: "\"files\": [",
            with:
                "\"tolerance\": {\"metric\": \"oklab\", \"threshold\": 0.1, \"includeAA\": false,\n\"maxDifferingPixels\": 0},\n\"files\": ["
        )
        let edited = try JSONSerialization.jsonObject(with: Data(contentsOf: url("a/manifest.json"))) as! NSDictionary
        let updated = try CLI.run(["verify", "--update", "a"], in: folder, environment: ["CI": nil])
        #expect(updated.status == 0, "\(updated.stderr)")
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: url("a/manifest.json"))) as! NSDictionary
        #expect(kept == edited, "--update kept every field: \(kept)")
    }

    @Test func compareWritesAReportToo() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try render("a", ["--frames", "3", "--no-text"])
        try render("b", ["--frames", "3", "--no-text"])
        try alterOnePixel("b/frame_0000.png", x: 30, y: 4)
        try FileManager.default.removeItem(at: url("b/frame_0002.png"))
        let result = try CLI.run(["compare", "a", "b", "--report", "r.html"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("report: r.html\n"))
        let report = try String(contentsOf: url("r.html"), encoding: .utf8)
        #expect(report.contains("frames compare: 2 of 3 frames differ"))
        #expect(report.contains("missing from b"))
        let file = try CLI.run(["compare", "a/frame_0000.png", "b/frame_0000.png", "--report", "f.html"], in: folder)
        #expect(file.status == 1)
        #expect(try String(contentsOf: url("f.html"), encoding: .utf8).contains("1 of 1 frame differs"))
    }

    @Test func helpDescribesTheCommand() throws {
        let result = try CLI.run(["verify", "--help"])
        #expect(result.status == 0)
        for word in ["USAGE: frames verify <folder>...", "--max-channel-delta", "--report", "--update", "EXIT STATUS"] {
            #expect(result.stdout.contains(word), "\(word)")
        }
    }
}

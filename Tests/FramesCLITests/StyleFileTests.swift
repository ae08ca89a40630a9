import Foundation
import Testing

@testable import FramesCLI
@testable import Raster

/// `--style-file` and `--print-style`, run as a user would.
@Suite struct StyleFileTests {
    func write(_ text: String, to folder: URL, as name: String = "style.json") throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func printedStyleReadsBackToItself() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try CLI.run([
            "--print-style", "--style", "overlay", "--spinner-color", "#1A78E8",
            "--dim-amount", "0.35", "--text-font-name", "DejaVu Serif", "--corner-radius", "10.5",
        ])
        #expect(printed.status == 0, "\(printed.stderr)")
        let path = try write(printed.stdout, to: folder)
        let again = try CLI.run(["--style-file", path, "--print-style"])
        #expect(again.status == 0)
        #expect(again.stdout == printed.stdout)
        let object = try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as! [String: Any]
        // The properties, the preset, and what the label used (ignored when read back).
        #expect(Set(object.keys) == Set(StyleProperty.all.map(\.name) + ["preset", "resolvedText"]))
        let resolved = try #require(object["resolvedText"] as? [String: Any])
        #expect((resolved["fontFiles"] as? [String])?.first?.hasSuffix("DejaVuSerif.ttf") == true, "\(resolved)")
        #expect(object["preset"] as? String == "overlay")
        #expect(object["spinnerColor"] as? String == "#1A78E8")
        #expect(object["cornerRadius"] as? Double == 10.5)
    }

    /// The library writes the style file `--print-style` prints, byte for byte, and reads it back
    /// to the same style.
    @Test(arguments: [
        ["--style", "overlay", "--spinner-color", "#1A78E8", "--corner-radius", "10.5"],
        ["--text", "", "--stroke-width", "5"],
    ])
    func theLibraryWritesWhatPrintStylePrints(flags: [String]) throws {
        let printed = try CLI.run(["--print-style"] + flags)
        #expect(printed.status == 0, "\(printed.stderr)")
        let job = try RenderJob.resolve(RenderCommand.parser.parse(flags, into: RenderOptions()))
        let written = job.scene.style.styleFile(preset: job.scene.variant, label: job.label)
        #expect(written == printed.stdout)
        #expect(try LoadingStyle(styleFile: Array(written.utf8)) == job.scene.style)
        #expect(LoadingStyle.preset(ofStyleFile: Array(written.utf8)) == job.scene.variant)
        #expect(try LoadingStyle(styleFile: Array(job.scene.style.styleFile(preset: .overlay).utf8)) == job.scene.style)
    }

    @Test func aStyleFileTheLibraryCannotReadSaysWhy() {
        #expect(throws: StyleFileReadError.self) { try LoadingStyle(styleFile: Array(#"{"spinerColor": 1}"#.utf8)) }
        do {
            _ = try LoadingStyle(styleFile: Array(#"{"spinerColor": 1}"#.utf8), path: "brand.json")
        } catch {
            #expect(error.description.contains("brand.json") && error.description.contains("spinnerColor"), "\(error)")
        }
    }

    /// preset < file < flags, and the file's preset chooses the variant unless --style does.
    /// A frame made too large by a style file's key is refused naming the key, not --scale.
    @Test(arguments: ["textSize", "spinnerSize"])
    func aFrameTooLargeNamesTheKeyThatMadeIt(key: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write("{\"\(key)\": 10000}", to: folder)
        let result = try CLI.run([
            "--style-file", path, "--frames", "1", "--out", folder.appendingPathComponent("o").path,
        ])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains("for key '\(key)'") && result.stderr.contains("100 megapixels"), "\(result.stderr)")
        #expect(!result.stderr.split(separator: "\n")[0].contains("--scale"), "\(result.stderr)")
    }

    @Test func precedenceIsPresetThenFileThenFlags() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(
            ##"{"preset": "overlay", "spinnerColor": "#FF0000", "strokeWidth": 6, "textFontName": null}"##,
            to: folder)
        let result = try CLI.run(["--style-file", path, "--stroke-width", "5", "--print-style"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["preset"] as? String == "overlay")
        #expect(object["cornerRadius"] as? Double == 16, "overlay preset underneath")
        #expect(object["spinnerColor"] as? String == "#FF0000", "file over preset")
        #expect(object["strokeWidth"] as? Double == 5, "flag over file")
        let inline = try CLI.run(["--style-file", path, "--style", "indicator", "--print-style"])
        let second = try JSONSerialization.jsonObject(with: Data(inline.stdout.utf8)) as! [String: Any]
        #expect(second["preset"] as? String == "indicator")
        #expect(second["cornerRadius"] as? Double == 16, "the file's preset still sets the base values")
        // And it renders: the manifest carries the resolved style.
        let render = try CLI.run(["--style-file", path, "--frames", "1", "--out", "o"], in: folder)
        #expect(render.status == 0, "\(render.stderr)")
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("o/manifest.json")))
            as! [String: Any]
        #expect(manifest["variant"] as? String == "overlay")
        #expect((manifest["style"] as? [String: Any])?["strokeWidth"] as? Double == 6)
    }

    @Test(arguments: [
        (##"{"spinerColor": "#FFFFFF"}"##, "unknown key 'spinerColor'. Did you mean 'spinnerColor'?"),
        (##"{"SpinnerColor": "#FFFFFF"}"##, "Did you mean 'spinnerColor'?"),
        (##"{"colour": 1}"##, "unknown key 'colour'"),
        (##"{"strokeWidth": "4"}"##, ##"invalid value "4" for key 'strokeWidth': expected a number of points"##),
        (##"{"strokeWidth": 40}"##, "invalid value 40 for key 'strokeWidth': expected at most half of spinnerSize"),
        (##"{"spinnerSize": -1}"##, "invalid value -1 for key 'spinnerSize': expected a length from 0 to 10000 pt"),
        (##"{"dimAmount": 1.5}"##, "invalid value 1.5 for key 'dimAmount': expected an opacity from 0 to 1"),
        (##"{"dimAmount": true}"##, "invalid value true for key 'dimAmount': expected a number from 0 to 1"),
        (##"{"trackColor": "#12345"}"##, ##"invalid value "#12345" for key 'trackColor': expected a colour"##),
        (##"{"textFontName": 12}"##, "invalid value 12 for key 'textFontName': expected a font family name, or null"),
        (
            ##"{"preset": "fullscreen"}"##,
            ##"invalid value "fullscreen" for key 'preset': expected "indicator" or "overlay""##
        ),
        (##"{"textSize": 1e309}"##, "for key 'textSize'"),
        (##"[1, 2]"##, "expected a JSON object of style properties (it holds an array)"),
        (##"{"dimAmount": 0.5,"##, "expected valid JSON (expected a key in quotes at line 1, column 19)"),
        (##"{"a": 1, "a": 2}"##, "key 'a' given twice"),
        ("", "expected valid JSON (unexpected end of the text, expected a value at line 1, column 1)"),
        (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "nesting deeper than 64 levels"),
    ])
    func badStyleFilesAreRefused(text: String, message: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(text, to: folder)
        try CLI.expectRefusal(["--style-file", path, "--out", "o"], in: folder, mentions: [message, path])
    }

    @Test func unreadableOrHugeFilesAreRefused() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var result = try CLI.run(["--style-file", "missing.json"], in: folder)
        #expect(result.status == 64)
        #expect(
            result.stderr.contains(
                "'missing.json' for --style-file: expected a readable JSON file (No such file or directory)"))
        result = try CLI.run(["--style-file", "."], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("expected a JSON file, not a folder"))
        let big = try write(
            "{\"dimAmount\": 0.5" + String(repeating: " ", count: 1 << 20) + "}", to: folder, as: "big.json")
        result = try CLI.run(["--style-file", big], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("expected a style file of at most 1 MB"))
        let invalidUTF8 = folder.appendingPathComponent("bad.json")
        try Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]).write(to: invalidUTF8)
        result = try CLI.run(["--style-file", invalidUTF8.path], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("invalid UTF-8"), "\(result.stderr)")
    }
}

/// What a newcomer meets: the output-only `resolvedText` never offered as a key, colours in the
/// forms designers type, the transparent-screen note only where the overlay shows.
@Suite struct StyleConventionTests {
    @Test func resolvedTextIsReadButNeverOffered() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("style.json")
        try Data(##"{"resolvedTex": 1}"##.utf8).write(to: url)
        let result = try CLI.run(["--style-file", url.path, "--print-style"])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("resolvedText"), "\(result.stderr)")
        #expect(result.stderr.contains("Keys are the LoadingStyle property names: spinnerColor"))
        try Data(##"{"resolvedText": {"fontFiles": []}, "dimAmount": 0.5}"##.utf8).write(to: url)
        #expect(try CLI.run(["--style-file", url.path, "--print-style"]).status == 0, "still read, and ignored")
    }

    @Test func styleFilesTakeEveryColourForm() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("style.json")
        try Data(
            ##"{"spinnerColor": "rebeccapurple", "trackColor": "#F808", "textColor": "rgb(10% 47% 91% / 50%)", "backgroundColor": "rgba(255, 255, 255, 0.3)"}"##
                .utf8
        ).write(to: url)
        let result = try CLI.run(["--style-file", url.path, "--print-style"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["spinnerColor"] as? String == "#663399")
        #expect(object["trackColor"] as? String == "#FF880088")
        #expect(object["textColor"] as? String == "#1A78E880")
        #expect(object["backgroundColor"] as? String == "#FFFFFF4D")
        try Data(##"{"spinnerColor": "rgb(300 0 0)"}"##.utf8).write(to: url)
        let refused = try CLI.run(["--style-file", url.path, "--print-style"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("#RGB, #RRGGBB, #RGBA or #RRGGBBAA, a CSS colour name"), "\(refused.stderr)")
    }

    @Test(arguments: [
        (["--frames", "2"], true), (["--frames", "2", "--visible", "false"], false),
        (["--timeline", "idle:0.1,processing:0.1", "--fps", "10", "--loading-enabled", "false"], false),
        (["--timeline", "idle:0.1,processing:0.1", "--fps", "10"], true),
        (["--frames", "2", "--dim-amount", "0.5"], false),
    ])
    func theTransparentScreenNoteOnlyWhereTheOverlayShows(arguments: [String], noted: Bool) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["--style", "overlay", "--out", "o"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("the overlay's screen is transparent") == noted, "\(arguments): \(result.stderr)")
    }
}

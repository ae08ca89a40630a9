import Foundation
import Testing

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

    /// preset < file < flags, and the file's preset chooses the variant unless --style does.
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

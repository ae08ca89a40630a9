import Foundation
import Testing

@testable import FramesCLI
@testable import Images

/// The bad-input corpus: every entry must exit 64 (usage) or 1 (runtime) with an `Error:` line
/// that names the input, and create no file. Built from tables so that every option meets every
/// kind of bad value.
@Suite struct BadInputCorpusTests {
    struct Entry: Sendable, CustomStringConvertible {
        let arguments: [String]
        let status: Int32
        /// Words the first line of stderr must contain (the option, the value).
        let mentions: [String]
        /// A style file to write first, as style.json.
        var styleFile: [UInt8]? = nil
        var description: String { arguments.joined(separator: " ").prefix(80).description }
    }

    static let colorOptions = [
        "--spinner-color", "--track-color", "--background-color", "--text-color", "--backdrop-color",
    ]
    static let badColors = [
        "#12345", "#GGGGGG", "reddish", "#1234567", "12345", "#", "#12", "rgb(1,2)", "rgb(256,0,0)", "hsl(0 0% 0%)",
    ]
    static let lengthOptions = [
        "--stroke-width", "--spinner-size", "--corner-radius", "--padding-horizontal",
        "--padding-vertical", "--text-gap",
    ]
    static let badNumbers = ["nan", "NaN", "inf", "-inf", "1e309", "-1e309", "abc", "0x10", "1,5", " 1", "1e", "1.2.3"]
    static let positiveOptions = [
        ["--scale"], ["--text-size"], ["--style", "overlay", "--width"], ["--style", "overlay", "--height"],
    ]
    static let integerOptions = ["--frames", "--fps", "--threads", "--columns", "--every"]
    static let badIntegers = ["0", "-1", "2.5", "99999999999999999999", "x", "1e3", "+-1"]
    static let valueOptions = [
        "--style", "--out", "--scale", "--fps", "--frames", "--width", "--height", "--threads",
        "--spinner-color", "--stroke-width", "--text", "--lang", "--font-file", "--style-file",
        "--device", "--backdrop-image", "--name-pattern", "--timeline", "--apng", "--sheet",
    ]

    static let entries: [Entry] = {
        var list: [Entry] = []
        for option in colorOptions {
            for value in badColors {
                list.append(Entry(arguments: [option, value], status: 64, mentions: [option, value]))
            }
        }
        for option in lengthOptions {
            for value in badNumbers + ["-1", "-0.001", "10001"] {
                list.append(Entry(arguments: [option, value], status: 64, mentions: [option, value]))
            }
        }
        // A value that looks like an option is a missing value.
        for option in lengthOptions {
            list.append(
                Entry(arguments: [option, "--1"], status: 64, mentions: ["missing value for option '\(option)'"]))
        }
        for prefix in positiveOptions {
            for value in ["0", "-0", "-2", "nan", "inf", "1e309"] {
                list.append(Entry(arguments: prefix + [value], status: 64, mentions: [prefix.last!, value]))
            }
        }
        for value in ["-0.5", "1.01", "nan", "inf", "2"] {
            list.append(Entry(arguments: ["--dim-amount", value], status: 64, mentions: ["--dim-amount", value]))
        }
        for option in integerOptions {
            for value in badIntegers {
                list.append(Entry(arguments: [option, value], status: 64, mentions: [option, value]))
            }
        }
        for option in valueOptions {
            list.append(Entry(arguments: [option], status: 64, mentions: ["missing value for option '\(option)'"]))
            list.append(
                Entry(arguments: [option, "--no-text"], status: 64, mentions: ["missing value for option '\(option)'"]))
        }
        for option in ["--style", "--text", "--frames", "--spinner-color", "--out"] {
            list.append(
                Entry(
                    arguments: [option, "a", option, "b"], status: 64, mentions: ["'\(option)' given more than once"]))
        }
        list.append(
            Entry(arguments: ["--no-text", "--no-text"], status: 64, mentions: ["'--no-text' given more than once"]))
        for (flag, hint) in [
            ("--spiner-color", "--spinner-color"), ("--scal", "--scale"), ("--outt", "--out"),
            ("--dimamount", "--dim-amount"), ("--colour", nil), ("-x", nil), ("---scale", nil), ("--", nil),
        ] as [(String, String?)] {
            if flag == "--" { continue }
            list.append(
                Entry(
                    arguments: [flag, "1"], status: 64,
                    mentions: ["unknown option"] + (hint.map { ["Did you mean '\($0)'?"] } ?? [])))
        }
        list.append(Entry(arguments: ["--", "--scale", "2"], status: 64, mentions: ["unexpected argument '--scale'"]))
        list.append(Entry(arguments: ["--frames", "2", "--", "x"], status: 64, mentions: ["unexpected argument 'x'"]))
        list.append(Entry(arguments: ["stray"], status: 64, mentions: ["unknown command 'stray'"]))
        list.append(Entry(arguments: ["--quiet", "stray"], status: 64, mentions: ["unexpected argument 'stray'"]))
        // Text.
        // 100 000 characters (ASCII: one argument may hold at most 128 KiB on Linux).
        list.append(
            Entry(
                arguments: ["--text", String(repeating: "a", count: 100_000)], status: 64,
                mentions: ["--text", "at most 500 characters (got 100000)"]))
        list.append(Entry(arguments: ["--text", "a\u{7}b"], status: 64, mentions: ["--text", "control characters"]))
        list.append(Entry(arguments: ["--text", "a\u{1B}[31mred"], status: 64, mentions: ["--text", "U+1B"]))
        list.append(Entry(arguments: ["--text", "\r"], status: 64, mentions: ["--text", "U+D"]))
        list.append(Entry(arguments: ["--lang", ""], status: 64, mentions: ["''", "--lang"]))
        list.append(Entry(arguments: ["--lang", "english"], status: 64, mentions: ["'english'", "--lang"]))
        list.append(Entry(arguments: ["--style", ""], status: 64, mentions: ["''", "--style"]))
        list.append(Entry(arguments: ["--out", ""], status: 64, mentions: ["''", "--out"]))
        // A folder where a file is expected, and a file where a folder is expected.
        for option in ["--style-file", "--font-file", "--backdrop-image"] {
            list.append(Entry(arguments: [option, "."], status: 64, mentions: [option, "'.'"]))
        }
        list.append(Entry(arguments: ["--apng", "folder.png"], status: 64, mentions: ["--apng", "not a folder"]))
        // Refused before anything is rendered: libwebp would need about 4 GB for 100 megapixels.
        list.append(
            Entry(
                arguments: [
                    "--style", "overlay", "--scale", "10", "--width", "1000", "--height", "1000", "--webp", "a.webp",
                ],
                status: 64, mentions: ["--webp", "34 megapixels", "10000 × 10000 px"]))
        list.append(
            Entry(arguments: ["--out", "style.json/x"], status: 64, mentions: ["--out", "style.json/x", "is a file"]))
        list.append(
            Entry(arguments: ["--out", "style.json"], status: 64, mentions: ["--out", "style.json", "a file"]))
        // Style files.
        let files: [(String, [String])] = [
            (#"{"strokeWidth": "4"}"#, ["strokeWidth", "\"4\""]),
            (#"{"strokeWidth": null}"#, ["strokeWidth", "null"]),
            (#"{"spinnerColor": 4287}"#, ["spinnerColor", "4287"]),
            (##"{"spinnerColor": ["#FFFFFF"]}"##, ["spinnerColor"]),
            (#"{"dimAmount": {}}"#, ["dimAmount"]),
            (#"{"textFontName": false}"#, ["textFontName", "false"]),
            (#"{"preset": null}"#, ["preset", "null"]),
            (#"{"spinnerSize": -0.5}"#, ["spinnerSize", "-0.5"]),
            (#"{"cornerRadius": 1e999}"#, ["cornerRadius"]),
            (#"{"padding": 4}"#, ["unknown key 'padding'"]),
            (##"{"spinnercolor": "#FFFFFF"}"##, ["Did you mean 'spinnerColor'?"]),
            (#""just a string""#, ["a JSON object", "a string"]),
            ("{'a': 1}", ["valid JSON"]),
            (#"{"a": 1,}"#, ["valid JSON"]),
            (#"{"dimAmount": 01}"#, ["leading zero"]),
            (#"{"dimAmount": .5}"#, ["valid JSON"]),
            (#"{"text": "\ud800"}"#, ["surrogate"]),
            ("", ["unexpected end"]),
            ("{}{}", ["unexpected text after the JSON value"]),
            (String(repeating: "[", count: 10_000), ["nesting deeper than 64"]),
            (
                String(repeating: "{\"a\":", count: 70) + "1" + String(repeating: "}", count: 70),
                ["nesting deeper than 64"]
            ),
        ]
        for (text, mentions) in files {
            list.append(
                Entry(
                    arguments: ["--style-file", "style.json"], status: 64, mentions: ["style.json"] + mentions,
                    styleFile: Array(text.utf8)))
        }
        list.append(
            Entry(
                arguments: ["--style-file", "style.json"], status: 64, mentions: ["style.json", "invalid UTF-8"],
                styleFile: [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D]))
        list.append(
            Entry(
                arguments: ["--style-file", "style.json"], status: 64, mentions: ["style.json", "at most 1 MB"],
                styleFile: Array(("[" + String(repeating: "0,", count: 5_000_000) + "0]").utf8)))
        return list
    }()

    @Test func corpusIsLarge() {
        #expect(Self.entries.count >= 150, "\(Self.entries.count) entries")
    }

    @Test(arguments: entries)
    func refusedClearlyWithNothingWritten(_ entry: Entry) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every run has a style.json (a valid one unless the entry brings its own) and a folder
        // named folder.png, so paths of both kinds exist.
        try Data(entry.styleFile ?? Array("{}".utf8)).write(to: folder.appendingPathComponent("style.json"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("folder.png"), withIntermediateDirectories: false)
        let out = entry.arguments.contains("--out") ? [] : ["--out", "out"]
        try CLI.expectRefusal(entry.arguments + out, in: folder, status: entry.status, mentions: entry.mentions)
    }
}

/// A font whose glyph stacks hundreds of overlapping contours (Tests/fixtures/knot300.ttf, made by
/// knot.py there) would make the label's exact union take minutes: the work is counted first and
/// refused with the option that chose the font, in well under a second, nothing written.
@Suite struct IntricateFontTests {
    @Test func aGlyphOfHundredsOfOverlappingContoursIsRefused() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = DocsTests.root.appendingPathComponent("Tests/fixtures/knot300.ttf").path
        let result = try CLI.run(["--font-file", font, "--text", "A", "--frame", "0", "--out", "o"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("Error: --font-file: the label's outlines overlap too much"), "\(result.stderr)")
        #expect(CLI.contents(of: folder).isEmpty)
    }
}

import Foundation
import TestSupport
import Testing

@testable import FramesCLI
@testable import GoldenFolders
@testable import Images
@testable import Raster

/// Runs the built `frames` executable, as a user would.
enum CLI {
    /// The `frames` binary the tests run: `FRAMES_UNDER_TEST` when set (`.ci/run` names the
    /// release build there, the binary it packages), else the one beside this test bundle
    /// (`.build/<triple>/<configuration>/frames`).
    static let executable: URL = {
        if let named = ProcessInfo.processInfo.environment["FRAMES_UNDER_TEST"], !named.isEmpty {
            precondition(
                FileManager.default.isExecutableFile(atPath: named), "FRAMES_UNDER_TEST=\(named) is not an executable")
            return URL(fileURLWithPath: named)
        }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("frames").path) {
            folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        }
        return folder.appendingPathComponent("frames")
    }()

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `frames` with `arguments` in `directory`, with the test's environment and `environment`
    /// over it (a nil value removes a variable).
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String?] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value }
            process.environment = variables
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let (outData, errData) = readBoth(out, err)
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Both pipes to their ends, at once: a process that fills one (a sanitizer's report on
    /// stderr) while the other is read would wait forever.
    static func readBoth(_ out: Pipe, _ err: Pipe) -> (Data, Data) {
        let errData = Locked(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errData.withLock { $0 = data }
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        return (outData, errData.withLock { $0 })
    }

    static func temporaryFolder() throws -> URL {
        try TemporaryFolder.make("frames-cli")
    }

    static func contents(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Runs `arguments` in `folder` and checks a refusal: exit `status`, a first stderr line that
    /// starts with "Error: " and contains every one of `mentions`, nothing on stdout, and the
    /// folder's files as they were.
    static func expectRefusal(
        _ arguments: [String], in folder: URL, status: Int32 = 64, mentions: [String],
        environment: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = contents(of: folder)
        let result = try run(arguments, in: folder, environment: environment)
        let label = arguments.joined(separator: " ").prefix(100)
        #expect(
            result.status == status, "\(label): exit \(result.status), \(result.stderr.prefix(300))",
            sourceLocation: sourceLocation)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("Error: "), "\(label): \(first.prefix(300))", sourceLocation: sourceLocation)
        for word in mentions {
            #expect(
                first.contains(word), "\(label): '\(word)' not in \(first.prefix(300))", sourceLocation: sourceLocation)
        }
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(contents(of: folder) == before, "\(label) left \(contents(of: folder))", sourceLocation: sourceLocation)
    }
}

@Suite struct CLITests {
    @Test func executableExists() {
        #expect(FileManager.default.isExecutableFile(atPath: CLI.executable.path), "\(CLI.executable.path)")
    }

    @Test func helpListsEveryOption() throws {
        for flag in ["--help", "-h"] {
            let result = try CLI.run([flag])
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: frames"))
            for option in [
                "--style", "--out", "--scale", "--fps", "--frames", "--width", "--height",
                "--spinner-color", "--track-color", "--stroke-width", "--spinner-size",
                "--background-color", "--corner-radius", "--padding-horizontal",
                "--padding-vertical", "--dim-amount", "--no-text", "--version",
            ] {
                #expect(result.stdout.contains(option), "help lacks \(option)")
            }
            #expect(result.stdout.contains("(default: #4287F5)"))
            #expect(result.stdout.contains("(values: indicator, overlay)"))
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("frames \(Manifest.framesVersion) ("), "\(first)")
    }

    @Test func rendersTheSameBytesAsTheLibrary() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("seq")
        let result = try CLI.run(["--style", "indicator", "--frames", "4", "--no-text", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.split(separator: "\n").count == 1, "one summary line: \(result.stdout)")
        #expect(
            CLI.contents(of: out) == [
                "frame_0000.png", "frame_0001.png", "frame_0002.png", "frame_0003.png", "manifest.json",
            ])
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 4)
        let encoder = try renderer.sequenceEncoder()
        for k in 0..<4 {
            let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent(String(format: "frame_%04d.png", k))))
            #expect(bytes == (try encoder.encode(frame: k)), "frame \(k)")
            let same = try PNGDecoder.decode(bytes) == renderer.referenceFrame(k)
            #expect(same, "frame \(k)")
        }
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json")))
            as! [String: Any]
        #expect(manifest["variant"] as? String == "indicator")
        #expect(manifest["frameCount"] as? Int == 4)
        #expect(manifest["fps"] as? Int == 60)
        #expect(manifest["pixelWidth"] as? Int == 80)
        #expect(manifest["pixelHeight"] as? Int == 88)
        #expect((manifest["files"] as? [String])?.count == 4)
        let style = manifest["style"] as! [String: Any]
        #expect(Set(style.keys) == Set(StyleProperty.all.map(\.name)))
        #expect(style["spinnerColor"] as? String == "#4287F5")
    }

    @Test func flagsOverrideThePreset() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            [
                "--style", "overlay", "--width=100", "--height", "120", "--scale", "2",
                "--dim-amount", "0.25", "--spinner-color", "#FF0000", "--track-color", "black",
                "--background-color", "#00FF0080", "--corner-radius", "0",
                "--padding-horizontal", "5", "--padding-vertical", "6", "--stroke-width", "3",
                "--spinner-size", "30", "--fps", "24", "--frames", "3", "--no-text", "--out", "seq",
            ],
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let out = folder.appendingPathComponent("seq")
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json")))
            as! [String: Any]
        #expect(manifest["pixelWidth"] as? Int == 200)
        #expect(manifest["pixelHeight"] as? Int == 240)
        #expect(manifest["fps"] as? Int == 24)
        let resolved = manifest["style"] as! [String: Any]
        #expect(resolved["backgroundColor"] as? String == "#00FF0080")
        #expect(resolved["paddingVertical"] as? Double == 6)
        let frame = try PNGDecoder.decode([UInt8](Data(contentsOf: out.appendingPathComponent("frame_0000.png"))))
        #expect(frame.width == 200 && frame.height == 240)
        // The dim layer alone in the corner: black at 0.25 × 255 = 63.75 → 64.
        #expect(frame.rgba(x: 0, y: 0) == (0, 0, 0, 64))
        // Every pixel is the library's rendering of the same style.
        let style = LoadingStyle(
            spinnerColor: Color(red8: 255, green8: 0, blue8: 0), trackColor: .black, strokeWidth: 3,
            spinnerSize: 30, backgroundColor: Color(red8: 0, green8: 255, blue8: 0, alpha8: 0x80),
            cornerRadius: 0, paddingHorizontal: 5, paddingVertical: 6, dimAmount: 0.25)
        let renderer = try FrameRenderer(
            scene: Scene(
                style: style, variant: .overlay, scale: 2,
                screenSize: Size(width: 100, height: 120)), frameCount: 3)
        let same = frame == renderer.referenceFrame(0)
        #expect(same)
    }

    /// The same sequence with one thread and with three gives the same bytes, and every file
    /// decodes (libpng) to exactly the pixels of the plain per-frame path.
    @Test(arguments: [
        ["--style", "overlay", "--width", "120", "--height", "150", "--scale", "2", "--dim-amount", "0.5"],
        ["--style", "indicator", "--scale", "1.5", "--padding-horizontal", "0", "--padding-vertical", "0"],
    ])
    func sequencesAreDeterministicAndExact(arguments: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [[Data]] = []
        for threads in ["1", "3"] {
            let result = try CLI.run(
                arguments + ["--no-text", "--frames", "12", "--threads", threads, "--out", "t\(threads)"],
                in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let out = folder.appendingPathComponent("t\(threads)")
            let names = (0..<12).map { String(format: "frame_%04d.png", $0) }
            #expect(CLI.contents(of: out) == names + ["manifest.json"])
            outputs.append(try names.map { try Data(contentsOf: out.appendingPathComponent($0)) })
        }
        #expect(outputs[0] == outputs[1], "bytes depend on the thread count")
        let variant: Variant = arguments[1] == "overlay" ? .overlay : .indicator
        var style: LoadingStyle = variant == .overlay ? .overlay : .indicator
        if variant == .overlay {
            style.dimAmount = 0.5
        } else {
            style.paddingHorizontal = 0
            style.paddingVertical = 0
        }
        let scene = Scene(
            style: style, variant: variant, scale: variant == .overlay ? 2 : 1.5,
            screenSize: Size(width: 120, height: 150))
        let renderer = try FrameRenderer(scene: scene, frameCount: 12)
        for (k, data) in outputs[0].enumerated() {
            let decoded = try PNGDecoder.decode([UInt8](data))
            let reference = renderer.referenceFrame(k)
            let same = decoded == reference
            #expect(same, "frame \(k)")
        }
    }

    /// A screen large enough for runs of repeated rows to be pieces of their own (1 MiB), and
    /// arc masks turned by quarter turns (12 frames, centre on the pixel grid): the same bytes
    /// with one thread and three, each file the pixels of the plain path.
    @Test func largeScreensAreDeterministicAndExact() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [
            "--style", "overlay", "--width", "600", "--height", "900", "--scale", "2", "--dim-amount", "0.5",
        ]
        var outputs: [[Data]] = []
        let names = (0..<12).map { String(format: "frame_%04d.png", $0) }
        for threads in ["1", "3"] {
            let result = try CLI.run(
                arguments + ["--no-text", "--frames", "12", "--threads", threads, "--out", "t\(threads)"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let out = folder.appendingPathComponent("t\(threads)")
            outputs.append(try names.map { try Data(contentsOf: out.appendingPathComponent($0)) })
        }
        #expect(outputs[0] == outputs[1], "bytes depend on the thread count")
        var style = LoadingStyle.overlay
        style.dimAmount = 0.5
        let scene = Scene(style: style, variant: .overlay, scale: 2, screenSize: Size(width: 600, height: 900))
        let renderer = try FrameRenderer(scene: scene, frameCount: 12)
        #expect(renderer.arcMasks.quarter == 3)
        for k in [0, 4, 7, 11] {
            let decoded = try PNGDecoder.decode([UInt8](outputs[0][k]))
            let same = decoded == renderer.referenceFrame(k)
            #expect(same, "frame \(k)")
        }
    }

    /// Every usage error: exit 64, an `Error:` line naming the option and the value, the usage
    /// line, and nothing written.
    @Test(arguments: [
        (["--bogus"], "--bogus"),
        (["--spiner-color", "#FFFFFF"], "Did you mean '--spinner-color'?"),
        (["--spinner-color", "#12345"], "'#12345' for --spinner-color"),
        (["--track-color", "bleu"], "'bleu' for --track-color"),
        (["--background-color", ""], "'' for --background-color"),
        (["--stroke-width", "-1"], "'-1' for --stroke-width"),
        (["--stroke-width", "30"], "'30' for --stroke-width: expected at most half of --spinner-size (24 pt)"),
        (["--spinner-size", "6"], "'6' for --spinner-size: expected at least twice --stroke-width (8 pt)"),
        (["--spinner-size", "1e6"], "'1e6' for --spinner-size: expected a length from 0 to 10000 pt"),
        (["--style", "overlay", "--padding-vertical", "1e300"], "'1e300' for --padding-vertical"),
        (
            ["--style", "overlay", "--width", "20000"],
            "'20000' for --width: expected a length above 0, at most 10000 pt"
        ),
        (
            [
                "--spinner-size", "0", "--stroke-width", "0", "--padding-horizontal", "0", "--padding-vertical", "0",
                "--no-text",
            ],
            "expected an image of at least 1 × 1 px (it would be 0 × 0 px"
        ),
        (["--spinner-size", "nan"], "'nan' for --spinner-size"),
        (["--corner-radius", "inf"], "'inf' for --corner-radius"),
        (["--padding-horizontal", "1e309"], "'1e309' for --padding-horizontal"),
        (["--padding-vertical", "-0.5"], "'-0.5' for --padding-vertical"),
        (["--padding-vertical", "0x10"], "'0x10' for --padding-vertical"),
        (["--dim-amount", "1.5"], "'1.5' for --dim-amount"),
        (["--dim-amount", "-0.1"], "'-0.1' for --dim-amount"),
        (["--scale", "0"], "'0' for --scale"),
        (["--scale", "-2"], "'-2' for --scale"),
        (["--scale", "17"], "'17' for --scale"),
        (["--frames", "0"], "'0' for --frames"),
        (["--frames", "2.5"], "'2.5' for --frames"),
        (["--frames", "99999999999999999999999"], "for --frames"),
        (["--fps", "0"], "'0' for --fps"),
        (["--style", "fullscreen"], "'fullscreen' for --style: expected one of indicator, overlay"),
        (["--style", "overlay", "--width", "4000", "--height", "9000", "--scale", "3"], "100 megapixels"),
        (["--scale", "16", "--spinner-size", "2000"], "100 megapixels"),
        (["--scale"], "missing value for option '--scale'"),
        (["--scale", "--frames", "3"], "missing value for option '--scale'"),
        (["--scale", "2", "--scale", "3"], "'--scale' given more than once"),
        (["--no-text=yes"], "'--no-text' takes no value"),
        (["extra"], "unknown command 'extra'"),
        (["--quiet", "extra"], "unexpected argument 'extra'"),
        (["--", "--scale", "2"], "unexpected argument '--scale'"),
        (["--width", "100"], "'100' for --width"),
        (["--style", "overlay", "--height", "0"], "'0' for --height"),
        (["--lang", "xx"], "'xx' for --lang: expected one of en, cs, sk, pl, de, hu, ro, sl, hr, it, fr, es, sv, no"),
        (["--text", String(repeating: "a", count: 501)], "expected at most 500 characters (got 501)"),
        (["--text", "tab\there"], "expected text without control characters other than a newline (found U+9)"),
        (["--text", "x", "--no-text"], "no --text together with --no-text"),
        (["--text-size", "0"], "'0' for --text-size"),
        (["--text-size", "nan"], "'nan' for --text-size"),
        (["--text-size", "-3"], "'-3' for --text-size"),
        (["--text-gap", "-1"], "'-1' for --text-gap"),
        (["--text-color", "greyish"], "'greyish' for --text-color"),
        (["--text-font-name", ""], "'' for --text-font-name"),
        (["--font-file", "/no/such/font.ttf"], "'/no/such/font.ttf' for --font-file: expected a readable font file"),
        (["--font-file", "/etc/hostname"], "'/etc/hostname' for --font-file: expected a readable font file"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.expectRefusal(arguments + ["--out", "out"], in: folder, mentions: [message])
        // A file that is not there is no mistake in the command line: its error comes alone.
        let missingInput = arguments.contains { $0.hasPrefix("/no/such/") }
        #expect(
            try CLI.run(arguments + ["--out", "out"], in: folder).stderr.contains(
                "See 'frames --help' for more information.") != missingInput)
    }

    @Test func listLanguagesPrintsEveryTranslation() throws {
        let result = try CLI.run(["--list-languages"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == Translation.all.count)
        #expect(lines.contains { $0.hasPrefix("cs") && $0.hasSuffix("Zpracování platby…") })
    }

    /// Without --text the label is the language's text; the manifest records it and the font.
    @Test func defaultLabelFollowsTheLanguage() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["--lang", "cs", "--frames", "2", "--out", "cs"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("cs/manifest.json"))) as! [String: Any]
        #expect(manifest["text"] as? String == "Zpracování platby…")
        #expect(manifest["language"] as? String == "cs")
        #expect((manifest["fontFiles"] as? [String])?.first?.hasSuffix("DejaVuSans.ttf") == true)
        // The image is the card: 141.17 pt of shaped text + 2 × 16 pt padding, rounded up.
        #expect(manifest["pixelWidth"] as? Int == 174)
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, text: "Zpracování platby…"), frameCount: 2)
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("cs/frame_0001.png")))
        let same = try PNGDecoder.decode(bytes) == renderer.referenceFrame(1)
        #expect(same)
    }

    @Test func textOptionsReachTheFrame() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            [
                "--text", "One\\nTwo", "--text-color", "#FF0000", "--text-size", "20",
                "--text-gap", "4", "--font-file", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
                "--frames", "1", "--out", "t",
            ], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        var style = LoadingStyle.indicator
        style.textColor = Color(red8: 255, green8: 0, blue8: 0)
        style.textSize = 20
        style.textGap = 4
        let scene = Scene(
            style: style, variant: .indicator, text: "One\nTwo",
            fontFile: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        let renderer = try FrameRenderer(scene: scene, frameCount: 1)
        #expect(renderer.label?.lines.count == 2)
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("t/frame_0000.png")))
        let same = try PNGDecoder.decode(bytes) == renderer.referenceFrame(0)
        #expect(same)
        let empty = try CLI.run(["--text", "", "--frames", "1", "--out", "e"], in: folder)
        #expect(empty.status == 0)
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("e/manifest.json"))) as! [String: Any]
        #expect(manifest["pixelWidth"] as? Int == 80, "no label, no gap")
    }

    @Test func unknownFamilyWarnsAndFallsBack() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["--text-font-name", "Helvetica Neue", "--frames", "1", "--out", "o"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "warning: --text-font-name: font family 'Helvetica Neue' is not installed; using 'DejaVu Sans'\n")
        // U+0378 is unassigned: no font has it.
        let missing = try CLI.run(["--text", "A\u{378}", "--frames", "1", "--out", "m"], in: folder)
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("warning: no installed font has U+378"), "\(missing.stderr)")
    }

    /// Degenerate but valid sizes render (tiny inner radius, a spinner far below a pixel).
    @Test(arguments: [
        ["--stroke-width", "23.9999"], ["--spinner-size", "0.001", "--stroke-width", "0"],
        ["--stroke-width", "23.9995", "--scale", "2"], ["--corner-radius", "10000"],
    ])
    func degenerateSizesRender(arguments: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(arguments + ["--frames", "3", "--no-text", "--out", "o"], in: folder)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(CLI.contents(of: folder.appendingPathComponent("o")).count == 4)
    }

    /// A second run into the same folder leaves one run: the earlier run's frames that the new
    /// one does not rewrite go (only those its manifest lists); other files stay.
    @Test func rewritingAFolderLeavesOneRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["--no-text", "--frames", "6", "--out", "o"], in: folder).status == 0)
        try Data("keep".utf8).write(to: folder.appendingPathComponent("o/notes.txt"))
        try Data("keep".utf8).write(to: folder.appendingPathComponent("o/frame_0100.png")) // no manifest lists it
        let result = try CLI.run(
            ["--no-text", "--frames", "3", "--name-pattern", "frame_%04d.png", "--out", "o"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            CLI.contents(of: folder.appendingPathComponent("o")) == [
                "frame_0000.png", "frame_0001.png", "frame_0002.png", "frame_0100.png", "manifest.json", "notes.txt",
            ])
    }

    @Test func missingParentsAreCreated() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deeper = folder.appendingPathComponent("missing/deeper")
        let result = try CLI.run(["--frames", "2", "--no-text", "--out", deeper.path + "/"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: deeper) == ["frame_0000.png", "frame_0001.png", "manifest.json"])
    }

    /// A file where the output folder, or one of its parents, goes cannot be an output: a usage
    /// error naming --out.
    @Test func aFileWhereTheOutputFolderGoesIsAUsageError() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var result: CLI.Result
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        result = try CLI.run(["--frames", "2", "--out", file.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--out") && result.stderr.contains(file.path), "\(result.stderr)")
        result = try CLI.run(["--frames", "2", "--out", file.path + "/sub"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--out") && result.stderr.contains("is a file"), "\(result.stderr)")
        #expect(CLI.contents(of: folder) == ["a-file"])
    }

    @Test func dimAmountOnTheIndicatorWarns() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["--dim-amount", "0.5", "--frames", "1", "--out", "o"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("warning: --dim-amount has no effect"))
    }
}

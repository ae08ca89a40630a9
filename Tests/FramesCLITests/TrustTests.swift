import Foundation
import LibC
import Testing

@testable import FramesCLI

/// The second round of trust: names checked in bytes before anything is written, a closed
/// standard output that ends printing and nothing else, names from outside shown escaped, and
/// arguments that are not UTF-8 refused, never rewritten.
@Suite struct TrustTests {
    /// Runs `frames` through `sh -c` (for pipes and raw bytes), in `folder`.
    static func shell(_ command: String, in folder: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["FRAMES"] = CLI.executable.path
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let (stdout, stderr) = CLI.readBoth(out, err)
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
        )
    }

    /// Names that fit for the first frames and not for later ones, single files one byte too
    /// long, a diff folder whose frames' names would not fit: refused before anything is written,
    /// and an earlier run stays byte for byte.
    @Test(arguments: [
        ["--frames", "12", "--name-pattern", String(repeating: "n", count: 250) + "%d.png"],
        ["--frames", "2", "--apng", String(repeating: "a", count: 252) + ".png"],
        ["--frames", "2", "--sheet", String(repeating: "é", count: 126) + ".png"],
        ["--frames", "2", "--gif", "sub/" + String(repeating: "g", count: 253) + ".gif"],
    ])
    func namesTooLongAreRefusedFirst(arguments: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["--no-text", "--frames", "3", "--out", "o"], in: folder).status == 0)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        let before = try StopTests.files(folder.appendingPathComponent("o"))
        let result = try CLI.run(["--no-text", "--out", "o"] + arguments, in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("bytes"), "\(result.stderr)")
        #expect(try StopTests.files(folder.appendingPathComponent("o")) == before)
        #expect(CLI.contents(of: folder) == ["o", "sub"])
    }

    /// compare's outputs, each alone too long in bytes (a file, a folder, a folder whose frames'
    /// paths would be): refused before anything is compared or written.
    @Test(arguments: ["--diff", "--diff-mask", "--report"])
    func compareOutputsTooLongAreRefusedFirst(option: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["--no-text", "--frames", "2", "--out", "a"], in: folder).status == 0)
        #expect(
            try CLI.run(["--no-text", "--frames", "2", "--spinner-color", "#000", "--out", "b"], in: folder).status == 0
        )
        // 4 084 bytes: the folder fits PATH_MAX (4 095), "/frame_0000.png" in it does not.
        let deep =
            (Array(repeating: String(repeating: "d", count: 250), count: 16) + [String(repeating: "e", count: 68)])
            .joined(separator: "/")
        var cases = [
            ["a/frame_0000.png", "b/frame_0000.png", option, String(repeating: "m", count: 252) + ".png"],
            ["a", "b", option, String(repeating: "m", count: 256)],
        ]
        if option != "--report" { cases.append(["a", "b", option, deep]) }
        for arguments in cases {
            let result = try CLI.run(["compare"] + arguments + ["--metric", "oklab"], in: folder)
            #expect(result.status == 64 && result.stderr.contains("bytes"), "\(option): \(result.stderr)")
            #expect(CLI.contents(of: folder) == ["a", "b"], "\(option)")
        }
    }

    /// An output onto an input, or a folder of other files, is refused before any input is read:
    /// a backdrop that is not even an image is not what the refusal names.
    @Test(arguments: [
        ["--apng", "b.png", "--frames", "2"], ["--sheet", "b.png", "--frames", "2"], ["--out", "o", "--frames", "2"],
        ["--out", "p", "--frames", "2"],
    ])
    func anOutputOntoAnInputIsRefusedBeforeReadingIt(arguments: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("o"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("p"), withIntermediateDirectories: false)
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("b.png"))
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("o/frame_0001.png"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("p/notes.txt"))
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("p/b.png"))
        let backdrop = arguments.contains("o") ? "o/frame_0001.png" : arguments.contains("p") ? "p/b.png" : "b.png"
        let result = try CLI.run(["--style", "overlay", "--backdrop-image", backdrop] + arguments, in: folder)
        #expect(result.status == 64, "\(result.stderr)")
        let named = arguments.contains("--apng") ? "--apng" : arguments.contains("--sheet") ? "--sheet" : "--out"
        #expect(result.stderr.hasPrefix("Error: invalid value '\(arguments[1])' for \(named)"), "\(result.stderr)")
    }

    /// An animated WebP or GIF is made whole in memory: the pixels of all its frames are bounded
    /// (200 and 500 megapixels), refused before anything is rendered or written.
    @Test(arguments: [("--webp", "a.webp", 68), ("--gif", "a.gif", 169)])
    func animationsAreBoundedByAllTheirPixels(option: String, file: String, frames: Int) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["--style", "overlay", "--scale", "3", "--no-text", option, file]
        let refused = try CLI.run(common + ["--frames", "\(frames)"], in: folder)
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("Error: invalid value '\(file)' for \(option): expected at most"))
        #expect(refused.stderr.contains("megapixels of frames in all"), "\(refused.stderr)")
        #expect(CLI.contents(of: folder).isEmpty)
    }

    /// A name of 244 bytes in a script of two- and four-byte characters stages and lands.
    @Test func aLongNameInAnyScriptIsWritten() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = String(repeating: "💳", count: 60) + ".png"
        let result = try CLI.run(["--no-text", "--frames", "2", "--apng", name], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: folder) == [name])
    }

    /// `frames compare … | head -1`, and a reader that goes before the first line: the run still
    /// writes its report and diffs, exits as the comparison says, and leaves no staging file.
    @Test(arguments: ["head -1", "true"])
    func aClosedStandardOutputEndsPrintingOnly(reader: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["--no-text", "--frames", "40", "--out", "a"], in: folder).status == 0)
        #expect(
            try CLI.run(["--no-text", "--frames", "40", "--spinner-color", "#000000", "--out", "b"], in: folder).status
                == 0)
        let run = try Self.shell(
            "(\"$FRAMES\" compare a b --diff d --report r.html; echo \"status $?\" >&2) | \(reader)", in: folder)
        #expect(run.stderr == "status 1\n", "\(run.stderr)")
        #expect(CLI.contents(of: folder) == ["a", "b", "d", "r.html"])
        #expect(CLI.contents(of: folder.appendingPathComponent("d")).count == 40)
    }

    /// Standard output closed, or on a full disk: printing ends, the files are written, and the
    /// failure is said at the end with exit 1 (a run that would exit 0 does not).
    @Test(arguments: [">&-", "> /dev/full"])
    func anUnwritableStandardOutputEndsPrintingOnly(redirection: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["--no-text", "--frames", "4", "--out", "a"], in: folder).status == 0)
        #expect(
            try CLI.run(["--no-text", "--frames", "4", "--spinner-color", "#000000", "--out", "b"], in: folder).status
                == 0)
        var run = try Self.shell(
            "\"$FRAMES\" compare a b --diff d --report r.html --json \(redirection); echo \"status $?\" >&2", in: folder
        )
        #expect(run.stderr.hasSuffix("status 1\n") && run.stderr.contains("Error: cannot write to standard output"))
        #expect(CLI.contents(of: folder) == ["a", "b", "d", "r.html"])
        #expect(CLI.contents(of: folder.appendingPathComponent("d")).count == 4)
        run = try Self.shell("\"$FRAMES\" verify a --report v.html \(redirection); echo \"status $?\" >&2", in: folder)
        #expect(run.stderr.hasSuffix("status 1\n"), "\(run.stderr)")
        #expect(CLI.contents(of: folder).contains("v.html"))
        run = try Self.shell(
            "\"$FRAMES\" --style overlay --print-style \(redirection); echo \"status $?\" >&2", in: folder)
        #expect(run.stderr.hasSuffix("status 1\n"), "\(run.stderr)")
    }

    /// File names from outside are shown with their control characters escaped: a name cannot
    /// clear the screen or forge a PASS line in a CI log.
    @Test func namesFromOutsideAreShownEscaped() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["--no-text", "--frames", "2", "--out", "a"], in: folder).status == 0)
        #expect(
            try CLI.run(["--no-text", "--frames", "2", "--spinner-color", "#000000", "--out", "b"], in: folder).status
                == 0)
        let forged = "x\nPASS everything\u{1B}[2J.png"
        for side in ["a", "b"] {
            try FileManager.default.moveItem(
                at: folder.appendingPathComponent("\(side)/frame_0001.png"),
                to: folder.appendingPathComponent("\(side)/\(forged)"))
        }
        let result = try CLI.run(["compare", "a", "b"], in: folder)
        #expect(result.status == 1)
        #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\nPASS everything"), "\(result.stdout)")
        #expect(result.stdout.contains("x\\u{A}PASS everything\\u{1B}[2J.png"), "\(result.stdout)")
    }

    /// Paths and labels are taken as the bytes given or refused: an argument that is not UTF-8
    /// is refused naming the option, with the bytes shown, and nothing is written anywhere.
    @Test(arguments: [
        "--out $(printf 'o\\377')", "--apng $(printf 'a\\377.png') --out o", "--name-pattern $(printf 'f\\377%%d.png')",
        "--text $(printf 'pay\\377')", "--out=$(printf 'o\\300\\257')",
    ])
    func argumentsThatAreNotUTF8AreRefused(arguments: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.shell("\"$FRAMES\" --no-text --frames 2 \(arguments)", in: folder)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: invalid value '") && run.stderr.contains("\\x"), "\(run.stderr)")
        #expect(run.stderr.contains("UTF-8"), "\(run.stderr)")
        #expect(CLI.contents(of: folder).isEmpty)
    }

    /// A positional argument that is not UTF-8 is named by its place in the command's usage
    /// (`<actual>`), an option's value by the option, whatever comes between.
    @Test(arguments: [
        ("compare a.png $(printf 'b\\377.png')", "<actual>"), ("compare $(printf 'a\\377.png') b.png", "<expected>"),
        ("compare --json a.png $(printf 'b\\377.png')", "<actual>"),
        ("compare --metric yiq $(printf 'a\\377.png') b.png", "<expected>"),
        ("compare a.png b.png --diff $(printf 'd\\377.png')", "--diff"),
        ("measure $(printf 's\\377.png')", "<screenshot>"),
        ("measure --json $(printf 's\\377.png')", "<screenshot>"), ("verify $(printf 'f\\377')", "<folder>"),
    ])
    func positionalArgumentsThatAreNotUTF8AreNamed(arguments: String, named: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.shell("\"$FRAMES\" \(arguments)", in: folder)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(
            run.stderr.contains("\\xFF.png' for \(named):") || run.stderr.contains("\\xFF' for \(named):"),
            "\(run.stderr)")
        #expect(CLI.contents(of: folder).isEmpty)
    }

    /// The `--apng` file's folder removed while the frames are made: the commit cannot place it,
    /// so it puts the earlier run back whole, with its manifest, and leaves nothing of the new one.
    @Test func aSingleFilesFolderRemovedMidRunKeepsTheEarlierRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("o")
        #expect(try CLI.run(["--no-text", "--frames", "30", "--out", "o"], in: folder).status == 0)
        let before = try StopTests.files(out)
        let side = folder.appendingPathComponent("side")
        try FileManager.default.createDirectory(at: side, withIntermediateDirectories: false)
        let run = CLI.start(
            [
                "--no-text", "--style", "overlay", "--scale", "2", "--frames", "300", "--threads", "1",
                "--spinner-color", "#000000", "--apng", side.appendingPathComponent("a.png").path, "--out", out.path,
            ])
        // Once the animated PNG is staged (it is made before the frames), its folder goes.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, CLI.contents(of: side).isEmpty { usleep(5_000) }
        try FileManager.default.removeItem(at: side)
        let result = run.wait()
        #expect(result.status == 1 && !result.signalled, "\(result.stderr)")
        #expect(result.stderr.contains("side/a.png"), "\(result.stderr)")
        #expect(try StopTests.files(out) == before, "\(CLI.contents(of: out))")
    }
}

import Foundation
import LibC
import Testing

@testable import FramesCLI
@testable import Images

/// Every output path option behaves as `--out` does: missing folders are made (and taken back
/// when the run fails), and a path that cannot be an output (a file where a folder goes, a folder
/// where a file goes) is refused with exit 64, naming the option, before anything is written.
@Suite struct OutputPathTests {
    /// One output option of one command: the arguments before it (run in a folder that `setUp`
    /// prepared), the file name it writes, and the exit status of a run that writes it (nil: the
    /// run here writes nothing).
    struct Output: CustomStringConvertible, Sendable {
        let arguments: [String]
        let option: String
        /// The file it writes; nil for a folder (`--out`, `compare --diff` of two folders).
        let file: String?
        var status: Int32? = 0
        var setUp: @Sendable (URL) throws -> Void = { _ in }
        var description: String { (arguments.first.map { $0 + " " } ?? "") + option }
    }

    static let render = ["--frames", "2", "--no-text"]

    /// A 2 × 2 PNG, transparent but for its first pixel, `red` (0 to 255).
    static func writePNG(_ name: String, red: UInt32, in folder: URL) throws {
        var pixmap = try Pixmap(width: 2, height: 2)
        pixmap.pixels[0] = 0xFF00_0000 | red
        try Data(PNGEncoder().encode(pixmap)).write(to: folder.appendingPathComponent(name))
    }

    /// Two PNGs that differ, so that `compare` writes its diffs (and exits 1).
    static let twoPNGs: @Sendable (URL) throws -> Void = { folder in
        try writePNG("e.png", red: 0, in: folder)
        try writePNG("a.png", red: 255, in: folder)
    }

    static let twoFolders: @Sendable (URL) throws -> Void = { folder in
        for side in ["e", "a"] {
            let sub = folder.appendingPathComponent(side)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try writePNG("f.png", red: side == "e" ? 0 : 255, in: sub)
        }
    }

    static let renderedFolder: @Sendable (URL) throws -> Void = { folder in
        let result = try CLI.run(OutputPathTests.render + ["--out", "o"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Every option that names an output, of every command.
    static let outputs: [Output] = [
        Output(arguments: render, option: "--out", file: nil),
        Output(arguments: render, option: "--apng", file: "a.png"),
        Output(arguments: render, option: "--sheet", file: "s.png"),
        Output(arguments: render + ["--gif-matte", "white"], option: "--gif", file: "g.gif"),
        Output(arguments: render, option: "--webp", file: "w.webp"),
        Output(arguments: render, option: "--svg", file: "v.svg"),
        Output(arguments: render, option: "--lottie", file: "l.json"),
        Output(arguments: render, option: "--swift", file: "s.swift"),
        Output(arguments: ["compare", "e.png", "a.png"], option: "--diff", file: "d.png", status: 1, setUp: twoPNGs),
        Output(
            arguments: ["compare", "e.png", "a.png", "--metric", "yiq"], option: "--diff-mask", file: "m.png",
            status: 1, setUp: twoPNGs),
        Output(
            arguments: ["compare", "e.png", "a.png"], option: "--report", file: "r.html", status: 1, setUp: twoPNGs),
        Output(arguments: ["compare", "e", "a"], option: "--diff", file: nil, status: 1, setUp: twoFolders),
        Output(arguments: ["verify", "o"], option: "--report", file: "r.html", setUp: renderedFolder),
        // A blank screenshot has no indicator to measure: its path is refused before.
        Output(arguments: ["measure", "e.png"], option: "--report", file: "r.html", status: nil, setUp: twoPNGs),
    ]

    /// A missing parent, and its parent, are made, as `--out` makes them.
    @Test(arguments: outputs)
    func missingParentsAreMade(_ output: Output) throws {
        guard let status = output.status else { return }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try output.setUp(folder)
        let path = "new/deeper/" + (output.file ?? "out")
        let result = try CLI.run(output.arguments + [output.option, path], in: folder)
        #expect(result.status == status, "\(output): \(result.stderr)")
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(
            atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
        #expect(exists && isFolder.boolValue == (output.file == nil), "\(output): \(path) not written")
    }

    /// A file where one of the output's folders goes: exit 64, the option named, nothing made.
    @Test(arguments: outputs)
    func aFileWhereAFolderGoesIsRefused(_ output: Output) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try output.setUp(folder)
        try Data("x".utf8).write(to: folder.appendingPathComponent("blocker"))
        // The output itself where the folder is the output; a folder on the way to a file.
        let path = output.file.map { "blocker/sub/" + $0 } ?? "blocker"
        try CLI.expectRefusal(output.arguments + [output.option, path], in: folder, mentions: [output.option, path])
        if output.file == nil {
            try CLI.expectRefusal(
                output.arguments + [output.option, "blocker/sub"], in: folder, mentions: [output.option, "blocker"])
        }
    }

    /// A folder where the output file goes: exit 64, the option named, nothing made.
    @Test(arguments: outputs.filter { $0.file != nil })
    func aFolderWhereAFileGoesIsRefused(_ output: Output) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try output.setUp(folder)
        let name = try #require(output.file)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("taken/" + name), withIntermediateDirectories: true)
        try CLI.expectRefusal(
            output.arguments + [output.option, "taken/" + name], in: folder, mentions: [output.option, name])
    }

    /// A run stopped at any moment (SIGINT, SIGTERM, SIGHUP) leaves no folder it made: the
    /// folder is as it was, or holds the finished file.
    @Test func aStoppedRunLeavesNoNewFolders() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["--style", "overlay", "--no-text", "--frames", "24", "--apng", "new/deeper/a.png"]
        let started = Date()
        #expect(try CLI.run(arguments, in: folder).status == 0)
        let span = UInt32(Date().timeIntervalSince(started) * 1.2e6)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("new"))
        for attempt in 0..<10 {
            let run = CLI.start(arguments, in: folder)
            usleep(UInt32.random(in: 0...span))
            kill(run.process.processIdentifier, [SIGINT, SIGTERM, SIGHUP][attempt % 3])
            let result = run.wait()
            let written = CLI.contents(of: folder.appendingPathComponent("new/deeper"))
            // A stop that comes after the commit ends the process by the signal too.
            let asBefore = CLI.contents(of: folder).isEmpty
            #expect(result.signalled || result.status == 0, "attempt \(attempt): \(result.stderr)")
            #expect(
                (result.signalled && asBefore) || written == ["a.png"],
                "attempt \(attempt): left \(CLI.contents(of: folder)), \(written)")
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("new"))
        }
    }

    /// A run that fails after it made a file's folders takes them back: the animated PNG's folder
    /// is made, then the GIF refuses the spinner's soft edges (no --gif-matte).
    @Test func aFailedRunLeavesNoNewFolders() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(Self.render + ["--apng", "new/sub/a.png", "--gif", "other/g.gif"], in: folder)
        #expect(result.status != 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(CLI.contents(of: folder).isEmpty, "left \(CLI.contents(of: folder))")
    }
}

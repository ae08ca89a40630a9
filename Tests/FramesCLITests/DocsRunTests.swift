import Foundation
import TestSupport
import Testing

@testable import FramesCLI

/// Every command the documentation shows runs as written from a fresh clone: the commands of the
/// fenced `sh` and `console` blocks of README.md and docs/*.md, in order, each document in its
/// own copy of the tracked files, with the built `frames` first on the PATH (`swift run -c
/// release frames …` runs it too). A command passes when it exits 0, or 1 for `frames compare`,
/// `verify`, `lint` and `measure --against`, which exit 1 for a difference, a failing check or a
/// property off its expected style; a console sample whose output is an error must exit 64 or 1
/// (DocsTests checks what it prints).
@Suite(.slow) struct DocsRunTests {
    /// The commands not run, and why: only those that need a network, a browser or minutes.
    static let skipped: [(start: String, reason: String)] = [
        ("apt-get ", "installs packages: needs a network and root"),
        ("pip3 ", "installs packages: needs a network"),
        ("brew ", "installs packages on macOS: needs a network"),
        ("curl ", "installs Swift with swiftly: needs a network"),
        ("swift build", "a build takes minutes"),
        ("swift test", "the test suite takes minutes"),
        ("make install", "a release build takes minutes"),
        ("packaging/debian.sh", "a release build takes minutes"),
        ("frames studio", "serves until stopped, for a browser"),
        ("python3 bench/studio-memory.py", "minutes of 100-megapixel requests to the studio"),
        ("python3 bench/studio-latency.py", "a browser through 160 edits of the studio, of a release build"),
        (".build/fuzz/release/frames-fuzz", "fuzzes for ten minutes"),
        (".build/release/frames-fuzz", "needs the release build the line before makes (minutes)"),
        ("python3 Tests/measure/", "draws hundreds of screenshots and measures each: minutes"),
        ("taskset ", "times screenshots the line before draws (minutes)"),
    ]

    /// One command of a document: where it is, its text, and whether its sample shows an error.
    struct Command: CustomStringConvertible, Sendable {
        let file: String
        let line: Int
        let text: String
        let showsError: Bool
        var description: String { "\(file):\(line): \(text)" }

        /// The command without leading variable assignments (`FRAMES_RECORD=all swift test`).
        var program: String {
            var words = text.split(separator: " ", omittingEmptySubsequences: true)
            while let first = words.first, first.contains("="), !first.hasPrefix("-") { words.removeFirst() }
            return words.joined(separator: " ")
        }

        var skipReason: String? {
            DocsRunTests.skipped.first { program.hasPrefix($0.start) }?.reason
        }
    }

    /// The commands of `url`'s `sh` and `console` blocks, in order.
    static func commands(in url: URL) throws -> [Command] {
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var commands: [Command] = []
        var block: String? = nil
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.hasPrefix("```") {
                block = block == nil ? String(line.dropFirst(3)) : nil
                continue
            }
            if block == "sh" {
                var text = line
                let start = index
                while text.hasSuffix("\\"), index < lines.count {
                    text = String(text.dropLast()) + " " + lines[index].trimmingCharacters(in: .whitespaces)
                    index += 1
                }
                let code = text.trimmingCharacters(in: .whitespaces)
                if code.isEmpty || code.hasPrefix("#") { continue }
                commands.append(Command(file: url.lastPathComponent, line: start, text: code, showsError: false))
            } else if block == "console", line.hasPrefix("$ ") {
                let output = lines[index...].prefix { !$0.hasPrefix("$ ") && !$0.hasPrefix("```") }
                commands.append(
                    Command(
                        file: url.lastPathComponent, line: index, text: String(line.dropFirst(2)),
                        showsError: output.first?.hasPrefix("Error:") == true))
            }
        }
        return commands
    }

    /// A fresh clone's files (the tracked ones, and new ones not ignored) copied into `folder`.
    static func copyTree(into folder: URL) throws {
        let root = Shell.quoted(DocsTests.root.path)
        let copy = try Shell.run(
            "bash",
            "set -o pipefail; git -C \(root) ls-files -z --cached --others --exclude-standard "
                + "| (cd \(root) && tar --null -T - -cf -) | tar -C \(Shell.quoted(folder.path)) -xf -")
        #expect(copy.status == 0, "\(copy.stderr)")
    }

    @Test func theDocumentsHaveCommands() throws {
        let all = try DocsTests.documents.flatMap { try Self.commands(in: $0) }
        #expect(all.count > 30)
        #expect(all.filter { $0.skipReason == nil }.count > 20, "most commands run")
    }

    @Test(arguments: DocsTests.documents.map(\.lastPathComponent))
    func everyCommandRunsAsWritten(_ name: String) throws {
        let url = try #require(DocsTests.documents.first { $0.lastPathComponent == name })
        let commands = try Self.commands(in: url).filter { $0.skipReason == nil }
        if commands.isEmpty { return }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tree = folder.appendingPathComponent("frames")
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Self.copyTree(into: tree)
        let before = Set(CLI.contents(of: tree))
        for command in commands {
            let text = command.text.replacingOccurrences(of: "swift run -c release frames", with: "frames")
            let result = try Shell.run(
                "bash", "set -o pipefail; timeout 300 bash -c \(Shell.quoted(text))", in: tree,
                environment: ["HOME": home.path])
            let checks =
                ["compare", "verify", "lint"].contains { text == "frames " + $0 || text.hasPrefix("frames \($0) ") }
                || (text.hasPrefix("frames measure ") && text.contains(" --against "))
            let allowed: [Int32] = command.showsError ? [64, 1] : checks ? [0, 1] : [0]
            #expect(
                allowed.contains(result.status),
                "\(command) exited \(result.status): \(result.stderr.prefix(600))")
        }
        // What the commands write goes under one scratch folder, not beside the repository's
        // files (where ./frames/, the default output, is ignored by git too).
        let left = Set(CLI.contents(of: tree)).subtracting(before).subtracting([Self.scratch, "frames"])
        #expect(left.isEmpty, "\(name)'s commands wrote \(left.sorted()) outside \(Self.scratch)/")
    }

    /// The folder the documents' commands write under (ignored by git).
    static let scratch = "scratch"
}

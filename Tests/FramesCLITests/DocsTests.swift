import Foundation
import Testing

@testable import FramesCLI
@testable import Images

/// The documentation shows what the tool does today: generated tables equal the declarations,
/// every console sample is what the tool prints, the README's pictures are what their commands
/// make, and every link leads to a file. `FRAMES_UPDATE_DOCS=1` rewrites the generated tables.
@Suite struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var documents: [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [root.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    @Test func optionTablesAreGeneratedFromTheDeclarations() throws {
        let url = Self.root.appendingPathComponent("docs/cli.md")
        var text = try String(contentsOf: url, encoding: .utf8)
        let tables = documentedOptionTables()
        for (name, table) in tables.sorted(by: { $0.key < $1.key }) {
            let start = "<!-- options:\(name) -->\n"
            let end = "<!-- end -->"
            let from = try #require(text.range(of: start), "docs/cli.md has no \(start)")
            let to = try #require(text.range(of: end, range: from.upperBound..<text.endIndex))
            let current = String(text[from.upperBound..<to.lowerBound])
            if ProcessInfo.processInfo.environment["FRAMES_UPDATE_DOCS"] == "1" {
                text.replaceSubrange(from.upperBound..<to.lowerBound, with: table + "\n")
            } else {
                #expect(current == table + "\n", "docs/cli.md's \(name) table differs from --help's declarations")
            }
        }
        if ProcessInfo.processInfo.environment["FRAMES_UPDATE_DOCS"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// One `$ frames …` line of a console block and the lines it prints.
    struct Sample: CustomStringConvertible {
        let file: String
        let arguments: [String]
        let output: String
        var description: String { "\(file): frames \(arguments.joined(separator: " "))" }
    }

    static var samples: [Sample] {
        var samples: [Sample] = []
        for url in documents {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for block in text.components(separatedBy: "```console\n").dropFirst() {
                let body = block.components(separatedBy: "```")[0]
                var current: (arguments: [String], lines: [String])? = nil
                for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("$ frames") {
                        if let current {
                            samples.append(
                                Sample(
                                    file: url.lastPathComponent, arguments: current.arguments,
                                    output: current.lines.joined(separator: "\n")))
                        }
                        current = (shellWords(String(line.dropFirst("$ frames".count))), [])
                    } else if !line.isEmpty {
                        current?.lines.append(String(line))
                    }
                }
                if let current {
                    samples.append(
                        Sample(
                            file: url.lastPathComponent, arguments: current.arguments,
                            output: current.lines.joined(separator: "\n")))
                }
            }
        }
        return samples
    }

    @Test func thereAreSamples() {
        #expect(Self.samples.count >= 2)
    }

    @Test(arguments: samples)
    func consoleSamplesAreWhatTheToolPrints(_ sample: Sample) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("Examples"), to: folder.appendingPathComponent("Examples"))
        let result = try CLI.run(sample.arguments, in: folder)
        let printed = (result.stdout + result.stderr).trimmingCharacters(in: .newlines)
        #expect(Self.normalized(printed) == Self.normalized(sample.output), "\(sample)")
    }

    /// Durations vary from run to run; everything else must match.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"in [0-9.]+ m?s\b"#, with: "in <time>", options: .regularExpression)
    }

    @Test(arguments: [
        (["--frame", "7", "--out", "still"], "still/frame_0007.png", "docs/images/overlay.png"),
        (["--sheet", "sheet.png", "--every", "6", "--columns", "5"], "sheet.png", "docs/images/sheet.png"),
    ])
    func readmePicturesAreWhatTheirCommandsMake(arguments: [String], made: String, shown: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let backdrop = Self.root.appendingPathComponent("Examples/checkout.png").path
        let result = try CLI.run(
            ["--style", "overlay", "--dim-amount", "0.5", "--backdrop-image", backdrop] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let actual = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent(made))))
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: Self.root.appendingPathComponent(shown))))
        #expect(actual == expected, "\(shown) is not what its command makes today; run it again")
    }

    @Test func linksLeadToFiles() throws {
        for url in Self.documents {
            let text = try String(contentsOf: url, encoding: .utf8)
            let pattern = try NSRegularExpression(pattern: #"\]\(([^)#:]+)(#[^)]*)?\)|src="([^"]+)""#)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 3)
                let target = String(text[Range(range, in: text)!])
                let resolved = url.deletingLastPathComponent().appendingPathComponent(target)
                #expect(FileManager.default.fileExists(atPath: resolved.path), "\(url.lastPathComponent) → \(target)")
            }
        }
    }
    /// Every file or folder of the repository a document names in code (`Sources/…`, `Tests/…`) is
    /// there: a file moved by a redesign takes its mentions with it. A `*` in a name is a pattern.
    @Test func namedPathsExist() throws {
        let benchmarks = Self.root.appendingPathComponent("BENCHMARKS.md")
        let pattern = try NSRegularExpression(pattern: #"`((?:Sources|Tests|bench|Examples|Fuzz)/[^`\s:]*)`"#)
        for url in Self.documents + [benchmarks] {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let named = String(text[Range(match.range(at: 1), in: text)!])
                #expect(Self.exists(named), "\(url.lastPathComponent) names \(named), which is not in the repository")
            }
        }
    }

    /// Whether a path relative to the root exists; a `*` in its last component matches any run of
    /// characters, so `Tests/FramesCLITests/Studio*.swift` names the studio's test files.
    static func exists(_ path: String) -> Bool {
        let url = root.appendingPathComponent(path)
        guard path.contains("*") else { return FileManager.default.fileExists(atPath: url.path) }
        let parts = url.lastPathComponent.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        return names.contains { name in
            guard name.hasPrefix(parts[0]), name.hasSuffix(parts[parts.count - 1]) else { return false }
            var rest = Substring(name.dropFirst(parts[0].count))
            for part in parts.dropFirst().dropLast() {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
            return rest.count >= parts[parts.count - 1].count
        }
    }
}

/// Words of a command line as a POSIX shell splits them: spaces separate, quotes group.
func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character? = nil
    var inWord = false
    for character in line {
        if let open = quote {
            if character == open { quote = nil } else { current.append(character) }
        } else if character == "'" || character == "\"" {
            quote = character
            inWord = true
        } else if character == " " {
            if inWord { words.append(current) }
            current = ""
            inWord = false
        } else {
            current.append(character)
            inWord = true
        }
    }
    if inWord { words.append(current) }
    return words
}

import Foundation
import Testing

@testable import FramesCLI

/// `frames help`, `frames --version` and unknown commands, as a user meets them.
@Suite struct HelpCommandTests {
    @Test func helpIsTheHelpOfFramesOrOfACommand() throws {
        let main = try CLI.run(["help"])
        #expect(main.status == 0)
        #expect(main.stdout == (try CLI.run(["--help"])).stdout)
        for command in ["compare", "verify", "lint", "studio", "measure"] {
            let help = try CLI.run(["help", command])
            #expect(help.status == 0, "\(command): \(help.stderr)")
            #expect(help.stdout == (try CLI.run([command, "--help"])).stdout, "frames help \(command)")
            #expect(help.stdout.contains("USAGE: frames \(command)"))
            #expect(main.stdout.contains("  \(command) "), "frames --help lists \(command)")
        }
        let itself = try CLI.run(["help", "help"])
        #expect(itself.status == 0 && itself.stdout.contains("USAGE: frames help [<command>]"))
    }

    @Test func anUnknownCommandGetsTheClosest() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.expectRefusal(
            ["comapre", "a.png", "b.png"], in: folder,
            mentions: ["unknown command 'comapre'", "Did you mean 'compare'?"])
        try CLI.expectRefusal(["lnt"], in: folder, mentions: ["Did you mean 'lint'?"])
        try CLI.expectRefusal(["help", "verfy"], in: folder, mentions: ["Did you mean 'verify'?"])
        try CLI.expectRefusal(
            ["render"], in: folder,
            mentions: ["unknown command 'render'", "compare, verify, lint, studio, measure, help"])
        let result = try CLI.run(["comapre"])
        #expect(result.stderr.contains("See 'frames --help' for more information."))
    }

    @Test func versionNamesTheLibraries() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let first = try #require(lines.first)
        #expect(first.range(of: #"^frames [0-9]+\.[0-9]+\.[0-9]+ \("#, options: .regularExpression) != nil, "\(first)")
        for library in [
            "libpng", "zlib", "FreeType", "HarfBuzz", "FriBidi", "libunibreak", "fontconfig", "libwebp", "giflib",
            "Little CMS", "libjpeg-turbo", "libmicrohttpd",
        ] {
            let line = lines.first { $0.hasPrefix("  \(library) ") }
            #expect(
                line?.range(of: #" [0-9]+\.[0-9]+"#, options: .regularExpression) != nil, "\(library): \(line ?? "")")
        }
        #expect(result.stdout.contains("loaded by frames studio"))
    }
}

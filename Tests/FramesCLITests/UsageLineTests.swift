import Foundation
import Testing

@testable import FramesCLI
@testable import Images

/// Errors print at most one line of usage, and none for an input that is missing or unreadable;
/// bare `frames` prints a short help and writes nothing.
@Suite struct UsageLineTests {
    /// A usage error prints the error, one line of usage (at most 90 characters after "Usage: ")
    /// and where the help is: three lines, for every command.
    @Test(arguments: [
        ["--bogus"], ["compare", "--bogus"], ["verify", "--bogus"], ["lint", "--bogus"], ["studio", "--bogus"],
        ["measure", "--bogus"], ["help", "a", "b"], ["--scale", "0"],
    ])
    func aUsageErrorPrintsOneLineOfUsage(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3, "\(arguments): \(result.stderr)")
        #expect(lines.count > 1 && lines[1].hasPrefix("Usage: frames") && lines[1].count <= 97, "\(result.stderr)")
        #expect(lines.last?.hasPrefix("See 'frames") == true, "\(result.stderr)")
    }

    /// An input that is not there, or cannot be read, is no mistake in the command line: the
    /// error alone.
    @Test(arguments: [
        ["--backdrop-image", "missing.png", "--frames", "1"], ["--style-file", "missing.json"],
        ["--font-file", "missing.ttf"], ["compare", "missing.png", "other.png"], ["verify", "missing"],
        ["measure", "missing.png"], ["compare", "folder", "other.png"],
    ])
    func aMissingInputPrintsNoUsage(arguments: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == 64 || result.status == 1, "\(arguments): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: "), "\(arguments): \(result.stderr)")
    }

    /// Bare `frames` prints a short help and writes nothing; `frames --style overlay` still
    /// renders into ./frames/.
    @Test func bareFramesPrintsHelpAndWritesNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run([], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USAGE: frames") && result.stdout.contains("frames help"), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").count <= 20)
        #expect(CLI.contents(of: folder).isEmpty, "\(CLI.contents(of: folder))")
        let render = try CLI.run(["--style", "overlay", "--frames", "2", "--no-text"], in: folder)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(CLI.contents(of: folder) == ["frames"])
    }

    /// An image decoder's reason sits in the error's parentheses without a second pair.
    @Test func aDecodersReasonHasOnepairOfParentheses() {
        let error = FramesError.unusableInput(
            option: "--backdrop-image", value: "cmyk.jpg", expected: "a readable PNG or JPEG file",
            cause: .image(.unsupported(format: "JPEG", reason: "CMYK colours; save the screenshot as RGB")))
        #expect(!error.description.contains("))"), "\(error.description)")
        #expect(
            error.description.hasSuffix(
                "(a JPEG image this reader does not take: CMYK colours; save the screenshot as RGB)"))
    }

    /// `--print-style --format swift` writes every component of a colour with the same decimals.
    @Test func swiftComponentsShareTheirDecimals() throws {
        let result = try CLI.run(["--print-style", "--format", "swift", "--spinner-color", "#E40078"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("spinnerColor: Color(red: 0.894, green: 0.000, blue: 0.471)"), "\(result.stdout)")
    }
}

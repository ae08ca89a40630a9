import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Bounded work for any input: special files are refused at once naming the option (a FIFO with
/// no writer would block a reader forever), huge graphemes are refused fast, and a diff that
/// would not fit is refused up front with its size.
@Suite(.serialized) struct BoundedWorkTests {
    /// Runs `arguments` and kills the run if it takes longer than `seconds`.
    static func runWithin(_ seconds: Double, _ arguments: [String], in folder: URL) -> (
        status: Int32, stderr: String, elapsed: Double
    ) {
        let started = Date()
        let run = CLI.start(arguments, in: folder)
        let watchdog = DispatchWorkItem { kill(run.process.processIdentifier, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        let result = run.wait()
        watchdog.cancel()
        return (result.signalled ? -result.status : result.status, result.stderr, Date().timeIntervalSince(started))
    }

    static let specialFileCases: [([String], String)] = [
        (["--backdrop-image", "SPECIAL", "--frames", "1"], "--backdrop-image"),
        (["--style-file", "SPECIAL", "--frames", "1"], "--style-file"),
        (["--font-file", "SPECIAL", "--frames", "1"], "--font-file"),
        (["compare", "SPECIAL", "x.png"], "<expected>"),
        (["compare", "x.png", "SPECIAL"], "<actual>"),
        (["verify", "v", "--backdrop-image", "SPECIAL"], "--backdrop-image"),
    ]

    @Test(arguments: specialFileCases) func specialFilesAreRefusedAtOnce(arguments: [String], option: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["--no-text", "--frames", "1", "--out", "w"], in: folder).status == 0)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("w/frame_0000.png"), to: folder.appendingPathComponent("x.png"))
        // A folder whose manifest names a backdrop image, for verify's --backdrop-image.
        #expect(
            try CLI.run(["--no-text", "--frames", "1", "--backdrop-image", "x.png", "--out", "v"], in: folder).status
                == 0)
        #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o644) == 0)
        for special in ["fifo", "/dev/zero", "/dev/null"] {
            let line = arguments.map { $0 == "SPECIAL" ? special : $0 }
            let result = BoundedWorkTests.runWithin(
                5, line + ["--out", "o"].filter { _ in arguments[0].hasPrefix("--") }, in: folder)
            #expect(result.status == 64 || result.status == 1, "\(line): \(result.status) after \(result.elapsed) s")
            #expect(result.elapsed < 5, "\(line) blocked")
            #expect(result.stderr.hasPrefix("Error: ") && result.stderr.contains(option), "\(line): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o").path))
        }
    }

    static let graphemes: [(String, String)] = [
        ("a" + String(repeating: "\u{0301}", count: 3000), "3000 acute accents"),
        (String(repeating: "\u{1100}", count: 1000) + String(repeating: "\u{1161}", count: 1000), "2000 Hangul jamo"),
        ("e" + String(repeating: "\u{0323}\u{0302}\u{0300}", count: 1000), "3000 mixed marks"),
        (String(repeating: "\u{1F469}\u{200D}", count: 1500) + "\u{1F469}", "a 3001-person ZWJ sequence"),
    ]

    @Test(arguments: graphemes) func hugeGraphemesAreRefusedUnderASecond(text: String, what: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = BoundedWorkTests.runWithin(10, ["--text", text, "--frames", "1", "--out", "o"], in: folder)
        #expect(result.status == 64, "\(what): \(result.status) \(result.stderr.prefix(200))")
        #expect(result.stderr.contains("in one grapheme cluster"), "\(what): \(result.stderr.prefix(300))")
        #expect(result.elapsed < 1, "\(what): \(result.elapsed) s")
    }

    /// Many graphemes at the cap (500 characters of 32 code points each, 16 000 scalars) are still
    /// drawn: 0.73 s in a release build, about 12 s in a debug build on 2 busy cores (stacked
    /// marks are many overlapping outlines for the exact union rasterizer).
    @Test func manyGraphemesAtTheCapAreDrawn() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = String(repeating: "a" + String(repeating: "\u{0301}", count: 31), count: 500)
        let result = BoundedWorkTests.runWithin(60, ["--text", text, "--frames", "1", "--out", "o"], in: folder)
        #expect(result.status == 0, "\(result.stderr.prefix(200))")
        #expect(result.elapsed < 40, "\(result.elapsed) s")
    }
}

import Foundation
import LibC
import Testing

@testable import FramesCLI
@testable import Images

/// Bounded work for any input: special files are refused naming the option without being read (a
/// FIFO with no writer would block a reader forever), huge graphemes are refused before any work,
/// and a diff that would not fit is refused up front with its size. The tests assert outcomes;
/// the watchdog only keeps a blocked run from hanging the suite (a run it kills fails).
@Suite(.serialized) struct BoundedWorkTests {
    /// Runs `arguments`; a run still going after `seconds` (blocked) is killed, and its status
    /// is then the signal's, negated.
    static func runWithin(_ seconds: Double, _ arguments: [String], in folder: URL) -> (status: Int32, stderr: String) {
        let run = CLI.start(arguments, in: folder)
        let watchdog = DispatchWorkItem { kill(run.process.processIdentifier, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        let result = run.wait()
        watchdog.cancel()
        return (result.signalled ? -result.status : result.status, result.stderr)
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
                120, line + ["--out", "o"].filter { _ in arguments[0].hasPrefix("--") }, in: folder)
            #expect(result.status == 64 || result.status == 1, "\(line): \(result.status) (negative: blocked, killed)")
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

    @Test(arguments: graphemes) func hugeGraphemesAreRefusedBeforeAnyWork(text: String, what: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = BoundedWorkTests.runWithin(120, ["--text", text, "--frames", "1", "--out", "o"], in: folder)
        #expect(result.status == 64, "\(what): \(result.status) \(result.stderr.prefix(200))")
        #expect(result.stderr.contains("in one grapheme cluster"), "\(what): \(result.stderr.prefix(300))")
        #expect(CLI.contents(of: folder).isEmpty)
    }

    /// Many graphemes at the cap (150 characters of 32 code points each, 4800 scalars) are still
    /// drawn. At the label's limit (500 such characters) a release build takes 0.73 s; the time
    /// goes to the exact union of the stacked marks' outlines, not to normalisation.
    @Test func manyGraphemesAtTheCapAreDrawn() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = String(repeating: "a" + String(repeating: "\u{0301}", count: 31), count: 150)
        let result = BoundedWorkTests.runWithin(300, ["--text", text, "--frames", "1", "--out", "o"], in: folder)
        #expect(result.status == 0, "\(result.stderr.prefix(200))")
    }

    /// A PNG file's first 33 bytes: the signature and an IHDR claiming `width` × `height` (enough
    /// for the size check, which reads no further).
    static func pngHeader(width: Int, height: Int) -> Data {
        func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
                + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0])
    }

    /// A diff over 100 megapixels (each image 5773 × 5773 px, or 7200 × 7200) is refused up front
    /// naming --diff and the size; one that fits is written whole, its three panels uncut.
    @Test func diffsFitOrAreRefusedUpFront() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for side in [5773, 7200] {
            try BoundedWorkTests.pngHeader(width: side, height: side).write(to: folder.appendingPathComponent("e.png"))
            try BoundedWorkTests.pngHeader(width: side, height: side).write(to: folder.appendingPathComponent("a.png"))
            try CLI.expectRefusal(
                ["compare", "e.png", "a.png", "--diff", "d.png"], in: folder,
                mentions: ["--diff", "\(3 * side + 8) × \(side) px"])
        }
        let expected = try Pixmap(width: 1500, height: 1000)
        var actual = try Pixmap(width: 1500, height: 1000)
        actual.pixels[1499 + 999 * 1500] = Pixmap.pack(r: 255, g: 0, b: 0, a: 255)
        try Data(PNGEncoder().encode(expected)).write(to: folder.appendingPathComponent("e.png"))
        try Data(PNGEncoder().encode(actual)).write(to: folder.appendingPathComponent("a.png"))
        let result = try CLI.run(["compare", "e.png", "a.png", "--diff", "d.png"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        let diff = try PNGDecoder.decode(Array(Data(contentsOf: folder.appendingPathComponent("d.png"))))
        #expect(diff.width == 3 * 1500 + 8 && diff.height == 1000)
        // The last pixel of the third panel is the differing pixel, in magenta.
        #expect(diff.pixels[diff.width - 1 + 999 * diff.width] == Pixmap.pack(r: 255, g: 0, b: 255, a: 255))
    }
}

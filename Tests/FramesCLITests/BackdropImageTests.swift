import Foundation
import Testing

@testable import FramesCLI
@testable import Images

/// `--backdrop-image` in JPEG, with an embedded colour profile: drawn in sRGB as a browser shows
/// it, and the folder verifies from its manifest.
@Suite struct BackdropImageTests {
    /// Tests/fixtures/backdrop-p3.jpg: Display P3 (150, 120, 200), made by
    /// Tests/fixtures/make_p3_backdrop.py, which prints the colour Little CMS converts it to.
    static let fixture = DocsTests.root.appendingPathComponent("Tests/fixtures/backdrop-p3.jpg").path
    static let srgb: (Int, Int, Int) = (156, 119, 205)

    @Test func aDisplayP3JPEGIsDrawnInSRGB() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [
            "--style", "overlay", "--dim-amount", "0", "--no-text", "--width", "96", "--height", "96",
            "--frame", "0", "--backdrop-image", BackdropImageTests.fixture,
        ]
        let result = try CLI.run(arguments + ["--out", "o"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try PNGDecoder.decodeStraight(
            [UInt8](Data(contentsOf: folder.appendingPathComponent("o/frame_0000.png"))))
        // A corner: the backdrop alone. JPEG's rounding leaves a level either way.
        let pixel = frame.pixels[0]
        let (red, green, blue) = (Int(pixel & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel >> 16 & 0xFF))
        let (r, g, b) = BackdropImageTests.srgb
        #expect(abs(red - r) <= 1 && abs(green - g) <= 1 && abs(blue - b) <= 1, "\(red), \(green), \(blue)")
        // The folder is rendered again from its manifest, the JPEG read the same way.
        let verify = try CLI.run(["verify", "o"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    /// A file that is neither PNG nor JPEG is refused naming the option and both formats.
    @Test func anotherFormatIsRefused() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("GIF89a".utf8).write(to: folder.appendingPathComponent("b.gif"))
        let result = try CLI.run(["--backdrop-image", "b.gif", "--frames", "2", "--out", "o"], in: folder)
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: invalid value 'b.gif' for --backdrop-image: expected a readable PNG or JPEG"),
            "\(result.stderr)")
        #expect(CLI.contents(of: folder) == ["b.gif"])
    }
}

import Foundation
import Testing

@testable import FramesCLI

/// The two outputs whose memory a frame size alone does not bound are refused up front above
/// their limits, before anything is rendered: an animated WebP over 34 megapixels, a GIF over a
/// backdrop image over 12 megapixels (the WebP case is in `BadInputCorpusTests`).
@Suite struct MemoryLimitTests {
    @Test func gifOverABackdropIsRefusedOver12Megapixels() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["--no-text", "--frame", "0", "--out", "b"], in: folder).status == 0)
        let common = [
            "--style", "overlay", "--width", "1000", "--height", "1000", "--backdrop-image", "b/frame_0000.png",
        ]
        try CLI.expectRefusal(
            common + ["--scale", "3.47", "--gif", "a.gif"], in: folder, status: 64,
            mentions: ["--gif", "12 megapixels", "3470 × 3470 px"])
        // A small one is written.
        let small = try CLI.run(
            [
                "--style", "overlay", "--width", "100", "--height", "100", "--backdrop-image", "b/frame_0000.png",
                "--frames", "2", "--gif", "a.gif", "--gif-matte", "#FFFFFF",
            ], in: folder)
        #expect(small.status == 0, "\(small.stderr)")
    }
}

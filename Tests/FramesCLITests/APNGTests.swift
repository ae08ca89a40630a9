import Foundation
import Testing

@testable import FramesCLI
@testable import Images

/// `--apng`: decoded frame by frame, it must equal the PNG sequence, loop forever at fps, store
/// only what changes, and be smaller than the sequence.
@Suite struct APNGTests {
    @Test(arguments: [
        ["--style", "overlay", "--width", "150", "--height", "200", "--scale", "2", "--dim-amount", "0.4"],
        ["--style", "indicator", "--scale", "1.5", "--text", "Zpracování platby…"],
    ])
    func animatedPNGEqualsTheSequence(arguments: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            arguments + ["--frames", "12", "--fps", "24", "--apng", "spin.png", "--out", "seq"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let apngBytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("spin.png")))
        let apng = try APNGDecoder(apngBytes)
        #expect(apng.frames.count == 12)
        #expect(apng.loops == 0, "loops forever")
        var sequenceBytes = 0
        for (k, frame) in apng.frames.enumerated() {
            #expect(frame.delay == (1, 24), "frame \(k) shows for 1/fps s")
            let data = try Data(contentsOf: folder.appendingPathComponent(String(format: "seq/frame_%04d.png", k)))
            sequenceBytes += data.count
            let same = try frame.image == PNGDecoder.decode([UInt8](data))
            #expect(same, "APNG frame \(k) differs from frame_\(k).png")
        }
        // After the first frame only the spinner's changed rectangle is stored.
        #expect(apng.regions.count == 11)
        for region in apng.regions {
            #expect(region.width < apng.width && region.height < apng.height, "\(region)")
        }
        #expect(apngBytes.count < sequenceBytes, "APNG \(apngBytes.count) bytes, sequence \(sequenceBytes) bytes")
    }

    @Test func apngAloneWritesNoFolder() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["--frames", "4", "--apng", "a.png", "--no-text"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: folder) == ["a.png"])
        let bad = try CLI.run(["--apng", "a.gif"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'a.gif' for --apng: expected a file name ending in .png"))
    }
}

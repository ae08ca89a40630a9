import Foundation
import Testing

@testable import FramesCLI
@testable import Images
@testable import Raster

/// `--timeline`, `--loading-enabled`, `--visible`: the overlay bound to a payment session.
@Suite struct TimelineTests {
    func frame(_ folder: URL, _ name: String, _ k: Int) throws -> Pixmap {
        try PNGDecoder.decode(
            [UInt8](Data(contentsOf: folder.appendingPathComponent(String(format: "\(name)/frame_%04d.png", k)))))
    }

    @Test func overlayShowsExactlyWhileProcessing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            [
                "--style", "overlay", "--width", "120", "--height", "120", "--dim-amount", "0.3",
                "--backdrop-color", "#336699", "--timeline", "idle:0.25,processing:0.5,done:0.25",
                "--fps", "20", "--no-text", "--out", "t",
            ], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: folder.appendingPathComponent("t")).count == 21) // 20 frames + manifest
        let scene = Scene(
            style: LoadingStyle(cornerRadius: 16, paddingHorizontal: 24, paddingVertical: 24, dimAmount: 0.3),
            variant: .overlay, screenSize: Size(width: 120, height: 120),
            background: Color(red8: 0x33, green8: 0x66, blue8: 0x99))
        let renderer = try FrameRenderer(scene: scene, frameCount: 20)
        let hidden = renderer.hiddenFrame()
        for k in 0..<20 {
            let image = try frame(folder, "t", k)
            let expected = (5..<15).contains(k) ? renderer.frame(k - 5) : hidden
            let same = image == expected
            #expect(same, "frame \(k): \((5..<15).contains(k) ? "spinner frame \(k - 5)" : "screen only")")
        }
        #expect(hidden.rgba(x: 60, y: 60) == (0x33, 0x66, 0x99, 255))
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("t/manifest.json")))
            as! [String: Any]
        #expect((manifest["overlayVisible"] as? [Bool])?.filter { $0 }.count == 10)
        #expect(
            (manifest["timeline"] as? [[String: Any]])?.map { $0["phase"] as? String } == [
                "idle", "processing", "done",
            ])
    }

    @Test func loadingDisabledAndHiddenManualOverlayShowNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var result = try CLI.run(
            [
                "--style", "overlay", "--width", "50", "--height", "50", "--timeline", "processing:0.1",
                "--loading-enabled", "false", "--fps", "30", "--out", "a",
            ], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        result = try CLI.run(
            [
                "--style", "overlay", "--width", "50", "--height", "50", "--visible", "false", "--frames", "3",
                "--out", "b",
            ], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        for (name, count) in [("a", 3), ("b", 3)] {
            for k in 0..<count {
                let image = try frame(folder, name, k)
                #expect(image.pixels.allSatisfy { $0 == 0 }, "\(name) frame \(k) shows only the transparent screen")
            }
        }
    }

    @Test(arguments: [
        (["--style", "overlay", "--timeline", "idle:0.5,proc:1"], "unknown phase 'proc'"),
        (["--style", "overlay", "--timeline", "idle:-1"], "'-1' is not a duration in seconds"),
        (["--style", "overlay", "--timeline", "idle"], "'idle' is not phase:seconds"),
        (["--style", "overlay", "--timeline", "idle:0.001"], "the span is shorter than one frame"),
        (["--style", "overlay", "--timeline", "processing:1000"], "the span is 60000 frames at 60 fps; at most 10000"),
        // Found by the fuzzer: a duration too long for an Int of frames once multiplied by fps.
        (["--style", "overlay", "--timeline", "idle:0222222222222222222222220"], "at most 10000"),
        (["--timeline", "idle:1"], "expected --style overlay"),
        (
            ["--style", "overlay", "--timeline", "idle:1", "--frames", "4"],
            "'4' for --frames: expected no value with --timeline"
        ),
        (
            ["--style", "overlay", "--loading-enabled", "false"],
            "'false' for --loading-enabled: expected no value without --timeline"
        ),
        (["--style", "overlay", "--visible", "maybe"], "'maybe' for --visible: expected true or false"),
    ])
    func badTimelines(arguments: [String], message: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.expectRefusal(arguments + ["--out", "o"], in: folder, mentions: [message])
    }

    /// Each frame's phase is decided once, exactly: frame i (time i / fps) is in the phase whose
    /// span [start, start + seconds) holds it, compared in integers (milliseconds × fps against
    /// i × 1000), for durations of up to three decimals that floating point sums get wrong.
    @Test(arguments: [
        ("idle:0.1,processing:0.2,done:0.1", 10), ("idle:0.3,processing:0.3,done:0.4", 10),
        ("processing:0.7,done:0.1", 30), ("idle:0.15,processing:1.35,done:0.05", 20),
        ("idle:0.001,processing:2.999,done:0.25", 24), ("idle:0.7,processing:0.1,done:0.2", 10),
    ])
    func phaseBoundariesAreExact(timeline: String, fps: Int) throws {
        let parsed = try SessionTimeline(parsing: timeline, fps: fps, loadingEnabled: true)
        let phases = timeline.split(separator: ",").map { part in
            let pieces = part.split(separator: ":")
            let millis = Int((Double(pieces[1])! * 1000).rounded())
            return (String(pieces[0]), millis)
        }
        for (index, frame) in parsed.frames.enumerated() {
            var start = 0
            var phase = ""
            for (name, millis) in phases {
                if index * 1000 >= start * fps && index * 1000 < (start + millis) * fps { phase = name }
                start += millis
            }
            #expect((frame != .hidden) == (phase == "processing"), "\(timeline) at \(fps) fps, frame \(index)")
        }
        let processing = parsed.segments.first { $0.phase == "processing" }!
        #expect(
            parsed.frames[processing.frames.lowerBound] == .spinner(0), "\(timeline): the spinner starts at 12 o'clock")
    }
}

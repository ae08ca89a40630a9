import Foundation
import Testing

@testable import FramesCLI
@testable import Images
@testable import Raster

/// Devices, stills, name patterns, quiet runs and backdrops, run as a user would.
@Suite struct DesignerTests {
    @Test func devicesSetScreenAndScale() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var result = try CLI.run(["--list-devices"])
        #expect(result.status == 0)
        for name in ["iPhone SE", "iPhone 15", "iPhone 15 Pro Max", "iPad 11\""] {
            #expect(result.stdout.contains(name), "\(name) missing")
        }
        result = try CLI.run(
            ["--style", "overlay", "--device", "iphone-15", "--no-text", "--frames", "1", "--out", "a"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        var manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("a/manifest.json")))
            as! [String: Any]
        #expect(manifest["pixelWidth"] as? Int == 1179 && manifest["pixelHeight"] as? Int == 2556)
        // --scale and --width still override the device.
        result = try CLI.run(
            [
                "--style", "overlay", "--device", "iPad 11\"", "--scale", "1", "--width", "800", "--no-text",
                "--frames", "1", "--out", "b",
            ], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("b/manifest.json")))
            as! [String: Any]
        #expect(manifest["pixelWidth"] as? Int == 800 && manifest["pixelHeight"] as? Int == 1194)
        // Inline, a device sets the scale only.
        result = try CLI.run(["--device", "iPhone SE", "--no-text", "--frames", "1", "--out", "c"], in: folder)
        manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("c/manifest.json")))
            as! [String: Any]
        #expect(manifest["pixelWidth"] as? Int == 160 && manifest["scale"] as? Double == 2)
    }

    @Test func stillAndNamePattern() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            ["--frame", "7", "--name-pattern", "spin_%03d.png", "--no-text", "--quiet", "--out", "s"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty, "--quiet prints nothing")
        #expect(CLI.contents(of: folder.appendingPathComponent("s")) == ["manifest.json", "spin_007.png"])
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator), frameCount: 60)
        let still = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("s/spin_007.png"))))
        let same = still == renderer.frame(7)
        #expect(same, "the still is frame 7 of 60")
    }

    @Test(arguments: [
        (["--device", "iPhone 99"], "'iPhone 99' for --device: expected a device from --list-devices"),
        (["--frame", "60"], "'60' for --frame: expected a frame number from 0 to 59"),
        (["--frame", "3", "--frames", "3"], "'3' for --frame: expected a frame number from 0 to 2"),
        (["--name-pattern", "frame.png"], "expected a pattern with a number field such as %04d"),
        (["--name-pattern", "a/%04d.png"], "expected a file name without a path separator '/'"),
        (["--name-pattern", "%d_%d.png"], "expected a pattern with one number field, not 2"),
        (["--name-pattern", "%04d.jpg"], "expected a file name ending in .png"),
        (["--name-pattern", "%s.png"], "expected a pattern whose only % field is %d, %4d or %04d"),
        (["--backdrop-color", "pinkish"], "'pinkish' for --backdrop-color"),
        (
            ["--backdrop-image", "missing.png"],
            "'missing.png' for --backdrop-image: expected a readable PNG or JPEG file (No such file or directory)"
        ),
        (
            ["--backdrop-image", "notpng.png"],
            "'notpng.png' for --backdrop-image: expected a readable PNG or JPEG file (not a PNG or JPEG image"
        ),
        (["--backdrop-image", "."], "'.' for --backdrop-image: expected a readable PNG or JPEG file (Is a directory)"),
    ])
    func badDesignerInputs(arguments: [String], message: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("notpng.png"))
        try CLI.expectRefusal(arguments + ["--out", "o"], in: folder, mentions: [message])
    }

    /// The backdrop covers the screen (aspect-fill, centred) under the dim layer.
    @Test func backdropImageLiesUnderTheDimLayer() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A 40 × 80 image: left half red, right half blue, on a 100 × 100 pt screen @1x it is
        // scaled 2.5× (to 100 × 200) and cropped to its middle: still red left, blue right.
        var image = try Pixmap(width: 40, height: 80)
        for y in 0..<80 {
            for x in 0..<40 {
                image.pixels[y * 40 + x] =
                    x < 20 ? Pixmap.pack(r: 255, g: 0, b: 0, a: 255) : Pixmap.pack(r: 0, g: 0, b: 255, a: 255)
            }
        }
        try Data(PNGEncoder().encode(image)).write(to: folder.appendingPathComponent("shot.png"))
        let result = try CLI.run(
            [
                "--style", "overlay", "--width", "100", "--height", "100", "--backdrop-image", "shot.png",
                "--dim-amount", "0.5", "--no-text", "--frames", "1", "--out", "o",
            ], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("o/frame_0000.png"))))
        // Red under black at opacity 0.5: 255 · 0.5 = 127.5, rounded half to even: 128.
        #expect(frame.rgba(x: 2, y: 2) == (128, 0, 0, 255))
        #expect(frame.rgba(x: 97, y: 97) == (0, 0, 128, 255))
        let color = try CLI.run(
            ["--backdrop-color", "#00FF00", "--no-text", "--frames", "1", "--out", "c"], in: folder)
        #expect(color.status == 0)
        let inline = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("c/frame_0000.png"))))
        #expect(inline.rgba(x: 0, y: 0) == (0, 255, 0, 255), "behind the inline card's rounded corner")
    }
}

/// The device table in docs/designers.md is `--list-devices`, row for row.
@Suite struct DeviceTableTests {
    @Test func theDocumentedTableIsTheList() throws {
        let listed = try CLI.run(["--list-devices"]).stdout.split(separator: "\n").map { line -> String in
            let name = line.prefix(20).trimmingCharacters(in: .whitespaces)
            let rest = line.dropFirst(20).components(separatedBy: " @")
            return "| \(name) | \(rest[0]) | \(rest[1]) |"
        }
        let text = try String(
            contentsOf: DocsTests.root.appendingPathComponent("docs/designers.md"), encoding: .utf8)
        let rows = text.components(separatedBy: "## Devices")[1].split(separator: "\n").filter {
            $0.hasPrefix("| iP")
        }
        #expect(rows.map(String.init) == listed)
        #expect(listed.count == Device.all.count)
        for name in ["iPhone 17", "iPhone 17 Pro", "iPhone 17 Pro Max", "iPhone Air", "iPad Pro 13\" (M4)"] {
            #expect(Device.named(name) != nil, "\(name)")
        }
        #expect(Device.named("iphone-17-pro-max")?.screen == Size(width: 440, height: 956))
        #expect(Device.named("ipad-pro-11-inch-m4")?.screen == Size(width: 834, height: 1210))
    }
}

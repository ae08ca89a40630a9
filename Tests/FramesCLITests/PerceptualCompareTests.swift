import Foundation
import TestSupport
import Testing

@testable import Comparison
@testable import FramesCLI
@testable import Images
@testable import Raster

/// `frames compare` with pixelmatch's judgement, run as a user would: counts on
/// pixelmatch's fixtures, the JSON, the pictures, regions, masks, clusters, shifts, PNGs of every
/// form, and the bad inputs.
@Suite struct PerceptualCompareTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A folder with pixelmatch's fixtures 1a, 1b, 6a, 6b and the 8-bit and 16-bit twins.
    func folder() throws -> URL {
        let folder = try CLI.temporaryFolder()
        let fixtures = Self.repository.appendingPathComponent("Tests/pixelmatch/fixtures")
        for name in ["1a", "1b", "6a", "6b", "1diff-7.1.0", "1diff-c6fee35"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name + ".png"), to: folder.appendingPathComponent(name + ".png"))
        }
        let twins = Self.repository.appendingPathComponent("Tests/png-twins")
        for name in ["rgba8", "rgba16", "rgba16-interlaced", "grey8", "grey16", "greyalpha8", "greyalpha16"] {
            try FileManager.default.copyItem(
                at: twins.appendingPathComponent(name + ".png"), to: folder.appendingPathComponent(name + ".png"))
        }
        return folder
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func image(_ json: [String: Any]) throws -> [String: Any] {
        try #require((json["images"] as? [[String: Any]])?.first)
    }

    static func decode(_ url: URL) throws -> RGBAImage {
        try PNGDecoder.decodeStraight([UInt8](Data(contentsOf: url)))
    }

    @Test(arguments: [("yiq", "0.05", 143), ("yiq", "0.1", 106), ("oklab", "0.05", 154), ("oklab", "0.1", 120)])
    func pixelmatchsPublishedCounts(metric: String, threshold: String, count: Int) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            ["compare", "1a.png", "1b.png", "--metric", metric, "--threshold", threshold, "--json"], in: folder)
        #expect(result.status == 1)
        let image = try Self.image(try Self.json(result.stdout))
        #expect(image["differingPixels"] as? Int == count, "\(result.stdout)")
    }

    @Test func jsonHasTheIssuesKeysInOrder() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["compare", "6a.png", "6b.png", "--metric", "oklab", "--json"], in: folder)
        let keys = result.stdout.matches(of: #/"(\w+)": /#).map { String($0.1) }
        #expect(
            keys == [
                "images", "expected", "actual", "width", "height", "differingPixels", "antialiasedPixels",
                "maxChannelDelta", "largestCluster", "shift", "pass", "psnr", "ssim", "pass",
            ], "\(result.stdout)")
        #expect(result.stdout.hasSuffix("}\n") && result.stdout.split(separator: "\n").count == 1)
        let image = try Self.image(try Self.json(result.stdout))
        #expect(image["width"] as? Int == 256 && image["height"] as? Int == 256)
        #expect((image["psnr"] as? Double).map { $0 > 20 && $0 < 60 } == true, "\(result.stdout)")
        #expect((image["ssim"] as? Double).map { $0 > 0.5 && $0 < 1 } == true, "\(result.stdout)")
        #expect(image["shift"] is NSNull)
    }

    /// The pictures are pixelmatch's own output for the pair (test/fixtures/1diff.png of each
    /// version); the mask holds the red pixels alone.
    @Test(arguments: [("yiq", "1diff-7.1.0"), ("oklab", "1diff-c6fee35")])
    func diffAndDiffMaskArePixelmatchsPictures(metric: String, published: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            [
                "compare", "1a.png", "1b.png", "--metric", metric, "--threshold", "0.05", "--diff", "d.png",
                "--diff-mask", "m.png",
            ], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("diff: d.png") && result.stdout.contains("diff mask: m.png"))
        let diff = try Self.decode(folder.appendingPathComponent("d.png"))
        #expect(diff == (try Self.decode(folder.appendingPathComponent(published + ".png"))))
        let mask = try Self.decode(folder.appendingPathComponent("m.png"))
        #expect(mask.pixels.filter { $0 != 0 }.count == (metric == "yiq" ? 143 : 154))
        let red: UInt32 = 0xFF00_00FF
        let drawn = mask.pixels.indices.filter { mask.pixels[$0] != 0 }
        #expect(drawn.allSatisfy { mask.pixels[$0] == red && diff.pixels[$0] == red })
    }

    /// The command's words and pictures are those of the library's comparison, on a pair that
    /// differs in every few rows.
    @Test(arguments: ["yiq", "oklab"])
    func theCommandSaysWhatTheComparisonSays(metric: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = pairWithManyDifferences(width: 311, height: 581, seed: 7)
        for (image, name) in [(pair.expected, "a.png"), (pair.actual, "b.png")] {
            try Data(PNGEncoder().encode(Pixmap(premultiplying: image))).write(to: folder.appendingPathComponent(name))
        }
        let result = try CLI.run(
            ["compare", "a.png", "b.png", "--metric", metric, "--diff", "d.png", "--diff-mask", "m.png"], in: folder)
        #expect(result.status == 1)
        let expected = try Self.decode(folder.appendingPathComponent("a.png"))
        let actual = try Self.decode(folder.appendingPathComponent("b.png"))
        let tolerance = PerceptualTolerance(metric: PerceptualMetric(rawValue: metric)!)
        let serial = ImageComparison(
            expected: expected, actual: actual, settings: ComparisonSettings(judgement: .perceptual(tolerance)))
        #expect(serial.differingPixels > 1000 && serial.antialiasedPixels > 100, "\(serial.summary)")
        #expect(result.stdout.contains(serial.summary), "\(result.stdout), the library: \(serial.summary)")
        let diff = try Self.decode(folder.appendingPathComponent("d.png"))
        #expect(diff == DifferencePicture.picture(of: serial.mask!, over: expected))
        let mask = try Self.decode(folder.appendingPathComponent("m.png"))
        #expect(mask == DifferencePicture.maskPicture(of: serial.mask!))
    }

    @Test func ignoredRegionsAndMasksLeavePixelsOut() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Both halves ignored: nothing left to differ.
        var result = try CLI.run(
            [
                "compare", "1a.png", "1b.png", "--metric", "oklab", "--ignore", "0,0,256,256", "--ignore",
                "256,0,256,256",
            ], in: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("PASS 1b.png: 0 pixels differ"))
        // One half: fewer.
        result = try CLI.run(
            ["compare", "1a.png", "1b.png", "--metric", "oklab", "--ignore", "256,0,256,256", "--json"], in: folder)
        let half = try Self.image(try Self.json(result.stdout))["differingPixels"] as? Int ?? -1
        #expect(half >= 0 && half < 120, "\(result.stdout)")
        // A mask of the images' size whose left half is opaque leaves the left half out.
        var mask = try RGBAImage(width: 512, height: 256)
        for y in 0..<256 { for x in 0..<256 { mask.pixels[y * 512 + x] = 0xFF00_0000 } }
        try Data(PNGEncoder().encode(Pixmap(premultiplying: mask))).write(to: folder.appendingPathComponent("mask.png"))
        result = try CLI.run(
            ["compare", "1a.png", "1b.png", "--metric", "oklab", "--mask", "mask.png", "--json"], in: folder)
        let masked = try Self.image(try Self.json(result.stdout))["differingPixels"] as? Int ?? -1
        let right = try CLI.run(
            ["compare", "1a.png", "1b.png", "--metric", "oklab", "--ignore", "0,0,256,256", "--json"], in: folder)
        #expect(masked == (try Self.image(try Self.json(right.stdout))["differingPixels"] as? Int))
    }

    /// Scattered noise passes a cluster limit that a blob of the same count fails.
    @Test func clustersTellNoiseFromABlob() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try RGBAImage(width: 200, height: 100, fill: 0xFFF0_F0F0)
        var noise = base
        var blob = base
        for i in 0..<100 {
            noise.pixels[(i * 37 % 100) * 200 + (i * 53) % 200] = 0xFF00_0000
            blob.pixels[(40 + i / 10) * 200 + 60 + i % 10] = 0xFF00_0000
        }
        for (name, image) in [("base", base), ("noise", noise), ("blob", blob)] {
            try Data(PNGEncoder().encode(Pixmap(premultiplying: image))).write(
                to: folder.appendingPathComponent(name + ".png"))
        }
        let limit = ["--metric", "yiq", "--window", "10", "--max-cluster", "20"]
        var result = try CLI.run(["compare", "base.png", "noise.png"] + limit, in: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("100 pixels differ") && result.stdout.contains("10×10 window"))
        result = try CLI.run(["compare", "base.png", "blob.png", "--json"] + limit, in: folder)
        #expect(result.status == 1)
        let image = try Self.image(try Self.json(result.stdout))
        #expect(image["largestCluster"] as? Int == 100 && image["pass"] as? Bool == false)
    }

    @Test func aMovedFrameIsSaidToBeMoved() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frame = RGBAImage(try FrameRenderer(scene: Scene(variant: .indicator, scale: 2), frameCount: 12).frame(3))
        var moved = try RGBAImage(width: frame.width, height: frame.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let (sx, sy) = (x - 2, y + 1)
                guard sx >= 0, sy < frame.height else { continue }
                moved.pixels[y * frame.width + x] = frame.pixels[sy * frame.width + sx]
            }
        }
        try Data(PNGEncoder().encode(Pixmap(premultiplying: frame))).write(to: folder.appendingPathComponent("a.png"))
        try Data(PNGEncoder().encode(Pixmap(premultiplying: moved))).write(to: folder.appendingPathComponent("b.png"))
        var result = try CLI.run(["compare", "a.png", "b.png", "--metric", "oklab"], in: folder)
        #expect(result.status == 1)
        let said = "actual is expected moved by (+2, −1) px; 0 pixels still differ"
        #expect(result.stdout.contains(said), "\(result.stdout)")
        result = try CLI.run(["compare", "a.png", "b.png", "--metric", "oklab", "--json"], in: folder)
        let shift = try Self.image(try Self.json(result.stdout))["shift"] as? [Int]
        #expect(shift == [2, -1])
    }

    @Test func sizesThatDifferAreReportedWithBothAndNoShift() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["compare", "1a.png", "6a.png", "--metric", "yiq", "--json"], in: folder)
        #expect(result.status == 1)
        let image = try Self.image(try Self.json(result.stdout))
        #expect(image["width"] as? Int == 256 && image["expectedWidth"] as? Int == 512)
        #expect(image["shift"] is NSNull && image["pass"] as? Bool == false)
        let text = try CLI.run(["compare", "1a.png", "6a.png", "--metric", "yiq"], in: folder)
        #expect(text.stdout.contains("size 256×256 px, expected 512×256 px"))
    }

    /// 16-bit files (untagged, interlaced, grey) compare identical with their 8-bit twins.
    @Test(arguments: [
        ("rgba8", "rgba16"), ("rgba8", "rgba16-interlaced"), ("grey8", "grey16"), ("greyalpha8", "greyalpha16"),
    ])
    func sixteenBitTwinsAreIdentical(eight: String, sixteen: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let exact = try CLI.run(["compare", eight + ".png", sixteen + ".png"], in: folder)
        #expect(exact.status == 0 && exact.stdout.contains("identical"), "\(exact.stdout)")
        let perceptual = try CLI.run(
            ["compare", eight + ".png", sixteen + ".png", "--metric", "yiq", "--threshold", "0"], in: folder)
        #expect(perceptual.status == 0 && perceptual.stdout.contains("0 pixels differ"), "\(perceptual.stdout)")
    }

    @Test func foldersAreJudgedFrameByFrame() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a", "b"] {
            let result = try CLI.run(["--scale", "2", "--no-text", "--frames", "3", "--out", name], in: folder)
            #expect(result.status == 0)
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("b/frame_0002.png"))
        var result = try CLI.run(["compare", "a", "b", "--metric", "oklab", "--json", "--diff", "d"], in: folder)
        #expect(result.status == 1)
        let json = try Self.json(result.stdout)
        let images = try #require(json["images"] as? [[String: Any]])
        #expect(images.count == 3 && json["pass"] as? Bool == false)
        #expect(images[2]["note"] as? String == "missing from b" && images[2]["actual"] is NSNull)
        #expect(images[0]["differingPixels"] as? Int == 0 && images[0]["pass"] as? Bool == true)
        result = try CLI.run(["compare", "a", "a", "--metric", "yiq"], in: folder)
        #expect(result.status == 0 && result.stdout.hasSuffix("3 of 3 images pass\n"), "\(result.stdout)")
    }

    @Test func theReportShowsBothPicturesAndTheOptions() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            [
                "compare", "1a.png", "1b.png", "--metric", "oklab", "--threshold", "0.05", "--ignore", "0,0,10,10",
                "--report", "r.html",
            ], in: folder)
        #expect(result.status == 1)
        let html = try String(contentsOf: folder.appendingPathComponent("r.html"), encoding: .utf8)
        #expect(html.contains("Options: --metric oklab (pixelmatch main, c6fee35), --threshold 0.05"))
        #expect(html.contains("--ignore 0,0,10,10"))
        #expect(html.contains("difference (red: differs, yellow: anti-aliased)") && html.contains("differences alone"))
    }

    @Test(arguments: [
        (["--metric", "oklab", "--threshold", "1.5"], "'1.5' for --threshold: expected a number from 0 to 1"),
        (["--metric", "oklab", "--threshold", "-0.1"], "'-0.1' for --threshold"),
        (["--metric", "oklab", "--threshold", "nan"], "'nan' for --threshold"),
        (["--threshold", "0.2"], "'0.2' for --threshold: expected --metric"),
        (["--include-aa"], "--include-aa applies with --metric yiq or --metric oklab only"),
        (["--metric", "lab"], "'lab' for --metric: expected one of yiq, oklab"),
        (["--metric", "yiq", "--window", "0"], "'0' for --window"),
        (["--metric", "yiq", "--ignore", "0,0,600,10"], "'0,0,600,10' for --ignore: expected a region"),
        (["--metric", "yiq", "--ignore", "500,250,20,20"], "'500,250,20,20' for --ignore"),
        (["--metric", "yiq", "--ignore", "1,2,3"], "'1,2,3' for --ignore"),
        (["--metric", "yiq", "--ignore", "1,2,0,4"], "'1,2,0,4' for --ignore"),
        (["--metric", "yiq", "--ignore", "-1,2,3,4"], "'-1,2,3,4' for --ignore"),
        (
            ["--metric", "yiq", "--mask", "6a.png"],
            "'6a.png' for --mask: expected a PNG of the images' size, 512 × 256"
        ),
        (["--metric", "yiq", "--mask", "notes.txt"], "'notes.txt' for --mask: expected a readable PNG file"),
        (["--metric", "yiq", "--mask", "none.png"], "'none.png' for --mask: expected a readable PNG file"),
        (["--metric", "yiq", "--max-cluster", "-2"], "'-2' for --max-cluster"),
        (["--metric", "yiq", "--diff-mask", "1a.png"], "'1a.png' for --diff-mask"),
        (["--metric", "yiq", "--diff-mask", "d.png"], "'d.png' for --diff-mask: expected a path other than --diff's"),
    ])
    func badInputsAreRefusedAndNothingIsWritten(options: [String], message: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try CLI.expectRefusal(
            ["compare", "1a.png", "1b.png", "--diff", "d.png", "--report", "r.html"] + options, in: folder,
            mentions: [message])
    }

    /// Two folders, one of whose files is not a PNG: refused before any diff is written.
    @Test func aFolderWithAFileThatIsNotAPNGWritesNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a", "b"] {
            let result = try CLI.run(["--scale", "1", "--no-text", "--frames", "3", "--out", name], in: folder)
            #expect(result.status == 0)
        }
        let changed = folder.appendingPathComponent("b/frame_0001.png")
        var image = try PNGDecoder.decode([UInt8](Data(contentsOf: changed)))
        image.pixels[0] = 0xFF00_00FF
        try Data(PNGEncoder().encode(image)).write(to: changed)
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("b/frame_0002.png"))
        try CLI.expectRefusal(
            ["compare", "a", "b", "--metric", "oklab", "--diff", "d"], in: folder,
            mentions: ["'b/frame_0002.png' for <actual>: expected a readable PNG file"])
    }

    @Test func unreadableInputsAreRefused() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("notes.png"))
        let bytes = try Data(contentsOf: folder.appendingPathComponent("1b.png"))
        try bytes.prefix(bytes.count / 2).write(to: folder.appendingPathComponent("half.png"))
        for name in ["notes.png", "half.png"] {
            try CLI.expectRefusal(
                ["compare", "1a.png", name, "--metric", "oklab", "--diff", "d.png"], in: folder,
                mentions: ["'\(name)' for <actual>: expected a readable PNG file"])
        }
    }
}

import Foundation
import TestSupport
import Testing

@testable import Comparison
@testable import Images
@testable import Raster
@testable import TestSupport

/// The perceptual compare counts what pixelmatch counts. pixelmatch itself (Tests/pixelmatch:
/// v7.1.0 for `yiq`, main at c6fee35 for `oklab`) is the oracle: its published counts on its own
/// fixtures, and its counts, window counts and pictures on other pairs, run by node on raw RGBA.
/// The node half is skipped (and says so) where `node` is not installed.
@Suite struct PixelmatchOracleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("pixelmatch")

    static func fixture(_ name: String) throws -> RGBAImage {
        try PNGDecoder.decodeStraight(
            [UInt8](Data(contentsOf: folder.appendingPathComponent("fixtures/\(name).png"))))
    }

    static func comparison(
        _ expected: RGBAImage, _ actual: RGBAImage, _ metric: PerceptualMetric, threshold: Double = 0.1,
        includeAA: Bool = false, window: Int = 16
    ) -> ImageComparison {
        let tolerance = PerceptualTolerance(metric: metric, threshold: threshold, includeAntialiased: includeAA)
        return ImageComparison(
            expected: expected, actual: actual,
            settings: ComparisonSettings(judgement: .perceptual(tolerance), window: window, findsShift: false))
    }

    /// pixelmatch's test/test.js at each version: pair, threshold, count.
    static let published: [(PerceptualMetric, String, String, Double, Int)] = [
        (.yiq, "1a", "1b", 0.05, 143), (.yiq, "1a", "1b", 0.1, 106), (.yiq, "1a", "1a", 0, 0),
        (.yiq, "2a", "2b", 0.05, 12437), (.yiq, "3a", "3b", 0.05, 212), (.yiq, "4a", "4b", 0.05, 36049),
        (.yiq, "5a", "5b", 0.05, 6), (.yiq, "6a", "6b", 0.05, 51), (.yiq, "6a", "6a", 0, 0),
        (.yiq, "7a", "7b", 0.1, 2448), (.yiq, "8a", "5b", 0.05, 32896),
        (.oklab, "1a", "1b", 0.05, 154), (.oklab, "1a", "1b", 0.1, 120), (.oklab, "1a", "1a", 0, 0),
        (.oklab, "2a", "2b", 0.05, 12821), (.oklab, "3a", "3b", 0.05, 220), (.oklab, "4a", "4b", 0.05, 36563),
        (.oklab, "5a", "5b", 0.05, 0), (.oklab, "6a", "6b", 0.05, 51), (.oklab, "6a", "6a", 0, 0),
        (.oklab, "7a", "7b", 0.1, 2440), (.oklab, "8a", "5b", 0.05, 32896),
    ]

    @Test(arguments: published.indices)
    func publishedCountsOnPixelmatchsFixtures(index: Int) throws {
        let (metric, a, b, threshold, count) = Self.published[index]
        let result = Self.comparison(try Self.fixture(a), try Self.fixture(b), metric, threshold: threshold)
        #expect(
            result.differingPixels == count,
            "\(metric) \(a)/\(b) at \(threshold): actual \(result.differingPixels), pixelmatch \(count)")
    }

    /// pixelmatch's own output for 1a/1b at threshold 0.05 (test/fixtures/1diff.png of each
    /// version), pixel for pixel.
    @Test(arguments: [(PerceptualMetric.yiq, "1diff-7.1.0"), (.oklab, "1diff-c6fee35")])
    func publishedPicture(metric: PerceptualMetric, name: String) throws {
        let expected = try Self.fixture("1a")
        let result = Self.comparison(expected, try Self.fixture("1b"), metric, threshold: 0.05)
        let picture = DifferencePicture.picture(of: try #require(result.mask), over: expected)
        let published = try Self.fixture(name)
        let differing = picture.pixels.indices.filter { picture.pixels[$0] != published.pixels[$0] }
        #expect(differing.isEmpty, "\(differing.count) pixels differ from \(name).png, first \(differing.first ?? 0)")
    }

    @Test func publishedWindowCountsAndSinglePixels() throws {
        let a = try Self.fixture("6a")
        let b = try Self.fixture("6b")
        for (window, count) in [(32, 29), (8, 6), (256, 51), (100_000, 51)] {
            #expect(
                Self.comparison(a, b, .oklab, threshold: 0.05, window: window).largestCluster == count,
                "window \(window)")
        }
        func pixel(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32 = 255) -> RGBAImage {
            try! RGBAImage(width: 1, height: 1, fill: r | g << 8 | b << 16 | a << 24)
        }
        let pairs: [(RGBAImage, RGBAImage, Int)] = [
            (pixel(0, 0, 0), pixel(13, 13, 13), 0), (pixel(0, 0, 0), pixel(23, 23, 23), 1),
            (pixel(41, 56, 157), pixel(41, 56, 0), 1), (pixel(39, 44, 92), pixel(39, 44, 14), 1),
            (pixel(0, 254, 252), pixel(94, 254, 252), 0), (pixel(0, 254, 252), pixel(47, 254, 252), 0),
            (pixel(0, 0, 0, 128), pixel(127, 127, 127), 1),
        ]
        for (expected, actual, count) in pairs {
            #expect(Self.comparison(expected, actual, .oklab).differingPixels == count, "\(expected) / \(actual)")
        }
    }

    /// The cube roots and linear values are V8's to the last bit.
    @Test(.enabled(if: Oracle.node != nil, "node is not installed: pixelmatch cannot be run"))
    func tablesEqualNodes() throws {
        let node = try #require(Oracle.node)
        let script = """
            const f = new Float64Array(1), u = new BigUint64Array(f.buffer), out = [];
            for (let i = 0; i < 256; i++) { const c = i / 255; f[0] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; out.push(u[0]); }
            for (let i = 0; i <= 4097; i++) { f[0] = Math.cbrt(i / 4096); out.push(u[0]); }
            console.log(out.join(' '));
            """
        let output = try Oracle.run(node, ["-e", script], input: "")
        let values = output.split(separator: " ").map { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines))! }
        let ours = OKLabDelta.linearTable.prefix(256).map(\.bitPattern) + OKLabDelta.cubeRoots.map(\.bitPattern)
        #expect(values.count == ours.count)
        for i in values.indices where values[i] != ours[i] {
            Issue.record("table entry \(i): node \(values[i]), ours \(ours[i])")
        }
    }

    /// Pairs that are not pixelmatch's fixtures: noise (opaque and semi-transparent), small
    /// changes of noise, a rendered frame against itself moved by a pixel, neighbouring frames
    /// of the spinner, and the overlay over a screen at two dim amounts.
    static func otherPairs() throws -> [(String, RGBAImage, RGBAImage)] {
        var generator = SplitMix(seed: 37)
        func noise(_ width: Int, _ height: Int, opaque: Bool) -> RGBAImage {
            let pixels = (0..<(width * height)).map { _ -> UInt32 in
                let v = UInt32(truncatingIfNeeded: generator.next())
                return opaque ? v | 0xFF00_0000 : v
            }
            return try! RGBAImage(width: width, height: height, pixels: pixels)
        }
        func nudged(_ image: RGBAImage, by most: Int) -> RGBAImage {
            var copy = image
            for i in copy.pixels.indices where generator.next() % 3 == 0 {
                var p = copy.pixels[i]
                for shift in [UInt32(0), 8, 16, 24] where generator.next() % 2 == 0 {
                    let v = Int((p >> shift) & 0xFF) + Int(generator.next() % UInt64(2 * most + 1)) - most
                    p = p & ~(0xFF << shift) | UInt32(min(255, max(0, v))) << shift
                }
                copy.pixels[i] = p
            }
            return copy
        }
        func moved(_ image: RGBAImage, dx: Int, dy: Int) -> RGBAImage {
            var copy = image
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let sx = min(max(x - dx, 0), image.width - 1)
                    let sy = min(max(y - dy, 0), image.height - 1)
                    copy.pixels[y * image.width + x] = image.pixels[sy * image.width + sx]
                }
            }
            return copy
        }
        let opaque = noise(61, 47, opaque: true)
        let clear = noise(53, 41, opaque: false)
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 2), frameCount: 12)
        let frame3 = RGBAImage(renderer.frame(3))
        let frame4 = RGBAImage(renderer.frame(4))
        let screen = try PNGDecoder.decode(
            [UInt8](
                Data(
                    contentsOf: folder.deletingLastPathComponent()
                        .deletingLastPathComponent().appendingPathComponent("Examples/checkout.png"))))
        func overlay(_ dim: Double) throws -> RGBAImage {
            var style = LoadingStyle.overlay
            style.dimAmount = dim
            let scene = Scene(
                style: style, variant: .overlay, scale: 1, screenSize: Size(width: 200, height: 260),
                backdropImage: screen)
            return RGBAImage(try FrameRenderer(scene: scene, frameCount: 8).frame(2))
        }
        let fixtures = try ["1a", "1b", "3a", "3b", "4a", "4b", "6a", "6b", "2a", "2b"].map(fixture)
        return [
            ("opaque noise", opaque, noise(61, 47, opaque: true)),
            ("opaque noise nudged", opaque, nudged(opaque, by: 6)),
            ("semi-transparent noise", clear, noise(53, 41, opaque: false)),
            ("semi-transparent noise nudged", clear, nudged(clear, by: 4)),
            ("frame moved by (1, 0)", frame3, moved(frame3, dx: 1, dy: 0)),
            ("frame moved by (-2, 1)", frame3, moved(frame3, dx: -2, dy: 1)),
            ("frames 3 and 4", frame3, frame4),
            ("frame 3 nudged", frame3, nudged(frame3, by: 3)),
            ("overlay dim 0.5 and 0.52", try overlay(0.5), try overlay(0.52)),
            ("1a and 1b", fixtures[0], fixtures[1]), ("3a and 3b", fixtures[2], fixtures[3]),
            ("4a and 4b", fixtures[4], fixtures[5]), ("6a and 6b", fixtures[6], fixtures[7]),
            ("2a and 2b", fixtures[8], fixtures[9]),
        ]
    }

    @Test(.slow, .enabled(if: Oracle.node != nil, "node is not installed: pixelmatch cannot be run"))
    func countsWindowsAndPicturesEqualPixelmatchsOnOtherPairs() throws {
        let node = try #require(Oracle.node)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var jobs: [String] = []
        var expectations: [(label: String, count: Int)] = []
        var pictures: [(label: String, picture: RGBAImage, file: URL)] = []
        for (n, (name, expected, actual)) in try Self.otherPairs().enumerated() {
            let a = work.appendingPathComponent("\(n)a.rgba")
            let b = work.appendingPathComponent("\(n)b.rgba")
            try Oracle.raw(expected).write(to: a)
            try Oracle.raw(actual).write(to: b)
            for metric in PerceptualMetric.allCases {
                for threshold in [0, 0.02, 0.1, 0.35] {
                    for includeAA in [false, true] {
                        let result = Self.comparison(
                            expected, actual, metric, threshold: threshold, includeAA: includeAA)
                        let version = metric == .yiq ? "7.1.0" : "c6fee35"
                        let options = "\"threshold\": \(threshold), \"includeAA\": \(includeAA)"
                        let diff =
                            threshold == 0.1 ? work.appendingPathComponent("\(n)-\(metric)-\(includeAA).diff") : nil
                        var job =
                            "{\"version\": \"\(version)\", \"width\": \(expected.width), \"height\": \(expected.height), "
                        job += "\"expected\": \"\(a.path)\", \"actual\": \"\(b.path)\", \"options\": {\(options)}"
                        job += diff.map { ", \"diff\": \"\($0.path)\"}" } ?? "}"
                        jobs.append(job)
                        let label = "\(name), \(metric), threshold \(threshold), includeAA \(includeAA)"
                        expectations.append((label, result.differingPixels))
                        if metric == .oklab && threshold == 0.1 {
                            let windowed = Self.comparison(
                                expected, actual, metric, threshold: threshold, includeAA: includeAA, window: 5)
                            var job =
                                "{\"version\": \"c6fee35\", \"width\": \(expected.width), \"height\": \(expected.height), "
                            job +=
                                "\"expected\": \"\(a.path)\", \"actual\": \"\(b.path)\", \"options\": {\(options), \"windowSize\": 5}}"
                            jobs.append(job)
                            expectations.append((label + ", window 5", windowed.largestCluster))
                        }
                        if let diff {
                            pictures.append((label, DifferencePicture.picture(of: result.mask!, over: expected), diff))
                        }
                    }
                }
            }
        }
        let output = try Oracle.run(
            node, [Self.folder.appendingPathComponent("run.js").path], input: jobs.joined(separator: "\n") + "\n")
        let counts = output.split(separator: "\n").map { Int($0)! }
        #expect(counts.count == expectations.count)
        var checked = 0
        for (index, (label, mine)) in expectations.enumerated() where index < counts.count {
            #expect(mine == counts[index], "\(label): actual \(mine), pixelmatch \(counts[index])")
            checked += 1
        }
        for (label, picture, file) in pictures {
            let theirs = [UInt8](try Data(contentsOf: file))
            let ours = [UInt8](Oracle.raw(picture))
            if let i = ours.indices.first(where: { ours[$0] != theirs[$0] }) {
                let p = i / 4
                let mine = Array(ours[(4 * p)..<(4 * p + 4)])
                let wanted = Array(theirs[(4 * p)..<(4 * p + 4)])
                Issue.record(
                    "picture of \(label) at (\(p % picture.width), \(p / picture.width)): \(mine), pixelmatch \(wanted)"
                )
            }
        }
        #expect(checked >= 252)
    }
}

/// Runs node, and writes images as the raw RGBA it reads.
enum Oracle {
    /// node's path, or nil when it is not installed (the tests that run it are then skipped,
    /// with that reason).
    static let node: String? = {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = String(folder) + "/node"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    static func run(_ executable: String, _ arguments: [String], input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "node exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    /// R, G, B, A bytes of every pixel.
    static func raw(_ image: RGBAImage) -> Data {
        var data = Data(capacity: 4 * image.pixels.count)
        for p in image.pixels {
            data.append(contentsOf: [UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24)])
        }
        return data
    }
}

import CZlib
import Foundation
import TestSupport
import Testing

@testable import Images
@testable import Raster
@testable import TestSupport

/// Any PNG reads through libpng as the same 8-bit straight samples: twins of one picture
/// (Tests/png-twins, made by `make.sh` with Pillow and ImageMagick's libpng) in 16 bits, grey,
/// palette and interlaced, with and without alpha, none of them tagged with a gamma.
@Suite struct PNGDecodeTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("png-twins")

    static func image(_ name: String) throws -> RGBAImage {
        try PNGDecoder.decodeStraight([UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".png"))))
    }

    @Test(arguments: [
        ("rgba8", "rgba16"), ("rgba8", "rgba8-interlaced"), ("rgba8", "rgba16-interlaced"), ("rgb8", "rgb16"),
        ("grey8", "grey16"), ("greyalpha8", "greyalpha16"), ("few8", "few8-palette"),
    ])
    func twinsDecodeToTheSameSamples(eight: String, twin: String) throws {
        let expected = try Self.image(eight)
        let actual = try Self.image(twin)
        #expect(actual.width == 24 && actual.height == 16)
        for i in expected.pixels.indices where expected.pixels[i] != actual.pixels[i] {
            let found = String(actual.pixels[i], radix: 16)
            let wanted = String(expected.pixels[i], radix: 16)
            Issue.record("\(twin) at (\(i % 24), \(i / 24)): \(found), \(eight) \(wanted)")
            break
        }
    }

    @Test func samplesAreThoseOfTheFile() throws {
        // rgba8.png was written by Pillow from these formulas (make.sh).
        let image = try Self.image("rgba8")
        for y in [0, 3, 9, 15] {
            for x in [0, 5, 23] {
                let alpha = y < 4 ? 255 : (x * 10 + y * 7) % 256
                let pixel = image.rgba(x: x, y: y)
                let found: [Int] = [Int(pixel.r), Int(pixel.g), Int(pixel.b), Int(pixel.a)]
                let wanted: [Int] = [(x * 11) % 256, (y * 17) % 256, (x * y * 3) % 256, alpha]
                #expect(found == wanted, "pixel (\(x), \(y))")
            }
        }
        let opaque = try Self.image("rgb8")
        #expect(opaque.pixels.allSatisfy { $0 >> 24 == 255 })
        let grey = try Self.image("grey8").rgba(x: 7, y: 5)
        #expect(grey.r == grey.g && grey.g == grey.b && grey.a == 255)
    }

    @Test func readInPiecesOfAnySize() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("rgba16-interlaced.png")))
        let whole = try PNGDecoder.decodeStraight(bytes)
        for size in [1, 7, 29, 30, 100] {
            let reader = PNGReader()
            for start in stride(from: 0, to: bytes.count, by: size) {
                try bytes[start..<min(bytes.count, start + size)].withUnsafeBufferPointer { try reader.read($0) }
            }
            #expect(try reader.image() == whole, "pieces of \(size) bytes")
        }
    }

    @Test func truncatedAndForeignFilesAreRefused() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("rgba8.png")))
        for cut in [0, 10, 29, 40, bytes.count - 12] {
            #expect(throws: PNGError.self, "first \(cut) bytes") { try PNGDecoder.decodeStraight(Array(bytes[..<cut])) }
        }
        #expect(throws: PNGError.self) { try PNGDecoder.decodeStraight(Array("GIF89a, not a PNG at all".utf8)) }
        var corrupt = bytes
        corrupt[60] ^= 0xFF
        #expect(throws: PNGError.self) { try PNGDecoder.decodeStraight(corrupt) }
    }

    static func decode(_ bytes: [UInt8], readers: PNGReader.Readers) throws -> RGBAImage {
        let reader = PNGReader(readers: readers)
        try bytes.withUnsafeBufferPointer { try reader.read($0) }
        return try reader.image()
    }

    /// 8-bit RGB and RGBA files that are not interlaced are read without libpng (inflated by
    /// libdeflate where the system has it, or by zlib): the pixels are libpng's, for every row filter, a colour key, and files from Pillow, ImageMagick, pixelmatch's
    /// fixtures and this package's encoder; and what libpng refuses, it refuses.
    @Test func theReaderWithoutLibpngGivesLibpngsPixels() throws {
        var files: [(String, [UInt8])] = []
        for name in ["rgba8", "rgb8", "few8", "rgb8-key", "rgba16", "grey8", "few8-palette", "rgba8-interlaced"] {
            files.append((name, try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name + ".png")))))
        }
        let fixtures = Self.folder.deletingLastPathComponent().appendingPathComponent("pixelmatch/fixtures")
        for name in ["1a", "3b", "4a", "4b", "6a", "8a"] {
            files.append((name, try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name + ".png")))))
        }
        var style = LoadingStyle.overlay
        style.dimAmount = 0.37
        let scene = Scene(style: style, variant: .overlay, scale: 1, screenSize: Size(width: 90, height: 70))
        let frame = try FrameRenderer(scene: scene, frameCount: 8).frame(3)
        for filter in PNGFilter.allCases {
            files.append(("\(filter)", try PNGEncoder(compression: .zlib(level: 6), filter: filter).encode(frame)))
        }
        for (name, bytes) in files {
            let reference = try Self.decode(bytes, readers: .libpng)
            for readers in [PNGReader.Readers.fastest, .withoutLibdeflate] {
                #expect(try Self.decode(bytes, readers: readers) == reference, "\(name), \(readers)")
            }
            var corrupt = bytes
            corrupt[bytes.count / 2] ^= 0x5A
            for (what, damaged) in [("corrupt", corrupt), ("cut", Array(bytes.prefix(bytes.count - 14)))] {
                for readers in [PNGReader.Readers.libpng, .fastest, .withoutLibdeflate] {
                    #expect(throws: PNGError.self, "\(name), \(what), \(readers)") {
                        try Self.decode(damaged, readers: readers)
                    }
                }
            }
        }
        let keyed = try Self.image("rgb8-key")
        #expect(keyed.rgba(x: 0, y: 1) == (0, 17, 0, 0))
        #expect(keyed.rgba(x: 1, y: 1).a == 255)
    }

    /// A PNG of `raw` (filtered scanlines of an 8-bit RGB image, or RGBA with `colorType` 6,
    /// `width` × `height`) deflated by zlib, as one IDAT.
    static func png(width: Int, height: Int, raw: [UInt8], colorType: UInt8 = 2, zlibHeader: [UInt8]? = nil) -> [UInt8]
    {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
        }
        func bigEndian(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        }
        var size = compressBound(UInt(raw.count))
        var deflated = [UInt8](repeating: 0, count: Int(size))
        _ = compress(&deflated, &size, raw, UInt(raw.count))
        if let zlibHeader { deflated.replaceSubrange(0..<2, with: zlibHeader) }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", Array(deflated[..<Int(size)])) + chunk("IEND", [])
    }

    /// Pictures of flat runs broken by noise (the runs the reader's Paeth takes many bytes at a
    /// time, ending anywhere in a pixel and anywhere in a row), every row filtered with a filter
    /// drawn at random: every reader reads libpng's pixels, RGB and RGBA, at widths around the
    /// 16-byte steps.
    @Test func runsAndNoiseUnfilterAsLibpngDoes() throws {
        var generator = SplitMix(seed: 11)
        for (colorType, bpp) in [(UInt8(2), 3), (UInt8(6), 4)] {
            for width in [1, 2, 5, 6, 11, 16, 17, 33, 70] {
                let height = 12
                var pixels = [[UInt8]](repeating: [], count: height)
                for y in 0..<height {
                    var row: [UInt8] = []
                    var run: [UInt8] = []
                    for _ in 0..<width {
                        // A new colour one pixel in four, a channel changed one in eight.
                        if run.isEmpty || generator.next() % 4 == 0 {
                            run = (0..<bpp).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                        } else if generator.next() % 8 == 0 {
                            run[Int(generator.next() % UInt64(bpp))] &+= 1
                        }
                        row += run
                    }
                    // Some rows repeat the one above, as a screenshot's do.
                    pixels[y] = y > 0 && generator.next() % 3 == 0 ? pixels[y - 1] : row
                }
                var raw: [UInt8] = []
                for y in 0..<height {
                    let filter = UInt8(generator.next() % 5)
                    let above = y > 0 ? pixels[y - 1] : [UInt8](repeating: 0, count: width * bpp)
                    raw.append(filter)
                    for i in 0..<(width * bpp) {
                        let a: Int = i >= bpp ? Int(pixels[y][i - bpp]) : 0
                        let b = Int(above[i])
                        let c: Int = i >= bpp ? Int(above[i - bpp]) : 0
                        let predictor: Int
                        switch filter {
                        case 1: predictor = a
                        case 2: predictor = b
                        case 3: predictor = (a + b) / 2
                        case 4:
                            let pa: Int = abs(b - c)
                            let pb: Int = abs(a - c)
                            let pc: Int = abs(a + b - 2 * c)
                            if pa <= pb && pa <= pc {
                                predictor = a
                            } else {
                                predictor = pb <= pc ? b : c
                            }
                        default: predictor = 0
                        }
                        raw.append(pixels[y][i] &- UInt8(truncatingIfNeeded: predictor))
                    }
                }
                let bytes = Self.png(width: width, height: height, raw: raw, colorType: colorType)
                let reference = try Self.decode(bytes, readers: .libpng)
                for readers in [PNGReader.Readers.fastest, .withoutLibdeflate] {
                    #expect(
                        try Self.decode(bytes, readers: readers) == reference, "width \(width), bpp \(bpp), \(readers)")
                }
                var picture: [UInt8] = []
                for y in 0..<height {
                    for i in stride(from: 0, to: width * bpp, by: bpp) {
                        picture += pixels[y][i..<(i + 3)]
                        picture.append(bpp == 4 ? pixels[y][i + 3] : 255)
                    }
                }
                var read: [UInt8] = []
                for k in 0..<(width * height) {
                    let p = reference.rgba(x: k % width, y: k / width)
                    read += [p.r, p.g, p.b, p.a]
                }
                #expect(read == picture, "width \(width), bpp \(bpp): libpng's pixels are the picture's")
            }
        }
    }

    /// Image data that is too long, too short or has a filter byte above 4: every reader refuses
    /// it, or every reader reads the same pixels.
    @Test func damagedImageDataIsTreatedAsLibpngTreatsIt() throws {
        let (width, height) = (13, 7)
        var raw: [UInt8] = []
        var generator = SplitMix(seed: 3)
        for _ in 0..<height {
            raw.append(UInt8(generator.next() % 5))
            for _ in 0..<(3 * width) { raw.append(UInt8(truncatingIfNeeded: generator.next())) }
        }
        var badFilter = raw
        badFilter[3 * width + 1] = 7
        let cases: [(String, [UInt8])] = [
            ("intact", raw), ("extra data", raw + [UInt8](repeating: 9, count: 300)),
            ("short by a byte", Array(raw.dropLast())), ("short by a row", Array(raw.dropLast(3 * width + 1))),
            ("filter byte 7", badFilter),
        ]
        // zlib headers libpng refuses: a preset dictionary, a check that fails, method 9.
        let headers: [(String, [UInt8])] = [
            ("a preset dictionary", [0x78, 0xBB]), ("a header check that fails", [0x78, 0x9D]),
            ("method 9", [0x79, 0x18]),
        ]
        for (name, header) in headers {
            let bytes = Self.png(width: width, height: height, raw: raw, zlibHeader: header)
            for readers in [PNGReader.Readers.libpng, .fastest, .withoutLibdeflate] {
                #expect(throws: PNGError.self, "\(name), \(readers)") { try Self.decode(bytes, readers: readers) }
            }
        }
        for (name, data) in cases {
            let bytes = Self.png(width: width, height: height, raw: data)
            let results = [PNGReader.Readers.libpng, .fastest, .withoutLibdeflate].map { readers in
                Result { try Self.decode(bytes, readers: readers) }
            }
            let images = results.map { try? $0.get() }
            if name == "intact" { #expect(images[0] != nil) }
            #expect(images.allSatisfy { $0 == images[0] }, "\(name): \(results)")
        }
    }
}

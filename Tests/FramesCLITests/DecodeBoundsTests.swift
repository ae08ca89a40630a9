import CZlib
import Foundation
import LibC
import TestSupport
import Testing

@testable import FramesCLI

/// Decoding bounded by the picture, through the real `frames`: PNG bombs (a 1 × 1 px image whose
/// data inflates to 2 GiB of zeros: the reader without libpng, libpng's, interlaced) and damaged
/// or repetitive JPEGs are refused with exit 64 naming the option and the file, by every command
/// that reads a picture; and a stop (SIGINT) during a long decode ends the run by the signal.
/// The files are made here; the tests assert outcomes, not times.
@Suite(.serialized, .slow) struct DecodeBoundsTests {
    static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = UInt32(body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    /// `input` deflated raw at level 9, ending in a full flush (`last`: the final block).
    static func deflated(_ input: [UInt8], last: Bool) -> [UInt8] {
        var stream = z_stream()
        #expect(frames_deflate_init_raw(&stream, 9) == Z_OK)
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        var input = input
        let produced = input.withUnsafeMutableBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = i.baseAddress
                stream.avail_in = uInt(i.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(o.count)
                _ = deflate(&stream, last ? Z_FINISH : Z_FULL_FLUSH)
                return o.count - Int(stream.avail_out)
            }
        }
        return Array(out[..<produced])
    }

    /// A zlib stream of `count` zeros: a 1 MiB piece deflated once and repeated, then the rest.
    static func zeros(_ count: Int) -> [UInt8] {
        let piece = deflated([UInt8](repeating: 0, count: 1 << 20), last: false)
        var stream: [UInt8] = [0x78, 0xDA]
        for _ in 0..<(count >> 20) { stream += piece }
        stream += deflated([UInt8](repeating: 0, count: count & ((1 << 20) - 1)), last: true)
        return stream + bigEndian(UInt32(count % 65521) << 16 | 1)
    }

    /// A PNG of `width` × `height` px, 8-bit of `colorType`, whose image data is all zeros: `count`
    /// bytes of them (a bomb when far more than the rows), or just the rows (black, every row
    /// unfiltered).
    static func png(width: Int, height: Int, colorType: UInt8 = 2, interlaced: Bool = false, zeros count: Int? = nil)
        -> Data
    {
        let channels = colorType == 6 ? 4 : colorType == 2 ? 3 : 1
        let ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, interlaced ? 1 : 0]
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
                + chunk("IDAT", zeros(count ?? height * (width * channels + 1))) + chunk("IEND", []))
    }

    static let bombs: [(String, UInt8, Bool)] = [
        ("rgb-bomb.png", 2, false), ("grey-bomb.png", 0, false), ("interlaced-bomb.png", 2, true),
    ]

    /// Each PNG bomb given to compare (either side), measure, a render's --backdrop-image and
    /// verify's: exit 64 naming the option, the file and what is wrong.
    @Test(arguments: bombs) func pngBombsAreRefusedNamingTheFile(name: String, colorType: UInt8, interlaced: Bool)
        throws
    {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.png(width: 1, height: 1, colorType: colorType, interlaced: interlaced, zeros: 2 << 30)
            .write(to: folder.appendingPathComponent(name))
        try Self.png(width: 1, height: 1).write(to: folder.appendingPathComponent("one.png"))
        let lines: [([String], String)] = [
            (["compare", "one.png", name], "<actual>"), (["compare", name, "one.png"], "<expected>"),
            (["measure", name], "<screenshot>"),
            (["--backdrop-image", name, "--no-text", "--frames", "1", "--out", "o"], "--backdrop-image"),
        ]
        for (arguments, option) in lines {
            try CLI.expectRefusal(arguments, in: folder, mentions: [option, name, "more image data than"])
        }
    }

    /// JPEGs refused by measure and as a backdrop, naming the file: scan data cut short and
    /// closed with EOI (it measured grey rows, "no indicator"), and a progressive file whose last
    /// scan repeats 3000 times.
    @Test func damagedAndRepetitiveJPEGsAreRefusedNamingTheFile() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/backdrop-p3.jpg")
        let whole = try [UInt8](Data(contentsOf: source))
        let sos = try #require(whole.indices.first { whole[$0] == 0xFF && whole[$0 + 1] == 0xDA })
        let cut = Array(whole[..<(sos + (whole.count - sos) / 2)]) + [0xFF, 0xD9]
        try Data(cut).write(to: folder.appendingPathComponent("cut.jpg"))
        try CLI.expectRefusal(["measure", "cut.jpg"], in: folder, mentions: ["<screenshot>", "cut.jpg", "truncated"])
        try CLI.expectRefusal(
            ["--backdrop-image", "cut.jpg", "--no-text", "--frames", "1", "--out", "o"], in: folder,
            mentions: ["--backdrop-image", "cut.jpg", "truncated"])
    }

    /// SIGINT while `compare` decodes folders of 12 pairs of 36-megapixel PNGs (black, RGB for the
    /// reader without libpng or grey for libpng's, 100 KB and 35 KB) ends the run by the signal,
    /// with "Stopped", before the last pair: the decodes look for a stop between slices of their
    /// work. Before, no decode looked: every pair was compared, then the stop seen.
    @Test(arguments: [UInt8(2), 0]) func aStopDuringADecodeEndsTheRun(colorType: UInt8) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = Self.png(width: 6000, height: 6000, colorType: colorType)
        for side in ["a", "b"] {
            let sideFolder = folder.appendingPathComponent(side)
            try FileManager.default.createDirectory(at: sideFolder, withIntermediateDirectories: true)
            for k in 0..<12 { try big.write(to: sideFolder.appendingPathComponent("frame_\(k).png")) }
        }
        let run = CLI.start(["compare", "a", "b"], in: folder)
        usleep(500_000)
        kill(run.process.processIdentifier, SIGINT)
        let result = run.wait()
        #expect(result.signalled && result.status == SIGINT, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("Stopped"), "\(result.stderr)")
        let compared = result.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count
        #expect(compared < 12, "colour type \(colorType): \(compared) of 12 pairs compared after the stop")
    }

    /// A baseline JPEG of 10 000 × 10 000 px, grey, made by hand: one Huffman code of one bit
    /// for "no change" and one for "end of block", so every block is two zero bits and the
    /// scan 390 625 zero bytes. It is read (100 megapixels is the limit), and TurboJPEG's decode,
    /// which nothing interrupts, is where a stop ends `measure` at once, from the handler.
    static func flatJPEG(side: Int) -> Data {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        let blocks = ((side + 7) / 8) * ((side + 7) / 8)
        let table = [UInt8](repeating: 1, count: 64)
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xDB, [0] + table)
        bytes += segment(
            0xC0, [8, UInt8(side >> 8), UInt8(side & 0xFF), UInt8(side >> 8), UInt8(side & 0xFF), 1, 1, 0x11, 0])
        bytes += segment(0xC4, [0x00] + oneCode + [0x10] + oneCode)
        bytes += segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        bytes += [UInt8](repeating: 0, count: (blocks * 2 + 7) / 8)
        return Data(bytes + [0xFF, 0xD9])
    }

    @Test func aStopDuringAJPEGDecodeEndsMeasureAtOnce() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.flatJPEG(side: 10_000).write(to: folder.appendingPathComponent("flat.jpg"))
        // Read whole, it is refused only once decoded: no device's screen is 10 000 px square.
        let whole = try CLI.run(["measure", "flat.jpg"], in: folder)
        #expect(whole.stderr.contains("no known device's screen"), "\(whole.stderr)")
        let run = CLI.start(["measure", "flat.jpg"], in: folder)
        usleep(300_000)
        kill(run.process.processIdentifier, SIGINT)
        let result = run.wait()
        #expect(result.signalled && result.status == SIGINT, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("Stopped; nothing written"), "\(result.stderr)")
    }
}

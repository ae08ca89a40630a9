import CZlib
import Foundation
import Testing

@testable import Images
@testable import Screenshots

/// The reader without libpng (png_rows.c) against libpng, on every file of PngSuite
/// (Tests/fixtures/pngsuite, Willem van Schaik's, with its licence) and on mutations of them
/// made here: chunks moved, a second, odd-length or misplaced tRNS, a CRC broken on each chunk in
/// turn, unknown chunks, the image data split or followed by more data, bytes after IEND. Every
/// reader gives libpng's pixels or refuses with libpng. And compressed bombs (a 1 × 1 px image
/// whose data inflates to gigabytes of zeros) are refused, or read as their one pixel, by every
/// reader, without inflating the zeros.
@Suite struct PNGSuiteTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/pngsuite")

    static let names: [String] = {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0.hasSuffix(".png") }.sorted()
    }()

    static func file(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static let readers: [PNGReader.Readers] = [.libpng, .fastest, .withoutLibdeflate]

    /// `bytes` read by `readers`, in one piece or in pieces of `piece` bytes.
    static func decode(_ bytes: [UInt8], readers: PNGReader.Readers, piece: Int? = nil) -> Result<RGBAImage, PNGError> {
        let reader = PNGReader(readers: readers)
        return Result { () throws(PNGError) in
            let size = piece ?? max(1, bytes.count)
            for start in stride(from: 0, to: bytes.count, by: size) {
                try bytes[start..<min(bytes.count, start + size)].withUnsafeBufferPointer {
                    (piece) throws(PNGError) in try reader.read(piece)
                }
            }
            return try reader.image()
        }
    }

    /// Records an issue unless every reader gives libpng's pixels, or every reader refuses.
    static func expectLibpngsOutcome(_ bytes: [UInt8], _ what: String) {
        let reference = decode(bytes, readers: .libpng)
        for readers in readers.dropFirst() {
            let result = decode(bytes, readers: readers)
            switch (reference, result) {
            case (.success(let expected), .success(let actual)):
                #expect(actual == expected, "\(what), \(readers): pixels differ from libpng's")
            case (.failure, .failure): break
            case (.success, .failure(let error)):
                Issue.record("\(what), \(readers): refused (\(error)); libpng reads it")
            case (.failure(let error), .success):
                Issue.record("\(what), \(readers): read; libpng refuses it (\(error))")
            }
        }
    }

    @Test func everyFileOfPngSuiteReadsAsLibpngReadsIt() throws {
        #expect(Self.names.count == 175, "PngSuite's files in \(Self.folder.path)")
        for name in Self.names {
            let bytes = try Self.file(name)
            Self.expectLibpngsOutcome(bytes, name)
            // PngSuite's x*.png are damaged: every reader refuses them; the others read.
            let refused = (try? Self.decode(bytes, readers: .libpng).get()) == nil
            #expect(refused == name.hasPrefix("x"), "\(name): libpng \(refused ? "refuses" : "reads") it")
            // The same in pieces of 7 bytes, so that every chunk's head and CRC is split.
            let pieces = Self.decode(bytes, readers: .fastest, piece: 7)
            #expect(
                (try? pieces.get()) == (try? Self.decode(bytes, readers: .libpng).get()), "\(name) in 7-byte pieces")
        }
    }

    // MARK: Mutations

    /// A PNG's chunks, as (type, data); the signature is taken as read.
    struct Chunk: Equatable {
        var type: String
        var data: [UInt8]
        /// A CRC that fails when true.
        var broken = false
    }

    static func chunks(_ bytes: [UInt8]) -> [Chunk] {
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { break }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return chunks
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }

    static func file(_ chunks: [Chunk], after: [UInt8] = []) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for chunk in chunks {
            let body = Array(chunk.type.utf8) + chunk.data
            let crc = UInt32(body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
            out += bigEndian(UInt32(chunk.data.count)) + body + bigEndian(chunk.broken ? crc ^ 0x0100 : crc)
        }
        return out + after
    }

    /// The mutations of a file's chunks, named.
    static func mutations(of chunks: [Chunk]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        guard let firstData = chunks.firstIndex(where: { $0.type == "IDAT" }),
            let end = chunks.firstIndex(where: { $0.type == "IEND" })
        else { return out }
        let lastData = chunks.lastIndex(where: { $0.type == "IDAT" })!
        let ihdr = chunks[0].data
        let colorType = ihdr.count == 13 ? ihdr[9] : 0
        let data = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        func inserting(_ chunk: Chunk, at index: Int) -> [Chunk] {
            var c = chunks
            c.insert(chunk, at: index)
            return c
        }
        // Chunk order: every chunk between IHDR and the data moved after the data, and the reverse.
        let before = Array(chunks[1..<firstData])
        let after = Array(chunks[(lastData + 1)..<end])
        out.append(
            (
                "chunks moved after IDAT",
                file([chunks[0]] + chunks[firstData...lastData] + before + after + [chunks[end]])
            ))
        out.append(
            (
                "chunks moved before IDAT",
                file([chunks[0]] + before + after + chunks[firstData...lastData] + [chunks[end]])
            ))
        out.append(("ancillary chunks reversed", file([chunks[0]] + before.reversed() + chunks[firstData...])))
        // tRNS: a key on the first pixel's colour is what RGB files can take; then duplicates,
        // odd lengths and misplaced ones, for every colour type (libpng decides).
        let key: [UInt8] = [0, 255, 0, 255, 0, 255]
        let keys: [(String, [UInt8])] = [
            ("a 6-byte tRNS", key), ("a 7-byte tRNS", key + [0]), ("a 5-byte tRNS", Array(key.prefix(5))),
            ("an empty tRNS", []), ("a 2-byte tRNS", [0, 7]), ("a tRNS of 16-bit samples", [1, 255, 0, 3, 0, 9]),
        ]
        for (name, trns) in keys {
            out.append((name, file(inserting(Chunk(type: "tRNS", data: trns), at: firstData))))
            out.append((name + " after IDAT", file(inserting(Chunk(type: "tRNS", data: trns), at: lastData + 1))))
            out.append(
                (
                    name + " with a broken CRC",
                    file(inserting(Chunk(type: "tRNS", data: trns, broken: true), at: firstData))
                ))
        }
        var twice = inserting(Chunk(type: "tRNS", data: key), at: firstData)
        twice.insert(Chunk(type: "tRNS", data: [0, 0, 0, 0, 0, 0]), at: firstData + 1)
        out.append(("two tRNS, the first wins", file(twice)))
        var oddThenGood = inserting(Chunk(type: "tRNS", data: key + [0]), at: firstData)
        oddThenGood.insert(Chunk(type: "tRNS", data: key), at: firstData + 1)
        out.append(("a 7-byte tRNS, then a 6-byte one", file(oddThenGood)))
        if colorType == 2 || colorType == 6 {
            out.append(("a PLTE", file(inserting(Chunk(type: "PLTE", data: [1, 2, 3, 4, 5, 6]), at: firstData))))
            out.append(("a PLTE of 4 bytes", file(inserting(Chunk(type: "PLTE", data: [1, 2, 3, 4]), at: firstData))))
            var late = inserting(Chunk(type: "tRNS", data: key), at: firstData)
            late.insert(Chunk(type: "PLTE", data: [1, 2, 3]), at: firstData + 1)
            out.append(("a PLTE after tRNS", file(late)))
        }
        // Each chunk's CRC broken in turn: libpng skips an ancillary chunk, refuses a critical one.
        for index in chunks.indices {
            var c = chunks
            c[index].broken = true
            out.append(("\(chunks[index].type) (chunk \(index)) with a broken CRC", file(c)))
        }
        // Unknown chunks: ancillary ones anywhere, a critical one, names that are not letters.
        let unknown = Chunk(type: "prVt", data: Array("private".utf8))
        out.append(("an unknown chunk before IDAT", file(inserting(unknown, at: firstData))))
        out.append(("an unknown chunk after IDAT", file(inserting(unknown, at: lastData + 1))))
        out.append(("an unknown critical chunk", file(inserting(Chunk(type: "CRIT", data: [1]), at: firstData))))
        out.append(("a chunk named a1b2", file(inserting(Chunk(type: "a1b2", data: [1]), at: firstData))))
        out.append(("an empty unknown chunk", file(inserting(Chunk(type: "emPt", data: []), at: firstData))))
        // The image data in 1-byte chunks, split by an unknown chunk, with an empty IDAT, and an
        // IHDR again.
        let pieces = data.map { Chunk(type: "IDAT", data: [$0]) }
        out.append(("IDAT in 1-byte chunks", file([chunks[0]] + before + pieces + after + [chunks[end]])))
        let half = data.count / 2
        let split = [
            Chunk(type: "IDAT", data: Array(data[..<half])), unknown, Chunk(type: "IDAT", data: Array(data[half...])),
        ]
        out.append(("IDAT split by an unknown chunk", file([chunks[0]] + before + split + after + [chunks[end]])))
        out.append(("an empty IDAT", file(inserting(Chunk(type: "IDAT", data: []), at: lastData + 1))))
        out.append(("IHDR twice", file(inserting(chunks[0], at: 1))))
        out.append(("IEND with data", file(Array(chunks[..<end]) + [Chunk(type: "IEND", data: [0])])))
        // Trailing data: after IEND, in the stream past the rows, and an IDAT of garbage after it.
        out.append(("bytes after IEND", file(chunks, after: Array(repeating: 0x5A, count: 100))))
        out.append(("a second PNG after IEND", file(chunks, after: file(chunks))))
        out.append(
            (
                "an IDAT of garbage after the data",
                file(inserting(Chunk(type: "IDAT", data: [1, 2, 3, 4, 5]), at: lastData + 1))
            ))
        if data.count > 8 {
            // The deflate stream re-made with 4 KiB of zeros after the rows' bytes.
            var rows = [UInt8](repeating: 0, count: 16 << 20)
            var length = uLongf(rows.count)
            if uncompress(&rows, &length, data, uLong(data.count)) == Z_OK {
                let longer = Array(rows[..<Int(length)]) + [UInt8](repeating: 0, count: 4096)
                var size = compressBound(uLong(longer.count))
                var stream = [UInt8](repeating: 0, count: Int(size))
                _ = compress(&stream, &size, longer, uLong(longer.count))
                let more = [Chunk(type: "IDAT", data: Array(stream[..<Int(size)]))]
                out.append(
                    ("the stream longer than the rows", file([chunks[0]] + before + more + after + [chunks[end]])))
            }
        }
        // A chunk over libpng's 8 000 000-byte bound for chunks other than IDAT.
        out.append(
            (
                "an 8 000 001-byte unknown chunk",
                file(
                    inserting(Chunk(type: "biG", data: []), at: firstData).map {
                        $0.type == "biG" ? Chunk(type: "biGg", data: [UInt8](repeating: 1, count: 8_000_001)) : $0
                    })
            ))
        return out
    }

    /// The files the reader without libpng takes (8-bit RGB and RGBA, not interlaced) and a few of
    /// every other kind, each with every mutation.
    @Test(arguments: [
        "basn2c08", "basn6a08", "tbrn2c08", "tp0n2c08", "z00n2c08", "z09n2c08", "f04n2c08",
        "cdfn2c08", "ccwn2c08", "bgan6a08", "pp0n6a08", "basn0g08", "basn3p08", "tbbn3p08", "basi2c08",
        "basn2c16", "tbbn0g04", "ps2n2c16",
    ])
    func mutationsReadAsLibpngReadsThem(name: String) throws {
        let chunks = Self.chunks(try Self.file(name + ".png"))
        let mutations = Self.mutations(of: chunks)
        #expect(mutations.count > 40, "\(name): \(mutations.count) mutations")
        for (what, bytes) in mutations {
            Self.expectLibpngsOutcome(bytes, "\(name), \(what)")
        }
    }

    /// Odd files the reader without libpng used to treat otherwise than libpng: a second tRNS
    /// (libpng keeps the first), a broken CRC on an ancillary chunk (libpng skips the chunk), a
    /// 7-byte tRNS (libpng ignores it) and a tRNS in an RGBA file (libpng ignores it).
    @Test func oddFilesReadAsLibpngReadsThem() throws {
        let chunks = Self.chunks(try Self.file("basn2c08.png"))
        let data = chunks.firstIndex { $0.type == "IDAT" }!
        let first = try #require(Self.decode(Self.file(chunks), readers: .libpng).get().pixels.first)
        // A key on the first pixel's colour (its samples' low bytes).
        let key: [UInt8] = [0, UInt8(first & 0xFF), 0, UInt8((first >> 8) & 0xFF), 0, UInt8((first >> 16) & 0xFF)]
        var twice = chunks
        twice.insert(
            contentsOf: [Chunk(type: "tRNS", data: key), Chunk(type: "tRNS", data: [0, 1, 0, 1, 0, 1])], at: data)
        var broken = chunks
        broken.insert(Chunk(type: "tRNS", data: key, broken: true), at: data)
        var odd = chunks
        odd.insert(Chunk(type: "tRNS", data: key + [0]), at: data)
        let cases: [(String, [UInt8], transparentFirst: Bool)] = [
            ("two tRNS", Self.file(twice), true), ("a tRNS with a broken CRC", Self.file(broken), false),
            ("a 7-byte tRNS", Self.file(odd), false),
        ]
        for (what, bytes, transparentFirst) in cases {
            for readers in Self.readers {
                let image = try Self.decode(bytes, readers: readers).get()
                #expect(image.pixels[0] >> 24 == (transparentFirst ? 0 : 255), "\(what), \(readers)")
            }
        }
        var rgba = Self.chunks(try Self.file("basn6a08.png"))
        rgba.insert(Chunk(type: "tRNS", data: [0, 0, 0, 0, 0, 0]), at: 1)
        let reference = try Self.decode(Self.file("basn6a08.png"), readers: .libpng).get()
        for readers in Self.readers {
            #expect(try Self.decode(Self.file(rgba), readers: readers).get() == reference, "RGBA with tRNS, \(readers)")
        }
    }

    // MARK: Bombs

    /// A zlib stream of `count` zeros (a multiple of 1 MiB) made of one piece of 1 MiB deflated
    /// once and repeated: about 1 KiB of stream for each MiB.
    static func zeros(_ count: Int) throws -> [UInt8] {
        let mebibyte = [UInt8](repeating: 0, count: 1 << 20)
        let piece = try mebibyte.withUnsafeBufferPointer { try Deflate.piece($0, level: 9, last: false) }
        var stream: [UInt8] = [0x78, 0xDA]
        stream.reserveCapacity(2 + piece.count * (count >> 20) + 8)
        for _ in 0..<(count >> 20) { stream += piece }
        // The final block, empty, and the Adler-32 of `count` zeros.
        return stream + [0x03, 0x00] + bigEndian(UInt32(count % 65521) << 16 | 1)
    }

    /// A 1 × 1 px PNG of `colorType`, interlaced or not, whose one IDAT is `stream`.
    static func bomb(colorType: UInt8, interlaced: Bool, stream: [UInt8]) -> [UInt8] {
        let ihdr = bigEndian(1) + bigEndian(1) + [8, colorType, 0, 0, interlaced ? 1 : 0]
        return file([Chunk(type: "IHDR", data: ihdr), Chunk(type: "IDAT", data: stream), Chunk(type: "IEND", data: [])])
    }

    static let bombKinds: [(String, UInt8, Bool)] = [
        ("RGB (the reader without libpng)", 2, false), ("RGBA (the reader without libpng)", 6, false),
        ("grey (libpng)", 0, false), ("RGB interlaced (libpng)", 2, true),
    ]

    /// 2 GiB of zeros in a 2 MB IDAT for one pixel: over twice the rows and 1 MiB, refused by
    /// every reader as it is read (the fast reader took 7 s on it, inflating every zero).
    @Test(arguments: bombKinds) func aBombIsRefused(kind: String, colorType: UInt8, interlaced: Bool) throws {
        let bytes = Self.bomb(colorType: colorType, interlaced: interlaced, stream: try Self.zeros(2 << 30))
        for readers in Self.readers {
            #expect(
                throws: PNGError.tooMuchImageData(
                    width: 1, height: 1, limit: 1 << 20 + 2 * Self.rowBytes(colorType, interlaced))
            ) {
                try Self.decode(bytes, readers: readers).get()
            }
        }
        #expect(throws: ImageDecodeError.self, "\(kind)") { try ScreenshotDecoder.decode(bytes) }
    }

    /// The filtered row of one pixel, with interlacing's margin (png_bridge_image_data_limit).
    static func rowBytes(_ colorType: UInt8, _ interlaced: Bool) -> Int {
        (colorType == 6 ? 4 : colorType == 2 ? 3 : 1) + 1 + (interlaced ? 7 : 0)
    }

    /// 512 MiB of zeros in 520 KB, under the bound: every reader reads the pixel and inflates
    /// no further than its row (black, the zeros' colour).
    @Test(arguments: bombKinds) func aBombUnderTheBoundReadsItsPixel(kind: String, colorType: UInt8, interlaced: Bool)
        throws
    {
        let bytes = Self.bomb(colorType: colorType, interlaced: interlaced, stream: try Self.zeros(512 << 20))
        for readers in Self.readers {
            let image = try Self.decode(bytes, readers: readers).get()
            #expect(image.width == 1 && image.pixels == [colorType == 6 ? 0 : 0xFF00_0000], "\(kind), \(readers)")
        }
    }

    /// A stop asked while a file is read ends the read with `.stopped`, for every reader.
    @Test func aStopEndsTheRead() throws {
        let bytes = Self.bomb(colorType: 2, interlaced: false, stream: try Self.zeros(512 << 20))
        for readers in Self.readers {
            let reader = PNGReader(readers: readers, shouldStop: { true })
            #expect(throws: PNGError.stopped, "\(readers)") {
                try bytes.withUnsafeBufferPointer { try reader.read($0) }
                _ = try reader.image()
            }
        }
        #expect(throws: ImageDecodeError.stopped) { try ScreenshotDecoder.decode(bytes, shouldStop: { true }) }
    }
}

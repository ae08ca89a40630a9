import CZlib
import Testing

@testable import Images
@testable import PNGDeflate
@testable import Raster

/// The package's own deflate against zlib's inflate: every stream it writes must inflate to
/// exactly its input, in one piece or several.
@Suite struct RowDeflateTests {
    /// Inflates a zlib stream made of `pieces` (raw deflate) with a header and Adler-32.
    static func inflate(_ pieces: [[UInt8]], of input: [UInt8]) -> [UInt8]? {
        let stream = [0x78, 0x01] + pieces.flatMap { $0 } + PNGContainer.bigEndian(Deflate.adler32(input))
        var output = [UInt8](repeating: 0, count: input.count + 1)
        var length = UInt(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            stream.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, UInt($0.count)) }
        }
        guard status == Z_OK else { return nil }
        return Array(output[0..<Int(length)])
    }

    static func compress(_ input: [UInt8], rowBytes: Int, cuts: [Int] = []) -> [[UInt8]] {
        let bounds = [0] + cuts + [input.count]
        return (0..<(bounds.count - 1)).map { i in
            input[bounds[i]..<bounds[i + 1]].withUnsafeBufferPointer {
                RowDeflate.piece($0, rowBytes: rowBytes, last: i == bounds.count - 2)
            }
        }
    }

    static func random(_ count: Int, seed: UInt64, alphabet: Int = 256) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(Int(state >> 33) % alphabet)
        }
    }

    static let inputs: [(String, [UInt8], Int)] = [
        ("empty", [], 5),
        ("one byte", [7], 5),
        ("random", random(100_000, seed: 1), 401),
        ("four symbols", random(70_000, seed: 2, alphabet: 4), 97),
        ("one run", [UInt8](repeating: 9, count: 200_003), 1001),
        (
            "runs of 259 and 260", ([UInt8](repeating: 1, count: 259) + [2] + [UInt8](repeating: 3, count: 260) + [4]),
            13
        ),
        ("repeated rows", (0..<300).flatMap { _ in [0] + random(400, seed: 3) }, 401),
        ("rows over 32 KiB", (0..<4).flatMap { _ in [0] + random(40_000, seed: 4, alphabet: 3) }, 40_001),
    ]

    @Test(arguments: inputs.indices)
    func inflatesToTheInput(index: Int) {
        let (name, input, rowBytes) = Self.inputs[index]
        let single = Self.inflate(Self.compress(input, rowBytes: rowBytes), of: input)
        #expect(single == input, "\(name): one piece")
        if input.count > 10 {
            let cuts = [input.count / 3, input.count / 3 + 1, 2 * input.count / 3]
            let pieces = Self.inflate(Self.compress(input, rowBytes: rowBytes, cuts: cuts), of: input)
            #expect(pieces == input, "\(name): four pieces")
        }
    }

    @Test func frameScanlinesInflate() throws {
        for scene in [Scene(variant: .indicator, scale: 3), Scene(variant: .overlay, scale: 1)] {
            let renderer = try FrameRenderer(scene: scene, frameCount: 12)
            let frame = renderer.frame(5)
            let lines = Scanlines.make(frame, rows: 0..<frame.height, filter: .none)
            let pieces = Self.compress(lines, rowBytes: frame.width * 4 + 1)
            #expect(Self.inflate(pieces, of: lines) == lines)
            #expect(pieces[0].count < lines.count / 20)
        }
    }

    /// A row repeated: one row parsed, the copies' tokens repeated. Rows of one colour, of zeros
    /// (a run of the previous pixel crosses the rows), of random bytes and of 32 KiB; one copy
    /// or many, more tokens than a block holds; as the last piece and before another.
    @Test func repeatedRowsInflateToTheCopies() {
        let rows: [(String, [UInt8])] = [
            ("one colour", [0] + (0..<300).flatMap { _ in [10, 20, 30, 255] }),
            ("zeros", [UInt8](repeating: 0, count: 1201)),
            ("random", [0] + Self.random(700, seed: 9)),
            ("32 KiB", [0] + Self.random(32767, seed: 10, alphabet: 2)),
        ]
        for (name, row) in rows {
            for count in [1, 2, 3, 200, 9000] where row.count * count <= 1 << 25 {
                let copies = (0..<count).flatMap { _ in row }
                let piece = (row + row).withUnsafeBufferPointer {
                    RowDeflate.repeatedPiece($0, count: count, last: true)
                }
                #expect(Self.inflate([piece], of: copies) == copies, "\(name) × \(count)")
                let first = (row + row).withUnsafeBufferPointer {
                    RowDeflate.repeatedPiece($0, count: count, last: false)
                }
                let then = Self.compress(row, rowBytes: row.count)
                #expect(
                    Self.inflate([first] + then, of: copies + row) == copies + row, "\(name) × \(count), then a row")
                #expect(
                    RepeatedRows.adler32(repeating: Deflate.adler32(row), length: row.count, count: count)
                        == Deflate.adler32(copies), "\(name) × \(count): Adler-32")
            }
        }
    }

    @Test func huffmanCodesAreCompleteAndLimited() {
        for seed in 0..<50 {
            let frequencies = Self.random(286, seed: UInt64(seed)).map {
                UInt32($0) * UInt32($0) * UInt32(seed % 7 + 1)
            }
            for limit in [7, 15] {
                let code = HuffmanCode(frequencies: frequencies, limit: limit)
                let kraft = code.lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1 / Double(1 << Int($1)) }
                #expect(kraft == 1, "seed \(seed) limit \(limit): Kraft sum \(kraft)")
                #expect(code.lengths.allSatisfy { Int($0) <= limit })
            }
        }
    }
}

@Suite struct Adler32Tests {
    /// libdeflate's Adler-32 as the PNG encoder calls it (`Deflate.adler32`), against zlib's: every
    /// length through three vector blocks and around the reduction interval (5552 bytes),
    /// at every alignment of the first byte, random bytes and all-255 bytes (the largest sums),
    /// from the start value 1 and from a value carried over.
    @Test func equalsZlib() {
        let lengths = Array(0...100) + [5551, 5552, 5553, 5552 * 3 + 31, 100_000, 1 << 20]
        for (index, count) in lengths.enumerated() {
            let bytes = RowDeflateTests.random(count + 31, seed: UInt64(index + 1))
            let ones = [UInt8](repeating: 255, count: count + 31)
            for input in [bytes, ones] {
                input.withUnsafeBufferPointer { all in
                    for offset in [0, 1, 7, 31] where offset == 0 || count <= 100 {
                        let slice = UnsafeBufferPointer(rebasing: all[offset..<(offset + count)])
                        for initial: UInt32 in [1, 0xFFF0_FFF0] {
                            let zlib = UInt32(adler32_z(UInt(initial), slice.baseAddress, slice.count))
                            #expect(Deflate.adler32(slice, initial: initial) == zlib, "\(count) bytes at +\(offset)")
                        }
                    }
                }
            }
        }
    }

    @Test func equalsZlibForRowsOfPixels() {
        for (count, seed) in [(0, 1), (1, 2), (4095, 3), (4096, 4), (4097, 5), (100_000, 6)] {
            let bytes = RowDeflateTests.random(count, seed: UInt64(seed))
            let ones = [UInt8](repeating: 255, count: count)
            for input in [bytes, ones] {
                let zlib = input.withUnsafeBufferPointer { UInt32(adler32_z(1, $0.baseAddress, $0.count)) }
                #expect(input.withUnsafeBufferPointer { Deflate.adler32($0) } == zlib, "\(count) bytes")
            }
        }
    }
}

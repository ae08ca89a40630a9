/// The literals and matches of one deflate block, with their symbol counts, and how the block is
/// written with a dynamic Huffman code (RFC 1951, 3.2.5 to 3.2.7).
///
/// A token is a `UInt32`: a literal byte is its value; a match sets the top bit, holds
/// length − 3 (0…255) in bits 16…23 and distance − 1 (0…32767) in bits 0…14.
struct TokenBlock {
    /// One allocation: room for `capacity` tokens, then the counts of the literal/length symbols
    /// 0…285 and of the distance symbols 0…29 (no copy-on-write checks on the hot path).
    private let storage: UnsafeMutablePointer<UInt32>
    private(set) var count = 0
    /// The most tokens a block holds: `RowDeflate.blockTokens` (a piece's row of at most 32 KiB
    /// parses into no more).
    static let capacity = RowDeflate.blockTokens
    private static let symbolCounts = 286 + 30

    init() {
        storage = .allocate(capacity: TokenBlock.capacity + TokenBlock.symbolCounts)
        (storage + TokenBlock.capacity).initialize(repeating: 0, count: TokenBlock.symbolCounts)
    }

    /// Frees the storage; the block is not used after.
    func release() { storage.deallocate() }

    private var literalCounts: UnsafeMutablePointer<UInt32> { storage + TokenBlock.capacity }
    private var distanceCounts: UnsafeMutablePointer<UInt32> { storage + TokenBlock.capacity + 286 }

    /// The tokens, in order.
    var tokens: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: storage, count: count) }

    @inline(__always)
    mutating func addLiteral(_ byte: UInt8) {
        precondition(count < TokenBlock.capacity, "a block holds at most `capacity` tokens")
        storage[count] = UInt32(byte)
        count += 1
        literalCounts[Int(byte)] += 1
    }

    /// A match of `length` (3…258) bytes, `distance` (1…32768) back.
    @inline(__always)
    mutating func addMatch(length: Int, distance: Int) {
        precondition(count < TokenBlock.capacity, "a block holds at most `capacity` tokens")
        let l = UInt32(length - 3)
        let d = UInt32(distance - 1)
        storage[count] = 0x8000_0000 | l << 16 | d
        count += 1
        literalCounts[257 + TokenBlock.lengthSymbol(l)] += 1
        distanceCounts[TokenBlock.distanceSymbol(d)] += 1
    }

    /// A token as `tokens` holds it (a literal, or a match as `addMatch` makes it).
    @inline(__always)
    mutating func add(_ token: UInt32) {
        if token & 0x8000_0000 == 0 {
            addLiteral(UInt8(token))
        } else {
            addMatch(length: Int((token >> 16) & 0xFF) + 3, distance: Int(token & 0x7FFF) + 1)
        }
    }

    mutating func reset() {
        count = 0
        literalCounts.update(repeating: 0, count: TokenBlock.symbolCounts)
    }

    /// Writes the block: its header, Huffman tables, tokens and end-of-block code.
    func write(final: Bool, into writer: inout BitWriter) {
        write(final: final, repeating: nil, times: 0, then: nil, into: &writer)
    }

    /// Writes the block whose tokens are this block's, then `times` times `copy`'s, then
    /// `tail`'s: the same bits as one block holding them all. The copies' bits are the same
    /// each time, so they are made once and appended `times` times (`RowDeflate.repeatedPiece`).
    func write(
        final: Bool, repeating copy: TokenBlock?, times: Int, then tail: TokenBlock?, into writer: inout BitWriter
    ) {
        var counts = [UInt32](UnsafeBufferPointer(start: literalCounts, count: 286))
        var distanceCounts = [UInt32](UnsafeBufferPointer(start: self.distanceCounts, count: 30))
        for (part, multiple) in [(copy, times), (tail, 1)] where multiple > 0 {
            guard let part else { continue }
            for i in counts.indices { counts[i] += UInt32(multiple) * part.literalCounts[i] }
            for i in distanceCounts.indices { distanceCounts[i] += UInt32(multiple) * part.distanceCounts[i] }
        }
        counts[256] += 1
        let literals = HuffmanCode(frequencies: counts, limit: 15)
        let distances = HuffmanCode(frequencies: distanceCounts, limit: 15)
        // Each token takes at most 15 + 5 + 15 + 13 bits: 6 bytes; the tables under 1 KiB.
        writer.ensure(extra: (tokens.count + (tail?.count ?? 0)) * 6 + 1024)
        writer.put(final ? 1 : 0, 1)
        writer.put(2, 2)
        TokenBlock.writeTables(literals.lengths, distances.lengths, into: &writer)
        TokenBlock.write(tokens, literals: literals, distances: distances, into: &writer)
        if let copy, times > 0 {
            var one = BitWriter(capacity: copy.count * 6 + 8)
            TokenBlock.write(copy.tokens, literals: literals, distances: distances, into: &one)
            writer.ensure(extra: times * (one.count + 4))
            for _ in 0..<times { writer.append(one) }
            one.release()
        }
        if let tail { TokenBlock.write(tail.tokens, literals: literals, distances: distances, into: &writer) }
        writer.put(literals.codes[256], Int(literals.lengths[256]))
    }

    /// Writes `tokens` with the block's codes (room for them already made).
    private static func write(
        _ tokens: UnsafeBufferPointer<UInt32>, literals: HuffmanCode, distances: HuffmanCode,
        into output: inout BitWriter
    ) {
        literals.lengths.withUnsafeBufferPointer { literalLengths in
            literals.codes.withUnsafeBufferPointer { literalCodes in
                distances.lengths.withUnsafeBufferPointer { distanceLengths in
                    distances.codes.withUnsafeBufferPointer { distanceCodes in
                        // A local copy: its bits and counts stay in registers (room is made).
                        var writer = output
                        defer { output = writer }
                        for token in tokens {
                            if token & 0x8000_0000 == 0 {
                                writer.put(literalCodes[Int(token)], Int(literalLengths[Int(token)]))
                                continue
                            }
                            let l = (token >> 16) & 0xFF
                            let symbol = TokenBlock.lengthSymbol(l)
                            let lengthBits = TokenBlock.lengthExtraBits(symbol)
                            let lengthLength = Int(literalLengths[257 + symbol])
                            writer.put(
                                literalCodes[257 + symbol] | (l - TokenBlock.lengthBase(symbol)) << lengthLength,
                                lengthLength + lengthBits)
                            let d = token & 0x7FFF
                            let distance = TokenBlock.distanceSymbol(d)
                            let distanceBits = TokenBlock.distanceExtraBits(distance)
                            let distanceLength = Int(distanceLengths[distance])
                            writer.put(
                                distanceCodes[distance] | (d - TokenBlock.distanceBase(distance)) << distanceLength,
                                distanceLength + distanceBits)
                        }
                    }
                }
            }
        }
    }

    /// HLIT, HDIST, HCLEN, the code-length code, then both codes' lengths run-length coded.
    static func writeTables(_ literalLengths: [UInt8], _ distanceLengths: [UInt8], into writer: inout BitWriter) {
        let literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        var lengths = [UInt8]()
        lengths.reserveCapacity(literalCount + distanceCount)
        lengths += literalLengths[0..<literalCount]
        lengths += distanceLengths[0..<distanceCount]
        var runs: [(symbol: Int, extra: UInt32, bits: Int)] = []
        runs.reserveCapacity(lengths.count)
        var i = 0
        while i < lengths.count {
            let value = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == value { run += 1 }
            var left = run
            if value == 0 {
                while left >= 11 {
                    let n = min(138, left)
                    runs.append((18, UInt32(n - 11), 7))
                    left -= n
                }
                if left >= 3 {
                    runs.append((17, UInt32(left - 3), 3))
                    left = 0
                }
            } else {
                runs.append((Int(value), 0, 0))
                left -= 1
                while left >= 3 {
                    let n = min(6, left)
                    runs.append((16, UInt32(n - 3), 2))
                    left -= n
                }
            }
            for _ in 0..<left { runs.append((Int(value), 0, 0)) }
            i += run
        }
        var counts = [UInt32](repeating: 0, count: 19)
        for run in runs { counts[run.symbol] += 1 }
        let code = HuffmanCode(frequencies: counts, limit: 7)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        let orderCount = max(4, (order.lastIndex { code.lengths[$0] > 0 } ?? 0) + 1)
        writer.put(UInt32(literalCount - 257), 5)
        writer.put(UInt32(distanceCount - 1), 5)
        writer.put(UInt32(orderCount - 4), 4)
        for symbol in order[0..<orderCount] { writer.put(UInt32(code.lengths[symbol]), 3) }
        for run in runs {
            writer.put(code.codes[run.symbol], Int(code.lengths[run.symbol]))
            if run.bits > 0 { writer.put(run.extra, run.bits) }
        }
    }

    /// The length symbol (0…28, for codes 257…285) of length − 3.
    @inline(__always)
    static func lengthSymbol(_ l: UInt32) -> Int {
        if l < 8 { return Int(l) }
        if l == 255 { return 28 }
        let bits = 31 - l.leadingZeroBitCount
        return 4 * (bits - 1) + Int((l >> UInt32(bits - 2)) & 3)
    }

    @inline(__always)
    static func lengthExtraBits(_ symbol: Int) -> Int {
        symbol < 8 || symbol == 28 ? 0 : symbol / 4 - 1
    }

    /// The smallest length − 3 of a length symbol.
    @inline(__always)
    static func lengthBase(_ symbol: Int) -> UInt32 {
        if symbol < 8 { return UInt32(symbol) }
        if symbol == 28 { return 255 }
        return UInt32(4 + symbol & 3) << UInt32(symbol / 4 - 1)
    }

    /// The distance symbol (0…29) of distance − 1.
    @inline(__always)
    static func distanceSymbol(_ d: UInt32) -> Int {
        if d < 4 { return Int(d) }
        let bits = 31 - d.leadingZeroBitCount
        return 2 * bits + Int((d >> UInt32(bits - 1)) & 1)
    }

    @inline(__always)
    static func distanceExtraBits(_ symbol: Int) -> Int {
        symbol < 4 ? 0 : symbol / 2 - 1
    }

    /// The smallest distance − 1 of a distance symbol.
    @inline(__always)
    static func distanceBase(_ symbol: Int) -> UInt32 {
        symbol < 4 ? UInt32(symbol) : UInt32(2 + symbol & 1) << UInt32(symbol / 2 - 1)
    }
}

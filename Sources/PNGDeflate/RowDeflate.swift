/// Deflate (RFC 1951) written for PNG scanlines, this package's own: fast on images made of runs
/// of equal pixels and rows that repeat, which is what a loading indicator's frames are.
///
/// Matching is greedy and looks in three places only: 4 bytes back (the previous pixel), one
/// scanline back (the pixel above) and the last position whose next 4 bytes hashed the same;
/// the longest match of at least 4 bytes wins, ties going to the nearer. Each block of at most
/// `blockTokens` tokens gets its own dynamic Huffman code (`HuffmanCode`). A piece is
/// independent, as zlib's pieces are (`Deflate`): nothing refers to bytes before it, and unless
/// it is the last it ends with an empty stored block (a full flush), so pieces concatenate into
/// one stream. The output depends only on the input bytes, the row length and `last`.
package enum RowDeflate {
    /// Tokens per block: a new Huffman code every 32 Ki tokens, and bounded memory.
    static let blockTokens = 1 << 15

    /// The compressed piece.
    package static func piece(_ input: UnsafeBufferPointer<UInt8>, rowBytes: Int, last: Bool) -> [UInt8] {
        var writer = BitWriter(capacity: 64 + input.count / 4)
        var tokens = TokenBlock()
        defer { tokens.release() }
        var matcher = Matcher(input: input, rowBytes: rowBytes)
        while matcher.position < input.count {
            matcher.fill(&tokens, limit: blockTokens)
            let isFinal = last && matcher.position >= input.count
            tokens.write(final: isFinal, into: &writer)
            tokens.reset()
        }
        matcher.release()
        return finish(&writer, tokens: tokens, empty: input.isEmpty, last: last)
    }

    /// `count` (≥ 1) copies of one scanline as one piece, without making the copies. `twice`
    /// holds the scanline (at most 32 KiB, its filter byte included) two times: the first is
    /// parsed as `piece` parses it; the second, with the first as its history, gives the tokens
    /// every copy repeats (each refers only to equal rows before it). Rows that repeat, such as a
    /// dim layer's, cost one row.
    package static func repeatedPiece(_ twice: UnsafeBufferPointer<UInt8>, count: Int, last: Bool) -> [UInt8] {
        let rowBytes = twice.count / 2
        precondition(count >= 1 && rowBytes <= 32768 && twice.count == 2 * rowBytes, "a row of at most 32 KiB, twice")
        if rowBytes > 0 && twice[0..<rowBytes].allSatisfy({ $0 == twice[0] }) {
            return uniformPiece(byte: twice[0], count: count * rowBytes, last: last)
        }
        var copy = TokenBlock()
        var copyParser = Matcher(input: twice, rowBytes: rowBytes, start: rowBytes)
        copyParser.fill(&copy, limit: Int.max)
        copyParser.release()
        var writer = BitWriter(capacity: 64 + rowBytes / 4 + count * copy.count)
        // The tokens are the row's, then the copy's `count − 1` times, cut into blocks of
        // `blockTokens`. In a block, the copies it holds whole are written as one copy's bits
        // repeated (`TokenBlock.write(final:repeating:times:then:into:)`); parts of a copy at its
        // ends, token by token.
        var tokens = TokenBlock()
        var tail = TokenBlock()
        defer { for block in [copy, tokens, tail] { block.release() } }
        var matcher = Matcher(input: UnsafeBufferPointer(rebasing: twice[0..<rowBytes]), rowBytes: rowBytes)
        var copiesLeft = copy.count > 0 ? count - 1 : 0
        var next = 0
        func step() {
            next += 1
            if next == copy.count {
                next = 0
                copiesLeft -= 1
            }
        }
        while matcher.position < rowBytes || copiesLeft > 0 {
            if matcher.position < rowBytes {
                matcher.fill(&tokens, limit: blockTokens)
            }
            var whole = 0
            if matcher.position >= rowBytes {
                // The end of a copy begun in the block before, then whole copies, then the start of one.
                while copiesLeft > 0 && next > 0 && tokens.count < blockTokens {
                    tokens.add(copy.tokens[next])
                    step()
                }
                if next == 0 {
                    whole = min(copiesLeft, (blockTokens - tokens.count) / copy.count)
                    copiesLeft -= whole
                }
                let room = blockTokens - tokens.count - whole * copy.count
                while copiesLeft > 0 && tail.count < room {
                    tail.add(copy.tokens[next])
                    step()
                }
            }
            let isFinal = last && matcher.position >= rowBytes && copiesLeft == 0
            tokens.write(final: isFinal, repeating: copy, times: whole, then: tail, into: &writer)
            tokens.reset()
            tail.reset()
        }
        matcher.release()
        return finish(&writer, tokens: tokens, empty: rowBytes == 0, last: last)
    }

    /// `count` equal bytes (a transparent screen's rows: filter byte and pixels all 0) as one
    /// piece: four literals, then one run of matches four bytes back, as `piece` parses them.
    private static func uniformPiece(byte: UInt8, count: Int, last: Bool) -> [UInt8] {
        var writer = BitWriter(capacity: 64 + count / 512)
        var tokens = TokenBlock()
        defer { tokens.release() }
        for _ in 0..<min(4, count) { tokens.addLiteral(byte) }
        var left = count - min(4, count)
        while left > 0 {
            if left < 3 {
                tokens.addLiteral(byte)
                left -= 1
            } else {
                var length = min(258, left)
                if left - length > 0 && left - length < 3 { length = left - 3 }
                tokens.addMatch(length: length, distance: 4)
                left -= length
            }
            if tokens.count == blockTokens && left > 0 {
                tokens.write(final: false, into: &writer)
                tokens.reset()
            }
        }
        tokens.write(final: last, into: &writer)
        return finish(&writer, tokens: tokens, empty: false, last: last)
    }

    /// Ends a piece: the final block of an empty last piece, then a full flush (an empty stored
    /// block: the byte boundary, then LEN = 0, NLEN = ~0) unless it is the last.
    private static func finish(_ writer: inout BitWriter, tokens: TokenBlock, empty: Bool, last: Bool) -> [UInt8] {
        if empty && last {
            tokens.write(final: true, into: &writer)
        }
        if !last {
            writer.ensure(extra: 8)
            writer.put(0, 3)
            writer.alignToByte()
            writer.append(bytes: [0, 0, 0xFF, 0xFF])
        } else {
            writer.alignToByte()
        }
        return writer.finish()
    }
}

/// The greedy LZ77 parse of one piece (see `RowDeflate`).
struct Matcher {
    let input: UnsafeBufferPointer<UInt8>
    let rowBytes: Int
    private(set) var position = 0
    /// Last position of each 4-byte hash, −1 for none.
    private let table: UnsafeMutablePointer<Int32>
    private static let tableBits = 12

    /// A parse of `input` from `start` on; the bytes before it are history that matches may
    /// refer to.
    init(input: UnsafeBufferPointer<UInt8>, rowBytes: Int, start: Int = 0) {
        self.input = input
        self.rowBytes = rowBytes
        position = start
        table = .allocate(capacity: 1 << Matcher.tableBits)
        table.initialize(repeating: -1, count: 1 << Matcher.tableBits)
    }

    func release() { table.deallocate() }

    /// Parses on from `position` until the input ends or `tokens` holds `limit` tokens.
    mutating func fill(_ tokens: inout TokenBlock, limit: Int) {
        guard let base = input.baseAddress else { return }
        let count = input.count
        let above = rowBytes <= 32768 ? rowBytes : 0
        var i = position
        while i < count && tokens.count < limit {
            let remaining = count - i
            // A run of the previous pixel's bytes: taken whole when long (its distance costs no
            // extra bits).
            let run = i >= 4 ? Matcher.matchLength(base + i, base + i - 4, min(remaining, 1 << 16)) : 0
            if run >= 258 {
                emit(run, distance: 4, into: &tokens, limit: limit, at: &i)
                continue
            }
            // Farther matches cost 10 to 13 extra bits: one token at most, then look again.
            var far = 0
            var distance = 0
            if remaining >= 4 {
                let cap = min(remaining, 258)
                if above > 0 && i >= above {
                    far = Matcher.matchLength(base + i, base + i - above, cap)
                    distance = above
                }
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self)
                let slot = Int((word &* 0x9E37_79B1) >> UInt32(32 - Matcher.tableBits))
                let candidate = Int(table[slot])
                table[slot] = Int32(truncatingIfNeeded: i)
                let gap = i - candidate
                if candidate >= 0 && gap <= 32768 && gap != 4 && gap != above && far < cap {
                    let length = Matcher.matchLength(base + i, base + candidate, cap)
                    if length > far {
                        far = length
                        distance = gap
                    }
                }
            }
            if run >= 4 && run + 8 >= far {
                emit(run, distance: 4, into: &tokens, limit: limit, at: &i)
            } else if far >= 4 {
                emit(far, distance: distance, into: &tokens, limit: limit, at: &i)
            } else {
                tokens.addLiteral(base[i])
                i += 1
            }
        }
        position = i
    }

    /// Adds a match of `length` bytes as tokens of at most 258 (none shorter than 3 left over).
    @inline(__always)
    private func emit(_ length: Int, distance: Int, into tokens: inout TokenBlock, limit: Int, at i: inout Int) {
        var left = length
        while left > 0 && tokens.count < limit {
            var piece = min(258, left)
            if left - piece > 0 && left - piece < 3 { piece = left - 3 }
            tokens.addMatch(length: piece, distance: distance)
            left -= piece
            i += piece
        }
    }

    /// How many bytes from `a` equal those from `b`, at most `limit`.
    @inline(__always)
    static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ limit: Int) -> Int {
        var length = 0
        // The first 8 bytes alone: most tries fail there (at the edges of shapes), and a failed
        // try then costs one comparison. Then 32 bytes a step while they all match (long runs
        // are the common case here), then 8 at a time to find the first difference.
        if limit >= 8 {
            let x = UnsafeRawPointer(a).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(b).loadUnaligned(as: UInt64.self)
            if x != y { return (x ^ y).littleEndian.trailingZeroBitCount / 8 }
            length = 8
        }
        while length + 32 <= limit {
            let x = UnsafeRawPointer(a + length)
            let y = UnsafeRawPointer(b + length)
            let differ =
                (x.loadUnaligned(as: UInt64.self) ^ y.loadUnaligned(as: UInt64.self))
                | (x.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    ^ y.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                | (x.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                    ^ y.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
                | (x.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                    ^ y.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            if differ != 0 { break }
            length += 32
        }
        while length + 8 <= limit {
            let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
            if x != y { return length + (x ^ y).littleEndian.trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit && a[length] == b[length] { length += 1 }
        return length
    }
}

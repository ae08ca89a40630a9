/// A canonical Huffman code for deflate (RFC 1951, 3.2.2), from symbol frequencies, with every
/// code at most `limit` bits.
///
/// Lengths come from Moffat and Katajainen's in-place minimum-redundancy algorithm on the symbols
/// sorted by frequency; where a length exceeds the limit, codes are moved up the tree until the
/// Kraft sum is exactly 1 again (miniz's method). At least two symbols always get a code, as zlib
/// does, so that every decoder accepts the tree. Ties are broken by symbol number, so the same
/// frequencies always give the same code.
struct HuffmanCode {
    /// The code length of each symbol, 0 for an unused one.
    private(set) var lengths: [UInt8]
    /// Each symbol's code, bit-reversed for `BitWriter` (deflate sends codes from the top bit).
    private(set) var codes: [UInt32]

    init(frequencies: [UInt32], limit: Int) {
        let count = frequencies.count
        // The used symbols sorted by weight, then symbol: one integer key each (a closure
        // comparing pairs cost more than the rest of the construction).
        var keys: [UInt64] = []
        keys.reserveCapacity(count)
        for symbol in 0..<count where frequencies[symbol] > 0 {
            keys.append(UInt64(frequencies[symbol]) << 16 | UInt64(symbol))
        }
        // Two codes at least: pad with the lowest unused symbols, at weight 1.
        var pad = 0
        while keys.count < 2 {
            if frequencies[pad] == 0 { keys.append(1 << 16 | UInt64(pad)) }
            pad += 1
        }
        keys.sort()
        var depths = keys.map { Int($0 >> 16) }
        HuffmanCode.minimumRedundancy(&depths)
        var perLength = [Int](repeating: 0, count: max(limit, depths.max() ?? 0) + 1)
        for depth in depths { perLength[depth] += 1 }
        HuffmanCode.enforce(limit: limit, on: &perLength)
        var lengths = [UInt8](repeating: 0, count: count)
        var next = keys.count
        for length in 1...limit {
            for _ in 0..<perLength[length] {
                next -= 1
                lengths[Int(keys[next] & 0xFFFF)] = UInt8(length)
            }
        }
        self.lengths = lengths
        codes = HuffmanCode.canonicalCodes(lengths)
    }

    /// Replaces sorted weights by code lengths (Moffat and Katajainen, 1995).
    static func minimumRedundancy(_ weights: inout [Int]) {
        weights.withUnsafeMutableBufferPointer { minimumRedundancy($0) }
    }

    /// `minimumRedundancy(_:)` in place, without bounds checks (every index below is in 0..<n).
    private static func minimumRedundancy(_ a: UnsafeMutableBufferPointer<Int>) {
        let n = a.count
        if n == 1 {
            a[0] = 1
            return
        }
        a[0] += a[1]
        var root = 0
        var leaf = 2
        for next in 1..<(n - 1) {
            if leaf >= n || a[root] < a[leaf] {
                a[next] = a[root]
                a[root] = next
                root += 1
            } else {
                a[next] = a[leaf]
                leaf += 1
            }
            if leaf >= n || (root < next && a[root] < a[leaf]) {
                a[next] += a[root]
                a[root] = next
                root += 1
            } else {
                a[next] += a[leaf]
                leaf += 1
            }
        }
        a[n - 2] = 0
        if n >= 3 {
            for next in stride(from: n - 3, through: 0, by: -1) { a[next] = a[a[next]] + 1 }
        }
        var available = 1
        var usedAtDepth = 0
        var depth = 0
        var rootIndex = n - 2
        var nextIndex = n - 1
        while available > 0 {
            while rootIndex >= 0 && a[rootIndex] == depth {
                usedAtDepth += 1
                rootIndex -= 1
            }
            while available > usedAtDepth {
                a[nextIndex] = depth
                nextIndex -= 1
                available -= 1
            }
            available = 2 * usedAtDepth
            depth += 1
            usedAtDepth = 0
        }
    }

    /// Moves codes longer than `limit` up until the Kraft sum is 1 (counts by length).
    static func enforce(limit: Int, on perLength: inout [Int]) {
        if perLength.count > limit + 1 {
            for length in (limit + 1)..<perLength.count {
                perLength[limit] += perLength[length]
                perLength[length] = 0
            }
        }
        var total = 0
        for length in 1...limit { total += perLength[length] << (limit - length) }
        while total != 1 << limit {
            perLength[limit] -= 1
            for length in stride(from: limit - 1, to: 0, by: -1) where perLength[length] > 0 {
                perLength[length] -= 1
                perLength[length + 1] += 2
                break
            }
            total -= 1
        }
    }

    /// The canonical codes of `lengths` (RFC 1951, 3.2.2), bit-reversed.
    static func canonicalCodes(_ lengths: [UInt8]) -> [UInt32] {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { next in
            next.initialize(repeating: 0)
            return lengths.withUnsafeBufferPointer { lengths in
                // Codes of each length, then the first code of each length.
                for length in lengths where length > 0 { next[Int(length)] += 1 }
                var code: UInt32 = 0
                var previous: UInt32 = 0
                for length in 1..<16 {
                    code = (code + previous) << 1
                    previous = next[length]
                    next[length] = code
                }
                return [UInt32](unsafeUninitializedCapacity: lengths.count) { codes, initialized in
                    for (symbol, length) in lengths.enumerated() {
                        if length > 0 {
                            codes[symbol] = reversed(next[Int(length)], Int(length))
                            next[Int(length)] += 1
                        } else {
                            codes[symbol] = 0
                        }
                    }
                    initialized = lengths.count
                }
            }
        }
    }

    static func reversed(_ value: UInt32, _ length: Int) -> UInt32 {
        value.bitReversed >> UInt32(32 - length)
    }
}

extension UInt32 {
    fileprivate var bitReversed: UInt32 {
        var v = self
        v = ((v >> 1) & 0x5555_5555) | ((v & 0x5555_5555) << 1)
        v = ((v >> 2) & 0x3333_3333) | ((v & 0x3333_3333) << 2)
        v = ((v >> 4) & 0x0F0F_0F0F) | ((v & 0x0F0F_0F0F) << 4)
        v = ((v >> 8) & 0x00FF_00FF) | ((v & 0x00FF_00FF) << 8)
        return (v >> 16) | (v << 16)
    }
}

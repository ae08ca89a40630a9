/// Writes a deflate bit stream (RFC 1951, 3.1.1): bits are packed into bytes from the least
/// significant bit up, Huffman codes already bit-reversed by the caller.
///
/// `put` never checks the buffer's capacity: a caller first makes room with `ensure(extra:)`
/// for a bound on what it is about to write (every caller states its bound).
struct BitWriter {
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    private(set) var count = 0
    private var bits: UInt64 = 0
    private var bitCount = 0

    /// A writer into new memory of `capacity` bytes (plus 8 for the last unaligned store).
    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity + 8)
    }

    /// Makes room for `extra` more bytes.
    mutating func ensure(extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(count + extra, 2 * capacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown + 8)
        moved.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = moved
        capacity = grown
    }

    /// Appends the low `length` bits of `value` (length ≤ 32, value < 2^length).
    @inline(__always)
    mutating func put(_ value: UInt32, _ length: Int) {
        // Fewer than 32 bits are pending before, and `length` ≤ 32: no shift reaches 64, no sum
        // overflows.
        bits |= UInt64(value) &<< UInt64(bitCount)
        bitCount &+= length
        if bitCount >= 32 {
            UnsafeMutableRawPointer(bytes + count).storeBytes(
                of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            count &+= 4
            bits &>>= 32
            bitCount &-= 32
        }
    }

    /// Pads with zero bits to the next byte boundary and writes out every pending bit.
    mutating func alignToByte() {
        while bitCount > 0 {
            bytes[count] = UInt8(truncatingIfNeeded: bits)
            count += 1
            bits >>= 8
            bitCount = max(0, bitCount - 8)
        }
        bits = 0
    }

    /// Appends whole bytes; the stream must be byte-aligned.
    mutating func append(bytes values: [UInt8]) {
        precondition(bitCount == 0, "bytes go on a byte boundary")
        for value in values {
            bytes[count] = value
            count += 1
        }
    }

    /// Appends every bit `other` holds (its bytes, then its pending bits); room for them must be
    /// made first.
    mutating func append(_ other: BitWriter) {
        var i = 0
        while i + 4 <= other.count {
            put(UInt32(littleEndian: UnsafeRawPointer(other.bytes + i).loadUnaligned(as: UInt32.self)), 32)
            i += 4
        }
        while i < other.count {
            put(UInt32(other.bytes[i]), 8)
            i += 1
        }
        if other.bitCount > 0 { put(UInt32(truncatingIfNeeded: other.bits), other.bitCount) }
    }

    /// Frees the writer's memory (the writer is not used after).
    func release() {
        bytes.deallocate()
    }

    /// The bytes written, as an array; frees the writer's memory (the writer is not used after).
    mutating func finish() -> [UInt8] {
        precondition(bitCount == 0, "a finished stream ends on a byte boundary")
        let result = Array(UnsafeBufferPointer(start: bytes, count: count))
        bytes.deallocate()
        return result
    }
}

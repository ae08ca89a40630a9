import Checksum

/// Adler-32 (RFC 1950, 8.2): the C function `frames_adler32` (32 bytes a step with AVX2 where
/// the processor has it, a plain loop elsewhere), the same values as zlib's `adler32` (tested at
/// every length up to a few blocks and at large sizes).
enum Adler32 {
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, initial: UInt32 = 1) -> UInt32 {
        guard let base = bytes.baseAddress else { return initial }
        return frames_adler32(initial, base, bytes.count)
    }
}

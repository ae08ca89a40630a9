import CDeflate
import CZlib

/// zlib's deflate and checksums, for compressing a PNG's image data in independent pieces.
///
/// A piece is a raw deflate stream of its own (no zlib header, no shared history). A piece that
/// is not the last ends with a full flush: the compressed data stops on a byte boundary after an
/// empty stored block, and no back-reference reaches across it, so pieces compressed separately,
/// even at different times, concatenate into one valid deflate stream. The last piece ends with
/// the final block. The zlib checksum of the whole is `adler32_combine` of the pieces' checksums.
enum Deflate {
    /// Compresses `input` as one piece at zlib `level` (0…9).
    static func piece(_ input: UnsafeBufferPointer<UInt8>, level: Int, last: Bool) throws(PNGError) -> [UInt8] {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        guard frames_deflate_init_raw(stream, Int32(level)) == Z_OK else { throw .zlibUnavailable }
        defer { deflateEnd(stream) }
        let bound = Int(deflateBound(stream, UInt(input.count))) + 64
        var status: Int32 = Z_OK
        // Uninitialised: zlib writes what is kept, and only that is kept.
        let output = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = UInt32(input.count)
            stream.pointee.next_out = out.baseAddress
            stream.pointee.avail_out = UInt32(out.count)
            status = deflate(stream, last ? Z_FINISH : Z_FULL_FLUSH)
            count = out.count - Int(stream.pointee.avail_out)
        }
        let done =
            last
            ? status == Z_STREAM_END
            : (status == Z_OK && stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0)
        guard done else { throw .zlibFailed(status: status) }
        return output
    }

    /// The Adler-32 (RFC 1950, 8.2) of `input`, continuing from `initial` (1 to start): libdeflate's
    /// `libdeflate_adler32`, whose vector loop is chosen at run time.
    static func adler32(_ input: UnsafeBufferPointer<UInt8>, initial: UInt32 = 1) -> UInt32 {
        guard let base = input.baseAddress else { return initial }
        return libdeflate_adler32(initial, base, input.count)
    }

    static func adler32(_ input: [UInt8]) -> UInt32 {
        input.withUnsafeBufferPointer { adler32($0) }
    }

    /// The Adler-32 of A followed by B, from A's, B's and B's length.
    static func combineAdler32(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(adler32_combine(UInt(first), UInt(second), off_t(secondLength)))
    }
}

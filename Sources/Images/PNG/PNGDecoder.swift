import CZlib
import PNGBridge

/// Reads PNG files: any bit depth (1 to 16), palette, grey, with or without alpha or tRNS,
/// interlaced or not, through libpng. Samples are taken as sRGB, as browsers without colour
/// management, pngjs and ImageMagick's defaults take them: no gamma chunk changes them (an
/// untagged 16-bit file is not taken as linear light), and 16-bit samples are rounded to 8 bits
/// (v · 255 / 65535, halves up), so a 16-bit file whose samples are its 8-bit twin's × 257 reads
/// as the twin.
public enum PNGDecoder {
    /// Decodes `bytes` into a premultiplied pixmap; refuses images over `Pixmap.maxPixelCount`
    /// pixels before allocating them, and files with more image data than the image needs
    /// (`PNGError.tooMuchImageData`). `shouldStop` is asked between slices of work (64 KiB of the
    /// file, at most about 64 MiB inflated): once it says yes, the read ends with `.stopped`.
    public static func decode(_ bytes: [UInt8], shouldStop: (@Sendable () -> Bool)? = nil) throws(PNGError)
        -> Pixmap
    {
        Pixmap(premultiplying: try decodeStraight(bytes, shouldStop: shouldStop))
    }

    /// Decodes `bytes` into straight RGBA, the samples as stored.
    public static func decodeStraight(_ bytes: [UInt8], shouldStop: (@Sendable () -> Bool)? = nil)
        throws(PNGError) -> RGBAImage
    {
        let reader = PNGReader(shouldStop: shouldStop)
        try bytes.withUnsafeBufferPointer { (buffer) throws(PNGError) in try reader.read(buffer) }
        return try reader.image()
    }
}

/// A PNG read in pieces as they come from a file, so that no copy of the file is kept: the
/// pixels are allocated from IHDR's size and libpng writes each row into them. The image data is
/// inflated no further than the rows IHDR declares, and a file with more of it than
/// `png_bridge_image_data_limit` (twice the rows as stored, and 1 MiB) is refused as it is read.
package final class PNGReader {
    /// The first bytes, until IHDR's width, height and interlace method are known.
    private var head: [UInt8] = []
    private var reader: OpaquePointer? = nil
    private var pixels: [UInt32] = []
    private var size = (width: 0, height: 0)
    private var failure: PNGError? = nil

    /// Which reader reads the file: the fastest (8-bit RGB and RGBA without libpng, inflated by
    /// libdeflate), or one of the references the tests hold it against.
    package enum Readers: Int32 {
        case fastest = 0
        case libpng = 1
        case withoutLibdeflate = 2
    }

    private let readers: Readers
    /// Asked between slices of work; yes ends the read with `PNGError.stopped`.
    private let shouldStop: (@Sendable () -> Bool)?

    package init(readers: Readers = .fastest, shouldStop: (@Sendable () -> Bool)? = nil) {
        self.readers = readers
        self.shouldStop = shouldStop
    }

    deinit { png_bridge_reader_free(reader) }

    /// The signature and IHDR up to its interlace byte.
    private static let headCount = 29

    /// Reads the next piece of the file.
    package func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(PNGError) {
        if let failure { throw failure }
        var bytes = bytes
        if reader == nil {
            let taken = min(bytes.count, PNGReader.headCount - head.count)
            head += bytes.prefix(taken)
            bytes = UnsafeBufferPointer(rebasing: bytes[taken...])
            guard head.count == PNGReader.headCount else { return }
            try start()
            try push(head.withUnsafeBufferPointer { $0 })
        }
        try push(bytes)
    }

    /// The image, once every piece has been read.
    package func image() throws(PNGError) -> RGBAImage {
        if let failure { throw failure }
        guard let reader, png_bridge_reader_complete(reader) != 0 else {
            throw fail(.unreadable(message: head.count < PNGReader.headCount ? "not a PNG file" : "truncated file"))
        }
        do {
            return try RGBAImage(width: size.width, height: size.height, pixels: pixels)
        } catch {
            throw fail(.tooLarge(width: size.width, height: size.height))
        }
    }

    private func fail(_ error: PNGError) -> PNGError {
        failure = error
        return error
    }

    /// Checks the signature and the size, allocates the pixels and the libpng reader.
    private func start() throws(PNGError) {
        guard head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            head[12..<16].elementsEqual("IHDR".utf8)
        else { throw fail(.unreadable(message: "not a PNG file")) }
        let width = head[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = head[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || count > Pixmap.maxPixelCount { throw fail(.tooLarge(width: width, height: height)) }
        guard width >= 1, height >= 1 else {
            throw fail(.unreadable(message: "invalid image size \(width) × \(height)"))
        }
        let interlaced = head[28] != 0
        // Room for a byte a row past the pixels: 8-bit RGBA inflated whole into the buffer's tail
        // takes a filter byte a row more than the image.
        pixels = [UInt32](unsafeUninitializedCapacity: count + height / 4 + 1) { buffer, initialized in
            // Rows are written whole, except by passes of an interlaced image.
            if interlaced { buffer.initialize(repeating: 0) }
            initialized = count
        }
        size = (width, height)
        reader = png_bridge_reader_create(
            UInt32(width), UInt32(height), Int32(head[24]), Int32(head[25]), Int32(head[28]), readers.rawValue)
        guard let reader else { throw fail(.unreadable(message: "out of memory")) }
        dataLimit = Int(
            png_bridge_image_data_limit(
                UInt32(width), UInt32(height), Int32(head[24]), Int32(head[25]), Int32(head[28])))
        if shouldStop != nil {
            png_bridge_reader_set_stop(
                reader,
                { context in
                    Unmanaged<PNGReader>.fromOpaque(context!).takeUnretainedValue().shouldStop!() ? 1 : 0
                }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// The most image data the file may hold (`png_bridge_image_data_limit`).
    private var dataLimit = 0

    private func push(_ bytes: UnsafeBufferPointer<UInt8>) throws(PNGError) {
        guard let reader, !bytes.isEmpty else { return }
        let capacity = 4 * pixels.capacity
        let status = pixels.withUnsafeMutableBytes { target in
            png_bridge_reader_push(
                reader, bytes.baseAddress, bytes.count, target.baseAddress!.assumingMemoryBound(to: UInt8.self),
                capacity)
        }
        switch status {
        case Int32(PNG_BRIDGE_READ): return
        case Int32(PNG_BRIDGE_STOPPED): throw fail(.stopped)
        case Int32(PNG_BRIDGE_TOO_MUCH_DATA):
            throw fail(.tooMuchImageData(width: size.width, height: size.height, limit: dataLimit))
        default: throw fail(.unreadable(message: String(cString: png_bridge_reader_message(reader))))
        }
    }
}

extension PNGDecoder {
    /// The largest ICC profile taken from a file: 4 MiB (Display P3 is 536 bytes, the largest
    /// printer profiles about 2 MB).
    package static let maxProfileBytes = 4 << 20

    /// The ICC profile a PNG file's `iCCP` chunk holds, inflated, or nil: only the chunks before
    /// the image data are walked, each length checked against the file's size; a profile is at
    /// most `maxProfileBytes`. A file without one (or with a broken one) has none: its pixels are
    /// then taken as sRGB, as browsers take them.
    public static func embeddedProfile(in bytes: [UInt8]) -> [UInt8]? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            guard length <= bytes.count - data - 4 else { return nil }
            if type == "iCCP" { return pngProfile(bytes[data..<(data + length)]) }
            if type == "IDAT" || type == "IEND" { return nil }
            offset = data + length + 4
        }
        return nil
    }

    /// An iCCP chunk's data: a name of 1–79 bytes, a zero, the compression method (0), then the
    /// zlib stream of the profile.
    private static func pngProfile(_ chunk: ArraySlice<UInt8>) -> [UInt8]? {
        guard let zero = chunk.prefix(80).firstIndex(of: 0), zero + 1 < chunk.endIndex,
            chunk[zero + 1] == 0
        else { return nil }
        return inflate(Array(chunk[(zero + 2)...]))
    }

    /// `compressed` inflated, in a buffer that grows up to `maxProfileBytes`; nil when it is not a
    /// whole zlib stream.
    private static func inflate(_ compressed: [UInt8]) -> [UInt8]? {
        var capacity = 64 << 10
        while capacity <= maxProfileBytes {
            var out = [UInt8](repeating: 0, count: capacity)
            var length = uLongf(capacity)
            let status = out.withUnsafeMutableBufferPointer { o in
                compressed.withUnsafeBufferPointer { c in
                    uncompress(o.baseAddress, &length, c.baseAddress, uLong(c.count))
                }
            }
            if status == Z_OK { return Array(out[..<Int(length)]) }
            if status != Z_BUF_ERROR { return nil }
            capacity *= 4
        }
        return nil
    }
}

import CTurboJPEG
import Images

/// Reads a baseline or progressive JPEG (greyscale or YCbCr) into opaque straight RGBA with
/// libjpeg-turbo's TurboJPEG API: accurate integer DCT, smooth ("fancy") chroma upsampling, as
/// image viewers decode it. Its size is read from the header and refused over
/// `Pixmap.maxPixelCount` before any pixel is allocated. CMYK and YCCK files are refused.
/// TurboJPEG reports errors by return value (libjpeg's longjmp stays inside it), so nothing here
/// jumps over Swift frames.
///
/// The work is bounded before it starts: at most `JPEGScans.maxCount` scans and
/// `JPEGScans.maxPasses` passes over the coefficients (a repeated scan costs a pass however few
/// its bytes). libjpeg's corrupt-data warnings (data cut short and filled with grey, a bad
/// Huffman code, extraneous bytes, an inconsistent progression) stop the decoder at once
/// (`TJFLAG_STOPONWARNING`) and refuse the file.
enum JPEGDecoder {
    /// The pixels of `bytes`, or why not. A file cut short is `.truncated` (libjpeg's
    /// "Premature end of JPEG file"), never grey rows passed off as pixels.
    static func decode(_ bytes: [UInt8]) throws(ImageDecodeError) -> RGBAImage {
        guard let handle = tjInitDecompress() else {
            throw .unreadable(format: "JPEG", reason: "cannot start the decoder")
        }
        defer { _ = tjDestroy(handle) }
        let (width, height, colorspace) = try header(bytes, handle)
        let (count, overflow) = Int(width).multipliedReportingOverflow(by: Int(height))
        if overflow || count > Pixmap.maxPixelCount { throw .tooLarge(width: Int(width), height: Int(height)) }
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            throw .unsupported(format: "JPEG", reason: "CMYK colours; save the screenshot as RGB")
        }
        let scans = JPEGScans(bytes)
        if scans.count > JPEGScans.maxCount {
            throw .tooMuchWork(format: "JPEG", reason: "\(scans.count) scans; at most \(JPEGScans.maxCount)")
        }
        if scans.passes > JPEGScans.maxPasses {
            let passes = (scans.passes * 10).rounded() / 10
            throw .tooMuchWork(
                format: "JPEG",
                reason: "its scans visit every coefficient \(passes) times; at most \(Int(JPEGScans.maxPasses))")
        }
        var image: RGBAImage
        do {
            image = try RGBAImage(width: Int(width), height: Int(height))
        } catch {
            throw .tooLarge(width: Int(width), height: Int(height))
        }
        let strict = Int32(TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS | TJFLAG_STOPONWARNING)
        var status = decompress(bytes, handle, into: &image, flags: strict)
        if status != 0, tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue), !isCorruptData(message(handle)) {
            // A warning about the file's labels, not its data (an unknown JFIF revision, an
            // Adobe colour transform code): decoded again to the end, as every viewer does.
            status = decompress(bytes, handle, into: &image, flags: strict & ~Int32(TJFLAG_STOPONWARNING))
            if status != 0, tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue), !isCorruptData(message(handle)) {
                status = 0
            }
        }
        if status != 0 {
            let reason = message(handle)
            if cut(bytes, reason) { throw .truncated(format: "JPEG", reason: reason) }
            throw .unreadable(format: "JPEG", reason: reason)
        }
        return image
    }

    /// Decodes `bytes` into `image` (its size the header's) with TurboJPEG's `flags`; its status.
    private static func decompress(_ bytes: [UInt8], _ handle: tjhandle, into image: inout RGBAImage, flags: Int32)
        -> Int32
    {
        let (width, height) = (Int32(image.width), Int32(image.height))
        return image.pixels.withUnsafeMutableBytes { out in
            bytes.withUnsafeBufferPointer { b in
                tjDecompress2(
                    handle, b.baseAddress, UInt(b.count), out.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    width, 0, height, Int32(TJPF_RGBA.rawValue), flags)
            }
        }
    }

    /// Whether libjpeg's warning is about the image data (each such message of libjpeg 6b to
    /// libjpeg-turbo 3 starts with one of these), not the file's labels.
    private static func isCorruptData(_ message: String) -> Bool {
        ["Corrupt JPEG data", "Premature end", "Inconsistent progression", "Invalid SOS"].contains {
            message.contains($0)
        }
    }

    /// The image's width and height from its frame header.
    static func size(of bytes: [UInt8]) throws(ImageDecodeError) -> (width: Int, height: Int) {
        guard let handle = tjInitDecompress() else {
            throw .unreadable(format: "JPEG", reason: "cannot start the decoder")
        }
        defer { _ = tjDestroy(handle) }
        let (width, height, _) = try header(bytes, handle)
        return (Int(width), Int(height))
    }

    /// Width, height and colour space (`TJCS`) from the headers, read with `handle`.
    private static func header(_ bytes: [UInt8], _ handle: tjhandle) throws(ImageDecodeError)
        -> (Int32, Int32, Int32)
    {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { b in
            tjDecompressHeader3(handle, b.baseAddress, UInt(b.count), &width, &height, &subsampling, &colorspace)
        }
        // A warning about the file's labels (an unknown JFIF revision) leaves the header read.
        let labelsOnly =
            tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) && !isCorruptData(message(handle))
            && width > 0 && height > 0
        if status != 0, !labelsOnly {
            let reason = message(handle)
            throw cut(bytes, reason)
                ? .truncated(format: "JPEG", reason: reason) : .unreadable(format: "JPEG", reason: reason)
        }
        return (width, height, colorspace)
    }

    /// Whether a failure is a file cut short: libjpeg says the data ended early (the file's, or a
    /// scan's before the next marker: a file cut and closed with EOI), or the file does not end
    /// with the EOI marker (FF D9) a whole JPEG ends with (a file cut before its scan "misses" its
    /// SOS marker).
    private static func cut(_ bytes: [UInt8], _ reason: String) -> Bool {
        reason.lowercased().contains("premature end") || !bytes.suffix(2).elementsEqual([0xFF, 0xD9])
    }

    /// TurboJPEG's last message for `handle`.
    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}

import CTurboJPEG

/// Reads a baseline or progressive JPEG (greyscale or YCbCr) into an opaque `Pixmap` with
/// libjpeg-turbo's TurboJPEG API: accurate integer DCT, smooth ("fancy") chroma upsampling, as
/// image viewers decode it. Its size is read from the header and refused over
/// `Pixmap.maxPixelCount` before any pixel is allocated. CMYK and YCCK files are refused.
enum JPEGDecoder {
    /// The pixels of `bytes`, or why not. A file cut short is `.truncated` (libjpeg's
    /// "Premature end of JPEG file"), never grey rows passed off as pixels.
    static func decode(_ bytes: [UInt8]) throws(ImageDecodeError) -> Pixmap {
        guard let handle = frames_tjInitDecompress() else {
            throw .unreadable(format: "JPEG", reason: "cannot start the decoder")
        }
        defer { _ = frames_tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { b in
            frames_tjDecompressHeader3(
                handle, b.baseAddress, UInt(b.count), &width, &height, &subsampling, &colorspace)
        }
        if header != 0 {
            let reason = message(handle)
            throw reason.contains("Premature end")
                ? .truncated(format: "JPEG", reason: reason) : .unreadable(format: "JPEG", reason: reason)
        }
        let (count, overflow) = Int(width).multipliedReportingOverflow(by: Int(height))
        if overflow || count > Pixmap.maxPixelCount { throw .tooLarge(width: Int(width), height: Int(height)) }
        if colorspace == frames_tj_cmyk || colorspace == frames_tj_ycck {
            throw .unsupported(format: "JPEG", reason: "CMYK colours; save the screenshot as RGB")
        }
        var pixmap: Pixmap
        do {
            pixmap = try Pixmap(width: Int(width), height: Int(height))
        } catch {
            throw .tooLarge(width: Int(width), height: Int(height))
        }
        let status = pixmap.pixels.withUnsafeMutableBytes { out in
            bytes.withUnsafeBufferPointer { b in
                frames_tjDecompress2(
                    handle, b.baseAddress, UInt(b.count), out.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    width, 0, height, frames_tj_pixel_rgba, frames_tj_flag_accurate_dct)
            }
        }
        if status != 0 {
            let reason = message(handle)
            if reason.contains("Premature end") { throw .truncated(format: "JPEG", reason: reason) }
            // A warning (extraneous bytes, a corrupt marker the decoder stepped over) leaves a
            // whole image; anything fatal does not.
            if frames_tjGetErrorCode(handle) == frames_tj_error_fatal {
                throw .unreadable(format: "JPEG", reason: reason)
            }
        }
        return pixmap
    }

    /// TurboJPEG's last message for `handle`.
    private static func message(_ handle: tjhandle) -> String {
        guard let text = frames_tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}

import Images

/// A screenshot read into sRGB pixels: the image, the format it came in, and the colour profile
/// it was converted from.
public struct DecodedScreenshot: Sendable {
    /// The file formats a screenshot may come in.
    public enum Format: String, Sendable, Equatable {
        /// PNG: lossless.
        case png = "PNG"
        /// JPEG: lossy, colour usually at half resolution (4:2:0).
        case jpeg = "JPEG"
    }

    /// The pixels in sRGB, premultiplied (`Pixmap`'s form; a screenshot is opaque).
    public var image: Pixmap
    /// What the bytes were.
    public let format: Format
    /// The embedded ICC profile's description (e.g. "Display P3") when the pixels were converted
    /// from it to sRGB; nil when the file has none (its pixels are taken as sRGB).
    public let convertedFrom: String?
    /// Why an embedded profile was not applied (not RGB, unreadable); nil when none was skipped.
    public let skippedProfile: String?
    /// The EXIF orientation the file carried, already applied to `image` (`.upright`: none).
    public var orientation: ExifOrientation = .upright
}

/// Reads a screenshot's bytes, PNG or JPEG (told apart by their signatures), into sRGB pixels:
/// PNG through libpng (`PNGDecoder`), JPEG through libjpeg-turbo (`JPEGDecoder`); an embedded
/// ICC profile (Display P3 on iOS) is converted to sRGB with Little CMS
/// (`ColorProfileConversion`) while the samples are still straight; an EXIF orientation (a JPEG's
/// APP1 Exif segment, a PNG's eXIf chunk) is applied, so the pixels are as every viewer shows
/// them (`ExifOrientation`). The size is checked against
/// `Pixmap.maxPixelCount` from the header, before the pixels are allocated. Bytes in, pixels
/// out: no file is opened here.
///
/// The work is bounded by the picture: a PNG's image data is inflated no further than its rows
/// and refused past twice their size and 1 MiB; a JPEG's scans are counted and weighed before it
/// is decoded (`JPEGScans`). Both are `.tooMuchWork`.
public enum ScreenshotDecoder {
    /// The screenshot in `bytes`, or why it cannot be read. `shouldStop` is asked between slices
    /// of a PNG's work (at most about 64 MiB inflated each) and before each stage; once it says
    /// yes, the decode ends with `.stopped`. A JPEG is decoded in one call of bounded work
    /// (`JPEGScans`), which it cannot interrupt.
    public static func decode(_ bytes: [UInt8], shouldStop: (@Sendable () -> Bool)? = nil)
        throws(ImageDecodeError) -> DecodedScreenshot
    {
        let format = try format(of: bytes)
        var image: RGBAImage
        let profile: [UInt8]?
        switch format {
        case .png:
            image = try decodePNG(bytes, shouldStop: shouldStop)
            profile = PNGDecoder.embeddedProfile(in: bytes)
        case .jpeg:
            image = try JPEGDecoder.decode(bytes)
            profile = EmbeddedProfile.jpeg(bytes)
        }
        var converted: String? = nil
        var skipped: String? = nil
        if shouldStop?() == true { throw .stopped }
        let orientation = ExifOrientation.of(bytes)
        do {
            try orientation.apply(to: &image)
        } catch {
            throw .tooLarge(width: image.height, height: image.width)
        }
        if let profile {
            let name = ColorProfileConversion.description(of: profile) ?? "an ICC profile"
            do {
                try ColorProfileConversion.convert(&image, from: profile)
                converted = name
            } catch .notRGB {
                skipped = "\(name) is not an RGB profile; the pixels are taken as sRGB"
            } catch {
                skipped = "the embedded ICC profile cannot be read; the pixels are taken as sRGB"
            }
        }
        // The samples premultiplied in their own buffer: `consume` leaves no other reference to
        // it, so no copy is made.
        return DecodedScreenshot(
            image: Pixmap(premultiplying: consume image), format: format, convertedFrom: converted,
            skippedProfile: skipped, orientation: orientation)
    }

    /// The image's width and height in pixels from its header (PNG's IHDR, JPEG's frame header),
    /// before anything is decoded, as it is shown (swapped when its EXIF orientation turns it a
    /// quarter); refused over `Pixmap.maxPixelCount` pixels.
    public static func size(of bytes: [UInt8]) throws(ImageDecodeError) -> (width: Int, height: Int) {
        let size: (width: Int, height: Int)
        switch try format(of: bytes) {
        case .png:
            guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else {
                throw .truncated(format: "PNG", reason: "no image header")
            }
            func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            size = (word(16), word(20))
        case .jpeg:
            size = try JPEGDecoder.size(of: bytes)
        }
        let (count, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        if overflow || count > Pixmap.maxPixelCount { throw .tooLarge(width: size.width, height: size.height) }
        if count == 0 { throw .unreadable(format: "PNG", reason: "an image of no pixels") }
        return ExifOrientation.of(bytes).swapsSides ? (size.height, size.width) : size
    }

    /// PNG or JPEG by the first bytes, or what the bytes look like instead.
    static func format(of bytes: [UInt8]) throws(ImageDecodeError) -> DecodedScreenshot.Format {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.isEmpty { throw .notAnImage(looksLike: "an empty file") }
        let head = bytes.prefix(16)
        if head.starts(with: Array("GIF8".utf8)) { throw .notAnImage(looksLike: "a GIF image") }
        if head.starts(with: Array("RIFF".utf8)) { throw .notAnImage(looksLike: "a RIFF file, such as WebP") }
        if head.dropFirst(4).starts(with: Array("ftyp".utf8)) {
            throw .notAnImage(looksLike: "an ISO media file, such as HEIC")
        }
        if head.allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) }) {
            throw .notAnImage(looksLike: "text")
        }
        throw .notAnImage(looksLike: "another format (no PNG or JPEG signature)")
    }

    /// A PNG's straight samples through `PNGDecoder`, its errors told apart: a file cut short is
    /// `.truncated`.
    static func decodePNG(_ bytes: [UInt8], shouldStop: (@Sendable () -> Bool)? = nil) throws(ImageDecodeError)
        -> RGBAImage
    {
        do {
            return try PNGDecoder.decodeStraight(bytes, shouldStop: shouldStop)
        } catch .tooLarge(let width, let height) {
            throw .tooLarge(width: width, height: height)
        } catch .stopped {
            throw .stopped
        } catch .tooMuchImageData(let width, let height, let limit) {
            let error = PNGError.tooMuchImageData(width: width, height: height, limit: limit)
            throw .tooMuchWork(format: "PNG", reason: error.explanation)
        } catch {
            let reason: String
            if case .unreadable(let message) = error { reason = message } else { reason = error.description }
            let cut = ["truncated", "Not enough image data", "unexpected end", "Read Error"]
            if bytes.count < 33 || cut.contains(where: reason.contains) || !endsWithIEND(bytes) {
                throw .truncated(format: "PNG", reason: reason)
            }
            throw .unreadable(format: "PNG", reason: reason)
        }
    }

    /// Whether the file's last chunk is IEND (a whole PNG file ends with it).
    static func endsWithIEND(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && Array(bytes.suffix(8).prefix(4)) == Array("IEND".utf8)
    }
}

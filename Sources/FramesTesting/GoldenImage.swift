import Foundation
import GoldenFolders
import Images

/// What `assertGolden` takes: a `Pixmap`, a PNG's bytes (`Data`, `[UInt8]`), a PNG file's
/// `URL`, or a `GoldenImage`.
public protocol GoldenImageConvertible {
    /// The image as an assertion reads it.
    var goldenImage: GoldenImage { get }
}

extension GoldenImage: GoldenImageConvertible {
    /// The image itself.
    public var goldenImage: GoldenImage { self }
}

extension Pixmap: GoldenImageConvertible {
    /// `.pixmap(self)`.
    public var goldenImage: GoldenImage { .pixmap(self) }
}

extension Data: GoldenImageConvertible {
    /// The bytes as a PNG file's: `.png(self)`.
    public var goldenImage: GoldenImage { .png(self) }
}

extension Array: GoldenImageConvertible where Element == UInt8 {
    /// The bytes as a PNG file's: `.png(self)` (straight RGBA bytes are `.rgba(_:width:height:)`).
    public var goldenImage: GoldenImage { .png(self) }
}

extension URL: GoldenImageConvertible {
    /// The PNG file at this URL: `.pngFile(self)`.
    public var goldenImage: GoldenImage { .pngFile(self) }
}

/// An image to hold to a golden, however the test has it: a `Pixmap` (what `FrameRenderer`
/// gives), a PNG's bytes or file, or straight RGBA8 bytes with a size. Each is compared as
/// straight 8-bit RGBA, as `frames compare` reads files; a PNG is recorded as given, the others
/// as `PNGEncoder` writes them.
public struct GoldenImage: Sendable {
    enum Source: Sendable {
        case pixmap(Pixmap)
        case png([UInt8])
        case pngFile(String)
        /// A URL that names no file ("https://…").
        case remote(URL)
        case rgba([UInt8], width: Int, height: Int)
    }

    let source: Source

    /// A premultiplied image, as `FrameRenderer.frame(_:)` gives it.
    public static func pixmap(_ image: Pixmap) -> GoldenImage { GoldenImage(source: .pixmap(image)) }

    /// A PNG's bytes (`[UInt8]` or `Data`), any PNG libpng reads: 8 or 16 bits, grey, palette,
    /// interlaced.
    public static func png(_ bytes: some Sequence<UInt8>) -> GoldenImage { GoldenImage(source: .png(Array(bytes))) }

    /// A PNG file; a relative path is taken from the package's folder (the one with
    /// `Package.swift`), as `directory:` is.
    public static func pngFile(_ path: String) -> GoldenImage { GoldenImage(source: .pngFile(path)) }

    /// A PNG file.
    public static func pngFile(_ url: URL) -> GoldenImage {
        GoldenImage(source: url.isFileURL ? .pngFile(url.path) : .remote(url))
    }

    /// Straight (not premultiplied) RGBA, 8 bits a channel, rows top to bottom without padding:
    /// `width × height × 4` bytes, R first (what `CGImage` or a canvas gives as RGBA8). Recorded
    /// as `PNGEncoder` writes a `Pixmap` (premultiplied, then demultiplied), and compared as
    /// recorded.
    public static func rgba(_ bytes: some Sequence<UInt8>, width: Int, height: Int) -> GoldenImage {
        GoldenImage(source: .rgba(Array(bytes), width: width, height: height))
    }

    /// The image read, or why it cannot be checked; `root` is the folder a relative file's path
    /// starts from.
    func loaded(root: URL) throws(Refusal) -> ActualImage {
        switch source {
        case .pixmap(let pixmap):
            return ActualImage(straight: RGBAImage(pixmap), recorded: .pixmap(pixmap))
        case .png(let bytes):
            return try ActualImage.decoding(bytes, what: "the PNG bytes to check")
        case .pngFile(let given):
            let path = given.hasPrefix("/") ? given : root.appendingPathComponent(given).path
            let bytes: [UInt8]
            do {
                bytes = try FileInput.read(path)
            } catch {
                throw Refusal("the PNG file to check, \(path), cannot be read: \(error.reason)")
            }
            return try ActualImage.decoding(bytes, what: "the PNG file to check, \(path),")
        case .remote(let url):
            throw Refusal("the PNG to check, \(url.absoluteString), is not a file URL: give a file's URL or its bytes")
        case .rgba(let bytes, let width, let height):
            return try ActualImage.straight(bytes, width: width, height: height)
        }
    }
}

/// An image as an assertion checks it: straight pixels to compare, and what to record.
struct ActualImage: Sendable {
    enum Recorded: Sendable {
        /// Encoded by `PNGEncoder`.
        case pixmap(Pixmap)
        /// These bytes, as given.
        case png([UInt8])
    }

    let straight: RGBAImage
    let recorded: Recorded

    /// The PNG to write as the golden.
    func png() throws(PNGError) -> [UInt8] {
        switch recorded {
        case .pixmap(let pixmap): return try PNGEncoder().encode(pixmap)
        case .png(let bytes): return bytes
        }
    }

    /// The premultiplied image, for pictures.
    var pixmap: Pixmap {
        if case .pixmap(let pixmap) = recorded { return pixmap }
        return Pixmap(premultiplying: straight)
    }

    /// A PNG's bytes decoded, or a refusal naming `what` and the reason.
    static func decoding(_ bytes: [UInt8], what: String) throws(Refusal) -> ActualImage {
        do {
            return ActualImage(straight: try PNGDecoder.decodeStraight(bytes), recorded: .png(bytes))
        } catch {
            throw Refusal("\(what) \(bytes.isEmpty ? "is empty" : "is not a readable PNG (\(error.explanation))")")
        }
    }

    /// Straight RGBA8 bytes as an image, or a refusal naming the size and the count.
    static func straight(_ bytes: [UInt8], width: Int, height: Int) throws(Refusal) -> ActualImage {
        let size = "\(width) × \(height) px"
        guard width >= 1, height >= 1, width <= Pixmap.maxPixelCount, height <= Pixmap.maxPixelCount,
            width * height <= Pixmap.maxPixelCount
        else { throw Refusal("RGBA bytes of \(size): the size must be 1 to \(Pixmap.maxPixelCount) pixels") }
        guard bytes.count == width * height * 4 else {
            throw Refusal(
                "\(bytes.count) RGBA bytes for \(size): expected \(width * height * 4) (4 a pixel, rows without padding)"
            )
        }
        // RGBAImage holds the bytes R, G, B, A in memory order: the bytes as given.
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBytes { $0.copyBytes(from: bytes) }
        // Recorded through a Pixmap (PNGEncoder writes premultiplied pixels), and compared as
        // recorded, so that a golden just written holds: a colour under partial alpha keeps
        // what 8-bit premultiplication keeps of it.
        let pixmap = Pixmap(premultiplying: try! RGBAImage(width: width, height: height, pixels: pixels))
        return ActualImage(straight: RGBAImage(pixmap), recorded: .pixmap(pixmap))
    }
}

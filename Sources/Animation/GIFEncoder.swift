import CGIF
import Images

/// Writes frames as one looping GIF through giflib.
///
/// Colours: each frame has its own palette (a local colour table). A frame with at most 256
/// colours (one of them transparent) is stored exactly; a frame with more goes through
/// `MedianCut`, a palette quantizer written here (see there for why). Transparency is 1 bit: a
/// pixel is fully transparent or opaque. With `matte` every pixel is composited over that
/// colour first (the file is opaque); without it a partly transparent pixel is refused
/// (`AnimationError.partialTransparency`) and fully transparent pixels stay transparent.
///
/// Timing: GIF delays are whole hundredths of a second, and browsers draw a delay under 2 as
/// 10, so every frame waits the nearest of 2, 3, … hundredths to 1/fps s (`delay`): exact when
/// fps divides 100 (and is at most 50), otherwise the GIF plays at 100 / delay fps.
/// The loop (NETSCAPE2.0 extension) repeats forever.
/// After the first frame, an opaque sequence stores only the rectangle where the frame differs
/// from what the decoder shows (disposal: leave in place); a sequence with transparent pixels stores whole frames, each cleared to
/// transparent before the next (disposal: restore to background).
public struct GIFEncoder: Sendable {
    let frames: any AnimationFrames
    /// The colour under everything as straight sRGB channels (0…255), or nil to keep (only)
    /// fully transparent pixels transparent.
    let matte: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?
    /// The largest frame written over a backdrop image: 12 megapixels. A photograph brings up to
    /// 16.7 million colours, each counted and quantized in memory (about 100 bytes a colour).
    public static let maxBackdropPixelCount = 12_000_000
    /// The most pixels of all frames together: 500 megapixels. The file is made whole in memory:
    /// frames that change everywhere cost up to 2.6 bytes a pixel of all frames, 1.3 GB here.
    public static let maxTotalPixelCount = 500_000_000

    /// A GIF of `frames`, over `matte` (straight 8-bit channels) when given.
    public init(frames: any AnimationFrames, matte: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? = nil) {
        self.frames = frames
        self.matte = matte
    }

    /// Each frame's delay in hundredths of a second: 100 / fps rounded, at least 2.
    public var delay: Int { max(2, (200 + frames.fps) / (2 * frames.fps)) }

    /// What one frame became: its palette and how far its pixels are from the frame's.
    public struct FrameReport: Sendable, Equatable {
        /// Colours in the frame (transparent counted as one).
        let colors: Int
        /// Whether the palette holds every colour (no quantization).
        public var isExact: Bool { colors <= 256 }
        /// The largest channel difference (0…255) of any pixel after quantization.
        public let maxChannelError: Int
    }

    /// The file's bytes and one report a frame.
    public func encode() throws(AnimationError) -> (bytes: [UInt8], frames: [FrameReport]) {
        let (width, height) = (frames.width, frames.height)
        // Whether any frame has a transparent pixel decides how frames are stored; frames are
        // made twice rather than kept (60 frames at 1170 × 2532 px would take 700 MB).
        var transparent = false
        for index in 0..<frames.count where !transparent {
            var image = frames.image(index)
            transparent = try flattened(&image).contains { $0 >> 24 == 0 }
        }
        let writer = GIFWriter()
        try writer.open(width: width, height: height)
        var reports: [FrameReport] = []
        // What a decoder shows after the frames so far: the next rectangle covers every pixel
        // where that differs from the frame, quantization errors included, so a frame of at most
        // 256 colours is shown exactly whatever came before.
        var shown = [UInt32](repeating: 0, count: width * height)
        for index in 0..<frames.count {
            var frame = frames.image(index)
            let image = try flattened(&frame)
            var region = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
            if index > 0 && !transparent {
                region =
                    GIFEncoder.difference(shown, image, width: width, within: region)
                    ?? PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
            }
            let (palette, indices, report) = GIFEncoder.palette(of: image, width: width, region: region)
            for y in region.y0..<region.y1 {
                for x in region.x0..<region.x1 {
                    shown[y * width + x] = palette[Int(indices[(y - region.y0) * region.width + x - region.x0])]
                }
            }
            reports.append(report)
            try writer.frame(
                region: region, palette: palette, indices: indices, delay: delay,
                transparentIndex: palette.firstIndex { $0 >> 24 == 0 }, clears: transparent)
        }
        return (try writer.close(), reports)
    }

    /// The frame as straight RGBA words (R in the low byte), each pixel opaque or transparent,
    /// made in the frame's own buffer (`image` is left without pixels).
    func flattened(_ image: inout Pixmap) throws(AnimationError) -> [UInt32] {
        var out = image.pixels
        image.pixels = []
        // Premultiplied as `Color.premultiplied()` does: each channel / 255 × alpha / 255.
        let under = matte.map { matte in
            let a = Float(matte.alpha) / 255
            return (
                red: Float(matte.red) / 255 * a, green: Float(matte.green) / 255 * a, blue: Float(matte.blue) / 255 * a,
                alpha: a
            )
        }
        for i in out.indices {
            let p = out[i]
            var pixel = (Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24))
            if let under, pixel.3 < 255 {
                // Source over the matte, premultiplied: result = pixel + under · (1 − alpha).
                let rest = 1 - pixel.3 / 255
                pixel = (
                    pixel.0 + under.red * 255 * rest, pixel.1 + under.green * 255 * rest,
                    pixel.2 + under.blue * 255 * rest, pixel.3 + under.alpha * 255 * rest
                )
            }
            let alpha = UInt32(pixel.3.rounded())
            if alpha == 0 {
                out[i] = 0
                continue
            }
            guard alpha == 255 else {
                throw .partialTransparency(x: i % image.width, y: i / image.width, alpha: UInt8(alpha))
            }
            out[i] =
                UInt32(pixel.0.rounded()) | UInt32(pixel.1.rounded()) << 8 | UInt32(pixel.2.rounded()) << 16
                | 0xFF00_0000
        }
        return out
    }

    /// The palette (transparent as 0) of `region` of `image` (`width` px a row), each of its
    /// pixels' index row after row, and how exact it is.
    static func palette(of image: [UInt32], width: Int, region: PixelRect) -> (
        palette: [UInt32], indices: [UInt8], report: FrameReport
    ) {
        let rows = region.isEmpty ? 0..<0 : region.y0..<region.y1
        var counts: [UInt32: Int] = [:]
        for y in rows {
            for p in image[(y * width + region.x0)..<(y * width + region.x1)] {
                counts[p >> 24 == 0 ? 0 : p, default: 0] += 1
            }
        }
        let palette = counts.count <= 256 ? counts.keys.sorted() : MedianCut.palette(of: counts, size: 256)
        var lookup: [UInt32: UInt8] = [:]
        var worst = 0
        for color in counts.keys {
            let index = MedianCut.nearest(color, in: palette)
            lookup[color] = UInt8(index)
            worst = max(worst, MedianCut.channelError(color, palette[index]))
        }
        var indices: [UInt8] = []
        indices.reserveCapacity(region.width * region.height)
        for y in rows {
            for p in image[(y * width + region.x0)..<(y * width + region.x1)] {
                indices.append(lookup[p >> 24 == 0 ? 0 : p]!)
            }
        }
        return (palette, indices, FrameReport(colors: counts.count, maxChannelError: worst))
    }

    /// The smallest rectangle within `window` where two frames differ.
    static func difference(_ a: [UInt32], _ b: [UInt32], width: Int, within window: PixelRect) -> PixelRect? {
        var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
        for y in window.y0..<window.y1 {
            for x in window.x0..<window.x1 where a[y * width + x] != b[y * width + x] {
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x + 1), max(y1, y + 1))
            }
        }
        return x0 <= x1 ? PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) : nil
    }
}

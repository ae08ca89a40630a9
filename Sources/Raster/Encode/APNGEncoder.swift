/// Writes a sequence as one animated PNG (APNG): it loops forever, each frame shown for 1/fps s.
///
/// The default image (IDAT) is frame 0, whole. Every later frame stores only the rectangle that
/// differs from the frame before it (within the spinner's box, the only pixels that move), with
/// blend operation SOURCE and dispose operation NONE, so alpha is replaced exactly, never blended.
/// Rows are unfiltered and deflated by `compression` with a zlib header and checksum
/// (`ZlibStream`); libpng's chunk functions write the container. Decoders without APNG support
/// show frame 0.
public struct APNGEncoder: Sendable {
    /// The sequence the animation shows.
    public let renderer: FrameRenderer
    /// Frames per second of playback (1…65535).
    public let fps: Int
    /// How every frame's rows are deflated. Default: `.rows`.
    package let compression: Compression
    /// What each frame shows: one turn, or a timeline's frames (hidden ones included).
    package let frames: ExportFrames

    /// Frames 0 … N−1 of `renderer`, each shown for 1/`fps` s.
    public init(renderer: FrameRenderer, fps: Int) {
        self.init(renderer: renderer, fps: fps, compression: .rows)
    }

    package init(renderer: FrameRenderer, fps: Int, compression: Compression) {
        self.init(frames: ExportFrames(renderer: renderer, fps: fps), compression: compression)
    }

    /// The animated PNG of `frames` (a timeline's, say) at their fps.
    package init(frames: ExportFrames, compression: Compression = .rows) {
        precondition(frames.fps >= 1 && frames.fps <= 65535, "fps fits the delay denominator")
        precondition(compression.isValid, "zlib levels are 0...9")
        self.renderer = frames.renderer
        self.fps = frames.fps
        self.compression = compression
        self.frames = frames
    }

    /// The animated PNG of frames 0 … N−1. Frame 0 is made whole; later frames only within the
    /// spinner's box, the only pixels that move (`SpinnerFrame.write(region:into:)`), or whole
    /// where a timeline shows or hides the overlay.
    public func encode() throws(PNGError) -> [UInt8] {
        let count = frames.count
        var chunks: [(String, [UInt8])] = [("acTL", PNGContainer.bigEndian(UInt32(count)) + PNGContainer.bigEndian(0))]
        var sequence: UInt32 = 0
        let first = frames.image(0)
        let full = PixelRect(x0: 0, y0: 0, x1: first.width, y1: first.height)
        chunks.append(("fcTL", frameControl(sequence, full)))
        sequence += 1
        chunks.append(("IDAT", try compression.stream(of: first, filter: .none)))
        var window = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        var previous: [UInt32] = []
        for k in 1..<max(1, count) {
            // The pixels that can change (at least one, since a frame needs a region), frame
            // k − 1's made again only when the window changes.
            var changing = frames.changingWindow(from: k - 1, to: k)
            if changing.isEmpty { changing = PixelRect(x0: 0, y0: 0, x1: 1, y1: 1) }
            if changing != window {
                window = changing
                previous = pixels(ofFrame: k - 1, in: window)
            }
            let frame = pixels(ofFrame: k, in: window)
            // The changed rectangle (one pixel when two frames are equal: a frame needs a region).
            let changed =
                APNGEncoder.difference(previous, frame, window: window) ?? PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
            chunks.append(("fcTL", frameControl(sequence, changed)))
            sequence += 1
            chunks.append(("fdAT", PNGContainer.bigEndian(sequence) + (try zlibStream(frame, window, changed))))
            sequence += 1
            previous = frame
        }
        return try PNGContainer.file(width: first.width, height: first.height, chunks: chunks)
    }

    /// Frame k of `frames` within `window`, row after row: made only in the spinner's box when
    /// that is the window, cut from the whole frame otherwise.
    func pixels(ofFrame index: Int, in window: PixelRect) -> [UInt32] {
        if case .spinner(let k) = frames.frames[index], window == renderer.spinnerWindow { return box(ofFrame: k) }
        let image = frames.image(index)
        var pixels: [UInt32] = []
        pixels.reserveCapacity(window.width * window.height)
        for y in window.y0..<window.y1 {
            pixels += image.pixels[(y * image.width + window.x0)..<(y * image.width + window.x1)]
        }
        return pixels
    }

    /// Frame k's pixels in the spinner's box, row after row.
    func box(ofFrame k: Int) -> [UInt32] {
        let window = renderer.spinnerWindow
        let frame = SpinnerFrame(renderer: renderer, arc: renderer.arcMask(frame: k))
        return [UInt32](unsafeUninitializedCapacity: window.width * window.height) { pixels, count in
            if !window.isEmpty { frame.write(region: window, into: pixels) }
            count = window.width * window.height
        }
    }

    /// fcTL: sequence number, width, height, x, y, delay 1/fps s, dispose NONE, blend SOURCE.
    func frameControl(_ sequence: UInt32, _ region: PixelRect) -> [UInt8] {
        PNGContainer.bigEndian(sequence) + PNGContainer.bigEndian(UInt32(region.width))
            + PNGContainer.bigEndian(UInt32(region.height)) + PNGContainer.bigEndian(UInt32(region.x0))
            + PNGContainer.bigEndian(UInt32(region.y0)) + [0, 1, UInt8(fps >> 8), UInt8(fps & 0xFF), 0, 0]
    }

    /// A zlib stream of `region`'s unfiltered scanlines: pixels from `box` (the spinner's box,
    /// over `window`) inside the window, from the static image outside it.
    func zlibStream(_ box: [UInt32], _ window: PixelRect, _ region: PixelRect) throws(PNGError) -> [UInt8] {
        let image = renderer.staticImage
        var pixels = [UInt32]()
        pixels.reserveCapacity(region.width * region.height)
        for y in region.y0..<region.y1 {
            for x in region.x0..<region.x1 {
                let inside = x >= window.x0 && x < window.x1 && y >= window.y0 && y < window.y1
                pixels.append(
                    inside ? box[(y - window.y0) * window.width + x - window.x0] : image.pixels[y * image.width + x])
            }
        }
        let lines = [UInt8](unsafeUninitializedCapacity: Scanlines.byteCount(width: region.width, rows: region.height))
        {
            out, count in
            pixels.withUnsafeBufferPointer {
                Scanlines.write(
                    $0.baseAddress!, width: region.width, stride: region.width, rows: region.height, filter: .none,
                    into: out.baseAddress!)
            }
            count = out.count
        }
        var stream = ZlibStream(level: compression.headerLevel)
        stream.append(
            try lines.withUnsafeBufferPointer { lines throws(PNGError) in
                try compression.piece(lines, rowBytes: region.width * 4 + 1, last: true)
            })
        return stream.finish()
    }

    /// The smallest rectangle, in image pixels, holding every pixel where the boxes `a` and `b`
    /// (over `window`) differ.
    static func difference(_ a: [UInt32], _ b: [UInt32], window: PixelRect) -> PixelRect? {
        var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<window.height {
            for x in 0..<window.width where a[y * window.width + x] != b[y * window.width + x] {
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x + 1), max(y1, y + 1))
            }
        }
        return x0 <= x1
            ? PixelRect(x0: window.x0 + x0, y0: window.y0 + y0, x1: window.x0 + x1, y1: window.y0 + y1) : nil
    }
}

/// Writes a sequence as one animated PNG (APNG): it loops forever, each frame shown for 1/fps s.
///
/// The default image (IDAT) is frame 0, whole. Every later frame stores only the rectangle that
/// differs from the frame before it (within the spinner's box, the only pixels that move), with
/// blend operation SOURCE and dispose operation NONE, so alpha is replaced exactly, never blended.
/// Rows are unfiltered and deflated by `compression` with a zlib header and checksum
/// (`ZlibStream`); libpng's chunk functions write the container. Decoders without APNG support
/// show frame 0.
public struct APNGEncoder: Sendable {
    public let renderer: FrameRenderer
    /// Frames per second of playback (1…65535).
    public let fps: Int
    /// How every frame's rows are deflated. Default: `.rows`.
    public let compression: Compression

    public init(renderer: FrameRenderer, fps: Int, compression: Compression = .rows) {
        precondition(fps >= 1 && fps <= 65535, "fps fits the delay denominator")
        precondition(compression.isValid, "zlib levels are 0...9")
        self.renderer = renderer
        self.fps = fps
        self.compression = compression
    }

    /// The animated PNG of frames 0 … N−1.
    public func encode() throws(PNGError) -> [UInt8] {
        let count = renderer.frameCount
        var chunks: [(String, [UInt8])] = [("acTL", PNGContainer.bigEndian(UInt32(count)) + PNGContainer.bigEndian(0))]
        var sequence: UInt32 = 0
        var previous = renderer.frame(0)
        let full = PixelRect(x0: 0, y0: 0, x1: previous.width, y1: previous.height)
        chunks.append(("fcTL", frameControl(sequence, full)))
        sequence += 1
        chunks.append(("IDAT", try compression.stream(of: previous, filter: .none)))
        for k in 1..<max(1, count) {
            let frame = renderer.frame(k)
            // The changed rectangle (one pixel when two frames are equal: a frame needs a region).
            let changed =
                APNGEncoder.difference(previous, frame, within: renderer.spinnerWindow)
                ?? PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
            chunks.append(("fcTL", frameControl(sequence, changed)))
            sequence += 1
            chunks.append(("fdAT", PNGContainer.bigEndian(sequence) + (try zlibStream(frame, changed))))
            sequence += 1
            previous = frame
        }
        return try PNGContainer.file(width: previous.width, height: previous.height, chunks: chunks)
    }

    /// fcTL: sequence number, width, height, x, y, delay 1/fps s, dispose NONE, blend SOURCE.
    func frameControl(_ sequence: UInt32, _ region: PixelRect) -> [UInt8] {
        PNGContainer.bigEndian(sequence) + PNGContainer.bigEndian(UInt32(region.width))
            + PNGContainer.bigEndian(UInt32(region.height)) + PNGContainer.bigEndian(UInt32(region.x0))
            + PNGContainer.bigEndian(UInt32(region.y0)) + [0, 1, UInt8(fps >> 8), UInt8(fps & 0xFF), 0, 0]
    }

    /// A zlib stream of the region's unfiltered scanlines, made in pieces of at most
    /// `SequenceEncoder.stillPieceBytes` of scanlines, so memory stays bounded for any region.
    func zlibStream(_ image: Pixmap, _ region: PixelRect) throws(PNGError) -> [UInt8] {
        let rowBytes = region.width * 4 + 1
        let rowsPerPiece = max(1, SequenceEncoder.stillPieceBytes / rowBytes)
        var stream = ZlibStream(level: compression.headerLevel)
        for start in stride(from: region.y0, to: region.y1, by: rowsPerPiece) {
            let part = PixelRect(x0: region.x0, y0: start, x1: region.x1, y1: min(region.y1, start + rowsPerPiece))
            let lines = Scanlines.make(image, region: part, filter: .none)
            stream.append(
                try lines.withUnsafeBufferPointer { lines throws(PNGError) in
                    try compression.piece(lines, rowBytes: rowBytes, last: part.y1 == region.y1)
                })
        }
        return stream.finish()
    }

    /// The smallest rectangle, within `window`, holding every pixel where `a` and `b` differ.
    static func difference(_ a: Pixmap, _ b: Pixmap, within window: PixelRect) -> PixelRect? {
        var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
        for y in window.y0..<window.y1 {
            for x in window.x0..<window.x1 where a.pixels[y * a.width + x] != b.pixels[y * b.width + x] {
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x + 1), max(y1, y + 1))
            }
        }
        return x0 <= x1 ? PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) : nil
    }
}

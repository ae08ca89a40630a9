/// Writes a sequence as one animated PNG (APNG): it loops forever, each frame shown for 1/fps s.
///
/// The default image (IDAT) is frame 0, whole. Every later frame stores only the rectangle that
/// differs from the frame before it (within the spinner's box, the only pixels that move), with
/// blend operation SOURCE and dispose operation NONE, so alpha is replaced exactly, never blended.
/// Rows are unfiltered and deflated at level 9 with a zlib header and checksum; libpng's chunk
/// functions write the container. Decoders without APNG support show frame 0.
public struct APNGEncoder: Sendable {
    public let renderer: FrameRenderer
    /// Frames per second of playback (1…65535).
    public let fps: Int

    public init(renderer: FrameRenderer, fps: Int) {
        precondition(fps >= 1 && fps <= 65535, "fps fits the delay denominator")
        self.renderer = renderer
        self.fps = fps
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
        chunks.append(("IDAT", try zlibStream(previous, full)))
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

    /// A zlib stream of the region's unfiltered scanlines.
    func zlibStream(_ image: Pixmap, _ region: PixelRect) throws(PNGError) -> [UInt8] {
        var lines = [UInt8]()
        lines.reserveCapacity(region.height * (region.width * 4 + 1))
        Alpha.demultiplyTable.withUnsafeBufferPointer { table in
            for y in region.y0..<region.y1 {
                lines.append(0)
                for x in region.x0..<region.x1 {
                    let p = Scanlines.straight(image.pixels[y * image.width + x], table: table)
                    lines += [UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24)]
                }
            }
        }
        return PNGContainer.zlibHeader(level: 9) + (try Deflate.piece(lines, level: 9, last: true))
            + PNGContainer.bigEndian(Deflate.adler32(lines))
    }

    /// The smallest rectangle, within `window`, holding every pixel where `a` and `b` differ.
    static func difference(_ a: Pixmap, _ b: Pixmap, within window: PixelRect) -> PixelRect? {
        var box: PixelRect? = nil
        for y in window.y0..<window.y1 {
            for x in window.x0..<window.x1 where a.pixels[y * a.width + x] != b.pixels[y * b.width + x] {
                let pixel = PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1)
                box = box.map { $0.union(pixel) } ?? pixel
            }
        }
        return box
    }
}

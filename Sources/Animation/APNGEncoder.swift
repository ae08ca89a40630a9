import Images

/// Writes a sequence as one animated PNG (APNG): it loops forever, each frame shown for 1/fps s.
///
/// The default image (IDAT) is frame 0, whole. Every later frame stores only the rectangle that
/// differs from the frame before it (within `AnimationFrames.changingWindow`, the only pixels
/// that can move), with blend operation SOURCE and dispose operation NONE, so alpha is replaced
/// exactly, never blended. Rows are unfiltered and deflated by `compression` with a zlib header
/// and checksum (`ZlibStream`); libpng writes the file's head, and each chunk is framed as its
/// chunk functions frame it (`PNGContainer.chunk`), written out as soon as it is made. Decoders
/// without APNG support show frame 0.
public struct APNGEncoder: Sendable {
    /// The frames, in playback order.
    public let frames: any AnimationFrames
    /// How every frame's rows are deflated. Default: `.rows`.
    let compression: Compression

    /// The animated PNG of `frames`, each shown for 1/`frames.fps` s.
    public init(frames: any AnimationFrames) {
        self.init(frames: frames, compression: .rows)
    }

    init(frames: any AnimationFrames, compression: Compression) {
        precondition(frames.fps >= 1 && frames.fps <= 65535, "fps fits the delay denominator")
        precondition(compression.isValid, "zlib levels are 0...9")
        self.compression = compression
        self.frames = frames
    }

    /// The animated PNG. Frame 0 is made whole; each later frame, with the one before it, only
    /// within the window where the two can differ (`ExportFrames.changingWindow`: the spinner's
    /// box between two spinner frames), so a full-screen turn never copies whole frames.
    public func encode() throws(PNGError) -> [UInt8] {
        var bytes: [UInt8] = []
        try encode(into: { bytes += $0 })
        return bytes
    }

    // longer than 60 lines because each chunk is written the moment it is made, in file order:
    // the sink, the sequence number and both frames' windows run through the whole loop.
    /// The bytes of `encode()`, handed to `write` piece by piece as each chunk is made, so that
    /// at most one frame's compressed image data is held (a file is written as it is made: a
    /// timeline over a 100-megapixel photo holds whole frames of hundreds of megabytes each).
    /// Stops at the first error `write` throws.
    public func encode<E: Error>(to write: ([UInt8]) throws(E) -> Void) throws(PNGStreamError<E>) {
        // Each error keeps its own type: the encoder's, or the sink's.
        func emit(_ type: String, _ parts: [UInt8]...) throws(PNGStreamError<E>) {
            do {
                try PNGContainer.chunk(type, parts, to: write)
            } catch {
                throw .sink(error)
            }
        }
        func sink(_ bytes: [UInt8]) throws(PNGStreamError<E>) {
            do { try write(bytes) } catch { throw .sink(error) }
        }
        try PNGStreamError<E>.gathering {
            let (width, height) = (frames.width, frames.height)
            try sink(try PNGContainer.head(width: width, height: height))
            let count = frames.count
            try emit("acTL", PNGContainer.bigEndian(UInt32(count)) + PNGContainer.bigEndian(0))
            var sequence: UInt32 = 0
            let full = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
            try emit("fcTL", frameControl(sequence, full))
            sequence += 1
            // Frame 0 row by row, never whole.
            let first = frames.frame(0)
            // A large frame's stream goes out in chunks of about `chunkLimit` bytes as it is made.
            var stream = ZlibStream(level: compression.headerLevel)
            try compression.append(first, filter: .none, to: &stream, batch: 16) { stream in
                if stream.bytes.count >= chunkLimit { try emit("IDAT", stream.take()) }
            }
            try emit("IDAT", stream.finish())
            var window = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
            var before: [UInt32] = []
            for k in 1..<max(1, count) {
                let changing = frames.changingWindow(from: k - 1, to: k)
                let (previous, current) = (frames.frame(k - 1), frames.frame(k))
                if changing.width * changing.height * 4 > windowLimit {
                    // A large window is compared and written in bands of rows, made again when needed.
                    let changed = difference(previous, current, in: changing)
                    try emit("fcTL", frameControl(sequence, changed))
                    sequence += 1
                    var stream = ZlibStream(level: compression.headerLevel)
                    try append(changed, to: &stream) { stream in
                        if stream.bytes.count >= chunkLimit {
                            try emit("fdAT", PNGContainer.bigEndian(sequence), stream.take())
                            sequence += 1
                        }
                    } part: { part in
                        pixels(of: current, in: part)
                    }
                    try emit("fdAT", PNGContainer.bigEndian(sequence), stream.finish())
                    sequence += 1
                    window = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
                    continue
                }
                // Frame k − 1 within the window is made again only when the window changes.
                if changing != window || k == 1 {
                    window = changing
                    before = pixels(of: previous, in: window)
                }
                let after = pixels(of: current, in: window)
                // The changed rectangle (one pixel when two frames are equal: a frame needs a region).
                let changed =
                    APNGEncoder.difference(before, after, window: window) ?? PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
                try emit("fcTL", frameControl(sequence, changed))
                sequence += 1
                try emit(
                    "fdAT", PNGContainer.bigEndian(sequence), try zlibStream(after, window, changed, frame: current))
                sequence += 1
                before = after
            }
            try sink(PNGContainer.end)
        }
    }

    /// The largest window two frames are held over whole, in bytes a frame. Default: 64 MiB.
    var windowLimit = 64 << 20

    /// A frame made in bands or pieces whose compressed stream grows past this many bytes is
    /// written out in several chunks (IDAT, or fdAT with a sequence number each, as the APNG
    /// specification allows), each of at least this size but the last. Default: 8 MiB; smaller
    /// frames are one chunk.
    var chunkLimit = 8 << 20

    /// `difference(_:_:window:)` of frames `a` and `b` over `window`, made in bands of rows of
    /// at most 4 MiB a frame: the same rectangle, without holding the window whole.
    func difference(_ a: any ChangedRows, _ b: any ChangedRows, in window: PixelRect) -> PixelRect {
        let rows = max(1, (SequenceEncoder.staticPieceBytes / 4) / window.width)
        var changed: PixelRect? = nil
        for start in stride(from: window.y0, to: window.y1, by: rows) {
            let band = PixelRect(x0: window.x0, y0: start, x1: window.x1, y1: min(window.y1, start + rows))
            let found = APNGEncoder.difference(pixels(of: a, in: band), pixels(of: b, in: band), window: band)
            if let found { changed = changed.map { $0.union(found) } ?? found }
        }
        return changed ?? PixelRect(x0: 0, y0: 0, x1: 1, y1: 1)
    }

    /// What `frame` shows within `window`, row after row.
    func pixels(of frame: any ChangedRows, in window: PixelRect) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: window.width * window.height) { pixels, count in
            count = window.width * window.height
            guard !window.isEmpty else { return }
            frame.write(region: window, into: pixels)
        }
    }

    /// fcTL: sequence number, width, height, x, y, delay 1/fps s, dispose NONE, blend SOURCE.
    func frameControl(_ sequence: UInt32, _ region: PixelRect) -> [UInt8] {
        PNGContainer.bigEndian(sequence) + PNGContainer.bigEndian(UInt32(region.width))
            + PNGContainer.bigEndian(UInt32(region.height)) + PNGContainer.bigEndian(UInt32(region.x0))
            + PNGContainer.bigEndian(UInt32(region.y0)) + [
                0, 1, UInt8(frames.fps >> 8), UInt8(frames.fps & 0xFF), 0, 0,
            ]
    }

    /// A zlib stream of `region`'s unfiltered scanlines: pixels from `box` (over `window`)
    /// inside the window, from `frame` beyond it; made in pieces of at most
    /// `SequenceEncoder.staticPieceBytes` of scanlines, so memory stays bounded for any region.
    func zlibStream(_ box: [UInt32], _ window: PixelRect, _ region: PixelRect, frame: any ChangedRows)
        throws(PNGError) -> [UInt8]
    {
        try zlibStream(region) { part in
            let inside = part.intersection(window)
            if inside == part {
                var pixels = [UInt32]()
                pixels.reserveCapacity(part.width * part.height)
                for y in part.y0..<part.y1 {
                    let row = (y - window.y0) * window.width - window.x0
                    pixels += box[(row + part.x0)..<(row + part.x1)]
                }
                return pixels
            }
            return pixels(of: frame, in: part)
        }
    }

    /// A zlib stream of `region`'s unfiltered scanlines, `part` giving the pixels of each piece
    /// (at most `SequenceEncoder.staticPieceBytes` of scanlines), row after row.
    func zlibStream(_ region: PixelRect, part pixelsOf: (PixelRect) -> [UInt32]) throws(PNGError) -> [UInt8] {
        try ZlibStream.made(level: compression.headerLevel) { stream in
            try append(region, to: &stream, drain: { _ in }, part: pixelsOf)
        }
    }

    /// `region`'s pieces appended to `stream` as `zlibStream(_:part:)` makes them, `drain`
    /// called with the stream after each piece (to write out what it holds: `ZlibStream.take`).
    func append(
        _ region: PixelRect, to stream: inout ZlibStream, drain: (inout ZlibStream) throws -> Void,
        part pixelsOf: (PixelRect) -> [UInt32]
    ) throws {
        let rowBytes = region.width * 4 + 1
        let rowsPerPiece = max(1, SequenceEncoder.staticPieceBytes / rowBytes)
        for start in stride(from: region.y0, to: region.y1, by: rowsPerPiece) {
            let part = PixelRect(x0: region.x0, y0: start, x1: region.x1, y1: min(region.y1, start + rowsPerPiece))
            let pixels = pixelsOf(part)
            let lines = [UInt8](unsafeUninitializedCapacity: Scanlines.byteCount(width: part.width, rows: part.height))
            {
                out, count in
                pixels.withUnsafeBufferPointer {
                    Scanlines.write(
                        $0.baseAddress!, width: part.width, stride: part.width, rows: part.height, filter: .none,
                        into: out.baseAddress!)
                }
                count = out.count
            }
            stream.append(
                try lines.withUnsafeBufferPointer { lines throws(PNGError) in
                    try compression.piece(lines, rowBytes: rowBytes, last: part.y1 == region.y1)
                })
            try drain(&stream)
        }
    }

    /// The smallest rectangle, in image pixels, holding every pixel where `a` and `b` (each over
    /// `window`, row after row) differ.
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

extension APNGEncoder {
    /// `encode(to:)` into memory: the sink cannot fail.
    fileprivate func encode(into write: ([UInt8]) -> Void) throws(PNGError) {
        do {
            try encode(to: write)
        } catch {
            switch error {
            case .encoder(let error): throw error
            case .sink: preconditionFailure("memory is not full")
            }
        }
    }
}

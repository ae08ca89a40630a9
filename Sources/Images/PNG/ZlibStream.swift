import PNGDeflate

/// How scanlines are deflated.
public enum Compression: Sendable, Equatable, CustomStringConvertible {
    /// zlib's deflate at a level, 0…9.
    case zlib(level: Int)
    /// `RowDeflate`, this package's deflate for image rows: several times faster than zlib on
    /// the frames drawn here, for files of about the same size.
    case rows

    public var description: String {
        switch self {
        case .zlib(let level): return "zlib level \(level)"
        case .rows: return "rows"
        }
    }

    /// Whether the settings are usable (zlib levels are 0…9).
    package var isValid: Bool {
        if case .zlib(let level) = self { return (0...9).contains(level) }
        return true
    }

    /// The level the zlib header announces (informative only: decoders ignore it).
    package var headerLevel: Int {
        if case .zlib(let level) = self { return level }
        return 1
    }

    /// `lines` (whole scanlines of `rowBytes` bytes) as one independent piece of a deflate stream
    /// (see `Deflate`), with its Adler-32.
    package func piece(_ lines: UnsafeBufferPointer<UInt8>, rowBytes: Int, last: Bool) throws(PNGError)
        -> CompressedPiece
    {
        let bytes: [UInt8]
        switch self {
        case .zlib(let level): bytes = try Deflate.piece(lines, level: level, last: last)
        case .rows: bytes = RowDeflate.piece(lines, rowBytes: rowBytes, last: last)
        }
        return CompressedPiece(bytes: bytes, adler: Deflate.adler32(lines), length: lines.count)
    }
}

extension Compression {
    /// Rows `rows` of `source`, filtered and demultiplied (`Scanlines`), as one piece.
    func piece(of source: any RowSource, rows: Range<Int>, filter: PNGFilter, last: Bool) throws(PNGError)
        -> CompressedPiece
    {
        let width = source.width
        let count = Scanlines.byteCount(width: width, rows: rows.count)
        let lines = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
        defer { lines.deallocate() }
        if let pixmap = source as? Pixmap {
            pixmap.pixels.withUnsafeBufferPointer { pixels in
                Scanlines.write(
                    pixels.baseAddress! + rows.lowerBound * width, width: width, stride: width, rows: rows.count,
                    filter: filter, into: lines.baseAddress!)
            }
        } else if let image = source as? RowImage {
            Scanlines.write(image, rows: rows, filter: filter, into: lines.baseAddress!)
        } else {
            let pixels = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: rows.count * width)
            defer { pixels.deallocate() }
            source.write(rows: rows, into: pixels)
            Scanlines.write(
                pixels.baseAddress!, width: width, stride: width, rows: rows.count, filter: filter,
                into: lines.baseAddress!)
        }
        return try piece(UnsafeBufferPointer(lines), rowBytes: width * 4 + 1, last: last)
    }

    /// A whole image as a zlib stream, in pieces of at most `stillPieceBytes` of scanlines (and,
    /// for a `Pixmap` or `RowImage` these settings allow it for, runs of repeated rows as one
    /// piece each: `RepeatedRows`). The pieces depend on the image alone; memory stays bounded
    /// (a piece's scanlines) for any size.
    func stream(of source: any RowSource, filter: PNGFilter) throws(PNGError) -> [UInt8] {
        try ZlibStream.made(level: headerLevel) { stream in
            try append(source, filter: filter, to: &stream, batch: 16, drain: { _ in })
        }
    }

    /// The pieces of `stream(of:filter:)` appended to `stream` in order, `drain` called with the
    /// stream after every `batch` of them and after the last (to write out and take what it
    /// holds, `ZlibStream.take`): memory stays bounded by a batch for any size of image.
    package func append(
        _ source: any RowSource, filter: PNGFilter, to stream: inout ZlibStream, batch: Int,
        drain: (inout ZlibStream) throws -> Void
    ) throws {
        let (count, make) = compressor(of: source, filter: filter)
        for index in 0..<count {
            stream.append(try make(index))
            if (index + 1) % max(1, batch) == 0 || index == count - 1 { try drain(&stream) }
        }
    }

    /// The runs of rows a whole image is compressed in, in order: pieces of at most
    /// `stillPieceBytes` of scanlines, and runs of repeated rows where these settings allow.
    private func pieces(of source: any RowSource, filter: PNGFilter) -> [(rows: Range<Int>, repeated: Bool)] {
        let rowsPerPiece = max(1, Compression.stillPieceBytes / (source.width * 4 + 1))
        var runs: [(rows: Range<Int>, repeated: Bool)] = [(0..<source.height, false)]
        if compressesRepeats(filter: filter, width: source.width) {
            if let image = source as? Pixmap {
                runs = RepeatedRows.runs(width: image.width, in: 0..<image.height, equal: image.rowsEqual)
            } else if let image = source as? RowImage {
                runs = RepeatedRows.runs(width: image.width, in: 0..<image.height, equal: image.rowsEqual)
            }
        }
        return runs.flatMap { run in
            run.repeated
                ? [run]
                : stride(from: run.rows.lowerBound, to: run.rows.upperBound, by: rowsPerPiece).map {
                    ($0..<min(run.rows.upperBound, $0 + rowsPerPiece), false)
                }
        }
    }

    /// How many pieces `pieces(of:filter:)` gives, and piece `index` of them compressed.
    private func compressor(of source: any RowSource, filter: PNGFilter) -> (
        count: Int, make: (Int) throws(PNGError) -> CompressedPiece
    ) {
        let pieces = self.pieces(of: source, filter: filter)
        let settings = self
        return (
            pieces.count,
            { index throws(PNGError) in
                let (rows, repeated) = pieces[index]
                let last = rows.upperBound == source.height
                return repeated
                    ? settings.repeatedPiece(of: source, row: rows.lowerBound, count: rows.count, last: last)
                    : try settings.piece(of: source, rows: rows, filter: filter, last: last)
            }
        )
    }

    /// Scanline bytes per piece of a single image: 1 MiB, enough for the deflate window to pay
    /// off, small enough to bound the memory a piece takes.
    static let stillPieceBytes = 1 << 20
}

/// One independent piece of a deflate stream, with the Adler-32 and length of what it holds.
package struct CompressedPiece: Sendable {
    let bytes: [UInt8]
    let adler: UInt32
    let length: Int
}

/// A zlib stream (RFC 1950) assembled from pieces: the header, the pieces in order, and the
/// Adler-32 of everything they hold, joined with `adler32_combine`. The one place a stream is put
/// together, for single images, sequences and animated PNGs.
package struct ZlibStream {
    package private(set) var bytes: [UInt8]
    private var adler: UInt32 = 1

    package init(level: Int, capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity + 6)
        bytes += PNGContainer.zlibHeader(level: level)
    }

    package mutating func append(_ piece: CompressedPiece) {
        bytes += piece.bytes
        adler = Deflate.combineAdler32(adler, piece.adler, secondLength: piece.length)
    }

    /// The whole stream that `fill` appends to, at `level`; `fill` throws only `PNGError`.
    package static func made(level: Int, _ fill: (inout ZlibStream) throws -> Void) throws(PNGError) -> [UInt8] {
        var stream = ZlibStream(level: level)
        do {
            try fill(&stream)
        } catch let error as PNGError {
            throw error
        } catch {
            preconditionFailure("only the encoder's errors are thrown")
        }
        return stream.finish()
    }

    /// The bytes appended so far, taken out of the stream (written out before the rest: the
    /// checksum still covers them).
    package mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// The stream with its checksum (what `take` has not taken).
    package consuming func finish() -> [UInt8] {
        bytes += PNGContainer.bigEndian(adler)
        return bytes
    }
}
